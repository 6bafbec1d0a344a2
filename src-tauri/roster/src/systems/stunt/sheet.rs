//! `stunt` — Uniform Stunt Chart sheets: base stats and abilities rated on the roster's level list.

use indexmap::IndexMap;
use rollbook_rules::{HouseRules, StuntChart};
use serde::{Deserialize, Serialize};

use crate::check::{field, index, Check};
use crate::sheet::{check_keys, check_names, Track};

/// The base stats every stunt sheet rates (RULES.md: "ATT, POWER, LUCK at least").
pub const STUNT_BASESTATS: [&str; 3] = ["ATT", "POWER", "LUCK"];
/// HTK above this is surely a typo.
use rollbook_rules::sheet_limits::{STUNT_HTK_CURRENT, STUNT_HTK_MAX};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct StuntSheet {
    /// Stat name → level name (a level of the roster's list).
    pub basestats: IndexMap<String, String>,
    pub abilities: Vec<StuntAbility>,
    pub htk: Track,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StuntAbility {
    pub name: String,
    pub level: String,
}

impl Default for StuntSheet {
    fn default() -> Self {
        StuntSheet {
            basestats: STUNT_BASESTATS
                .iter()
                .map(|s| (s.to_string(), "Average".to_string()))
                .collect(),
            abilities: Vec::new(),
            htk: Track::full(20),
        }
    }
}

impl StuntSheet {
    pub(super) fn validate(&self, house: &HouseRules, base: &str, check: &mut Check) {
        let chart = &house.stunt;
        let stats = field(base, "basestats");
        for stat in STUNT_BASESTATS {
            if !self.basestats.keys().any(|k| k.trim() == stat) {
                check.push(
                    field(&stats, stat),
                    "is missing; a stunt sheet rates ATT, POWER and LUCK at least",
                );
            }
        }
        check_keys(check, &stats, self.basestats.keys());
        for (stat, level) in &self.basestats {
            check_level(check, field(&stats, stat), level, chart);
        }
        let abilities = field(base, "abilities");
        check_names(
            check,
            &abilities,
            self.abilities.iter().map(|a| a.name.as_str()),
        );
        for (i, ability) in self.abilities.iter().enumerate() {
            check_level(
                check,
                field(&index(&abilities, i), "level"),
                &ability.level,
                chart,
            );
        }
        self.htk.validate(
            &field(base, "htk"),
            [&STUNT_HTK_CURRENT, &STUNT_HTK_MAX],
            check,
        );
    }

    /// Rewrites the level names after the roster's level list changed from `old` to `new`: a name
    /// still in `new` stays; a name of `old` that is gone takes the new name at its index when the
    /// list kept its length (a rename). Returns the level names left without a home.
    pub fn relevel(&mut self, old: &StuntChart, new: &StuntChart) -> Vec<String> {
        let mut lost = Vec::new();
        let mut map = |level: &mut String| {
            if new.level_index(level).is_some() {
                return;
            }
            match old.level_index(level) {
                Some(i) if old.levels.len() == new.levels.len() => {
                    *level = new.levels[i].clone();
                }
                _ => lost.push(level.clone()),
            }
        };
        self.basestats.values_mut().for_each(&mut map);
        self.abilities.iter_mut().for_each(|a| map(&mut a.level));
        lost
    }
}

fn check_level(check: &mut Check, path: String, level: &str, chart: &StuntChart) {
    if chart.level_index(level).is_none() {
        check.push(
            path,
            format!(
                "\"{level}\" is not a level of this roster; expected one of {}",
                chart.levels.join(", ")
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Sheet;
    use crate::System;
    use serde_json::json;

    fn problems(sheet: serde_json::Value, house: &HouseRules) -> Vec<String> {
        match Sheet::from_json(System::Stunt, &sheet, house) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn levels_come_from_the_roster_and_base_stats_are_required() {
        let sheet = json!({"basestats": {"ATT": "Mutant", "POWER": "legendary"},
                           "abilities": [{"name": "Locksmith", "level": "skilled"}],
                           "htk": {"current": 31, "max": 30}});
        assert_eq!(
            problems(sheet, &HouseRules::default()),
            [
                "sheet.basestats.LUCK: is missing; a stunt sheet rates ATT, POWER and LUCK at least",
                "sheet.basestats.POWER: \"legendary\" is not a level of this roster; expected one of Poor, Average, Good, Skilled, Talented, Champion, Heroic, Mutant, Cosmic, Omega",
                "sheet.htk.current: 31 is over the limit of 30",
            ]
        );
    }

    #[test]
    fn a_house_level_list_is_what_counts() {
        let house = HouseRules {
            stunt: StuntChart::ruled(vec!["Low".into(), "High".into()]),
            ..HouseRules::default()
        };
        let sheet = json!({"basestats": {"ATT": "High", "POWER": "Low", "LUCK": "Average"}});
        assert_eq!(
            problems(sheet, &house),
            ["sheet.basestats.LUCK: \"Average\" is not a level of this roster; expected one of Low, High"]
        );
    }

    #[test]
    fn relevel_follows_renames_and_reports_lost_levels() {
        let old = StuntChart::default();
        let mut renamed = old.clone();
        renamed.levels[1] = "Ordinary".into();
        let mut sheet = StuntSheet::default();
        sheet.abilities.push(StuntAbility {
            name: "Locksmith".into(),
            level: "Skilled".into(),
        });
        assert!(sheet.relevel(&old, &renamed).is_empty());
        assert_eq!(sheet.basestats["ATT"], "Ordinary");
        assert_eq!(sheet.abilities[0].level, "Skilled");
        let shorter = StuntChart::ruled(vec!["Poor".into(), "Ordinary".into()]);
        assert_eq!(sheet.relevel(&renamed, &shorter), ["Skilled"]);
    }
}
