//! A file roll kind's exact odds: each let's distribution worked out once, the lets kept in
//! independent groups ([`frontier`]), then the value's distribution by convolution when it is a
//! sum of them, else every combination of the groups' values read together, its chance the
//! product of theirs.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::answer::Odds;
use crate::system_file::kept::KindLayout;
use crate::system_file::model::RollKind;
use crate::RulesError;

use super::frontier::{self, Expanded};
use super::lets::ReadyLet;
use super::pool_stats::Support;
use super::ready::{Prepared, Ready};
use super::tally::Tally;

/// The most combinations of independent lets' values one kind's odds may take together (the
/// product of their supports), refused before any is read. It bounds the work: a value that
/// is a sum of the lets is worked out by convolution ([`super::sums`], at most one step per
/// combination, each a multiply-add), any other reading reads each combination. Two sides of
/// 60 d12 that explode once (`file-d12`'s opposed roll, 1,381 totals each) take 1,907,161.
/// Lets that read earlier lets are bounded by the frontier's steps, the same number: each state
/// worked out, each pair of states joined, each pair of values added.
pub const MAX_COMBINATIONS: usize = 2_000_000;

/// The exact odds of `kind` with `values` (its fields' [`RollKind::values`] and any names the
/// caller adds): outcomes, success, and each event's chance.
pub fn odds(kind: &RollKind, values: &BTreeMap<String, i64>) -> Result<Odds, RulesError> {
    odds_of(kind, checked(kind, values, None)?)
}

/// A kind made ready for one request's values and held to the bound ([`checked`]): what the
/// check built, kept so that the odds build none of it again (a small kind's preparation,
/// its lets checked and its reading compiled, costs more than its odds).
pub(crate) struct Checked {
    ready: Ready,
    /// Each let's distribution, when the check worked them out to count them exactly.
    supports: Option<Vec<Option<Support>>>,
    /// The lets worked out, when some read others (the check counted the frontier's steps).
    worked: Option<(Expanded, Option<Values>)>,
    /// At most how many combinations of its lets' values the odds read ([`combinations`]).
    pub combinations: usize,
}

/// The exact odds of a kind [`checked`] for its request's values.
pub(crate) fn odds_of(kind: &RollKind, checked: Checked) -> Result<Odds, RulesError> {
    let mut ready = checked.ready;
    let mut tally = Tally::new(kind, &ready);
    let (mut expanded, sum) = match checked.worked {
        Some(worked) => worked,
        None => worked_out(&mut ready, checked.supports)?,
    };
    if let Some(sum) = sum {
        // The value as a sum of the groups: read value by value.
        tally.numbers = sum
            .into_iter()
            .map(|(v, p)| (v, p * expanded.scale))
            .collect();
        return tally.finish(kind, &mut ready);
    }
    // Every combination of the groups' states read, an odometer over them (`at[g]` the place
    // in group g's states, the last turning fastest).
    let groups = std::mem::take(&mut expanded.groups);
    let sizes: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    let mut at = vec![0usize; groups.len()];
    loop {
        let mut p = expanded.scale;
        for (group, &i) in groups.iter().zip(&at) {
            p *= group.write(i, &mut ready.slots);
        }
        tally.add(kind, &mut ready, p)?;
        if !advance(&mut at, &sizes) {
            break;
        }
    }
    tally.finish(kind, &mut ready)
}

/// Values with their chances, ascending.
type Values = Vec<(i64, f64)>;

/// The lets worked out into independent groups, and the value's distribution when it is a sum
/// of them (else the combinations of the groups' states, their number taken as work). Lets
/// that read no other are bounded by [`MAX_COMBINATIONS`] before any work past their
/// distributions; lets that read others by the frontier's steps.
fn worked_out(
    ready: &mut Ready,
    supports: Option<Vec<Option<Support>>>,
) -> Result<(Expanded, Option<Values>), RulesError> {
    let supports = supports.unwrap_or_else(|| self::supports(ready));
    let most = if supports.iter().all(Option::is_some) {
        let each: Vec<&Support> = supports.iter().flatten().collect();
        bound(ready, &each)?;
        usize::MAX
    } else {
        MAX_COMBINATIONS
    };
    let mut expanded = frontier::expand(ready, supports, most)?;
    if let Some(formula) = ready.reading.sum().cloned() {
        let touched = expanded.reading(&formula.slots());
        if touched.len() == expanded.groups.len() {
            if let Some(sum) = expanded.sum(&touched, &formula, &[], &mut ready.slots)? {
                return Ok((expanded, Some(sum)));
            }
        }
    }
    let combinations = expanded
        .groups
        .iter()
        .fold(1usize, |n, g| n.saturating_mul(g.len()));
    expanded.work.take(combinations)?;
    Ok((expanded, None))
}

