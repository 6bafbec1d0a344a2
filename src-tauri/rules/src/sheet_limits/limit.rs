//! The shape of a sheet limit: one number (or list length, or sum) of one system's sheet and
//! the values it takes. Each system declares its own in `systems/<name>/sheet_limits.rs`.

use serde::Serialize;

/// What a limit bounds.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "SheetMeasure"))]
pub enum Measure {
    /// The number at the path.
    Value,
    /// How many items the list at the path holds.
    Items,
    /// The sum of the numbers at the path (a d12 sheet's ranks in all).
    Total,
}

/// One number (or list length, or sum) of one system's sheet and the values it takes.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SheetLimit {
    /// The system id of FORMAT.md (`d12`, `genre`, …).
    pub system: &'static str,
    /// Where in the sheet (see the module's comment).
    pub path: &'static str,
    pub measure: Measure,
    pub min: i64,
    /// `None` when the bound is another value of the same sheet: a track's `current` is at
    /// most its `max`.
    pub max: Option<i64>,
}

impl SheetLimit {
    /// The upper bound, or `at_most` (the sheet's own bound) when the limit names none.
    pub const fn max_or(&self, at_most: i64) -> i64 {
        match self.max {
            Some(max) => max,
            None => at_most,
        }
    }
}

pub(crate) const fn value(
    system: &'static str,
    path: &'static str,
    min: i64,
    max: i64,
) -> SheetLimit {
    SheetLimit {
        system,
        path,
        measure: Measure::Value,
        min,
        max: Some(max),
    }
}

/// A track's current value: 0 up to its own max.
pub(crate) const fn current(system: &'static str, path: &'static str) -> SheetLimit {
    SheetLimit {
        system,
        path,
        measure: Measure::Value,
        min: 0,
        max: None,
    }
}

pub(crate) const fn items(system: &'static str, path: &'static str, max: usize) -> SheetLimit {
    SheetLimit {
        system,
        path,
        measure: Measure::Items,
        min: 0,
        max: Some(max as i64),
    }
}
