//! House rules a roster may change: the stunt level list and the Uniform Stunt Chart, and the
//! rulings that are numbers (RULES.md: "where a ruling is a table or a number, lets the GM change
//! it per roster"): the stunt Minor Damage dice and the d12 miss margin, each declared once here
//! ([`HouseRuleNumber`]) with its default (the ruling), range, label and help.

use std::collections::BTreeMap;
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

/// One ruling of RULES.md that is a number, as a house rule: the field of `house_rules` (in the
/// store, over IPC and in the roster file), the system whose rosters use it, the range a roster
/// may set and RULES.md's ruling as the default. Served with the catalog (`house_rule_numbers`),
/// checked by [`HouseRules::validate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HouseRuleNumber {
    /// The field of `house_rules` (`minor_damage_dice`), as a refusal names it.
    pub name: &'static str,
    /// The system whose rolls follow it (`stunt`, `d12`).
    pub system: &'static str,
    /// What the number is, in the GM's words.
    pub label: &'static str,
    /// What it changes, and what RULES.md rules.
    pub help: &'static str,
    pub min: i64,
    pub max: i64,
    /// RULES.md's ruling: what every roster without the house rule uses.
    pub default: i64,
}

/// stunt: Minor Damage is this many d6, summed (**[ruling]** 6d6: the Minor Damage Chart is lost).
pub const MINOR_DAMAGE_DICE: HouseRuleNumber = HouseRuleNumber {
    name: "minor_damage_dice",
    system: "stunt",
    label: "Minor Damage dice",
    help: "Minor Damage is this many d6, summed. RULES.md rules 6 (6d6): the Minor Damage \
           Chart is lost.",
    min: 1,
    max: 20,
    default: 6,
};

/// d12: a margin below this reaches no row of the table: the attack misses (**[ruling]** 3, the
/// first row's Roll). A margin at or above it that is still below the first row's Roll reaches
/// the first row (1 Damage Die).
pub const MISS_MARGIN: HouseRuleNumber = HouseRuleNumber {
    name: "miss_margin",
    system: "d12",
    label: "Miss margin",
    help: "An attack whose margin (attacker's total minus defender's) is below this misses; \
           the damage roll reads its margin the same way. A margin at or above it but below 3 \
           reaches the first row (1 Damage Die). RULES.md rules 3, the first row's Roll.",
    min: 0,
    max: 10,
    default: 3,
};

/// Every number a roster may set, in the order the window and the command line show them.
pub const HOUSE_RULE_NUMBERS: [HouseRuleNumber; 2] = [MINOR_DAMAGE_DICE, MISS_MARGIN];

impl HouseRuleNumber {
    /// Refuses a value out of range, naming the field and the range.
    pub fn check(&self, value: i64) -> Result<(), RulesError> {
        if (self.min..=self.max).contains(&value) {
            return Ok(());
        }
        Err(RulesError::HouseRules {
            field: self.name.into(),
            message: format!(
                "{value} is out of range: {} takes {} to {} (RULES.md rules {})",
                self.label, self.min, self.max, self.default
            ),
        })
    }

    /// This number under `house`.
    pub fn of(&self, house: &HouseRules) -> i64 {
        match self.name {
            "minor_damage_dice" => house.minor_damage_dice,
            "miss_margin" => house.miss_margin,
            other => unreachable!("{other} is not a house rule number"),
        }
    }

    /// Where `house` keeps this number.
    fn slot<'a>(&self, house: &'a mut HouseRules) -> &'a mut i64 {
        match self.name {
            "minor_damage_dice" => &mut house.minor_damage_dice,
            "miss_margin" => &mut house.miss_margin,
            other => unreachable!("{other} is not a house rule number"),
        }
    }
}

const fn ruled_minor_damage_dice() -> i64 {
    MINOR_DAMAGE_DICE.default
}

const fn ruled_miss_margin() -> i64 {
    MISS_MARGIN.default
}

