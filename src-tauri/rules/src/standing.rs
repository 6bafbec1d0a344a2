//! How lucky the dice were: where a roll's outcome stood in its exact distribution, and whether
//! a run of rolls strays further from the middle than fair dice would.
//!
//! A roll's **mid-rank percentile** is P(a worse outcome) + ½·P(its own outcome). Under fair
//! dice it averages exactly ½ whatever the distribution, with variance (1 − Σp³)/12 (p over
//! the outcomes; `tests/standing.rs` checks both against enumeration of the dice), so rolls of
//! any kinds add up into one test: the sum of n percentiles against n/2, in units of the square
//! root of the summed variances.

use serde::{Deserialize, Serialize};

use crate::answer::Odds;
use crate::request::RollRequest;

/// A run is called hot or cold when fair dice stray as far less often than 1 time in 20.
pub const UNUSUAL: f64 = 0.05;

/// The fewest rolls a run is called hot or cold on; below it the verdict is "too few rolls to
/// judge". Under fair dice each roll's percentile lies in 0..1 around ½, so Hoeffding's bound
/// holds whatever the dice: a run of n strays from ½ by t or more at most 2·e^(−2nt²) of the
/// time. The furthest a run can stray is t = ½, where the bound is 2·e^(−n/2): over 1 in 20
/// ([`UNUSUAL`]) up to n = 7 (2·e^(−3.5) ≈ 0.06), under from n = 8 (2·e^(−4) ≈ 0.037). Below 8
/// rolls no run, however extreme, can be shown unusual without leaning wholly on the normal
/// approximation of the z-test, which a handful of lumpy rolls do not meet: one natural 1 on a
/// d20 attack read "cold" (issue 27).
pub const MIN_ROLLS_JUDGED: usize = 8;

/// How many tenths a run's percentiles are counted in (the luck chart's bars).
pub const TENTHS: usize = 10;

/// Where one roll stood in its exact distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The mid-rank percentile, 0 to 1: P(a worse outcome) + ½·P(this outcome).
    pub percentile: f64,
    /// The percentile's variance under fair dice: (1 − Σp³)/12.
    pub variance: f64,
    /// P(the percentile falls in each tenth) under fair dice: the chart's line, flat for a
    /// roll of many outcomes, lumpy for a pass/fail one.
    pub fair_tenths: [f64; TENTHS],
}

pub use crate::outcome_order::order;

/// Where `outcome` stands among outcomes listed worst first; `None` for an outcome the answer
/// does not have (a roll logged under house rules since changed).
pub fn standing_in(odds: &Odds, worst_first: &[&str], outcome: &str) -> Option<Standing> {
    let p = |key: &str| odds.outcomes.get(key).copied().unwrap_or(0.0).max(0.0);
    let total: f64 = worst_first.iter().map(|k| p(k)).sum();
    if !worst_first.contains(&outcome) || total <= 0.0 {
        return None;
    }
    let mut below = 0.0;
    let mut found = None;
    let mut cubes = 0.0;
    let mut fair_tenths = [0.0; TENTHS];
    for key in worst_first {
        let share = p(key) / total;
        let mid = below + share / 2.0;
        if *key == outcome {
            found = Some(mid);
        }
        cubes += share.powi(3);
        fair_tenths[tenth(mid)] += share;
        below += share;
    }
    Some(Standing {
        percentile: found?,
        variance: ((1.0 - cubes) / 12.0).max(0.0),
        fair_tenths,
    })
}

/// Where `outcome` of `request` stands in `odds` (the request's exact odds).
pub fn standing(request: &RollRequest, odds: &Odds, outcome: &str) -> Option<Standing> {
    standing_in(odds, &request.outcomes_worst_first(odds), outcome)
}

/// Which tenth (0 to 9) a percentile is counted in.
pub fn tenth(percentile: f64) -> usize {
    ((percentile * TENTHS as f64).floor().max(0.0) as usize).min(TENTHS - 1)
}

/// How a run of rolls went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Higher than fair dice give, by more than happens 1 time in 20.
    Hot,
    /// Lower, by as much.
    Cold,
    /// Within what fair dice do (or nothing to judge).
    Fair,
    /// Fewer than [`MIN_ROLLS_JUDGED`] rolls: too few to judge.
    TooFew,
}

