//! What every Universe kind shares: the natural d20 (with advantage) and 2d6 it rolls, the
//! skill total, and how a pass/fail roll reads.

use crate::answer::Keyed;

use crate::answer::{DiceGroup, DieState, Odds};
use crate::spec::BoolField;
use crate::systems::shared::d6_sum;
use crate::tray::Tray;
use crate::Dist;

pub(super) fn outcomes_of(keys: &[&str]) -> Keyed {
    keys.iter().map(|k| (k.to_string(), 0.0)).collect()
}

/// Odds of a pass/fail roll from the two probabilities, each summed from its own outcomes (not
/// one as `1 - other`, which can dip below 0 by a rounding step).
pub(super) fn pass_fail(success: f64, failure: f64) -> Odds {
    let mut outcomes = outcomes_of(&["success", "failure"]);
    outcomes["success"] = success;
    outcomes["failure"] = failure;
    Odds::from_outcomes(outcomes, &["success"])
}

/// Rolls the natural d20 (two with advantage, the higher kept) into a group.
pub(super) fn roll_d20(tray: &mut Tray, advantage: bool) -> (u32, DiceGroup) {
    let mut group = DiceGroup::new(if advantage {
        "d20 with advantage"
    } else {
        "d20"
    });
    let first = tray.roll(20);
    if !advantage {
        group.push(first, 20, DieState::Kept);
        return (first, group);
    }
    let second = tray.roll(20);
    let kept = first.max(second);
    // The first die is kept on a tie, so exactly one die is marked kept.
    let (s1, s2) = if first >= second {
        (DieState::Kept, DieState::Dropped)
    } else {
        (DieState::Dropped, DieState::Kept)
    };
    group.push(first, 20, s1);
    group.push(second, 20, s2);
    (kept, group)
}

pub(super) fn roll_2d6(tray: &mut Tray, label: &str) -> (i64, DiceGroup) {
    let (a, b) = (tray.roll(6), tray.roll(6));
    let mut group = DiceGroup::new(label);
    group.push(a, 6, DieState::Kept);
    group.push(b, 6, DieState::Kept);
    (i64::from(a + b), group)
}

pub(super) fn pass(success: bool) -> &'static str {
    if success {
        "success"
    } else {
        "failure"
    }
}

/// The total of a skill check: 2d6 + level.
pub(super) fn skill_total(level: i64) -> Dist {
    d6_sum(2).shift(level)
}

pub(super) const ADVANTAGE: BoolField = BoolField {
    name: "advantage",
    label: "Advantage",
    help: "Roll two d20 and keep the higher (a completely unguarded target gives advantage).",
    default: false,
};
