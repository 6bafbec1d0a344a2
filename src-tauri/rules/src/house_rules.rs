//! House rules a roster may change: for now the stunt level list and the Uniform Stunt Chart.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::RulesError;

/// The level scale of RULES.md section 1, with **[ruling]** Cosmic between Mutant and Omega.
pub const DEFAULT_LEVELS: [&str; 10] = [
    "Poor", "Average", "Good", "Skilled", "Talented", "Champion", "Heroic", "Mutant", "Cosmic",
    "Omega",
];

/// The **[ruling]** chart: the product needed on 2d6 by `d = index(defending) - index(active)`.
pub fn ruled_target(difference: i64) -> i64 {
    match difference {
        ..=-5 => 2,
        -4 => 3,
        -3 => 4,
        -2 => 6,
        -1 => 8,
        0 => 12,
        1 => 15,
        2 => 18,
        3 => 20,
        4 => 24,
        5 => 30,
        _ => 36,
    }
}

/// Every rule a roster may override. Rolls made without a roster use [`HouseRules::default`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    pub stunt: StuntChart,
}

/// The rules as RULES.md states them, built once: every roll without a roster uses them.
static RULED: LazyLock<HouseRules> = LazyLock::new(HouseRules::default);

impl HouseRules {
    /// The rules as RULES.md states them (shared, built once; known to be valid).
    pub fn ruled() -> &'static HouseRules {
        &RULED
    }

    pub fn validate(&self) -> Result<(), RulesError> {
        self.stunt.validate()
    }
}

/// The ordered level names and the full levels × levels chart of targets
/// (`chart[active][defending]`), every cell editable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StuntChart {
    pub levels: Vec<String>,
    pub chart: Vec<Vec<i64>>,
}

impl Default for StuntChart {
    fn default() -> Self {
        Self::ruled(DEFAULT_LEVELS.iter().map(|l| l.to_string()).collect())
    }
}

/// Limits that keep a house-rules table usable in the app.
const MAX_LEVELS: usize = 40;
const MAX_LEVEL_NAME: usize = 40;
const MAX_TARGET: i64 = 99;

impl StuntChart {
    /// A chart for `levels` filled from the ruled targets (a GM who inserts a level gets a
    /// consistent chart to edit from).
    pub fn ruled(levels: Vec<String>) -> Self {
        let n = levels.len() as i64;
        let chart = (0..n)
            .map(|a| (0..n).map(|d| ruled_target(d - a)).collect())
            .collect();
        Self { levels, chart }
    }

    /// The index of a level name, ignoring case and surrounding spaces.
    pub fn level_index(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.levels
            .iter()
            .position(|l| l.eq_ignore_ascii_case(name))
    }

    /// The product needed when `active` acts against `defending` (indices into `levels`).
    pub fn target(&self, active: usize, defending: usize) -> i64 {
        self.chart[active][defending]
    }

    /// Checks the table is square, its names distinct and its targets in range.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |field: String, message: String| RulesError::HouseRules { field, message };
        let n = self.levels.len();
        if !(2..=MAX_LEVELS).contains(&n) {
            return Err(bad(
                "levels".into(),
                format!("{n} levels; a chart needs 2 to {MAX_LEVELS}"),
            ));
        }
        for (i, name) in self.levels.iter().enumerate() {
            let len = name.trim().chars().count();
            if len == 0 || len > MAX_LEVEL_NAME {
                return Err(bad(
                    format!("levels[{i}]"),
                    format!("a level name needs 1 to {MAX_LEVEL_NAME} characters"),
                ));
            }
            if self.level_index(name) != Some(i) {
                return Err(bad(
                    format!("levels[{i}]"),
                    format!("\"{}\" is listed twice", name.trim()),
                ));
            }
        }
        if self.chart.len() != n {
            return Err(bad(
                "chart".into(),
                format!("{} rows for {n} levels", self.chart.len()),
            ));
        }
        for (a, row) in self.chart.iter().enumerate() {
            if row.len() != n {
                return Err(bad(
                    format!("chart[{a}]"),
                    format!("{} cells for {n} levels", row.len()),
                ));
            }
            for (d, &t) in row.iter().enumerate() {
                if !(0..=MAX_TARGET).contains(&t) {
                    return Err(bad(
                        format!("chart[{a}][{d}]"),
                        format!("{t} is out of range: a target takes 0 to {MAX_TARGET}"),
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruled_house_rules_are_valid() {
        HouseRules::ruled().validate().unwrap();
    }

    #[test]
    fn default_chart_follows_the_ruling() {
        let c = StuntChart::default();
        let skilled = c.level_index("skilled").unwrap();
        let average = c.level_index(" Average ").unwrap();
        assert_eq!(c.target(skilled, average), 6);
        assert_eq!(c.target(0, 9), 36);
        assert_eq!(c.target(9, 0), 2);
        assert_eq!(c.target(4, 4), 12);
        c.validate().unwrap();
    }

    #[test]
    fn bad_tables_are_refused_with_their_path() {
        let mut c = StuntChart::default();
        c.chart[2][3] = 500;
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "house rules: chart[2][3]: 500 is out of range: a target takes 0 to 99"
        );
        let mut c = StuntChart::default();
        c.levels[4] = "poor".into();
        assert!(c.validate().unwrap_err().to_string().contains("levels[4]"));
        let mut c = StuntChart::default();
        c.chart.pop();
        assert!(c.validate().is_err());
    }
}
