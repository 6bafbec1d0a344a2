//! Small pieces several systems use: numeric outcome maps and the common dice.

use crate::answer::Keyed;

use crate::answer::Odds;
use crate::Dist;

/// Odds whose outcome is a number: success is P(value >= `at_least`), and the mean is given.
pub(crate) fn numeric_odds(dist: &Dist, at_least: i64) -> Odds {
    spread_numeric_odds(dist.iter(), at_least)
}

/// [`numeric_odds`] of values that may lie far apart (`d2*1000000`), given as each value with
/// its chance, ascending, rather than one slot per integer between. The outcomes are keyed by
/// the value as a string (`"0"`, `"1"`, ...), zeros left out.
pub(crate) fn spread_numeric_odds(
    outcomes: impl Iterator<Item = (i64, f64)> + Clone,
    at_least: i64,
) -> Odds {
    // A fold from +0.0: `sum()` of no terms is -0.0, which JSON shows as `-0.0`.
    let success = outcomes
        .clone()
        .filter(|&(v, _)| v >= at_least)
        .fold(0.0, |total, (_, p)| total + p);
    let mean = Some(outcomes.clone().map(|(v, p)| v as f64 * p).sum());
    let shown = outcomes.filter(|&(_, p)| p > 0.0);
    // Sized first: collected from a filter, the map would grow (and rehash) as it filled.
    let mut keyed = Keyed::with_capacity_and_hasher(shown.clone().count(), Default::default());
    // itoa, not `to_string`: the formatter's machinery cost more than the digits (a batch of
    // dice notation makes thousands of these keys).
    let mut digits = itoa::Buffer::new();
    keyed.extend(shown.map(|(v, p)| (digits.format(v).to_owned(), p)));
    Odds {
        success,
        mean,
        outcomes: keyed,
        events: Keyed::default(),
        target: Some(at_least),
        succeeding: Vec::new(),
    }
}

/// The natural face of a d20, or of the higher of two with advantage.
pub(crate) fn d20_natural(advantage: bool) -> Dist {
    if !advantage {
        return Dist::die(20);
    }
    // P(max of two = k) = (k² - (k-1)²) / 400 = (2k - 1) / 400.
    Dist::from_probs(1, (1..=20).map(|k| (2 * k - 1) as f64 / 400.0).collect())
}

/// The sum of `n` six-sided dice.
pub(crate) fn d6_sum(n: i64) -> Dist {
    Dist::die(6).sum_of(n as u32)
}

/// "1 die", "3 dice".
pub(crate) fn dice_word(n: i64) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

/// "1 double", "3 doubles".
pub(crate) fn counted_word(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Outcomes over fixed keys from a tally by index (cheaper than a map lookup per face).
pub(crate) fn keyed_outcomes(keys: &[&str], tally: &[f64]) -> Keyed {
    keys.iter()
        .zip(tally)
        .map(|(k, &p)| (k.to_string(), p))
        .collect()
}
