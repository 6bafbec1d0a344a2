//! A file roll kind's exact odds: each let's distribution worked out once, then every
//! combination of their values read together, its chance the product of theirs.

use std::collections::BTreeMap;

use crate::answer::Odds;
use crate::system_file::model::{Reading, RollKind};
use crate::systems::shared::spread_numeric_odds;
use crate::RulesError;

use super::frontier;
use super::named::NamedTally;
use super::pool_stats::Support;
use super::ready::{Prepared, Ready};

/// The most combinations of the lets' values one kind's odds read (the product of their
/// supports), each a few evaluations of its reading. Two sides of 60 d12 that explode once
/// (`file-d12`'s opposed roll, 1,381 totals each) take 1,907,161.
pub const MAX_COMBINATIONS: usize = 2_000_000;

/// The exact odds of `kind` with `values` (its fields' [`RollKind::values`] and any names the
/// caller adds): outcomes, success, and each event's chance.
pub fn odds(kind: &RollKind, values: &BTreeMap<String, i64>) -> Result<Odds, RulesError> {
    let mut ready = Ready::new(kind, values)?;
    let mut tally = Tally::new(kind, &ready);
    match fixed_supports(&ready) {
        Some(supports) => {
            bound(&ready, &supports)?;
            // An odometer over the supports: `at[i]` the place in let i's support.
            let mut at = vec![0usize; supports.len()];
            loop {
                let mut p = 1.0;
                for ((l, support), &i) in ready.lets.iter().zip(&supports).zip(&at) {
                    let w = support.width;
                    let slot = l.slot();
                    ready.slots[slot..slot + w]
                        .copy_from_slice(&support.values[i * w..(i + 1) * w]);
                    p *= support.probs[i];
                }
                tally.add(kind, &mut ready, p)?;
                if !advance(&mut at, &supports) {
                    break;
                }
            }
        }
        None => {
            let expanded = frontier::expand(&mut ready, MAX_COMBINATIONS)?;
            for (state, p) in expanded.states {
                for (s, v) in expanded.live.iter().zip(&state) {
                    ready.slots[*s] = *v;
                }
                tally.add(kind, &mut ready, p)?;
            }
        }
    }
    tally.finish(kind, &mut ready)
}

/// Each let's distribution, when none reads another (else `None`: the frontier works them
/// out in order).
fn fixed_supports(ready: &Ready) -> Option<Vec<Support>> {
    ready
        .lets
        .iter()
        .map(|l| match l {
            Prepared::Fixed(l) => Some(l.support()),
            Prepared::Depends(_) | Prepared::Arith { .. } => None,
        })
        .collect()
}

/// What the combinations read as, summed: each value's chance (a number, or a named reading
/// read by value), each named outcome's, each event's.
struct Tally {
    named: NamedTally,
    numbers: Vec<(i64, f64)>,
    event_chance: Vec<f64>,
    by_value: Option<usize>,
}

impl Tally {
    fn new(kind: &RollKind, ready: &Ready) -> Self {
        Self {
            named: NamedTally::new(match &kind.reading {
                Reading::Named { outcomes, .. } => outcomes,
                Reading::Number { .. } => &[],
            }),
            numbers: Vec::new(),
            event_chance: vec![0.0; ready.reading.events()],
            by_value: ready.reading.by_value(),
        }
    }

    /// Reads the lets' values now in `ready`'s slots, with chance `p`.
    fn add(&mut self, kind: &RollKind, ready: &mut Ready, p: f64) -> Result<(), RulesError> {
        if self.by_value.is_some() {
            // The outcomes and events read only `@value`: read each value once, at the end.
            let v = ready
                .reading
                .value(&mut ready.slots)
                .map_err(|why| ready.refused(why))?;
            self.numbers.push((v, p));
            return Ok(());
        }
        let read = match ready.reading.read(&mut ready.slots) {
            Ok(read) => read,
            Err(why) => return Err(ready.refused(why)),
        };
        match (&kind.reading, read.value) {
            (Reading::Number { .. }, Some(v)) => self.numbers.push((v, p)),
            _ => {
                let numbers = ready
                    .reading
                    .spell(read.outcome, &ready.slots)
                    .map_err(|why| ready.refused(why))?;
                self.named.add(read.outcome, numbers, p);
            }
        }
        for (e, chance) in self.event_chance.iter_mut().enumerate() {
            match ready.reading.event(e, &ready.slots) {
                Ok(true) => *chance += p,
                Ok(false) => {}
                Err(why) => return Err(ready.refused(why)),
            }
        }
        Ok(())
    }

    fn finish(mut self, kind: &RollKind, ready: &mut Ready) -> Result<Odds, RulesError> {
        if let Some(slot) = self.by_value {
            for (v, p) in merged(std::mem::take(&mut self.numbers)) {
                ready.slots[slot] = v;
                let refused = |why| ready.refused_at_value(why, v);
                let outcome = ready.reading.outcome(&ready.slots).map_err(refused)?;
                let numbers = ready
                    .reading
                    .spell(outcome, &ready.slots)
                    .map_err(refused)?;
                self.named.add(outcome, numbers, p);
                for (e, chance) in self.event_chance.iter_mut().enumerate() {
                    if ready.reading.event(e, &ready.slots).map_err(refused)? {
                        *chance += p;
                    }
                }
            }
        }
        let mut odds = match ready.reading.target() {
            Some(target) => spread_numeric_odds(merged(self.numbers).into_iter(), target),
            None => self.named.odds()?,
        };
        odds.events = kind
            .events
            .iter()
            .zip(self.event_chance)
            .map(|(e, p)| (e.name.clone(), p))
            .collect();
        Ok(odds)
    }
}

/// How many combinations of its lets' values `kind` reads with `values`: the request checked
/// (names, counts, the notation's own bounds and [`MAX_COMBINATIONS`]) without reading any.
/// Lets that read one another are worked out to count them (the frontier's steps).
pub fn combinations(kind: &RollKind, values: &BTreeMap<String, i64>) -> Result<usize, RulesError> {
    let mut ready = Ready::new(kind, values)?;
    match fixed_supports(&ready) {
        Some(supports) => {
            bound(&ready, &supports)?;
            Ok(supports.iter().map(Support::len).product())
        }
        None => Ok(frontier::expand(&mut ready, MAX_COMBINATIONS)?.steps),
    }
}

/// Refuses a kind whose lets together take more than [`MAX_COMBINATIONS`], before reading any.
fn bound(ready: &Ready, supports: &[Support]) -> Result<(), RulesError> {
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

/// The next combination, the last let turning fastest; false after the last.
fn advance(at: &mut [usize], supports: &[Support]) -> bool {
    for i in (0..at.len()).rev() {
        at[i] += 1;
        if at[i] < supports[i].len() {
            return true;
        }
        at[i] = 0;
    }
    false
}

/// Equal values added together, ascending.
fn merged(mut items: Vec<(i64, f64)>) -> Vec<(i64, f64)> {
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
