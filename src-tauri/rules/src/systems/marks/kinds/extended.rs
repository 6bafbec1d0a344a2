//! `extended`: one roll per time step until the Marks add up to the plateau.

use crate::answer::Keyed;
use serde::{Deserialize, Serialize};

use super::side::own_side;
use super::side::{
    pool_compare, pool_fields, rolls_word, Side, ATTRIBUTE, PENALTY, POOL, POOL_RULINGS, SKILL,
    SUPER_DICE, SUPER_SKILL,
};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{CompareSpec, FieldSpec, IntField, KindText};
use crate::tray::Tray;
use crate::{HouseRules, RulesError, TAIL_CUTOFF};

const PLATEAU: IntField = IntField {
    name: "plateau",
    label: "Mark Plateau",
    help: "Marks the task needs in all, added up across rolls.",
    min: 1,
    max: 500,
    default: 10,
};
const MIN_STEPS: IntField = IntField {
    name: "min_steps",
    label: "Minimum steps",
    help: "The task never completes before this many time steps.",
    min: 1,
    max: 1000,
    default: 1,
};
const MAX_STEPS: IntField = IntField {
    name: "max_steps",
    label: "Maximum steps",
    help: "The task fails if the plateau is not reached in this many rolls.",
    min: 1,
    max: 1000,
    default: 5,
};

/// `{"system":"marks","roll":"extended", <pool fields>, "plateau":10,"min_steps":1,
/// "max_steps":5}` — one roll per time step until the Marks add up to the plateau. Outcomes: the
/// step the task completes on (`"3"`), or `failure`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Extended {
    pub attribute_dice: i64,
    pub skill_dice: i64,
    pub super_dice: i64,
    pub super_skill_dice: i64,
    pub penalty: i64,
    pub plateau: i64,
    pub min_steps: i64,
    pub max_steps: i64,
}

impl Default for Extended {
    fn default() -> Self {
        Self {
            attribute_dice: ATTRIBUTE.default,
            skill_dice: SKILL.default,
            super_dice: SUPER_DICE.default,
            super_skill_dice: SUPER_SKILL.default,
            penalty: PENALTY.default,
            plateau: PLATEAU.default,
            min_steps: MIN_STEPS.default,
            max_steps: MAX_STEPS.default,
        }
    }
}

impl Kind for Extended {
    /// Completing on an earlier step is the luckier: the answer lists the steps upwards.
    fn worst_first(odds: &Odds) -> Vec<&str> {
        crate::outcome_order::successes_best_first(odds)
    }

    const SYSTEM: &'static str = "marks";
    const ROLL: &'static str = "extended";

    fn text() -> KindText {
        KindText {
            name: "Extended roll",
            summary: "Roll once per time step and add up the Marks; the task completes when \
                      they reach the Mark Plateau, never before the minimum steps, and fails \
                      past the maximum.",
            rulings: POOL_RULINGS,
            contract: false,
            outcome: "Time steps to complete",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        let mut fields = pool_fields();
        fields.extend([PLATEAU.into(), MIN_STEPS.into(), MAX_STEPS.into()]);
        fields
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        pool_compare()
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        own_side!(self).check(&POOL)?;
        PLATEAU.check(self.plateau)?;
        MIN_STEPS.check(self.min_steps)?;
        MAX_STEPS.check(self.max_steps)?;
        if self.min_steps > self.max_steps {
            return Err(RulesError::invalid(
                "min_steps",
                format!(
                    "the minimum ({}) is over the maximum ({}) steps",
                    self.min_steps, self.max_steps
                ),
            ));
        }
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let per_step = own_side!(self).dice().marks();
        let plateau = self.plateau as usize;
        let gains: Vec<f64> = (0..=per_step.max()).map(|k| per_step.p(k)).collect();
        // at_least[k]: P(one roll scores k Marks or more), for every k up to the plateau.
        let mut at_least = vec![0.0; plateau + 1];
        for (k, slot) in at_least.iter_mut().enumerate() {
            *slot = gains.iter().skip(k).sum();
        }
        // short[m]: P(m Marks so far, plateau not yet reached).
        let mut short = vec![0.0; plateau];
        short[0] = 1.0;
        let mut completes_on: Vec<(i64, f64)> = Vec::new();
        for step in 1..=self.max_steps {
            let mut next = vec![0.0; plateau];
            let mut reached = 0.0;
            for (m, &p) in short.iter().enumerate().filter(|&(_, &p)| p > 0.0) {
                reached += p * at_least[plateau - m];
                for (gain, &q) in gains.iter().enumerate().take(plateau - m) {
                    next[m + gain] += p * q;
                }
            }
            let on = step.max(self.min_steps);
            match completes_on.last_mut() {
                Some((last, p)) if *last == on => *p += reached,
                _ => completes_on.push((on, reached)),
            }
            short = next;
            // What is still short of the plateau is below the cut-off: like an endless re-roll
            // chain, it stops here and stays in the last bucket (failure).
            if short.iter().sum::<f64>() < TAIL_CUTOFF {
                break;
            }
        }
        let mut outcomes: Keyed = completes_on
            .into_iter()
            .filter(|&(_, p)| p > 0.0)
            .map(|(step, p)| (step.to_string(), p))
            .collect();
        let success: f64 = outcomes.values().sum();
        // Every step count is a completion; only "failure" is not.
        let succeeding = outcomes.keys().cloned().collect();
        outcomes.insert("failure".into(), short.iter().sum());
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
        let dice = own_side!(self).dice();
        let mut so_far = 0;
        let mut groups = Vec::new();
        for step in 1..=self.max_steps {
            let (marks, step_groups) = dice.roll(tray, &format!("Step {step}: "));
            so_far += marks;
            groups.extend(step_groups);
            if so_far >= self.plateau {
                let on = step.max(self.min_steps);
                return Rolled {
                    outcome: on.to_string(),
                    success: true,
                    detail: format!(
                        "{so_far} of {} Marks after {}: completes on step {on}",
                        self.plateau,
                        rolls_word(step)
                    ),
                    total: Some(so_far),
                    groups,
                };
            }
        }
        Rolled {
            outcome: "failure".into(),
            success: false,
            detail: format!(
                "{so_far} of {} Marks after {}: the plateau was not reached, failure",
                self.plateau,
                rolls_word(self.max_steps)
            ),
            total: Some(so_far),
            groups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extended_never_completes_before_the_minimum() {
        let ext = Extended {
            plateau: 1,
            min_steps: 3,
            max_steps: 4,
            ..Extended::default()
        };
        let odds = ext.odds(&HouseRules::default());
        assert!(!odds.outcomes.contains_key("1") && !odds.outcomes.contains_key("2"));
        assert!((odds.total() - 1.0).abs() < 1e-9);
    }
}
