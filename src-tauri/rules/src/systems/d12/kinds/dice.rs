//! The d12 with the Natural 12 rule: how many a roll throws, their total's odds, and the seeded
//! roll.

use crate::answer::{DiceGroup, DieState};
use crate::tray::Tray;
use crate::Dist;

/// One d12 with the Natural 12 rule: a 12 is rolled once more and added; a second 12 adds but
/// does not roll again. Values 1..=11 and 13..=24.
fn exploding_d12() -> Dist {
    let mut probs = vec![1.0 / 12.0; 24];
    probs[11] = 0.0;
    for p in &mut probs[12..] {
        *p = 1.0 / 144.0;
    }
    Dist::from_probs(1, probs)
}

/// How many d12 a roll throws: the base die, one per rank, the extra dice, one fewer when
/// Dazed, never below the base die.
pub(super) fn dice_count(ranks: i64, extra: i64, dazed: bool) -> i64 {
    (1 + ranks + extra - i64::from(dazed)).max(1)
}

/// The total of `dice` d12 plus `bonus`.
pub(super) fn total_dist(dice: i64, bonus: i64) -> Dist {
    exploding_d12().sum_of(dice as u32).shift(bonus)
}

/// Rolls `dice` d12 with the Natural 12 rule. Returns (sum, all first faces were natural 1s).
pub(super) fn roll_d12s(tray: &mut Tray, dice: i64, label: String) -> (i64, bool, DiceGroup) {
    let mut group = DiceGroup::new(label);
    let mut sum = 0;
    let mut all_ones = true;
    for _ in 0..dice {
        let face = tray.roll(12);
        all_ones &= face == 1;
        sum += i64::from(face);
        if face == 12 {
            group.push(face, 12, DieState::Exploded);
            let again = tray.roll_earned(12, "the 12 explodes, roll it once more");
            group.push(again, 12, DieState::Bonus);
            sum += i64::from(again);
        } else {
            group.push(face, 12, DieState::Kept);
        }
    }
    (sum, all_ones, group)
}

/// Rolls an ability: returns the total and its dice.
pub(super) fn roll_ability(
    tray: &mut Tray,
    label: &str,
    ranks: i64,
    extra: i64,
    dazed: bool,
) -> (i64, DiceGroup) {
    let dice = dice_count(ranks, extra, dazed);
    tray.aim(label);
    let (sum, _, group) = roll_d12s(tray, dice, format!("{label} {}d12 + {ranks}", dice));
    (sum + ranks, group)
}

pub(super) const NATURAL_12_RULING: &str = "A natural 12 is rolled once more and added; a 12 on that second roll adds but does not roll again.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exploding_die_averages_seven_and_a_bit() {
        // 11 faces 1..11 average 6 at 11/12, plus 12 + 6.5 at 1/12.
        let mean = exploding_d12().mean();
        assert!((mean - (66.0 / 12.0 + 18.5 / 12.0)).abs() < 1e-12);
    }

    #[test]
    fn dazed_never_drops_the_base_die() {
        assert_eq!(dice_count(0, 0, true), 1);
        assert_eq!(dice_count(2, 1, true), 3);
    }
}
