//! The odds of lets that read earlier lets (`chain = "(@sixes)d6x cs>=5"`): the lets worked
//! out in order over a frontier of the values still to be read, each state a distinct set of
//! them with its chance. A let that reads earlier ones is made ready once for each value of
//! theirs met; after each let the values no later let and no reading reads are summed out, so
//! a pool read as three stats and then reduced to two numbers carries only those on.

use std::collections::BTreeSet;

use indexmap::IndexMap;

use crate::RulesError;

use super::pool_stats::Support;
use super::ready::{Prepared, Ready};

/// The lets worked out: the slots the reading reads, and each set of their values with its
/// chance.
pub(super) struct Expanded {
    pub live: Vec<usize>,
    pub states: Vec<(Vec<i64>, f64)>,
    /// How many (state, value) steps the expansion took: its work, bounded by `most`.
    pub steps: usize,
}

/// Works the lets of `ready` out in order (their values left in its slots as scratch), in at
/// most `most` steps.
pub(super) fn expand(ready: &mut Ready, most: usize) -> Result<Expanded, RulesError> {
    let n = ready.lets.len();
    // What is still read after let i, among the slots written so far.
    let mut kept_after: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut read: BTreeSet<usize> = ready.read_by_reading.iter().copied().collect();
    for i in (0..n).rev() {
        let end = ready.lets.get(i + 1).map_or(usize::MAX, Prepared::slot);
        // A range, not a filter of all: what later lets read may be thousands of slots.
        kept_after[i] = read.range(..end).copied().collect();
        read.extend(ready.lets[i].reads());
    }
    let mut live: Vec<usize> = Vec::new();
    let mut states: Vec<(Vec<i64>, f64)> = vec![(Vec::new(), 1.0)];
    let mut steps = 0usize;
    for (i, kept) in kept_after.iter().enumerate() {
        let fixed = match &ready.lets[i] {
            Prepared::Fixed(l) => Some(l.support()),
            Prepared::Depends(_) | Prepared::Arith { .. } => None,
        };
        if let Prepared::Arith { formula, .. } = &ready.lets[i] {
            // One value per state: its own, worked out from theirs.
            let slot = ready.lets[i].slot();
            let mut next: IndexMap<Vec<i64>, f64> = IndexMap::new();
            for (state, p) in &states {
                for (s, v) in live.iter().zip(state) {
                    ready.slots[*s] = *v;
                }
                ready.slots[slot] = formula.eval(&ready.slots).map_err(|_| {
                    RulesError::invalid(
                        format!("lets.{}", ready.lets[i].name()),
                        "divides by 0 with these values",
                    )
                })?;
                let key: Vec<i64> = kept.iter().map(|&s| ready.slots[s]).collect();
                *next.entry(key).or_insert(0.0) += p;
            }
            steps += states.len();
            states = next.into_iter().collect();
            live = kept.clone();
            continue;
        }
        let mut met: IndexMap<Vec<i64>, Support> = IndexMap::new();
        let mut next: IndexMap<Vec<i64>, f64> = IndexMap::new();
        let slot = ready.lets[i].slot();
        for (state, p) in &states {
            for (s, v) in live.iter().zip(state) {
                ready.slots[*s] = *v;
            }
            let support = match (&fixed, &ready.lets[i]) {
                (Some(support), _) => support,
                (None, Prepared::Depends(d)) => {
                    let key: Vec<i64> = d.reads.iter().map(|(_, s)| ready.slots[*s]).collect();
                    if !met.contains_key(&key) {
                        let support = d.ready(&ready.slots)?.support();
                        met.insert(key.clone(), support);
                    }
                    &met[&key]
                }
                (None, _) => unreachable!("a fixed let has its support, arithmetic none"),
            };
            steps += support.len();
            if steps > most {
                return Err(RulesError::invalid(
                    "lets",
                    format!(
                        "the lets read one another through more than {} values; read fewer \
                         or smaller lets",
                        crate::grouped(most)
                    ),
                ));
            }
            let w = support.width;
            for e in 0..support.len() {
                ready.slots[slot..slot + w].copy_from_slice(&support.values[e * w..(e + 1) * w]);
                let key: Vec<i64> = kept.iter().map(|&s| ready.slots[s]).collect();
                *next.entry(key).or_insert(0.0) += p * support.probs[e];
            }
        }
        states = next.into_iter().collect();
        live = kept.clone();
    }
    Ok(Expanded {
        live,
        states,
        steps,
    })
}
