//! The order of a roll's outcomes from worst to best, by which a roll's luck is read
//! (`standing`): the general rule, and the rule of answers that list their successes best first.

use crate::answer::Odds;

/// The outcomes worst first by the general rule: numbers upwards when every outcome is a
/// number; else the failing outcomes before the succeeding ones, each in the answer's order.
/// (A kind whose answer lists its successes best first says so itself:
/// `RollRequest::outcomes_worst_first`.)
pub fn order(odds: &Odds) -> Vec<&str> {
    let keys: Vec<&str> = odds.outcomes.keys().map(String::as_str).collect();
    let numbers: Option<Vec<i64>> = keys.iter().map(|k| k.parse().ok()).collect();
    if let Some(numbers) = numbers {
        let mut pairs: Vec<(i64, &str)> = numbers.into_iter().zip(keys).collect();
        pairs.sort_by_key(|&(n, _)| n);
        return pairs.into_iter().map(|(_, k)| k).collect();
    }
    let succeeds = |k: &&str| odds.succeeding.iter().any(|s| s == k);
    let (good, mut worst_first): (Vec<&str>, Vec<&str>) = keys.into_iter().partition(succeeds);
    worst_first.extend(good);
    worst_first
}

/// The failing outcomes in the answer's order, then the succeeding ones reversed: for answers
/// that list their successes best first (a universe save's `fate` before `success` before the
/// `spend_N` bought dearer and dearer; a marks extended task completing on step 1 before step 2).
pub(crate) fn successes_best_first(odds: &Odds) -> Vec<&str> {
    let succeeds = |k: &&str| odds.succeeding.iter().any(|s| s == k);
    let keys = odds.outcomes.keys().map(String::as_str);
    let (mut good, mut worst_first): (Vec<&str>, Vec<&str>) = keys.partition(succeeds);
    good.reverse();
    worst_first.extend(good);
    worst_first
}
