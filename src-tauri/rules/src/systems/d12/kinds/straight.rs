//! `straight`: an ability against a difficulty.

use serde::{Deserialize, Serialize};

use super::dice::{dice_count, roll_ability, total_dist, NATURAL_12_RULING};
use super::fields::{check_ability, DAZED, DIFFICULTY, EXTRA, RANKS};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{CompareSpec, FieldSpec, KindText};
use crate::systems::shared::numeric_odds;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// `{"system":"d12","roll":"straight","ranks":0,"extra_dice":0,"dazed":false,"difficulty":6}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Straight {
    pub ranks: i64,
    pub extra_dice: i64,
    pub dazed: bool,
    pub difficulty: i64,
}

impl Default for Straight {
    fn default() -> Self {
        Self {
            ranks: RANKS.default,
            extra_dice: EXTRA.default,
            dazed: DAZED.default,
            difficulty: DIFFICULTY.default,
        }
    }
}

impl Kind for Straight {
    const SYSTEM: &'static str = "d12";
    const ROLL: &'static str = "straight";

    fn text() -> KindText {
        KindText {
            name: "Straight roll",
            summary: "(1 + ranks) d12 + ranks against a difficulty; equal or beat it.",
            rulings: &[NATURAL_12_RULING],
            contract: true,
            outcome: "Total",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![RANKS.into(), EXTRA.into(), DAZED.into(), DIFFICULTY.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            DAZED.compare("One d12 fewer while Dazed.", ["Not dazed", "Dazed"]),
            EXTRA.compare_at(
                "Equipment dice",
                "Body Armor or a Mental Implant: one more d12 that explodes but adds no +1.",
                &[(0, "No equipment"), (1, "+1d12"), (2, "+2d12")],
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        check_ability("", (RANKS, self.ranks), (EXTRA, self.extra_dice))?;
        DIFFICULTY.check(self.difficulty).map(drop)
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let total = total_dist(
            dice_count(self.ranks, self.extra_dice, self.dazed),
            self.ranks,
        );
        numeric_odds(&total, self.difficulty)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (total, group) = roll_ability(tray, "Ability", self.ranks, self.extra_dice, self.dazed);
        let success = total >= self.difficulty;
        Rolled {
            outcome: total.to_string(),
            success,
            detail: format!(
                "{total} vs difficulty {}: {}",
                self.difficulty,
                if success { "success" } else { "failure" }
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rank_against_hard_is_0_6875() {
        let straight = Straight {
            ranks: 1,
            difficulty: 12,
            ..Straight::default()
        };
        let odds = straight.odds(&HouseRules::default());
        assert!((odds.success - 0.6875).abs() < 1e-12, "{}", odds.success);
    }
}
