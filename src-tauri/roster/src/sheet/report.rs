//! Checking a sheet without saving it: its problems and what the rules derive from it.

use rollbook_rules::HouseRules;
use serde::Serialize;
use serde_json::Value;

use super::derived::Derived;
use super::of_system::Sheet;
use crate::model::System;
use crate::problem::Problem;

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
        let sheet = Sheet::read(system, value, house, "sheet", &mut problems);
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
