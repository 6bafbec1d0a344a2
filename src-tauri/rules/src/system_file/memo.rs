//! What a kind's lets and reading come to, kept by the few values each reads, for the requests
//! that follow: a let's distribution depends only on the values its expression reads (`nat =
//! "if(@advantage, 2d20kh1, d20)"` on `advantage` alone), so every attack at any bonus and
//! AC shares the two distributions, as a dice engine keeps the pools it has worked out.
//!
//! A memo is bounded (entries and the weight of what they hold: a distribution's outcomes) and
//! empties itself when full, so no request pattern grows it past its bound. What it keeps is
//! exactly what the request would work out again, so keeping it changes no answer: the tests
//! of every kind's odds pass through it, and [`forget_worked_out`] gives the benchmark the cold cost.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most values one memo keeps.
const MAX_ENTRIES: usize = 64;
/// The most weight one memo keeps (what the caller counts: a let's most outcomes or states).
const MAX_WEIGHT: usize = 1 << 20;

/// Bumped by [`forget_worked_out`]: a memo filled in another generation is empty.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Forgets everything every memo keeps (what a benchmark calls to time a request cold).
pub fn forget_worked_out() {
    GENERATION.fetch_add(1, Ordering::Relaxed);
}

/// Values of type `T` kept by the values they were worked out from.
pub(crate) struct Memo<T> {
    kept: Mutex<Held<T>>,
    /// What [`forget_worked_out`] bumps ([`GENERATION`]; a test's own, so that another test's
    /// forgetting cannot empty it in the middle).
    generation: &'static AtomicU64,
}

struct Held<T> {
    generation: u64,
    weight: usize,
    by_key: HashMap<Box<[i64]>, Arc<T>>,
}

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Self::of(&GENERATION)
    }
}

impl<T> Memo<T> {
    fn of(generation: &'static AtomicU64) -> Self {
        Self {
            kept: Mutex::new(Held {
                generation: generation.load(Ordering::Relaxed),
                weight: 0,
                by_key: HashMap::new(),
            }),
            generation,
        }
    }

    /// What was kept for `key`, if anything.
    pub fn get(&self, key: &[i64]) -> Option<Arc<T>> {
        let mut held = self.kept.lock().ok()?;
        held.current(self.generation);
        held.by_key.get(key).cloned()
    }

    /// Keeps `value` for `key`, its `weight` counted against the bound (emptied first when it
    /// would pass it; a value heavier than the whole bound is not kept).
    pub fn put(&self, key: &[i64], value: Arc<T>, weight: usize) {
        if weight > MAX_WEIGHT {
            return;
        }
        let Ok(mut held) = self.kept.lock() else {
            return;
        };
        held.current(self.generation);
        if held.by_key.len() >= MAX_ENTRIES || held.weight + weight > MAX_WEIGHT {
            held.by_key.clear();
            held.weight = 0;
        }
        held.weight += weight;
        held.by_key.insert(key.into(), value);
    }
}

impl<T> Held<T> {
    /// Empties what was kept before the last [`forget_worked_out`].
    fn current(&mut self, generation: &AtomicU64) {
        let now = generation.load(Ordering::Relaxed);
        if self.generation != now {
            self.generation = now;
            self.weight = 0;
            self.by_key.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_kept_by_its_key_and_bounded() {
        static OWN: AtomicU64 = AtomicU64::new(0);
        let memo: Memo<&str> = Memo::of(&OWN);
        memo.put(&[1, 2], Arc::new("a"), 1);
        assert_eq!(memo.get(&[1, 2]).as_deref(), Some(&"a"));
        assert_eq!(memo.get(&[2, 1]), None);
        // Past the most entries: emptied, then the new one kept.
        for i in 0..MAX_ENTRIES as i64 {
            memo.put(&[i, 100], Arc::new("b"), 1);
        }
        assert_eq!(memo.get(&[1, 2]), None);
        assert_eq!(memo.get(&[63, 100]).as_deref(), Some(&"b"));
        // Too heavy to keep at all, and heavy ones empty it.
        memo.put(&[7], Arc::new("heavy"), MAX_WEIGHT + 1);
        assert_eq!(memo.get(&[7]), None);
        memo.put(&[8], Arc::new("half"), MAX_WEIGHT / 2 + 1);
        memo.put(&[9], Arc::new("half"), MAX_WEIGHT / 2 + 1);
        assert_eq!(memo.get(&[8]), None);
        assert!(memo.get(&[9]).is_some());
    }

    #[test]
    fn a_new_generation_empties_the_memo() {
        static OWN: AtomicU64 = AtomicU64::new(0);
        let memo: Memo<i32> = Memo::of(&OWN);
        memo.put(&[1], Arc::new(1), 1);
        assert_eq!(memo.get(&[1]).as_deref(), Some(&1));
        // What `forget_worked_out` does to the global generation.
        OWN.fetch_add(1, Ordering::Relaxed);
        assert_eq!(memo.get(&[1]), None);
    }

    #[test]
    fn forgetting_bumps_the_generation_every_memo_reads() {
        let before = GENERATION.load(Ordering::Relaxed);
        forget_worked_out();
        assert!(GENERATION.load(Ordering::Relaxed) > before);
    }
}
