//! The 64 Bit Heroes Marks dice (RULES.md section 4): keep-highest pools of d6 and d10, Marks on
//! 5+, kept 1s cancel Marks, 6s (d6) and 9–10s (d10) roll again without end; one sub-pool's
//! exact Marks, a whole pool's, and its roll.
//!
//! The odds count faces by class (roll-again, plain Mark, blank, 1) with multinomial weights:
//! a 60-die pool is about 40,000 class counts, not 6^60 faces.

use crate::answer::{DiceGroup, DieState};
use crate::tray::Tray;
use crate::{reroll_chain, Dist, TAIL_CUTOFF};

/// A Marks die: faces `mark_from..` score a Mark, faces `again_from..` also roll again.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MarkDie {
    pub sides: u32,
    pub mark_from: u32,
    pub again_from: u32,
}

/// Human dice: d6, Mark on 5+, roll again on 6.
pub(crate) const HUMAN: MarkDie = MarkDie {
    sides: 6,
    mark_from: 5,
    again_from: 6,
};
/// Super dice: d10, Mark on 5+, roll again on 9–10.
pub(crate) const SUPER: MarkDie = MarkDie {
    sides: 10,
    mark_from: 5,
    again_from: 9,
};

impl MarkDie {
    /// Probabilities of the face classes, highest first: roll-again, plain Mark, blank, 1.
    fn class_probs(self) -> [f64; 4] {
        let s = f64::from(self.sides);
        [
            f64::from(self.sides - self.again_from + 1) / s,
            f64::from(self.again_from - self.mark_from) / s,
            f64::from(self.mark_from - 2) / s,
            1.0 / s,
        ]
    }

    /// Extra Marks from one uncancelled roll-again die (**[ruling]** without limit; 1s on
    /// re-rolls cancel nothing).
    fn chain(self) -> Dist {
        let [again, mark, _, _] = self.class_probs();
        reroll_chain(mark, again)
    }
}

/// From the class counts of a whole sub-pool, what the best `keep` dice score before re-rolls:
/// `(uncancelled roll-again dice, Marks)`. Kept 1s cancel the lowest Marks first (**[ruling]**).
pub(super) fn kept_marks(counts: [usize; 4], keep: usize) -> (usize, usize) {
    let [again, mark, blank, one] = counts;
    let kept_again = again.min(keep);
    let kept_mark = mark.min(keep - kept_again);
    let kept_blank = blank.min(keep - kept_again - kept_mark);
    let kept_one = one.min(keep - kept_again - kept_mark - kept_blank);
    let cancel_mark = kept_one.min(kept_mark);
    let cancel_again = (kept_one - cancel_mark).min(kept_again);
    let again_left = kept_again - cancel_again;
    (again_left, again_left + kept_mark - cancel_mark)
}

/// The exact distribution of Marks from rolling `rolled` dice and keeping the best `keep`.
pub(crate) fn sub_pool_marks(die: MarkDie, rolled: usize, keep: usize) -> Dist {
    let keep = keep.min(rolled);
    if keep == 0 {
        return Dist::point(0);
    }
    let probs = die.class_probs();
    let powers: Vec<Vec<f64>> = probs
        .iter()
        .map(|&p| (0..=rolled).map(|k| p.powi(k as i32)).collect())
        .collect();
    let factorial: Vec<f64> = (0..=rolled)
        .scan(1.0, |acc, k| {
            if k > 0 {
                *acc *= k as f64;
            }
            Some(*acc)
        })
        .collect();
    // by_again[t][m]: P(t uncancelled roll-again dice and m Marks before re-rolls).
    let mut by_again = vec![vec![0.0; keep + 1]; keep + 1];
    for a in 0..=rolled {
        for m in 0..=rolled - a {
            for o in 0..=rolled - a - m {
                let b = rolled - a - m - o;
                let ways =
                    factorial[rolled] / (factorial[a] * factorial[m] * factorial[b] * factorial[o]);
                let p = ways * powers[0][a] * powers[1][m] * powers[2][b] * powers[3][o];
                let (t, marks) = kept_marks([a, m, b, o], keep);
                by_again[t][marks] += p;
            }
        }
    }
    // Add t independent re-roll chains to the rows with t roll-again dice.
    let chain = die.chain();
    let mut chains = Dist::point(0);
    let mut parts = Vec::new();
    for row in by_again {
        let weight: f64 = row.iter().sum();
        if weight > 0.0 {
            let before = Dist::from_probs(0, row.iter().map(|p| p / weight).collect());
            parts.push((weight, before.add(&chains)));
        }
        chains = chains.add(&chain).fold_tail(TAIL_CUTOFF);
    }
    Dist::mixture(parts.iter().map(|(w, d)| (*w, d))).fold_tail(TAIL_CUTOFF)
}

