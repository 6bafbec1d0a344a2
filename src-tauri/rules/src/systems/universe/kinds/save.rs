//! `save`: d20 + bonus against a DC, a natural 20 always succeeding.

use serde::{Deserialize, Serialize};

use super::augmented_save::{AugmentedSave, DC, SAVE_BONUS, SAVE_RULINGS};
use super::dice::ADVANTAGE;
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{CompareSpec, FieldSpec, KindText};
use crate::systems::shared::{d20_natural, keyed_outcomes};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// `{"system":"universe","roll":"save","dc":10,"bonus":0,"advantage":false}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Save {
    pub dc: i64,
    pub bonus: i64,
    pub advantage: bool,
}

impl Default for Save {
    fn default() -> Self {
        Self {
            dc: DC.default,
            bonus: SAVE_BONUS.default,
            advantage: ADVANTAGE.default,
        }
    }
}

impl Kind for Save {
    /// A natural 20's fate beats a plain success, which beats one bought with hp or Sanity.
    fn worst_first(odds: &Odds) -> Vec<&str> {
        crate::outcome_order::successes_best_first(odds)
    }

    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "save";

    fn text() -> KindText {
        KindText {
            name: "Save",
            summary: "1d20 + augmentation against the DC (Physical, Mental or Luck). A \
                      natural 1 is an ordinary roll.",
            rulings: SAVE_RULINGS,
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![DC.into(), SAVE_BONUS.into(), ADVANTAGE.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![ADVANTAGE.compare(
            "Two d20, the higher kept, against one.",
            ["No advantage", "Advantage"],
        )]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DC.check(self.dc)?;
        SAVE_BONUS.check(self.bonus)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let mut tally = [0.0; 3];
        for (natural, p) in d20_natural(self.advantage).iter() {
            tally[match natural {
                20 => 0,
                n if n + self.bonus >= self.dc => 1,
                _ => 2,
            }] += p;
        }
        let outcomes = keyed_outcomes(&["fate", "success", "failure"], &tally);
        Odds::from_outcomes(outcomes, &["fate", "success"])
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let augmented = AugmentedSave {
            dc: self.dc,
            bonus: self.bonus,
            advantage: self.advantage,
            ..AugmentedSave::default()
        };
        augmented.roll_save(tray)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_natural_20_always_succeeds() {
        let save = Save {
            dc: 40,
            ..Save::default()
        };
        let odds = save.odds(&HouseRules::default());
        assert!((odds.success - 0.05).abs() < 1e-12);
        assert!((odds.outcomes["fate"] - 0.05).abs() < 1e-12);
    }
}
