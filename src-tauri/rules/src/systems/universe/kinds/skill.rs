//! `skill`: 2d6 + skill level against a difficulty.

use serde::{Deserialize, Serialize};

use super::dice::{pass, pass_fail, roll_2d6, skill_total};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{FieldSpec, IntField, KindText};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

const SKILL: IntField = IntField {
    name: "skill",
    label: "Skill level",
    help: "The character's level in the skill, added to 2d6.",
    min: -20,
    max: 40,
    default: 1,
};
const SKILL_DIFFICULTY: IntField = IntField {
    name: "difficulty",
    label: "Difficulty",
    help: "The check succeeds when 2d6 + skill equals or beats it.",
    min: -20,
    max: 100,
    default: 8,
};

/// `{"system":"universe","roll":"skill","skill":1,"difficulty":8}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Skill {
    pub skill: i64,
    pub difficulty: i64,
}

impl Default for Skill {
    fn default() -> Self {
        Self {
            skill: SKILL.default,
            difficulty: SKILL_DIFFICULTY.default,
        }
    }
}

impl Kind for Skill {
    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "skill";

    fn text() -> KindText {
        KindText {
            name: "Skill check",
            summary: "2d6 + skill level; equal or beat the difficulty.",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![SKILL.into(), SKILL_DIFFICULTY.into()]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        SKILL.check(self.skill)?;
        SKILL_DIFFICULTY.check(self.difficulty)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let total = skill_total(self.skill);
        pass_fail(
            total.p_at_least(self.difficulty),
            total.p_below(self.difficulty),
        )
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (sum, group) = roll_2d6(tray, "2d6");
        let total = sum + self.skill;
        let success = total >= self.difficulty;
        Rolled {
            outcome: pass(success).into(),
            success,
            detail: format!(
                "2d6 {sum} {:+} = {total} vs difficulty {}: {}",
                self.skill,
                self.difficulty,
                pass(success)
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}
