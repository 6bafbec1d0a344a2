//! `double_six`: a Double Six Only Roll, 2d6 until 6-6 succeeds or 1-1 fails.

use serde::{Deserialize, Serialize};

use super::throw::{success_failure, throw_group};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{FieldSpec, KindText};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// `{"system":"stunt","roll":"double_six"}` — a Double Six Only Roll.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoubleSix {}

impl Kind for DoubleSix {
    const SYSTEM: &'static str = "stunt";
    const ROLL: &'static str = "double_six";

    fn text() -> KindText {
        KindText {
            name: "Double Six Only Roll",
            summary: "Roll 2d6 until 6-6 (success) or 1-1 (failure: the character can never \
                      try this task again).",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        Vec::new()
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        // Only 6-6 and 1-1 end the attempt, and they are equally likely.
        success_failure(0.5)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let mut groups = Vec::new();
        loop {
            tray.aim(format!("Throw {}", groups.len() + 1));
            let (a, b) = (tray.roll(6), tray.roll(6));
            groups.push(throw_group(format!("Throw {}", groups.len() + 1), a, b));
            let throws = groups.len();
            let (success, detail) = match (a, b) {
                (6, 6) => (true, format!("6-6 on throw {throws}: success")),
                (1, 1) => (
                    false,
                    format!("1-1 on throw {throws}: failure, this character can never try the task again"),
                ),
                _ => continue,
            };
            return Rolled {
                outcome: if success { "success" } else { "failure" }.into(),
                success,
                detail,
                total: Some(throws as i64),
                groups,
            };
        }
    }
}