// ---------------------------------------------------------------------------------------------
// A whole pool

/// The four kinds of dice of a pool after penalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PoolDice {
    pub attribute: i64,
    pub skill: i64,
    pub super_dice: i64,
    pub super_skill: i64,
}

impl PoolDice {
    /// Removes `penalty` dice one at a time in the **[ruling]** order: human skill, human
    /// attribute, super skill, super dice. Attribute dice removed lower the keep count.
    pub fn after_penalty(self, penalty: i64) -> Self {
        let mut left = penalty;
        let mut take = |dice: i64| {
            let removed = dice.min(left);
            left -= removed;
            dice - removed
        };
        let skill = take(self.skill);
        let attribute = take(self.attribute);
        let super_skill = take(self.super_skill);
        let super_dice = take(self.super_dice);
        Self {
            attribute,
            skill,
            super_dice,
            super_skill,
        }
    }

    /// The exact distribution of total Marks.
    pub fn marks(self) -> Dist {
        let human = sub_pool_marks(
            HUMAN,
            (self.attribute + self.skill) as usize,
            self.attribute as usize,
        );
        let super_marks = sub_pool_marks(
            SUPER,
            (self.super_dice + self.super_skill) as usize,
            self.super_dice as usize,
        );
        human.add(&super_marks).fold_tail(TAIL_CUTOFF)
    }

    /// Rolls the pool: total Marks and the dice groups.
    pub fn roll(self, tray: &mut Tray, side: &str) -> (i64, Vec<DiceGroup>) {
        let mut groups = Vec::new();
        let human = roll_sub_pool(
            tray,
            HUMAN,
            self.attribute + self.skill,
            self.attribute,
            &format!("{side}human"),
            &mut groups,
        );
        let super_marks = roll_sub_pool(
            tray,
            SUPER,
            self.super_dice + self.super_skill,
            self.super_dice,
            &format!("{side}super"),
            &mut groups,
        );
        (human + super_marks, groups)
    }

    pub(super) fn describe(self) -> String {
        let mut parts = vec![format!(
            "{}d6 keep {}",
            self.attribute + self.skill,
            self.attribute
        )];
        if self.super_dice + self.super_skill > 0 {
            parts.push(format!(
                "{}d10 keep {}",
                self.super_dice + self.super_skill,
                self.super_dice
            ));
        }
        parts.join(" + ")
    }
}

/// Rolls one sub-pool with real dice, marking kept, dropped, cancelled and exploded dice.
fn roll_sub_pool(
    tray: &mut Tray,
    die: MarkDie,
    rolled: i64,
    keep: i64,
    label: &str,
    groups: &mut Vec<DiceGroup>,
) -> i64 {
    if rolled == 0 {
        return 0;
    }
    tray.aim(label);
    let faces = tray.roll_many(rolled as usize, die.sides);
    let mut order: Vec<usize> = (0..faces.len()).collect();
    order.sort_by(|&i, &j| faces[j].cmp(&faces[i]));
    let mut states = vec![DieState::Dropped; faces.len()];
    let kept = &order[..keep as usize];
    kept.iter().for_each(|&i| states[i] = DieState::Kept);
    // Lowest Marks first, so 1s cancel 5s before 6s.
    let mut marks: Vec<usize> = kept
        .iter()
        .copied()
        .filter(|&i| faces[i] >= die.mark_from)
        .collect();
    marks.sort_by_key(|&i| faces[i]);
    let ones = kept.iter().copied().filter(|&i| faces[i] == 1);
    let mut cancelled = 0;
    for one in ones {
        let Some(&mark) = marks.get(cancelled) else {
            break;
        };
        states[mark] = DieState::Cancelled;
        states[one] = DieState::Cancels;
        cancelled += 1;
    }
    let standing = &marks[cancelled..];
    let mut total = standing.len() as i64;
    let mut bonus = DiceGroup::new(format!("{label} roll-agains"));
    for &i in standing.iter().filter(|&&i| faces[i] >= die.again_from) {
        states[i] = DieState::Exploded;
        loop {
            let face = tray.roll_earned(die.sides, "a roll-again, roll it once more");
            bonus.push(face, die.sides, DieState::Bonus);
            if face >= die.mark_from {
                total += 1;
            }
            if face < die.again_from {
                break;
            }
        }
    }
    let mut group = DiceGroup::new(format!("{label} d{} (keep {keep})", die.sides));
    for (&face, &state) in faces.iter().zip(&states) {
        group.push(face, die.sides, state);
    }
    groups.push(group);
    if !bonus.dice.is_empty() {
        groups.push(bonus);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
