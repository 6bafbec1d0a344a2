//! Values an upgrade to another version of a file system could not keep in place (a part the
//! version no longer declares, a number its range now refuses, a choice it no longer offers, a
//! rating past its list's count or budget): nothing is dropped. Each is kept whole on the sheet
//! under [`KEPT_KEY`], with where it was and why, until the GM has looked at it and removes it.
//! The key cannot be a part's name (a part is named `[a-z_][a-z0-9_]*`), so the sheet check
//! accepts it beside any declared part, and export and import carry it as they carry the sheet.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::check::{field, index, Check};
use crate::problem::Problem;

/// The sheet key the kept values sit under (not a name a part can have: it has `-`).
pub const KEPT_KEY: &str = "kept-by-upgrade";

/// How many values a sheet keeps, and how long each one's words may be: far past what any
/// upgrade leaves, so that a hand-written file cannot make a sheet of them alone.
pub(crate) const KEPT_MAX: usize = 1_000;
pub(crate) const KEPT_WORDS_MAX: usize = 1_000;

/// One value an upgrade kept aside.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct KeptValue {
    /// The part it was the value of (its name in the version it was kept from).
    pub part: String,
    /// That part's label then.
    pub label: String,
    /// The rating's name, when it is one rating of a ratings list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rating: Option<String>,
    /// The value as it was (a number, a rating's value, a choice, a text, a whole list).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub value: Value,
    /// The version it was kept from.
    pub version: u32,
    /// Why it was kept, and what the sheet holds there now.
    pub why: String,
}

/// The kept values of a sheet as given (`at`: their path), or `None` with the problems pushed.
pub(crate) fn read_kept(
    value: &Value,
    at: &str,
    problems: &mut Vec<Problem>,
) -> Option<Vec<KeptValue>> {
    match serde_json::from_value::<Vec<KeptValue>>(value.clone()) {
        Ok(kept) => Some(kept),
        Err(e) => {
            problems.push(Problem::new(
                at,
                format!(
                    "expected the values an upgrade kept, a list of {{\"part\", \"label\", \
                     \"value\", \"version\", \"why\"}} ({e})"
                ),
            ));
            None
        }
    }
}

/// Checks how many values are kept and how long their words are.
pub(crate) fn check_kept(kept: &[KeptValue], base: &str, check: &mut Check) {
    let at = field(base, KEPT_KEY);
    check.count(at.clone(), kept.len(), KEPT_MAX);
    for (i, value) in kept.iter().enumerate() {
        let here = index(&at, i);
        check.text(field(&here, "part"), &value.part, KEPT_WORDS_MAX);
        check.text(field(&here, "label"), &value.label, KEPT_WORDS_MAX);
        check.text(field(&here, "why"), &value.why, KEPT_WORDS_MAX);
        if let Some(rating) = &value.rating {
            check.text(field(&here, "rating"), rating, KEPT_WORDS_MAX);
        }
    }
}

impl KeptValue {
    /// "Grit 7 (version 1): …": one kept value in a line, for a printed sheet or the CLI.
    pub fn line(&self) -> String {
        let what = match &self.rating {
            Some(rating) => format!("{} {rating}", self.label),
            None => self.label.clone(),
        };
        let value = match &self.value {
            Value::String(s) => format!("\"{s}\""),
            other => other.to_string(),
        };
        format!("{what} {value} (version {}): {}", self.version, self.why)
    }
}
