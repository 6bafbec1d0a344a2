//! The frontier's pieces: a group of values that vary together ([`Group`], independent of the
//! other groups), and the work taken, bounded ([`Work`]).

use indexmap::IndexMap;

use crate::RulesError;

use super::pool_stats::Support;

/// Values that vary together, independent of every other group's: each set of them met
/// (in `live`'s order, `live.len()` values a state) with its chance.
#[derive(Debug, Clone)]
pub(super) struct Group {
    pub live: Vec<usize>,
    pub states: Support,
}

impl Group {
    /// One state of nothing: what a join of no group starts from.
    pub fn certain() -> Self {
        Self {
            live: Vec::new(),
            states: Support {
                width: 0,
                values: Vec::new(),
                probs: vec![1.0],
            },
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn state(&self, e: usize) -> &[i64] {
        let w = self.states.width;
        &self.states.values[e * w..(e + 1) * w]
    }

    /// Writes state `e`'s values into their slots; its chance.
    pub fn write(&self, e: usize, slots: &mut [i64]) -> f64 {
        for (s, v) in self.live.iter().zip(self.state(e)) {
            slots[*s] = *v;
        }
        self.states.probs[e]
    }
}

/// States met, by their values, in the order first met. Hashed with foldhash: the frontier
/// looks a state up for every pair it joins (SipHash was a fifth of a marks pool's odds); the
/// order, and so every sum of chances, is the order met whatever the hasher.
pub(super) type Met<V> = IndexMap<Vec<i64>, V, foldhash::fast::RandomState>;

/// Adds `p` to the chance of the state `key` (a copy of it kept only when first met).
pub(super) fn add_to(met: &mut Met<f64>, key: &[i64], p: f64) {
    match met.get_mut(key) {
        Some(chance) => *chance += p,
        None => {
            met.insert(key.to_vec(), p);
        }
    }
}

/// The states met, each once with its chance summed, in the order first met.
pub(super) fn gathered(live: Vec<usize>, met: Met<f64>) -> Group {
    let mut states = Support {
        width: live.len(),
        values: Vec::with_capacity(met.len() * live.len()),
        probs: Vec::with_capacity(met.len()),
    };
    for (values, p) in met {
        states.values.extend_from_slice(&values);
        states.probs.push(p);
    }
    Group { live, states }
}

/// The steps taken (a state worked out, a pair of states joined, a pair of values added),
/// refused before a step would pass `most`.
pub(super) struct Work {
    pub steps: usize,
    most: usize,
}

impl Work {
    pub fn new(most: usize) -> Self {
        Self { steps: 0, most }
    }

    /// Takes `n` more steps, or refuses before taking any past the bound.
    pub fn take(&mut self, n: usize) -> Result<(), RulesError> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.most {
            return Err(RulesError::invalid(
                "lets",
                format!(
                    "the lets read one another through more than {} values; read fewer or \
                     smaller lets",
                    crate::grouped(self.most)
                ),
            ));
        }
        Ok(())
    }
}
