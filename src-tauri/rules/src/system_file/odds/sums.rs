//! A sum of independent values by convolution: when a let or the value is a sum of parts
//! (`@attack - @defence`, `2 * @a + @b + 3`, `@h_total + min(@s_six, @s_keep)`) and each part
//! reads the values of one independent group, each group's part is worked out over its own
//! states and the distributions of the parts are added, pair by pair: `|A| × |B|` steps for
//! two groups of `|A|` and `|B|` states, where reading every combination of their lets would
//! evaluate the whole expression `|A| × |B|` times and hash each result.

use crate::dist::Dist;
use crate::notation::Formula;
use crate::RulesError;

use super::groups::{Group, Work};

/// The largest a part's terms may add up to in size: below it no step of the expression,
/// in whatever order it adds its parts, passes `i64`, so the sum read part by part is what the
/// expression reads (its arithmetic saturates).
const MOST_MAGNITUDE: i128 = 1 << 60;

/// The most values a sum is spread over and still added in an array (8 MB of chances).
const MOST_DENSE: i64 = 1 << 20;

/// The distribution of `formula` over the independent `groups` (every value it reads is in
/// one of them), or `None` when it is no sum of parts each reading one group, a part cannot be
/// read (a division by 0: the caller reads every combination, and refuses it with its values)
/// or its sizes could pass `i64`. `slots` is scratch.
pub(super) fn convolved(
    groups: &[&Group],
    formula: &Formula,
    slots: &mut [i64],
    work: &mut Work,
) -> Result<Option<Vec<(i64, f64)>>, RulesError> {
    let mut constant: i128 = 0;
    let mut parts: Vec<Vec<(i64, Formula)>> = vec![Vec::new(); groups.len()];
    for (k, part) in formula.summands() {
        let reads = part.slots();
        if reads.is_empty() {
            let Some(value) = part.certain() else {
                return Ok(None);
            };
            constant += i128::from(k) * i128::from(value);
            continue;
        }
        let owners: Vec<usize> = (0..groups.len())
            .filter(|&g| groups[g].live.iter().any(|s| reads.contains(s)))
            .collect();
        match owners.as_slice() {
            [g] => parts[*g].push((k, part)),
            _ => return Ok(None),
        }
    }
    let mut largest: i128 = constant.abs();
    let mut each: Vec<Vec<(i64, f64)>> = Vec::with_capacity(groups.len());
    for (group, parts) in groups.iter().zip(&parts) {
        work.take(group.states.len())?;
        let Some((dist, most)) = part_of(group, parts, slots) else {
            return Ok(None);
        };
        largest += most;
        each.push(dist);
    }
    if largest > MOST_MAGNITUDE {
        return Ok(None);
    }
    let mut sum = vec![(constant as i64, 1.0)];
    for dist in &each {
        work.take(sum.len().saturating_mul(dist.len()))?;
        sum = add(&sum, dist);
    }
    Ok(Some(sum))
}

/// The distribution of one group's part (`parts` added, each times its multiple) over the
/// group's states, ascending, and the largest size its terms reach; `None` if one cannot be
/// read or its size passes the bound.
fn part_of(
    group: &Group,
    parts: &[(i64, Formula)],
    slots: &mut [i64],
) -> Option<(Vec<(i64, f64)>, i128)> {
    let mut dist: Vec<(i64, f64)> = Vec::with_capacity(group.len());
    let mut most: i128 = 0;
    for e in 0..group.len() {
        let p = group.write(e, slots);
        let (mut value, mut size) = (0i128, 0i128);
        for (k, part) in parts {
            let term = i128::from(*k) * i128::from(part.eval(slots).ok()?);
            value += term;
            size += term.abs();
        }
        if size > MOST_MAGNITUDE {
            return None;
        }
        most = most.max(size);
        dist.push((value as i64, p));
    }
    Some((merged(dist), most))
}

/// The distribution of `x + y`, `x` and `y` independent (each ascending, distinct values),
/// ascending: in an array by [`Dist::add`] when the values are dense enough and every chance
/// is far from 0 (so a value met has a chance above 0), else value by value.
pub(super) fn add(x: &[(i64, f64)], y: &[(i64, f64)]) -> Vec<(i64, f64)> {
    if let (Some(a), Some(b)) = (dense(x), dense(y)) {
        return a.add(&b).iter().filter(|&(_, p)| p > 0.0).collect();
    }
    let mut sums: Vec<(i64, f64)> = Vec::with_capacity(x.len() * y.len());
    for &(a, p) in x {
        for &(b, q) in y {
            sums.push((a + b, p * q));
        }
    }
    merged(sums)
}

/// `values` as a [`Dist`], when it fills at least a quarter of its span and no chance is so
/// small that a product of two could come to 0.
fn dense(values: &[(i64, f64)]) -> Option<Dist> {
    let (&(low, _), &(high, _)) = (values.first()?, values.last()?);
    let span = high - low + 1;
    if span > MOST_DENSE || span > 4 * values.len() as i64 {
        return None;
    }
    if values.iter().any(|&(_, p)| p < 1e-150) {
        return None;
    }
    Some(Dist::from_values(values))
}

/// Equal values added together, ascending.
pub(super) fn merged(mut items: Vec<(i64, f64)>) -> Vec<(i64, f64)> {
    items.sort_by_key(|&(v, _)| v);
    let mut out: Vec<(i64, f64)> = Vec::with_capacity(items.len());
    for (v, p) in items {
        match out.last_mut() {
            Some((last, total)) if *last == v => *total += p,
            _ => out.push((v, p)),
        }
    }
    out
}
