//! `check`: 2d6 multiplied against the chart's target for the active and defending levels.

use serde::{Deserialize, Serialize};

use super::throw::throw_group;
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{compare_choices, CompareSpec, FieldKind, FieldSpec, KindText};
use crate::systems::shared::keyed_outcomes;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// How one throw of 2d6 reads on the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Throw {
    Fumble,
    Failure,
    Success,
    Critical,
}

impl Throw {
    /// The outcomes in the order the odds list them.
    const ALL: [Self; 4] = [Self::Fumble, Self::Failure, Self::Success, Self::Critical];

    fn read(a: u32, b: u32, target: i64) -> Self {
        match (a, b) {
            (1, 1) => Self::Fumble,
            (6, 6) => Self::Critical,
            _ if a == b => Self::Success,
            _ if i64::from(a * b) >= target => Self::Success,
            _ => Self::Failure,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Self::Fumble => "fumble",
            Self::Critical => "critical",
            Self::Success => "success",
            Self::Failure => "failure",
        }
    }
}

/// `{"system":"stunt","roll":"check","active":"Skilled","defending":"Average"}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Check {
    pub active: String,
    pub defending: String,
}

impl Default for Check {
    fn default() -> Self {
        Self {
            active: "Skilled".into(),
            defending: "Average".into(),
        }
    }
}

fn level_field(
    name: &str,
    label: &str,
    help: &str,
    default: &str,
    house: &HouseRules,
) -> FieldSpec {
    FieldSpec {
        name: name.into(),
        label: label.into(),
        help: help.into(),
        kind: FieldKind::Choice {
            choices: house.stunt.levels.clone(),
            default: default.into(),
        },
        source: None,
    }
}

fn active_field(house: &HouseRules) -> FieldSpec {
    level_field(
        "active",
        "Active level",
        "The skill or ability used.",
        "Skilled",
        house,
    )
}

fn level_of(house: &HouseRules, field: &str, name: &str) -> Result<usize, RulesError> {
    house.stunt.level_index(name).ok_or_else(|| {
        RulesError::invalid(
            field,
            format!(
                "\"{name}\" is not a level of this chart; expected one of {}",
                house.stunt.levels.join(", ")
            ),
        )
    })
}

impl Check {
    fn target(&self, house: &HouseRules) -> i64 {
        let active = level_of(house, "active", &self.active).expect("validated");
        let defending = level_of(house, "defending", &self.defending).expect("validated");
        house.stunt.target(active, defending)
    }
}

impl Kind for Check {
    const SYSTEM: &'static str = "stunt";
    const ROLL: &'static str = "check";

    fn text() -> KindText {
        KindText {
            name: "Stunt check",
            summary: "Roll 2d6 and multiply the faces; succeed on the chart's target or more. \
                      1-1 always fails, 6-6 is a critical, other doubles always succeed.",
            rulings: &[
                "The source's chart is lost: the target is read from the difference between \
                 the Defending and Active levels (<=-5: 2, -4: 3, -3: 4, -2: 6, -1: 8, 0: 12, \
                 +1: 15, +2: 18, +3: 20, +4: 24, +5: 30, >=+6: 36); every cell is a house rule.",
                "Cosmic is the one level between Mutant and Omega.",
            ],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(house: &HouseRules) -> Vec<FieldSpec> {
        vec![
            active_field(house),
            level_field(
                "defending",
                "Defending level",
                "The difficulty, on the same scale.",
                "Average",
                house,
            ),
        ]
    }

    fn compare(house: &HouseRules) -> Vec<CompareSpec> {
        vec![compare_choices(
            &active_field(house),
            "The check at each level of this roster's chart, against the same defence.",
        )]
    }

    fn validate(&self, house: &HouseRules) -> Result<(), RulesError> {
        level_of(house, "active", &self.active)?;
        level_of(house, "defending", &self.defending)?;
        Ok(())
    }

    fn odds(&self, house: &HouseRules) -> Odds {
        let target = self.target(house);
        let mut tally = [0.0; 4];
        for a in 1..=6 {
            for b in 1..=6 {
                tally[Throw::read(a, b, target) as usize] += 1.0 / 36.0;
            }
        }
        let outcomes = keyed_outcomes(&Throw::ALL.map(Throw::key), &tally);
        Odds::from_outcomes(outcomes, &["success", "critical"])
    }

    fn roll(&self, house: &HouseRules, tray: &mut Tray) -> Rolled {
        let target = self.target(house);
        let (a, b) = (tray.roll(6), tray.roll(6));
        let throw = Throw::read(a, b, target);
        let why = match throw {
            Throw::Fumble => "1-1 is a fumble".to_string(),
            Throw::Critical => "6-6 is a critical".to_string(),
            _ if a == b => format!("doubles always succeed ({} needed)", target),
            _ => format!("{} against {target} needed", a * b),
        };
        Rolled {
            outcome: throw.key().into(),
            success: matches!(throw, Throw::Success | Throw::Critical),
            detail: format!(
                "{a} × {b} = {}: {} vs {}, {why}: {}",
                a * b,
                self.active.trim(),
                self.defending.trim(),
                throw.key()
            ),
            total: Some(i64::from(a * b)),
            groups: vec![throw_group("2d6".into(), a, b)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skilled_vs_average_is_27_in_36() {
        let odds = Check::default().odds(&HouseRules::default());
        assert!((odds.success - 27.0 / 36.0).abs() < 1e-12);
        assert!((odds.outcomes["fumble"] - 1.0 / 36.0).abs() < 1e-12);
        assert!((odds.outcomes["critical"] - 1.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn impossible_target_leaves_only_doubles() {
        let check = Check {
            active: "Poor".into(),
            defending: "Omega".into(),
        };
        // target 36: only doubles 2-2..5-5 and the 6-6 critical succeed.
        let odds = check.odds(&HouseRules::default());
        assert!((odds.outcomes["success"] - 4.0 / 36.0).abs() < 1e-12);
        assert!((odds.success - 5.0 / 36.0).abs() < 1e-12);
    }
}
