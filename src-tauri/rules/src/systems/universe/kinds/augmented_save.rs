//! `augmented_save`: a save with hp or Sanity spent on it before the roll and after it.

use crate::answer::Keyed;
use serde::{Deserialize, Serialize};

use super::dice::{outcomes_of, roll_d20, ADVANTAGE};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::plan::PlanSpec;
use crate::spec::{ChoiceField, CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::d20_natural;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

// The fields and rulings of a save, plain or augmented: a plain save is an augmented one with
// nothing spent (`Save::roll`).
pub(super) const DC: IntField = IntField {
    name: "dc",
    label: "Save DC",
    help: "The save succeeds when the total equals or beats it.",
    min: 0,
    max: 100,
    default: 10,
};
pub(super) const SAVE_BONUS: IntField = IntField {
    name: "bonus",
    label: "Bonus",
    help: "Augmentation and other bonuses added to the d20.",
    min: -50,
    max: 100,
    default: 0,
};

pub(super) const SAVE_RULINGS: &[&str] =
    &["A natural 20 on a save always succeeds (and grants positive fate)."];

const SAVE_TYPE: ChoiceField = ChoiceField {
    name: "save",
    label: "Save type",
    help: "Physical saves are augmented with hp, Mental with Sanity, Luck only with fate cards.",
    choices: &["physical", "mental", "luck"],
    default: "physical",
};
const BEFORE: IntField = IntField {
    name: "before",
    label: "Bought before",
    help: "+N declared before the roll, at 2 hp / Sanity per +1.",
    min: 0,
    max: 50,
    default: 0,
};
const POOL: IntField = IntField {
    name: "pool",
    label: "hp / Sanity available",
    help: "What the character can spend in all; after the roll each +1 costs 4.",
    min: 0,
    max: 1000,
    default: 0,
};

/// Which resource augments a save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SaveType {
    #[default]
    Physical,
    Mental,
    Luck,
}

impl SaveType {
    fn resource(self) -> &'static str {
        match self {
            Self::Physical => "hp",
            Self::Mental => "Sanity",
            Self::Luck => "fate",
        }
    }
}

/// Cost per +1 of augmentation declared before / bought after the roll.
pub(crate) const COST_BEFORE: i64 = 2;
pub(crate) const COST_AFTER: i64 = 4;

/// `{"system":"universe","roll":"augmented_save","dc":10,"bonus":0,"advantage":false,
/// "save":"physical","before":0,"pool":0}` — a save with hp/Sanity augmentation both sides of
/// the roll. Outcomes: `fate`, `success`, `spend_N` (a failure turned by spending N after the
/// roll, the cheapest way), `failure`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AugmentedSave {
    pub dc: i64,
    pub bonus: i64,
    pub advantage: bool,
    pub save: SaveType,
    pub before: i64,
    pub pool: i64,
}

impl Default for AugmentedSave {
    fn default() -> Self {
        Self {
            dc: DC.default,
            bonus: SAVE_BONUS.default,
            advantage: ADVANTAGE.default,
            save: SaveType::Physical,
            before: BEFORE.default,
            pool: POOL.default,
        }
    }
}

impl AugmentedSave {
    fn left_after_roll(&self) -> i64 {
        self.pool - COST_BEFORE * self.before
    }

    /// The outcome key of a natural face and the post-roll cost when one is needed.
    fn read(&self, natural: i64) -> (String, Option<i64>) {
        if natural == 20 {
            return ("fate".into(), None);
        }
        let shortfall = self.dc - (natural + self.bonus + self.before);
        if shortfall <= 0 {
            return ("success".into(), None);
        }
        let cost = COST_AFTER * shortfall;
        if cost <= self.left_after_roll() {
            (format!("spend_{cost}"), Some(cost))
        } else {
            ("failure".into(), Some(cost))
        }
    }

