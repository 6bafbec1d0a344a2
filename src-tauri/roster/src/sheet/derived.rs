//! What the rules derive from a sheet, shown next to the field it explains: budgets ("9 of 10"
//! ranks), defenses, dice pools, chart targets, what a tracker means. Only what RULES.md states;
//! where it says nothing, nothing is derived. One file per system under `report/`.
//!
//! Derivations run on sheets that broke a limit too (the editor shows "12 of 10" while the GM
//! types), so every number here is computed with saturating arithmetic and never panics.

// The rolls of `super::rolls` read the same numbers, so the helpers are shared with them.
pub(crate) mod d12;
pub(super) mod genre;
pub(super) mod marks;
mod stunt;
pub(super) mod universe;

use rollbook_rules::HouseRules;
use serde::Serialize;
use serde_json::Value;

use super::Sheet;
use crate::model::System;
use crate::problem::Problem;

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

/// The answer to checking a sheet without saving it: every problem (paths under `sheet.`) and
/// the derived values (empty when the sheet could not even be read).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SheetReport {
    pub problems: Vec<Problem>,
    pub derived: Vec<Derived>,
}

impl SheetReport {
    /// Reads and validates an untrusted sheet of `system` under `house`, and derives what the
    /// rules compute from it (also when a limit is broken, so the budget shows the overrun).
    pub fn of(system: System, value: &Value, house: &HouseRules) -> SheetReport {
        let mut problems = Vec::new();
        let sheet = Sheet::read(system, value, "sheet", &mut problems);
        let derived = match &sheet {
            Some(sheet) => {
                sheet.validate(house, "sheet", &mut problems);
                sheet.derived(house)
            }
            None => Vec::new(),
        };
        SheetReport { problems, derived }
    }
}

impl Sheet {
    /// Every value RULES.md computes from this sheet and every budget, in sheet order.
    pub fn derived(&self, house: &HouseRules) -> Vec<Derived> {
        match self {
            Sheet::Stunt(s) => stunt::derived(s, house),
            Sheet::Genre(s) => genre::derived(s),
            Sheet::Universe(s) => universe::derived(s),
            Sheet::Marks(s) => marks::derived(s),
            Sheet::D12(s) => d12::derived(s),
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sheet_that_cannot_be_read_has_problems_and_nothing_derived() {
        let report = SheetReport::of(
            System::D12,
            &json!({"abilities": "Guns"}),
            &HouseRules::default(),
        );
        assert_eq!(
            report.problems[0].to_string(),
            "sheet.abilities: expected a list, found the text \"Guns\""
        );
        assert!(report.derived.is_empty());
    }

    #[test]
    fn a_sheet_over_a_limit_has_its_problem_and_the_overrun_derived() {
        let sheet = json!({"abilities": [{"name": "Guns", "ranks": 4}, {"name": "Tech", "ranks": 4},
                                         {"name": "Charm", "ranks": 4}]});
        let report = SheetReport::of(System::D12, &sheet, &HouseRules::default());
        assert_eq!(
            report
                .problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>(),
            ["sheet.abilities: 12 ranks in total is over the limit of 10"]
        );
        let ranks = &report.derived[0];
        assert_eq!(
            (ranks.path.as_str(), ranks.value.as_str()),
            ("abilities", "12 of 10")
        );
    }

    #[test]
    fn every_blank_sheet_derives_something_and_never_an_empty_field() {
        for system in System::ALL {
            let derived = Sheet::blank(system).derived(&HouseRules::default());
            assert!(!derived.is_empty(), "{system}");
            for d in derived {
                assert!(
                    !d.path.is_empty() && !d.label.is_empty() && !d.value.is_empty(),
                    "{system}: {d:?}"
                );
            }
        }
    }

    #[test]
    fn extreme_numbers_derive_without_panicking() {
        let huge = i64::MAX;
        let sheets = [
            (
                System::D12,
                json!({"abilities": [{"name": "A", "ranks": huge}, {"name": "B", "ranks": huge, "defense": "toughness"}],
                       "equipment": ["Sword", "Body Armor"], "health": {"current": huge, "max": huge}}),
            ),
            (
                System::Genre,
                json!({"level": huge, "attributes": {"Stamina": i64::MIN}, "powers": [{"name": "P", "level": huge}],
                       "glory": huge, "trackers": {"grunts_since_rest": huge, "nuts_used": huge, "nut_rounds_left": huge}}),
            ),
            (
                System::Universe,
                json!({"combat_skill": huge, "attack_bonus": huge, "saves": {"physical": i64::MIN, "mental": huge, "luck": 0},
                       "hp": {"current": huge, "max": huge}, "skills": [{"name": "Stealth", "level": huge}]}),
            ),
            (
                System::Marks,
                json!({"attributes": {"Agility": huge, "Cunning": huge, "Intelligence": huge, "Fortitude": huge, "Domination": i64::MIN},
                       "super_attributes": {"Agility": huge}, "superpowers": [{"name": "P", "rank": huge}]}),
            ),
        ];
        for (system, sheet) in sheets {
            let report = SheetReport::of(system, &sheet, &HouseRules::default());
            assert!(!report.problems.is_empty(), "{system}");
            assert!(!report.derived.is_empty(), "{system}");
        }
    }
}