/// Every rule a roster may override. Rolls made without a roster use [`HouseRules::default`].
/// The numbers left out (a roster stored, or a file written, before they existed) read as
/// RULES.md's rulings.
///
/// A roster of a system from a file keeps the numbers its file declares (`[house_rules.NAME]`)
/// beside the five's, by name (`{"stunt": …, "crit_from": 19}`): the same place the window's
/// form and the roster file write the five's numbers. They are not checked here (only the
/// file knows them): the roster's check refuses a name its system does not declare and a
/// value out of the file's range (`roster/src/model/roster.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HouseRules {
    pub stunt: StuntChart,
    /// stunt: Minor Damage is this many d6 ([`MINOR_DAMAGE_DICE`]).
    #[serde(default = "ruled_minor_damage_dice")]
    pub minor_damage_dice: i64,
    /// d12: a margin below this misses ([`MISS_MARGIN`]).
    #[serde(default = "ruled_miss_margin")]
    pub miss_margin: i64,
    /// A file system's house-rule numbers that differ from the file's defaults, by name (a
    /// number left out reads at its default). Flattened, so that a roster stored before they
    /// existed reads the same (no migration: the store keeps the JSON whole). Left out of the
    /// TypeScript declaration: the window reads them as it reads the five's, by name.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub file_numbers: BTreeMap<String, i64>,
}

impl Default for HouseRules {
    fn default() -> Self {
        Self {
            stunt: StuntChart::default(),
            minor_damage_dice: MINOR_DAMAGE_DICE.default,
            miss_margin: MISS_MARGIN.default,
            file_numbers: BTreeMap::new(),
        }
    }
}

/// The rules as RULES.md states them, built once: every roll without a roster uses them.
static RULED: LazyLock<HouseRules> = LazyLock::new(HouseRules::default);

impl HouseRules {
    /// The rules as RULES.md states them (shared, built once; known to be valid).
    pub fn ruled() -> &'static HouseRules {
        &RULED
    }

    /// Checks the chart (a refusal names its place under `stunt`) and every number's range.
    pub fn validate(&self) -> Result<(), RulesError> {
        self.stunt.validate().map_err(|error| match error {
            RulesError::HouseRules { field, message } => RulesError::HouseRules {
                field: format!("stunt.{field}"),
                message,
            },
            other => other,
        })?;
        for number in HOUSE_RULE_NUMBERS {
            number.check(number.of(self))?;
        }
        Ok(())
    }

    /// Sets one number (unchecked: [`HouseRules::validate`] checks it).
    pub fn set(&mut self, number: HouseRuleNumber, value: i64) {
        *number.slot(self) = value;
    }

    /// The numbers with their values here, in [`HOUSE_RULE_NUMBERS`]' order.
    pub fn numbers(&self) -> [(HouseRuleNumber, i64); 2] {
        HOUSE_RULE_NUMBERS.map(|n| (n, n.of(self)))
    }

    /// The numbers that differ from RULES.md's rulings, with their values.
    pub fn changed_numbers(&self) -> Vec<(HouseRuleNumber, i64)> {
        self.numbers()
            .into_iter()
            .filter(|(n, v)| *v != n.default)
            .collect()
    }

    /// "4d6": Minor Damage under these rules.
    pub fn minor_damage(&self) -> String {
        format!("{}d6", self.minor_damage_dice)
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
    fn the_numbers_default_to_the_rulings_and_are_refused_out_of_range() {
        let ruled = HouseRules::ruled();
        assert_eq!(ruled.minor_damage_dice, 6);
        assert_eq!(ruled.miss_margin, 3);
        assert!(ruled.changed_numbers().is_empty());
        // A roster stored before the numbers existed reads as the rulings.
        let old: HouseRules =
            serde_json::from_value(serde_json::json!({"stunt": StuntChart::default()})).unwrap();
        assert_eq!(&old, ruled);
        for number in HOUSE_RULE_NUMBERS {
            for value in [number.min, number.max] {
                let mut house = HouseRules::default();
                house.set(number, value);
                house.validate().unwrap();
            }
            for value in [number.min - 1, number.max + 1] {
                let mut house = HouseRules::default();
                house.set(number, value);
                let error = house.validate().unwrap_err();
                assert_eq!(
                    error.to_string(),
                    format!(
                        "house rules: {}: {value} is out of range: {} takes {} to {} (RULES.md rules {})",
                        number.name, number.label, number.min, number.max, number.default
                    )
                );
            }
        }
        let mut chart = HouseRules::default();
        chart.stunt.chart[1][1] = 100;
        assert!(chart
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("house rules: stunt.chart[1][1]: "));
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
