//! `contested`: two pools, more Marks wins, ties to the defender.

use serde::{Deserialize, Serialize};

use super::super::pool_dice::PoolDice;
use super::side::own_side;
use super::side::{
    marks_word, pool_compare, pool_fields, Side, ATTRIBUTE, PENALTY, POOL, SKILL, SUPER_DICE,
    SUPER_SKILL,
};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::numeric_odds;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

const fn defender(field: IntField, name: &'static str, label: &'static str) -> IntField {
    IntField {
        name,
        label,
        ..field
    }
}

const D_ATTRIBUTE: IntField = defender(
    ATTRIBUTE,
    "defender_attribute_dice",
    "Defender attribute dice",
);
const D_SKILL: IntField = defender(SKILL, "defender_skill_dice", "Defender skill dice");
const D_SUPER_DICE: IntField = defender(SUPER_DICE, "defender_super_dice", "Defender super dice");
const D_SUPER_SKILL: IntField = defender(
    SUPER_SKILL,
    "defender_super_skill_dice",
    "Defender super skill dice",
);
const D_PENALTY: IntField = defender(PENALTY, "defender_penalty", "Defender penalty dice");
/// The defender's [`POOL`].
const DEFENDER_POOL: [IntField; 5] = [D_ATTRIBUTE, D_SKILL, D_SUPER_DICE, D_SUPER_SKILL, D_PENALTY];

/// `{"system":"marks","roll":"contested", <pool fields>, "defender_attribute_dice":3, ...}` —
/// more Marks wins, **[ruling]** ties to the defender. Outcomes: the margin (attacker's Marks
/// minus the defender's); success = P(margin > 0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Contested {
    pub attribute_dice: i64,
    pub skill_dice: i64,
    pub super_dice: i64,
    pub super_skill_dice: i64,
    pub penalty: i64,
    pub defender_attribute_dice: i64,
    pub defender_skill_dice: i64,
    pub defender_super_dice: i64,
    pub defender_super_skill_dice: i64,
    pub defender_penalty: i64,
}

impl Default for Contested {
    fn default() -> Self {
        Self {
            attribute_dice: ATTRIBUTE.default,
            skill_dice: SKILL.default,
            super_dice: SUPER_DICE.default,
            super_skill_dice: SUPER_SKILL.default,
            penalty: PENALTY.default,
            defender_attribute_dice: D_ATTRIBUTE.default,
            defender_skill_dice: D_SKILL.default,
            defender_super_dice: D_SUPER_DICE.default,
            defender_super_skill_dice: D_SUPER_SKILL.default,
            defender_penalty: D_PENALTY.default,
        }
    }
}

impl Contested {
    fn defender_side(&self) -> Side {
        Side {
            attribute: self.defender_attribute_dice,
            skill: self.defender_skill_dice,
            super_dice: self.defender_super_dice,
            super_skill: self.defender_super_skill_dice,
            penalty: self.defender_penalty,
        }
    }

    fn attacker(&self) -> PoolDice {
        own_side!(self).dice()
    }

    fn defender(&self) -> PoolDice {
        self.defender_side().dice()
    }
}

impl Kind for Contested {
    const SYSTEM: &'static str = "marks";
    const ROLL: &'static str = "contested";

    fn text() -> KindText {
        KindText {
            name: "Contested roll",
            summary: "Both sides roll their pools; more Marks wins.",
            rulings: &[
                "Ties favour the defender.",
                "Each kept 1 cancels the lowest Mark first; roll-agains continue without limit.",
            ],
            contract: false,
            outcome: "Margin in Marks",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        let mut fields = pool_fields();
        fields.extend(DEFENDER_POOL.map(FieldSpec::from));
        fields
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        pool_compare()
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        own_side!(self).check(&POOL)?;
        self.defender_side().check(&DEFENDER_POOL)
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let margin = self.attacker().marks().sub(&self.defender().marks());
        numeric_odds(&margin, 1)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (attack, mut groups) = self.attacker().roll(tray, "Attacker ");
        let (defend, defender_groups) = self.defender().roll(tray, "Defender ");
        groups.extend(defender_groups);
        let margin = attack - defend;
        let verdict = match margin {
            1.. => "the attacker wins",
            0 => "a tie: the defender wins",
            _ => "the defender wins",
        };
        Rolled {
            outcome: margin.to_string(),
            success: margin > 0,
            detail: format!(
                "Attacker {} vs defender {defend}: {verdict}",
                marks_word(attack)
            ),
            total: Some(margin),
            groups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Extended;
    use super::*;
    use crate::spec::MAX_POOL;

    #[test]
    fn each_side_is_checked_under_its_own_field_names() {
        let contest =
            |json: serde_json::Value| -> Contested { serde_json::from_value(json).unwrap() };
        let house = HouseRules::ruled();
        let big = contest(serde_json::json!({"attribute_dice": 60, "super_dice": 60}));
        assert_eq!(
            big.validate(house).unwrap_err().to_string(),
            RulesError::invalid(
                "attribute_dice + skill_dice + super_dice + super_skill_dice",
                format!("120 dice in all is over the limit of {MAX_POOL} dice in one pool")
            )
            .to_string()
        );
        let big = contest(
            serde_json::json!({"defender_skill_dice": 60, "defender_super_skill_dice": 60}),
        );
        assert_eq!(
            big.validate(house).unwrap_err().to_string(),
            RulesError::invalid(
                "defender_attribute_dice + defender_skill_dice + defender_super_dice + defender_super_skill_dice",
                format!("123 dice in all is over the limit of {MAX_POOL} dice in one pool")
            )
            .to_string()
        );
        let negative = contest(serde_json::json!({"defender_penalty": -1}));
        let error = negative.validate(house).unwrap_err().to_string();
        assert!(error.contains("defender_penalty"), "{error}");
        let extended: Extended =
            serde_json::from_value(serde_json::json!({"skill_dice": 61})).unwrap();
        let error = extended.validate(house).unwrap_err().to_string();
        assert!(error.contains("skill_dice"), "{error}");
    }
}