    pub(super) fn roll_save(&self, tray: &mut Tray) -> Rolled {
        let (natural, group) = roll_d20(tray, self.advantage);
        let total = i64::from(natural) + self.bonus + self.before;
        let (outcome, cost) = self.read(i64::from(natural));
        let resource = self.save.resource();
        let verdict = match (outcome.as_str(), cost) {
            ("fate", _) => "natural 20: success, and positive fate".to_string(),
            ("success", _) => "success".to_string(),
            (_, Some(cost)) if outcome.starts_with("spend_") => {
                format!("failure, turned by spending {cost} {resource} after the roll")
            }
            (_, Some(cost)) if self.save != SaveType::Luck => {
                format!("failure (turning it would cost {cost} {resource} after the roll)")
            }
            _ => "failure".to_string(),
        };
        let bought = if self.before > 0 {
            format!(" {:+} bought", self.before)
        } else {
            String::new()
        };
        Rolled {
            success: outcome != "failure",
            outcome,
            detail: format!(
                "d20 {natural} {:+}{bought} = {total} vs DC {}: {verdict}",
                self.bonus, self.dc
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

impl Kind for AugmentedSave {
    /// A natural 20's fate beats a plain success, which beats one bought with hp or Sanity.
    fn worst_first(odds: &Odds) -> Vec<&str> {
        crate::outcome_order::successes_best_first(odds)
    }

    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "augmented_save";

    fn text() -> KindText {
        KindText {
            name: "Save with augmentation",
            summary: "A save with hp (Physical) or Sanity (Mental) spent: 2 per +1 declared \
                      before the roll, 4 per +1 after it. Shows what turning a failure costs; \
                      success counts the failures the character can afford to turn.",
            rulings: SAVE_RULINGS,
            contract: false,
            outcome: "Result",
        }
    }

    fn plans() -> Vec<PlanSpec> {
        vec![super::super::plan_specs::augmentation_spec()]
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![
            DC.into(),
            SAVE_BONUS.into(),
            ADVANTAGE.into(),
            SAVE_TYPE.into(),
            BEFORE.into(),
            POOL.into(),
        ]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            BEFORE.compare_at(
                "Augmentation before the roll",
                "Buying +1s before the roll (2 points each) against keeping the points to turn \
                 a failure after it (4 points each).",
                &[
                    (0, "Nothing before"),
                    (1, "+1 (2 points)"),
                    (2, "+2 (4 points)"),
                    (3, "+3 (6 points)"),
                ],
            ),
            ADVANTAGE.compare(
                "Two d20, the higher kept, against one.",
                ["No advantage", "Advantage"],
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DC.check(self.dc)?;
        SAVE_BONUS.check(self.bonus)?;
        BEFORE.check(self.before)?;
        POOL.check(self.pool)?;
        if self.save == SaveType::Luck && (self.before > 0 || self.pool > 0) {
            return Err(RulesError::invalid(
                if self.before > 0 { "before" } else { "pool" },
                "a Luck save can only be augmented with fate cards, not hp or Sanity",
            ));
        }
        if self.left_after_roll() < 0 {
            return Err(RulesError::invalid(
                "before",
                format!(
                    "+{} before the roll costs {} {}, more than the {} available",
                    self.before,
                    COST_BEFORE * self.before,
                    self.save.resource(),
                    self.pool
                ),
            ));
        }
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let mut spends: Vec<(i64, f64)> = Vec::new();
        let mut outcomes = outcomes_of(&["fate", "success"]);
        let mut failure = 0.0;
        for (natural, p) in d20_natural(self.advantage).iter() {
            match self.read(natural) {
                (key, Some(cost)) if key.starts_with("spend_") => {
                    match spends.iter_mut().find(|(c, _)| *c == cost) {
                        Some((_, q)) => *q += p,
                        None => spends.push((cost, p)),
                    }
                }
                (key, _) if key == "failure" => failure += p,
                (key, _) => outcomes[key.as_str()] += p,
            }
        }
        spends.sort_by_key(|&(cost, _)| cost);
        let success = 1.0 - failure;
        outcomes.extend(spends.into_iter().map(|(c, p)| (format!("spend_{c}"), p)));
        // Everything but a failure succeeds (fate, success, or a success bought with a spend).
        let succeeding = outcomes.keys().cloned().collect();
        outcomes.insert("failure".into(), failure);
        Odds {
            success,
            outcomes,
            mean: None,
            events: Keyed::default(),
            target: None,
            succeeding,
        }
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        self.roll_save(tray)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn post_roll_augmentation_costs_four_per_point() {
        let save = AugmentedSave {
            dc: 12,
            pool: 8,
            ..AugmentedSave::default()
        };
        let odds = save.odds(&HouseRules::default());
        // naturals 11 and 10 are turned for 4 and 8; 12..19 succeed, 20 is fate.
        assert!((odds.outcomes["spend_4"] - 0.05).abs() < 1e-12);
        assert!((odds.outcomes["spend_8"] - 0.05).abs() < 1e-12);
        assert!((odds.success - 0.55).abs() < 1e-12);
        assert!((odds.total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn luck_saves_take_no_hp() {
        let save = AugmentedSave {
            save: SaveType::Luck,
            pool: 4,
            ..AugmentedSave::default()
        };
        assert!(save.validate(&HouseRules::default()).is_err());
    }
}
