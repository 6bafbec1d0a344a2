//! What the stunt kinds share: the dice group of one throw of 2d6, and the odds of a roll that
//! only succeeds or fails.

use crate::answer::Keyed;

use crate::answer::{DiceGroup, DieState, Odds};

pub(super) fn throw_group(label: String, a: u32, b: u32) -> DiceGroup {
    let mut group = DiceGroup::new(label);
    group.push(a, 6, DieState::Kept);
    group.push(b, 6, DieState::Kept);
    group
}

pub(super) fn success_failure(p_success: f64) -> Odds {
    let outcomes = Keyed::from_iter([
        ("success".to_string(), p_success),
        ("failure".to_string(), 1.0 - p_success),
    ]);
    Odds::from_outcomes(outcomes, &["success"])
}
