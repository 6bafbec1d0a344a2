//! A pool let read several ways at once (`hits` = dice showing 5+, `ones` = dice showing 1,
//! `top` = the highest): the joint distribution of its stats, by dynamic programming over its
//! dice. The state is the stats' values so far; each die moves every state reached by each of
//! its faces, so `n` dice take `n` steps, never a listing of the faces one by one.

use crate::notation::{Comparison, SingleDie};

/// The most states a pool's stats may take together (the product of each stat's range):
/// its distribution is held state by state.
pub const MAX_POOL_STATES: usize = 1_000_000;

/// One stat of a pool, ready to read faces.
#[derive(Debug, Clone, Copy)]
pub(super) enum Stat {
    Sum,
    Highest,
    Lowest,
    Count(Comparison),
}

/// The joint outcomes of a let: `width` values each (a pool's stats; one for a roll), and the
/// chance of each.
#[derive(Debug, Clone, Default)]
pub(super) struct Support {
    pub width: usize,
    pub values: Vec<i64>,
    pub probs: Vec<f64>,
}

impl Support {
    pub fn len(&self) -> usize {
        self.probs.len()
    }

    pub fn of_one(outcomes: Vec<(i64, f64)>) -> Self {
        let (values, probs) = outcomes.into_iter().unzip();
        Self {
            width: 1,
            values,
            probs,
        }
    }
}

/// How each stat is held in a state: a digit in `0..radix`.
struct Layout {
    faces: Vec<i64>,
    /// The lowest sum held (a digit of the sum is its value less this).
    sum_low: i64,
    radix: Vec<usize>,
    stride: Vec<usize>,
}

impl Layout {
    fn new(die: &SingleDie, n: u32, stats: &[Stat]) -> Self {
        let faces: Vec<i64> = die.chances().map(|(v, _)| v).collect();
        let (low, high) = (faces[0], faces[faces.len() - 1]);
        let n = i64::from(n);
        // A partial sum of j dice (1 <= j <= n) lies within j * low..=j * high.
        let sum_low = (n * low).min(low);
        let sum_high = (n * high).max(high);
        let radix: Vec<usize> = stats
            .iter()
            .map(|s| match s {
                Stat::Sum => (sum_high - sum_low + 1) as usize,
                Stat::Highest | Stat::Lowest => faces.len(),
                Stat::Count(_) => n as usize + 1,
            })
            .collect();
        let mut stride = Vec::with_capacity(radix.len());
        let mut size = 1usize;
        for r in &radix {
            stride.push(size);
            size = size.saturating_mul(*r);
        }
        Self {
            faces,
            sum_low,
            radix,
            stride,
        }
    }

    fn states(&self) -> usize {
        self.radix.iter().fold(1usize, |a, r| a.saturating_mul(*r))
    }
}

/// How many states the stats of `n` dice of `die` may take together, known before any is
/// worked out.
pub(super) fn states(die: &SingleDie, n: u32, stats: &[Stat]) -> usize {
    Layout::new(die, n, stats).states()
}

/// The joint distribution of `stats` over `n` dice of `die` (0 dice: every stat 0). The
/// caller has bounded [`states`].
pub(super) fn joint(die: &SingleDie, n: u32, stats: &[Stat]) -> Support {
    let width = stats.len();
    if n == 0 {
        return Support {
            width,
            values: vec![0; width],
            probs: vec![1.0],
        };
    }
    let layout = Layout::new(die, n, stats);
    let chances: Vec<(usize, i64, f64)> = die
        .chances()
        .enumerate()
        .map(|(i, (v, p))| (i, v, p))
        .collect();
    let size = layout.states();
    let mut now = vec![0.0; size];
    let mut live: Vec<usize> = Vec::new();
    let mut digits = vec![0usize; width];
    // The first die sets every stat.
    for &(at, face, p) in &chances {
        for (s, stat) in stats.iter().enumerate() {
            digits[s] = match stat {
                Stat::Sum => (face - layout.sum_low) as usize,
                Stat::Highest | Stat::Lowest => at,
                Stat::Count(cmp) => usize::from(cmp.meets(face)),
            };
        }
        add(&mut now, &mut live, index(&layout, &digits), p);
    }
    // What each face adds to a state's index: a sum's and a count's digits move by the same
    // amount whatever the state; a highest's or a lowest's depends on its digit (`moves`).
    let shifts: Vec<isize> = chances
        .iter()
        .map(|&(_, face, _)| {
            stats
                .iter()
                .zip(&layout.stride)
                .map(|(stat, &stride)| match stat {
                    Stat::Sum => face as isize * stride as isize,
                    Stat::Count(cmp) => isize::from(cmp.meets(face)) * stride as isize,
                    Stat::Highest | Stat::Lowest => 0,
                })
                .sum()
        })
        .collect();
    let ordered: Vec<(usize, bool)> = stats
        .iter()
        .enumerate()
        .filter_map(|(s, stat)| match stat {
            Stat::Highest => Some((s, true)),
            Stat::Lowest => Some((s, false)),
            _ => None,
        })
        .collect();
    let mut next = vec![0.0; size];
    let mut next_live: Vec<usize> = Vec::new();
    for _ in 1..n {
        for &state in &live {
            let p = now[state];
            now[state] = 0.0;
            for (&(at, _, q), &shift) in chances.iter().zip(&shifts) {
                let mut to = state as isize + shift;
                for &(s, highest) in &ordered {
                    let digit = (state / layout.stride[s]) % layout.radix[s];
                    let moved = if highest {
                        digit.max(at)
                    } else {
                        digit.min(at)
                    };
                    to += (moved as isize - digit as isize) * layout.stride[s] as isize;
                }
                add(&mut next, &mut next_live, to as usize, p * q);
            }
        }
        std::mem::swap(&mut now, &mut next);
        std::mem::swap(&mut live, &mut next_live);
        next_live.clear();
    }
    live.sort_unstable();
    live.dedup();
    let mut values = Vec::with_capacity(live.len() * width);
    let mut probs = Vec::with_capacity(live.len());
    for &state in &live {
        for (s, stat) in stats.iter().enumerate() {
            let digit = (state / layout.stride[s]) % layout.radix[s];
            values.push(match stat {
                Stat::Sum => digit as i64 + layout.sum_low,
                Stat::Highest | Stat::Lowest => layout.faces[digit],
                Stat::Count(_) => digit as i64,
            });
        }
        probs.push(now[state]);
    }
    Support {
        width,
        values,
        probs,
    }
}

fn index(layout: &Layout, digits: &[usize]) -> usize {
    digits.iter().zip(&layout.stride).map(|(d, s)| d * s).sum()
}

fn add(table: &mut [f64], live: &mut Vec<usize>, at: usize, p: f64) {
    if p == 0.0 {
        return;
    }
    if table[at] == 0.0 {
        live.push(at);
    }
    table[at] += p;
}

/// The stats of faces rolled (0 dice: every stat 0), as [`joint`] reads them.
pub(super) fn read(faces: &[i64], stats: &[Stat], out: &mut [i64]) {
    for (slot, stat) in out.iter_mut().zip(stats) {
        *slot = match stat {
            Stat::Sum => faces.iter().sum(),
            Stat::Highest => faces.iter().copied().max().unwrap_or(0),
            Stat::Lowest => faces.iter().copied().min().unwrap_or(0),
            Stat::Count(cmp) => faces.iter().filter(|f| cmp.meets(**f)).count() as i64,
        };
    }
}
