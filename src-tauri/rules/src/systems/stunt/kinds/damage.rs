//! `damage`: damage in points, Minor Damage by the roster's house rule.

use serde::{Deserialize, Serialize};

use crate::answer::{DiceGroup, DieState, Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{check_pool, FieldKind, FieldSpec, IntField, KindText};
use crate::systems::shared::numeric_odds;
use crate::tray::Tray;
use crate::{Dist, HouseRules, RulesError, MINOR_DAMAGE_DICE};

/// A request's `dice` when not given: RULES.md's Minor Damage, whatever the roster (a request
/// reads the same everywhere); the catalog's form under a roster starts from its house rule.
const DAMAGE_DICE: IntField = IntField {
    name: "dice",
    label: "Dice",
    help: "Number of damage dice (Minor Damage is 6d6).",
    min: 0,
    max: 60,
    default: MINOR_DAMAGE_DICE.default,
};

/// The ruling on Minor Damage in words under `house`.
fn minor_damage_ruling(house: &HouseRules) -> String {
    let ruled = MINOR_DAMAGE_DICE.default;
    if house.minor_damage_dice == ruled {
        format!("The Minor Damage Chart is lost: Minor Damage is {ruled}d6 summed.")
    } else {
        format!(
            "House rule: Minor Damage is {} summed (RULES.md's ruling: {ruled}d6, the Minor Damage Chart is lost).",
            house.minor_damage()
        )
    }
}
const DAMAGE_SIDES: IntField = IntField {
    name: "sides",
    label: "Sides",
    help: "Sides of each damage die.",
    min: 2,
    max: 100,
    default: 6,
};
const DAMAGE_BONUS: IntField = IntField {
    name: "bonus",
    label: "Bonus",
    help: "Fixed points added to the dice (the K of NdS+K); a fixed-point attack is 0 dice + K.",
    min: -1000,
    max: 1000,
    default: 0,
};
const HTK: IntField = IntField {
    name: "htk",
    label: "Target's HTK",
    help: "The target's Hits To Kill left: success means this hit takes it to 0. 0 = not asked.",
    min: 0,
    max: 100_000,
    default: 0,
};

/// `{"system":"stunt","roll":"damage","dice":6,"sides":6,"bonus":0,"htk":0}` — damage in points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Damage {
    pub dice: i64,
    pub sides: i64,
    pub bonus: i64,
    pub htk: i64,
}

impl Default for Damage {
    fn default() -> Self {
        Self {
            dice: DAMAGE_DICE.default,
            sides: DAMAGE_SIDES.default,
            bonus: DAMAGE_BONUS.default,
            htk: HTK.default,
        }
    }
}

impl Kind for Damage {
    const SYSTEM: &'static str = "stunt";
    const ROLL: &'static str = "damage";

    fn text() -> KindText {
        KindText {
            name: "Damage",
            summary: "Points off the target's HTK: NdS+K summed; Minor Damage is Nd6 by the \
                      ruling below.",
            rulings: &[
                "The Minor Damage Chart is lost: Minor Damage is 6d6 summed.",
                "Damage never goes below 0.",
            ],
            contract: false,
            outcome: "Damage total",
        }
    }

    fn rulings(house: &HouseRules) -> Vec<String> {
        vec![
            minor_damage_ruling(house),
            "Damage never goes below 0.".into(),
        ]
    }

    fn fields(house: &HouseRules) -> Vec<FieldSpec> {
        let dice = FieldSpec {
            help: format!(
                "Number of damage dice (Minor Damage is {}).",
                house.minor_damage()
            ),
            kind: FieldKind::Int {
                min: DAMAGE_DICE.min,
                max: DAMAGE_DICE.max,
                default: house.minor_damage_dice,
            },
            ..DAMAGE_DICE.into()
        };
        vec![dice, DAMAGE_SIDES.into(), DAMAGE_BONUS.into(), HTK.into()]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DAMAGE_DICE.check(self.dice)?;
        check_pool("dice", self.dice)?;
        DAMAGE_SIDES.check(self.sides)?;
        DAMAGE_BONUS.check(self.bonus)?;
        HTK.check(self.htk)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let total = Dist::die(self.sides as u32)
            .sum_of(self.dice as u32)
            .shift(self.bonus)
            .map(|v| v.max(0));
        numeric_odds(&total, self.htk)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let sides = self.sides as u32;
        tray.aim("Damage");
        let faces = tray.roll_many(self.dice as usize, sides);
        let mut group = DiceGroup::new(format!("{}d{}", self.dice, self.sides));
        for &f in &faces {
            group.push(f, sides, DieState::Kept);
        }
        let sum: i64 = faces.iter().map(|&f| i64::from(f)).sum();
        let total = (sum + self.bonus).max(0);
        let takes_out = total >= self.htk;
        let against = if self.htk > 0 {
            let verdict = if takes_out {
                "takes the target to 0"
            } else {
                "leaves the target standing"
            };
            format!(" against {} HTK: {verdict}", self.htk)
        } else {
            String::new()
        };
        Rolled {
            outcome: total.to_string(),
            success: takes_out,
            detail: format!(
                "{}d{} ({sum}) {:+} = {total} damage{against}",
                self.dice, self.sides, self.bonus
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
    fn minor_damage_averages_21() {
        let odds = Damage::default().odds(&HouseRules::default());
        assert!((odds.mean.unwrap() - 21.0).abs() < 1e-9);
        assert_eq!(odds.outcomes.keys().next().unwrap(), "6");
        assert_eq!(odds.outcomes.keys().last().unwrap(), "36");
    }

    #[test]
    fn the_minor_damage_ruling_and_form_follow_the_house_rule() {
        let ruled = HouseRules::default();
        assert_eq!(
            Damage::rulings(&ruled)[0],
            "The Minor Damage Chart is lost: Minor Damage is 6d6 summed."
        );
        let house = HouseRules {
            minor_damage_dice: 4,
            ..HouseRules::default()
        };
        assert_eq!(
            Damage::rulings(&house)[0],
            "House rule: Minor Damage is 4d6 summed (RULES.md's ruling: 6d6, the Minor Damage Chart is lost)."
        );
        let dice = &Damage::fields(&house)[0];
        assert_eq!(dice.name, "dice");
        assert!(matches!(dice.kind, FieldKind::Int { default: 4, .. }));
        assert!(dice.help.contains("4d6"), "{}", dice.help);
    }
}
