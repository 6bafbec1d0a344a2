//! `stunt` — the Uniform Stunt Chart (RULES.md section 1): 2d6 multiplied against a chart target.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::answer::{DiceGroup, DieState, Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{
    check_pool, compare_choices, CompareSpec, FieldKind, FieldSpec, IntField, KindText,
};
use crate::systems::shared::{counted_word, keyed_outcomes, numeric_odds};
use crate::tray::Tray;
use crate::{Dist, HouseRules, RulesError, MINOR_DAMAGE_DICE};

/// How one throw of 2d6 reads on the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Throw {
    Fumble,
    Failure,
    Success,
    Critical,
}

impl Throw {
    /// The outcomes in the order the odds list them.
    const ALL: [Self; 4] = [Self::Fumble, Self::Failure, Self::Success, Self::Critical];

    fn read(a: u32, b: u32, target: i64) -> Self {
        match (a, b) {
            (1, 1) => Self::Fumble,
            (6, 6) => Self::Critical,
            _ if a == b => Self::Success,
            _ if i64::from(a * b) >= target => Self::Success,
            _ => Self::Failure,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Self::Fumble => "fumble",
            Self::Critical => "critical",
            Self::Success => "success",
            Self::Failure => "failure",
        }
    }
}

fn throw_group(label: String, a: u32, b: u32) -> DiceGroup {
    let mut group = DiceGroup::new(label);
    group.push(a, 6, DieState::Kept);
    group.push(b, 6, DieState::Kept);
    group
}

// ---------------------------------------------------------------------------------------------
// check

/// `{"system":"stunt","roll":"check","active":"Skilled","defending":"Average"}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Check {
    pub active: String,
    pub defending: String,
}

impl Default for Check {
    fn default() -> Self {
        Self {
            active: "Skilled".into(),
            defending: "Average".into(),
        }
    }
}

fn level_field(
    name: &str,
    label: &str,
    help: &str,
    default: &str,
    house: &HouseRules,
) -> FieldSpec {
    FieldSpec {
        name: name.into(),
        label: label.into(),
        help: help.into(),
        kind: FieldKind::Choice {
            choices: house.stunt.levels.clone(),
            default: default.into(),
        },
    }
}

fn active_field(house: &HouseRules) -> FieldSpec {
    level_field(
        "active",
        "Active level",
        "The skill or ability used.",
        "Skilled",
        house,
    )
}

fn level_of(house: &HouseRules, field: &str, name: &str) -> Result<usize, RulesError> {
    house.stunt.level_index(name).ok_or_else(|| {
        RulesError::invalid(
            field,
            format!(
                "\"{name}\" is not a level of this chart; expected one of {}",
                house.stunt.levels.join(", ")
            ),
        )
    })
}

impl Check {
    fn target(&self, house: &HouseRules) -> i64 {
        let active = level_of(house, "active", &self.active).expect("validated");
        let defending = level_of(house, "defending", &self.defending).expect("validated");
        house.stunt.target(active, defending)
    }
}

impl Kind for Check {
    const SYSTEM: &'static str = "stunt";
    const ROLL: &'static str = "check";

    fn text() -> KindText {
        KindText {
            name: "Stunt check",
            summary: "Roll 2d6 and multiply the faces; succeed on the chart's target or more. \
                      1-1 always fails, 6-6 is a critical, other doubles always succeed.",
            rulings: &[
                "The source's chart is lost: the target is read from the difference between \
                 the Defending and Active levels (<=-5: 2, -4: 3, -3: 4, -2: 6, -1: 8, 0: 12, \
                 +1: 15, +2: 18, +3: 20, +4: 24, +5: 30, >=+6: 36); every cell is a house rule.",
                "Cosmic is the one level between Mutant and Omega.",
            ],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(house: &HouseRules) -> Vec<FieldSpec> {
        vec![
            active_field(house),
            level_field(
                "defending",
                "Defending level",
                "The difficulty, on the same scale.",
                "Average",
                house,
            ),
        ]
    }

    fn compare(house: &HouseRules) -> Vec<CompareSpec> {
        vec![compare_choices(
            &active_field(house),
            "The check at each level of this roster's chart, against the same defence.",
        )]
    }

    fn validate(&self, house: &HouseRules) -> Result<(), RulesError> {
        level_of(house, "active", &self.active)?;
        level_of(house, "defending", &self.defending)?;
        Ok(())
    }

    fn odds(&self, house: &HouseRules) -> Odds {
        let target = self.target(house);
        let mut tally = [0.0; 4];
        for a in 1..=6 {
            for b in 1..=6 {
                tally[Throw::read(a, b, target) as usize] += 1.0 / 36.0;
            }
        }
        let outcomes = keyed_outcomes(&Throw::ALL.map(Throw::key), &tally);
        Odds::from_outcomes(outcomes, &["success", "critical"])
    }

    fn roll(&self, house: &HouseRules, tray: &mut Tray) -> Rolled {
        let target = self.target(house);
        let (a, b) = (tray.roll(6), tray.roll(6));
        let throw = Throw::read(a, b, target);
        let why = match throw {
            Throw::Fumble => "1-1 is a fumble".to_string(),
            Throw::Critical => "6-6 is a critical".to_string(),
            _ if a == b => format!("doubles always succeed ({} needed)", target),
            _ => format!("{} against {target} needed", a * b),
        };
        Rolled {
            outcome: throw.key().into(),
            success: matches!(throw, Throw::Success | Throw::Critical),
            detail: format!(
                "{a} × {b} = {}: {} vs {}, {why}: {}",
                a * b,
                self.active.trim(),
                self.defending.trim(),
                throw.key()
            ),
            total: Some(i64::from(a * b)),
            groups: vec![throw_group("2d6".into(), a, b)],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// doubles

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

fn success_failure(p_success: f64) -> Odds {
    let outcomes = IndexMap::from([
        ("success".to_string(), p_success),
        ("failure".to_string(), 1.0 - p_success),
    ]);
    Odds::from_outcomes(outcomes, &["success"])
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

// ---------------------------------------------------------------------------------------------
// double_six

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

// ---------------------------------------------------------------------------------------------
// damage

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
    fn skilled_vs_average_is_27_in_36() {
        let odds = Check::default().odds(&HouseRules::default());
        assert!((odds.success - 27.0 / 36.0).abs() < 1e-12);
        assert!((odds.outcomes["fumble"] - 1.0 / 36.0).abs() < 1e-12);
        assert!((odds.outcomes["critical"] - 1.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn impossible_target_leaves_only_doubles() {
        let check = Check {
            active: "Poor".into(),
            defending: "Omega".into(),
        };
        // target 36: only doubles 2-2..5-5 and the 6-6 critical succeed.
        let odds = check.odds(&HouseRules::default());
        assert!((odds.outcomes["success"] - 4.0 / 36.0).abs() < 1e-12);
        assert!((odds.success - 5.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn doubles_only_is_five_sixths_to_the_n() {
        let odds = Doubles { needed: 3 }.odds(&HouseRules::default());
        assert!((odds.success - 125.0 / 216.0).abs() < 1e-12);
    }

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
