//! `doubles`: a Doubles Only Roll, a double needed on each of N throws.

use serde::{Deserialize, Serialize};

use super::throw::{success_failure, throw_group};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{FieldSpec, IntField, KindText};
use crate::systems::shared::counted_word;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

const NEEDED: IntField = IntField {
    name: "needed",
    label: "Doubles needed",
    help: "How many doubles (other than 1-1) the task takes.",
    min: 1,
    max: 60,
    default: 3,
};

/// `{"system":"stunt","roll":"doubles","needed":3}` — a Doubles Only Roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Doubles {
    pub needed: i64,
}

impl Default for Doubles {
    fn default() -> Self {
        Self {
            needed: NEEDED.default,
        }
    }
}

impl Kind for Doubles {
    const SYSTEM: &'static str = "stunt";
    const ROLL: &'static str = "doubles";

    fn text() -> KindText {
        KindText {
            name: "Doubles Only Roll",
            summary: "No Active Level: roll 2d6 until the needed doubles come up (each is one \
                      time step); 1-1 fails and sets the task back to the start.",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![NEEDED.into()]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        NEEDED.check(self.needed).map(drop)
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        // A throw that resolves anything is a double: 5 of the 6 count, 1-1 ends the attempt.
        success_failure((5.0f64 / 6.0).powi(self.needed as i32))
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let mut counted = 0;
        let mut groups = Vec::new();
        loop {
            tray.aim(format!("Throw {}", groups.len() + 1));
            let (a, b) = (tray.roll(6), tray.roll(6));
            groups.push(throw_group(format!("Throw {}", groups.len() + 1), a, b));
            let throws = groups.len();
            if (a, b) == (1, 1) {
                return Rolled {
                    outcome: "failure".into(),
                    success: false,
                    detail: format!(
                        "1-1 on throw {throws} after {counted} of {} doubles: failure, the task goes back to the start",
                        self.needed
                    ),
                    total: Some(throws as i64),
                    groups,
                };
            }
            if a == b {
                counted += 1;
                if counted == self.needed {
                    return Rolled {
                        outcome: "success".into(),
                        success: true,
                        detail: format!(
                            "{} in {} ({}): success",
                            counted_word(counted, "double", "doubles"),
                            counted_word(throws as i64, "throw", "throws"),
                            counted_word(throws as i64, "time step", "time steps"),
                        ),
                        total: Some(throws as i64),
                        groups,
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_only_is_five_sixths_to_the_n() {
        let odds = Doubles { needed: 3 }.odds(&HouseRules::default());
        assert!((odds.success - 125.0 / 216.0).abs() < 1e-12);
    }
}
