//! `pool`: one keep-highest roll against the Marks needed.

use serde::{Deserialize, Serialize};

use super::super::pool_dice::PoolDice;
use super::side::own_side;
use super::side::{
    marks_word, pool_compare, pool_fields, Side, ATTRIBUTE, NEEDED, PENALTY, POOL, POOL_RULINGS,
    SKILL, SUPER_DICE, SUPER_SKILL,
};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{CompareSpec, FieldSpec, KindText};
use crate::systems::shared::numeric_odds;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// `{"system":"marks","roll":"pool","attribute_dice":3,"skill_dice":0,"super_dice":0,
/// "super_skill_dice":0,"penalty":0,"needed":1}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Pool {
    pub attribute_dice: i64,
    pub skill_dice: i64,
    pub super_dice: i64,
    pub super_skill_dice: i64,
    pub penalty: i64,
    pub needed: i64,
}

impl Default for Pool {
    fn default() -> Self {
        Self {
            attribute_dice: ATTRIBUTE.default,
            skill_dice: SKILL.default,
            super_dice: SUPER_DICE.default,
            super_skill_dice: SUPER_SKILL.default,
            penalty: PENALTY.default,
            needed: NEEDED.default,
        }
    }
}

impl Pool {
    fn dice(&self) -> PoolDice {
        own_side!(self).dice()
    }
}

fn tier(marks: i64) -> &'static str {
    match marks {
        7.. => "Super Human",
        5.. => "Mastery",
        3.. => "Competent",
        1.. => "success",
        _ => "no Marks",
    }
}

impl Kind for Pool {
    const SYSTEM: &'static str = "marks";
    const ROLL: &'static str = "pool";

    fn text() -> KindText {
        KindText {
            name: "Dice pool",
            summary: "Roll attribute + skill d6 keeping the attribute dice, and super + super \
                      skill d10 keeping the super dice. Marks on 5+; kept 1s cancel Marks; \
                      6s (d10: 9–10) roll again.",
            rulings: POOL_RULINGS,
            contract: true,
            outcome: "Marks",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        let mut fields = pool_fields();
        fields.push(NEEDED.into());
        fields
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        pool_compare()
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        own_side!(self).check(&POOL)?;
        NEEDED.check(self.needed).map(drop)
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        numeric_odds(&self.dice().marks(), self.needed)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let dice = self.dice();
        let (marks, groups) = dice.roll(tray, "");
        let success = marks >= self.needed;
        Rolled {
            outcome: marks.to_string(),
            success,
            detail: format!(
                "{}: {} ({}), {} needed: {}",
                dice.describe(),
                marks_word(marks),
                tier(marks),
                self.needed,
                if success { "success" } else { "failure" }
            ),
            total: Some(marks),
            groups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example_three_and_three() {
        let pool = Pool {
            skill_dice: 3,
            ..Pool::default()
        };
        let odds = pool.odds(&HouseRules::default());
        assert!((odds.success - 0.9081).abs() < 5e-5, "{}", odds.success);
    }

    #[test]
    fn needed_zero_always_succeeds() {
        let pool = Pool {
            attribute_dice: 0,
            needed: 0,
            ..Pool::default()
        };
        assert_eq!(pool.odds(&HouseRules::default()).success, 1.0);
    }
}
