//! One side's pool as every marks request gives it (a pool, an extended roll, each side of a
//! contest): its fields, what it compares, its rulings, its check and its dice; and the words
//! its results are told in.

use super::super::pool_dice::PoolDice;
use crate::spec::{check_pool, CompareSpec, FieldSpec, IntField};
use crate::RulesError;

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

pub(super) const ATTRIBUTE: IntField = dice_field(
    "attribute_dice",
    "Attribute dice",
    "floor((attribute A + attribute B) / 2) d6 (Tempo: one attribute). Also how many d6 are kept.",
    3,
);
pub(super) const SKILL: IntField = dice_field(
    "skill_dice",
    "Skill dice",
    "Skill or combat-style rank: extra d6 rolled, not kept.",
    0,
);
pub(super) const SUPER_DICE: IntField = dice_field(
    "super_dice",
    "Super dice",
    "Super attributes + superpower ranks, added whole, as d10. Also how many d10 are kept.",
    0,
);
pub(super) const SUPER_SKILL: IntField = dice_field(
    "super_skill_dice",
    "Super skill dice",
    "Super skill rank: extra d10 rolled, not kept.",
    0,
);
pub(super) const PENALTY: IntField = dice_field(
    "penalty",
    "Penalty dice",
    "Challenging 1, Difficult 2, Expert 3, Super 4+, plus one per failed earlier attempt.",
    0,
);
/// What every marks roll compares: the task's penalty, and the next try after failures.
pub(super) fn pool_compare() -> Vec<CompareSpec> {
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

pub(super) const NEEDED: IntField = IntField {
    name: "needed",
    label: "Marks needed",
    help: "1 succeeds; 3 Competent, 5 Mastery, 7 Super Human; or the Passive Defense.",
    min: 0,
    max: 200,
    default: 1,
};

pub(super) const POOL_RULINGS: &[&str] = &[
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
pub(super) const POOL: [IntField; 5] = [ATTRIBUTE, SKILL, SUPER_DICE, SUPER_SKILL, PENALTY];

/// One side's pool as a request gives it. Every marks request (a pool, an extended roll, each
/// side of a contest) checks it and turns it into dice this one way.
#[derive(Debug, Clone, Copy)]
pub(super) struct Side {
    pub(super) attribute: i64,
    pub(super) skill: i64,
    pub(super) super_dice: i64,
    pub(super) super_skill: i64,
    pub(super) penalty: i64,
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
pub(super) use own_side;

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
    pub(super) fn check(self, fields: &[IntField; 5]) -> Result<(), RulesError> {
        let values = self.values();
        for (field, value) in fields.iter().zip(values) {
            field.check(value)?;
        }
        let names: Vec<&str> = fields[..4].iter().map(|f| f.name).collect();
        check_pool(&names.join(" + "), values[..4].iter().sum())
    }

    pub(super) fn dice(self) -> PoolDice {
        pool_of(
            self.attribute,
            self.skill,
            self.super_dice,
            self.super_skill,
        )
        .after_penalty(self.penalty)
    }
}

pub(super) fn pool_fields() -> Vec<FieldSpec> {
    POOL.map(FieldSpec::from).to_vec()
}

/// "1 Mark", "3 Marks".
pub(super) fn marks_word(n: i64) -> String {
    if n == 1 {
        "1 Mark".into()
    } else {
        format!("{n} Marks")
    }
}

/// "1 roll", "4 rolls".
pub(super) fn rolls_word(n: i64) -> String {
    if n == 1 {
        "1 roll".into()
    } else {
        format!("{n} rolls")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn penalties_come_off_in_the_ruled_order() {
        let dice = pool_of(2, 1, 2, 1);
        assert_eq!(dice.after_penalty(1), pool_of(2, 0, 2, 1));
        assert_eq!(dice.after_penalty(2), pool_of(1, 0, 2, 1));
        assert_eq!(dice.after_penalty(4), pool_of(0, 0, 2, 0));
        assert_eq!(dice.after_penalty(9), pool_of(0, 0, 0, 0));
    }
}
