//! The fields every d12 kind shares: an ability's ranks, extra dice and Dazed, for one side or
//! the attacker's and the defender's, and their check.

use crate::spec::{check_pool, BoolField, IntField};
use crate::RulesError;

pub(super) const RANKS: IntField = IntField {
    name: "ranks",
    label: "Ranks",
    help: "Ranks in the ability: one more d12 each, and +1 each.",
    min: 0,
    max: 59,
    default: 0,
};
pub(super) const EXTRA: IntField = IntField {
    name: "extra_dice",
    label: "Extra dice",
    help: "Equipment dice (Body Armor, Mental Implant): they roll and explode but add no +1.",
    min: 0,
    max: 59,
    default: 0,
};
pub(super) const DAZED: BoolField = BoolField {
    name: "dazed",
    label: "Dazed",
    help: "One fewer d12 (never below the base die); the +ranks stay.",
    default: false,
};
pub(super) const DIFFICULTY: IntField = IntField {
    name: "difficulty",
    label: "Difficulty",
    help: "Easy 3, Average 6, Hard 12, Formidable 18, Heroic 24, Incredible 30, Ridiculous 36, Impossible 42, God-Like 48.",
    min: 0,
    max: 1000,
    default: 6,
};

pub(super) const fn renamed(field: IntField, name: &'static str, label: &'static str) -> IntField {
    IntField {
        name,
        label,
        ..field
    }
}

pub(super) const A_RANKS: IntField = renamed(RANKS, "attacker_ranks", "Attacker ranks");
pub(super) const A_EXTRA: IntField = renamed(EXTRA, "attacker_extra_dice", "Attacker extra dice");
pub(super) const D_RANKS: IntField = renamed(RANKS, "defender_ranks", "Defender ranks");
pub(super) const D_EXTRA: IntField = renamed(EXTRA, "defender_extra_dice", "Defender extra dice");
pub(super) const A_DAZED: BoolField = BoolField {
    name: "attacker_dazed",
    label: "Attacker dazed",
    ..DAZED
};
pub(super) const D_DAZED: BoolField = BoolField {
    name: "defender_dazed",
    label: "Defender dazed",
    ..DAZED
};

pub(super) fn check_ability(
    prefix: &str,
    ranks: (IntField, i64),
    extra: (IntField, i64),
) -> Result<(), RulesError> {
    ranks.0.check(ranks.1)?;
    extra.0.check(extra.1)?;
    check_pool(
        &format!("{prefix}ranks + {prefix}extra_dice"),
        1 + ranks.1 + extra.1,
    )
}
