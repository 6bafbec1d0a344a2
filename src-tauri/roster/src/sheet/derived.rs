//! What the rules derive from a sheet, shown next to the field it explains: budgets ("9 of 10"
//! ranks), defenses, dice pools, chart targets, what a tracker means. Only what RULES.md states;
//! where it says nothing, nothing is derived. Each system's are in `systems/<name>/derived.rs`.
//!
//! Derivations run on sheets that broke a limit too (the editor shows "12 of 10" while the GM
//! types), so every number there is computed with saturating arithmetic and never panics.

use serde::Serialize;

/// One value the rules compute from a sheet, located at the sheet path it explains
/// (`abilities`, `attributes.Agility`, `saves.physical`; no `sheet.` prefix).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Derived {
    pub path: String,
    /// What the value is ("Ranks", "Physical defense").
    pub label: String,
    /// The value in words a GM reads at a glance ("9 of 10", "3d12+2").
    pub value: String,
    /// Where it comes from, in words ("10 ranks in total at creation").
    pub note: String,
}

impl Derived {
    pub(crate) fn new(
        path: impl Into<String>,
        label: impl Into<String>,
        value: impl Into<String>,
        note: impl Into<String>,
    ) -> Derived {
        Derived {
            path: path.into(),
            label: label.into(),
            value: value.into(),
            note: note.into(),
        }
    }
}

/// "1 rank", "2 ranks".
pub(crate) fn count(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}