/// The judgement of a run of rolls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Luck {
    pub rolls: usize,
    /// The mean percentile (½ for fair dice in the long run); `null` with no rolls.
    pub mean: Option<f64>,
    /// How far the sum of percentiles is from n/2, in standard deviations of fair dice; `null`
    /// when there is nothing to judge (no rolls, or only rolls that could go one way).
    pub z: Option<f64>,
    /// How often fair dice stray at least as far either way (two-sided normal tail).
    pub chance: Option<f64>,
    pub verdict: Verdict,
    /// The verdict in plain words: "The dice ran hot: fair dice do this about 1 time in 40."
    pub words: String,
    /// How many percentiles fell in each tenth, 0–10% first.
    pub tenths: Vec<u32>,
    /// How many fair dice would put in each tenth on average (flat for fine-grained rolls).
    pub fair_tenths: Vec<f64>,
}

/// Judges a run of rolls by their standings.
pub fn luck_of<'a>(standings: impl IntoIterator<Item = &'a Standing>) -> Luck {
    let mut rolls = 0;
    let (mut sum, mut variance) = (0.0, 0.0);
    let mut tenths = vec![0u32; TENTHS];
    let mut fair_tenths = vec![0.0; TENTHS];
    for s in standings {
        rolls += 1;
        sum += s.percentile;
        variance += s.variance;
        tenths[tenth(s.percentile)] += 1;
        for (fair, p) in fair_tenths.iter_mut().zip(s.fair_tenths) {
            *fair += p;
        }
    }
    let mean = (rolls > 0).then(|| sum / rolls as f64);
    let z = (variance > 0.0).then(|| (sum - rolls as f64 / 2.0) / variance.sqrt());
    let chance = z.map(|z| libm::erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0));
    let verdict = match (z, chance) {
        (Some(_), Some(_)) if rolls < MIN_ROLLS_JUDGED => Verdict::TooFew,
        (Some(z), Some(c)) if c < UNUSUAL && z > 0.0 => Verdict::Hot,
        (Some(_), Some(c)) if c < UNUSUAL => Verdict::Cold,
        _ => Verdict::Fair,
    };
    Luck {
        rolls,
        mean,
        z,
        chance,
        verdict,
        words: words(rolls, verdict, chance),
        tenths,
        fair_tenths,
    }
}

fn words(rolls: usize, verdict: Verdict, chance: Option<f64>) -> String {
    let Some(chance) = chance else {
        return if rolls == 0 {
            "No rolls to judge.".into()
        } else {
            "Nothing to judge: every roll here could only come out one way.".into()
        };
    };
    match verdict {
        Verdict::TooFew => format!(
            "Too few rolls to judge: {rolls} {}; it takes {MIN_ROLLS_JUDGED} to tell lucky dice \
             from fair ones.",
            if rolls == 1 { "roll" } else { "rolls" }
        ),
        Verdict::Hot => format!("The dice ran hot: fair dice do this {}.", how_often(chance)),
        Verdict::Cold => format!(
            "The dice ran cold: fair dice do this {}.",
            how_often(chance)
        ),
        Verdict::Fair => format!(
            "The dice ran fair: fair dice stray this far {}.",
            how_often(chance)
        ),
    }
}

/// "about 1 time in 40", "about 1 time in 1,200", "less than 1 time in a million", "more often
/// than not".
pub fn how_often(chance: f64) -> String {
    if chance >= 0.5 {
        return "more often than not".into();
    }
    if chance < 1e-6 {
        return "less than 1 time in a million".into();
    }
    let n = 1.0 / chance;
    // Two significant figures: a run's chance is an estimate, not a count.
    let digits = n.log10().floor() as i32;
    let step = 10f64.powi((digits - 1).max(0));
    let rounded = ((n / step).round() * step) as u64;
    format!("about 1 time in {}", thousands(rounded.max(1)))
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn how_often_rounds_to_two_figures() {
        assert_eq!(how_often(0.025), "about 1 time in 40");
        assert_eq!(how_often(1.0 / 1234.0), "about 1 time in 1,200");
        assert_eq!(how_often(0.3), "about 1 time in 3");
        assert_eq!(how_often(1.0 / 99.6), "about 1 time in 100");
        assert_eq!(how_often(1e-9), "less than 1 time in a million");
        assert_eq!(how_often(0.95), "more often than not");
    }

    #[test]
    fn tenths_take_the_ends_in() {
        assert_eq!(tenth(0.0), 0);
        assert_eq!(tenth(0.0999), 0);
        assert_eq!(tenth(0.1), 1);
        assert_eq!(tenth(0.5), 5);
        assert_eq!(tenth(1.0), 9);
    }
}
