//! `marks` — 64 Bit Heroes Marks (RULES.md section 4): keep-highest pools of d6 and d10, Marks on
//! 5+, kept 1s cancel Marks, 6s (d6) and 9–10s (d10) roll again without end.
//!
//! The odds count faces by class (roll-again, plain Mark, blank, 1) with multinomial weights:
//! a 60-die pool is about 40,000 class counts, not 6^60 faces.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::pool_dice::PoolDice;
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{check_pool, CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::numeric_odds;
use crate::tray::Tray;
use crate::{HouseRules, RulesError, TAIL_CUTOFF};

// ---------------------------------------------------------------------------------------------
// Fields

const fn dice_field(
    name: &'static str,
    label: &'static str,
    help: &'static str,
    default: i64,
) -> IntField {
    IntField {
        name,
        label,
        help,
        min: 0,
        max: 60,
        default,
    }
}

const ATTRIBUTE: IntField = dice_field(
    "attribute_dice",
    "Attribute dice",
    "floor((attribute A + attribute B) / 2) d6 (Tempo: one attribute). Also how many d6 are kept.",
    3,
);
const SKILL: IntField = dice_field(
    "skill_dice",
    "Skill dice",
    "Skill or combat-style rank: extra d6 rolled, not kept.",
    0,
);
const SUPER_DICE: IntField = dice_field(
    "super_dice",
    "Super dice",
    "Super attributes + superpower ranks, added whole, as d10. Also how many d10 are kept.",
    0,
);
const SUPER_SKILL: IntField = dice_field(
    "super_skill_dice",
    "Super skill dice",
    "Super skill rank: extra d10 rolled, not kept.",
    0,
);
const PENALTY: IntField = dice_field(
    "penalty",
    "Penalty dice",
    "Challenging 1, Difficult 2, Expert 3, Super 4+, plus one per failed earlier attempt.",
    0,
);
/// What every marks roll compares: the task's penalty, and the next try after failures.
fn pool_compare() -> Vec<CompareSpec> {
    vec![
        PENALTY.compare_at(
            "Penalty",
            "The roll at each penalty: one die fewer per step, in RULES.md's order.",
            &[
                (0, "No penalty"),
                (1, "Challenging (-1)"),
                (2, "Difficult (-2)"),
                (3, "Expert (-3)"),
                (4, "Super (-4)"),
            ],
        ),
        PENALTY.compare_by(
            "next_try",
            "The next try after a failure",
            "Each failed attempt at the same task takes one more die away.",
            &[
                (0, "This try"),
                (1, "After 1 failure"),
                (2, "After 2 failures"),
                (3, "After 3 failures"),
            ],
        ),
    ]
}

const NEEDED: IntField = IntField {
    name: "needed",
    label: "Marks needed",
    help: "1 succeeds; 3 Competent, 5 Mastery, 7 Super Human; or the Passive Defense.",
    min: 0,
    max: 200,
    default: 1,
};

const POOL_RULINGS: &[&str] = &[
    "Each kept 1 cancels the lowest Mark first: 5s before 6s, on d10 5–8 before 9–10.",
    "Roll-agains continue without limit, and 1s on re-rolls cancel nothing.",
    "Penalty dice come off in the order human skill, human attribute, super skill, super dice.",
];

/// The pool fields shared by every marks request, read from the flat request fields.
fn pool_of(attribute: i64, skill: i64, super_dice: i64, super_skill: i64) -> PoolDice {
    PoolDice {
        attribute,
        skill,
        super_dice,
        super_skill,
    }
}

/// The fields of one side's pool, in the order of [`Side::values`].
const POOL: [IntField; 5] = [ATTRIBUTE, SKILL, SUPER_DICE, SUPER_SKILL, PENALTY];

/// One side's pool as a request gives it. Every marks request (a pool, an extended roll, each
/// side of a contest) checks it and turns it into dice this one way.
#[derive(Debug, Clone, Copy)]
struct Side {
    attribute: i64,
    skill: i64,
    super_dice: i64,
    super_skill: i64,
    penalty: i64,
}

/// The [`Side`] of a request's own pool fields (`attribute_dice` … `penalty`), which the pool,
/// the extended roll and a contest's attacker name alike.
macro_rules! own_side {
    ($request:expr) => {
        Side {
            attribute: $request.attribute_dice,
            skill: $request.skill_dice,
            super_dice: $request.super_dice,
            super_skill: $request.super_skill_dice,
            penalty: $request.penalty,
        }
    };
}

impl Side {
    fn values(self) -> [i64; 5] {
        [
            self.attribute,
            self.skill,
            self.super_dice,
            self.super_skill,
            self.penalty,
        ]
    }

    /// Each value within its field's range (`fields` name them: [`POOL`], or the defender's),
    /// and the four dice counts together within the pool limit.
    fn check(self, fields: &[IntField; 5]) -> Result<(), RulesError> {
        let values = self.values();
        for (field, value) in fields.iter().zip(values) {
            field.check(value)?;
        }
        let names: Vec<&str> = fields[..4].iter().map(|f| f.name).collect();
        check_pool(&names.join(" + "), values[..4].iter().sum())
    }

    fn dice(self) -> PoolDice {
        pool_of(
            self.attribute,
            self.skill,
            self.super_dice,
            self.super_skill,
        )
        .after_penalty(self.penalty)
    }
}

// ---------------------------------------------------------------------------------------------
// pool

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

fn pool_fields() -> Vec<FieldSpec> {
    POOL.map(FieldSpec::from).to_vec()
}

/// "1 Mark", "3 Marks".
fn marks_word(n: i64) -> String {
    if n == 1 {
        "1 Mark".into()
    } else {
        format!("{n} Marks")
    }
}

/// "1 roll", "4 rolls".
fn rolls_word(n: i64) -> String {
    if n == 1 {
        "1 roll".into()
    } else {
        format!("{n} rolls")
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

// ---------------------------------------------------------------------------------------------
// extended

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
        let mut outcomes: IndexMap<String, f64> = completes_on
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
            events: IndexMap::new(),
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

// ---------------------------------------------------------------------------------------------
// contested

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
    use super::*;
    use crate::spec::MAX_POOL;
    use crate::systems::marks::pool_dice::*;

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
    fn one_die_is_a_third_to_mark() {
        let odds = sub_pool_marks(HUMAN, 1, 1);
        // 5 or 6 on the first die; a 6 may add more.
        assert!((1.0 - odds.p(0) - 2.0 / 6.0).abs() < 1e-12);
        assert!((odds.total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn kept_ones_cancel_plain_marks_first() {
        // keep 3 of [6, 5, 1]: the 1 cancels the 5, the 6 stands and rolls again.
        assert_eq!(kept_marks([1, 1, 0, 1], 3), (1, 1));
        // keep 2 of [6, 1]: the 1 cancels the 6.
        assert_eq!(kept_marks([1, 0, 0, 1], 2), (0, 0));
        // keep 1 of [6, 1]: the 1 is not kept.
        assert_eq!(kept_marks([1, 0, 0, 1], 1), (1, 1));
    }

    #[test]
    fn penalties_come_off_in_the_ruled_order() {
        let dice = pool_of(2, 1, 2, 1);
        assert_eq!(dice.after_penalty(1), pool_of(2, 0, 2, 1));
        assert_eq!(dice.after_penalty(2), pool_of(1, 0, 2, 1));
        assert_eq!(dice.after_penalty(4), pool_of(0, 0, 2, 0));
        assert_eq!(dice.after_penalty(9), pool_of(0, 0, 0, 0));
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
