//! The pieces the five sheets share: a pool that goes down and comes back, a name with a level or
//! a rank, and the checks of list names and map keys.

use rollbook_rules::sheet_limits::SheetLimit;
use rollbook_rules::text::isolated;
use serde::{Deserialize, Serialize};

use crate::check::{self, Check};

/// Current and maximum of a pool that goes down and comes back (HTK, hp, Sanity, health).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub current: i64,
    pub max: i64,
}

impl Track {
    pub const fn full(max: i64) -> Track {
        Track { current: max, max }
    }

    /// `max` within its limit, `current` within its own and at most `max`.
    pub(crate) fn validate(&self, path: &str, limits: [&SheetLimit; 2], check: &mut Check) {
        let [current, max] = limits;
        check.limit(check::field(path, "max"), self.max, max);
        check.range(
            check::field(path, "current"),
            self.current,
            current.min,
            current.max_or(self.max.max(0)),
        );
    }
}

/// A name and a level: genre powers, universe skills.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Leveled {
    pub name: String,
    pub level: i64,
}

/// A name and a rank: marks combat styles and superpowers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    pub name: String,
    pub rank: i64,
}

/// Names of a list's items: each 1–120 characters, none listed twice (case-insensitive).
pub(crate) fn check_names<'a>(
    check: &mut Check,
    path: &str,
    names: impl ExactSizeIterator<Item = &'a str>,
) {
    check.count(path, names.len(), check::LIST_MAX);
    let mut seen: Vec<String> = Vec::new();
    for (i, name) in names.enumerate() {
        let at = check::field(&check::index(path, i), "name");
        check.name(at.clone(), name, check::NAME_MAX);
        let key = name.trim().to_lowercase();
        if seen.contains(&key) && !key.is_empty() {
            check.push(at, format!("\"{}\" is listed twice", isolated(name.trim())));
        }
        seen.push(key);
    }
}

/// Keys of a name → value map (attributes): the same rules as list names.
pub(crate) fn check_keys<'a>(
    check: &mut Check,
    path: &str,
    keys: impl ExactSizeIterator<Item = &'a String>,
) {
    check.count(path, keys.len(), check::LIST_MAX);
    let mut seen: Vec<String> = Vec::new();
    for key in keys {
        let at = check::field(path, key);
        // The name's own problems are the key's (the entry's path is its value's too).
        let first = check.problems.len();
        check.name(at.clone(), key, check::NAME_MAX);
        for problem in &mut check.problems[first..] {
            problem.key = true;
        }
        let folded = key.trim().to_lowercase();
        if seen.contains(&folded) {
            check.push_key(at, format!("\"{}\" is listed twice", isolated(key.trim())));
        }
        seen.push(folded);
    }
}
