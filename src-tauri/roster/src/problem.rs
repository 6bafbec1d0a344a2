//! A problem with some input, located by its JSON path, and a list of them as a refusal words
//! it. Below the crate's error (`error.rs`) and the checks that find problems (`check.rs`), so
//! neither depends on the other for them.

use std::fmt;

use rollbook_rules::grouped;

/// One thing wrong with some input, located by its JSON path
/// (`rosters[0].characters[2].sheet.abilities[1].ranks`). The path is empty when the problem is
/// about the whole input (a file that is not JSON, say).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Problem {
    pub path: String,
    pub message: String,
    /// The problem is with the name (the key) of the name → value map entry at `path`, not with
    /// its value: both have that one path, and the window marks the name's box, not the number's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub key: bool,
}

impl Problem {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            key: false,
        }
    }

    /// A problem with the name (the key) of the map entry at `path` (listed twice, empty, not
    /// one this sheet rates), not with its value.
    pub fn with_key(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            key: true,
            ..Self::new(path, message)
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// How many problems an error message spells out, one per line; the rest are counted in one
/// more line ("… and 179,950 more like these"). [`RosterError::problems`] has them all (the
/// window's `problems`, the command line's `--json`). The one place this cap is decided.
pub const LISTED_PROBLEMS: usize = 50;

/// A list of problems, shown one per line after a heading (the error messages below use it, and
/// the command line prints a refusal's problems with [`Listed::lines`]).
pub struct Listed<'a>(pub &'a [Problem]);

impl Listed<'_> {
    /// The lines listed under the heading: the first [`LISTED_PROBLEMS`] problems, then how
    /// many more there are.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        let more = self.0.len().saturating_sub(LISTED_PROBLEMS);
        let summary = (more > 0).then(|| format!("… and {} more like these", grouped(more)));
        self.0
            .iter()
            .take(LISTED_PROBLEMS)
            .map(Problem::to_string)
            .chain(summary)
    }
}

impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => Ok(()),
            [one] => write!(f, ": {one}"),
            many => {
                write!(f, " ({} problems):", grouped(many.len()))?;
                for line in self.lines() {
                    write!(f, "\n  {line}")?;
                }
                Ok(())
            }
        }
    }
}
