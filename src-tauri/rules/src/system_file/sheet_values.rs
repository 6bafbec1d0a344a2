//! The values a sheet of a file system gives its expressions: house-rule numbers, the sheet's
//! numbers and checks, each derived value worked out in the file's order (each reads only
//! earlier ones), and each tracker's maximum and current value. A blank sheet's are what a
//! Quick roll reads; a character's are what its sheet shows and its rolls read.

use std::collections::BTreeMap;

use super::model::{SheetFieldKind, SystemFile, TrackerStart};
use crate::notation::{Formula, Lookup};

/// A sheet's values by name, and each tracker's maximum.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SheetValues {
    /// Every `@name` a roll may read besides its fields.
    pub values: BTreeMap<String, i64>,
    /// Each tracker's maximum, worked out from the sheet (absent when its expression cannot be
    /// worked out, e.g. a division by 0).
    pub tracker_max: BTreeMap<String, i64>,
}

impl SystemFile {
    /// The values every roll of the file may read besides its fields, as a blank sheet has
    /// them under the default house rules: [`Self::sheet_values`] of nothing, worked out
    /// once per file (a Quick roll of a small kind spent a tenth of its time on them).
    pub fn blank_values(&self) -> &BTreeMap<String, i64> {
        self.blank
            .get_or_init(|| self.sheet_values(&BTreeMap::new(), &BTreeMap::new()).values)
    }

    /// The values of a sheet whose numbers, checks (1 or 0) and trackers' current values are
    /// `given` (one missing reads at its default; a tracker at its start), under the house-rule
    /// numbers `house` (one missing reads at its default).
    pub fn sheet_values(
        &self,
        given: &BTreeMap<String, i64>,
        house: &BTreeMap<String, i64>,
    ) -> SheetValues {
        let mut values: BTreeMap<String, i64> = self
            .house_numbers
            .iter()
            .map(|n| {
                (
                    n.name.clone(),
                    house.get(&n.name).copied().unwrap_or(n.default),
                )
            })
            .collect();
        for field in &self.sheet {
            let default = match &field.kind {
                SheetFieldKind::Number { default, .. } => *default,
                SheetFieldKind::Check { default } => i64::from(*default),
                _ => continue,
            };
            let value = given.get(&field.name).copied().unwrap_or(default);
            values.insert(field.name.clone(), value);
        }
        for derived in &self.derived {
            if let Some(value) = worked_out(&values, &derived.expr) {
                values.insert(derived.name.clone(), value);
            }
        }
        let mut tracker_max = BTreeMap::new();
        for field in &self.sheet {
            let SheetFieldKind::Tracker { max, default } = &field.kind else {
                continue;
            };
            // A maximum below 0 is 0 (the file's check advises against one).
            let full = worked_out(&values, max).map(|m| m.max(0));
            if let Some(full) = full {
                tracker_max.insert(field.name.clone(), full);
            }
            let start = match default {
                TrackerStart::Full => full,
                TrackerStart::Empty => Some(0),
            };
            if let Some(value) = given.get(&field.name).copied().or(start) {
                values.insert(field.name.clone(), value);
            }
        }
        SheetValues {
            values,
            tracker_max,
        }
    }
}

/// An expression of no dice over `values`, worked out; `None` when it cannot be (a name not
/// there, a division by 0).
fn worked_out(values: &BTreeMap<String, i64>, expr: &str) -> Option<i64> {
    Formula::parse(expr, |name| values.get(name).copied().map(Lookup::Known))
        .ok()
        .and_then(|formula| formula.certain())
}