/// Each let's distribution when it reads no other let (`None` for one that does: the frontier
/// works it out for each value of theirs).
fn supports(ready: &Ready) -> Vec<Option<Support>> {
    ready
        .lets
        .iter()
        .map(|l| match l {
            Prepared::Fixed(l) => Some(l.support()),
            Prepared::Depends(_) | Prepared::Arith { .. } => None,
        })
        .collect()
}

/// At most how many combinations of its lets' values `kind` reads with `values`: the request
/// checked (names, counts, the notation's own bounds and [`MAX_COMBINATIONS`]) without reading
/// any. Lets that read no other are bounded by what each could hold, known before it is worked
/// out; only when that passes the bound are their distributions worked out, to count them
/// exactly. Lets that read one another are worked out to count them (the frontier's steps).
pub fn combinations(kind: &RollKind, values: &BTreeMap<String, i64>) -> Result<usize, RulesError> {
    Ok(checked(kind, values, None)?.combinations)
}

/// [`combinations`], keeping what it built for [`odds_of`]; `layout` the kind's for these
/// values' names when it is kept (else it is laid out here).
pub(crate) fn checked(
    kind: &RollKind,
    values: &BTreeMap<String, i64>,
    layout: Option<Arc<KindLayout>>,
) -> Result<Checked, RulesError> {
    let mut ready = match layout {
        Some(layout) => Ready::laid_out(kind, values, layout)?,
        None => Ready::new(kind, values)?,
    };
    let fixed: Vec<&ReadyLet> = ready
        .lets
        .iter()
        .filter_map(|l| match l {
            Prepared::Fixed(l) => Some(&**l),
            Prepared::Depends(_) | Prepared::Arith { .. } => None,
        })
        .collect();
    if fixed.len() == ready.lets.len() {
        let at_most = fixed
            .iter()
            .fold(1usize, |n, l| n.saturating_mul(l.at_most()));
        if at_most <= MAX_COMBINATIONS {
            return Ok(Checked {
                ready,
                supports: None,
                worked: None,
                combinations: at_most,
            });
        }
        let supports = supports(&ready);
        let each: Vec<&Support> = supports.iter().flatten().collect();
        bound(&ready, &each)?;
        let combinations = each.iter().map(|s| s.len()).product();
        return Ok(Checked {
            ready,
            supports: Some(supports),
            worked: None,
            combinations,
        });
    }
    let worked = worked_out(&mut ready, None)?;
    Ok(Checked {
        combinations: worked.0.work.steps,
        ready,
        supports: None,
        worked: Some(worked),
    })
}

/// Refuses a kind whose lets together take more than [`MAX_COMBINATIONS`], before reading any.
fn bound(ready: &Ready, supports: &[&Support]) -> Result<(), RulesError> {
    let product = supports
        .iter()
        .fold(1usize, |total, s| total.saturating_mul(s.len()));
    if product <= MAX_COMBINATIONS {
        return Ok(());
    }
    let each: Vec<String> = ready
        .lets
        .iter()
        .zip(supports)
        .map(|(l, s)| format!("@{} {}", l.name(), crate::grouped(s.len())))
        .collect();
    Err(RulesError::invalid(
        "lets",
        format!(
            "the lets' values make {} combinations together ({}), past the bound of {}; \
             read fewer or smaller lets",
            crate::grouped(product),
            each.join(" × "),
            crate::grouped(MAX_COMBINATIONS)
        ),
    ))
}

/// The next combination, the last place turning fastest; false after the last.
fn advance(at: &mut [usize], sizes: &[usize]) -> bool {
    for i in (0..at.len()).rev() {
        at[i] += 1;
        if at[i] < sizes[i] {
            return true;
        }
        at[i] = 0;
    }
    false
}
