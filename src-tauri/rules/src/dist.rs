//! Finite probability distributions over integers — the building block of every exact answer.
//!
//! A roll of many dice is never enumerated face by face: each die is a small distribution and a
//! pool is their convolution, so the work grows with the range of totals, not with `sides^dice`.

/// The remainder at which an endless chain of re-rolls is cut off; what is left goes to the last
/// bucket so that a distribution still sums to 1 (RULES.md, "Conventions").
pub const TAIL_CUTOFF: f64 = 1e-12;

/// A probability distribution over the consecutive integers `min ..= min + probs.len() - 1`.
///
/// Every distribution a roll answers holds 1 in all. While one is being built it may hold less,
/// or nothing ([`Dist::zero`]): the pieces a chain of rerolls or explosions is folded from ("the
/// dice that met the comparison", with the chance they did) are parts of a distribution, added
/// together with [`Dist::add_scaled`].
#[derive(Clone, Debug, PartialEq)]
pub struct Dist {
    min: i64,
    probs: Vec<f64>,
}

impl Dist {
    /// The certain value `value`.
    pub fn point(value: i64) -> Self {
        Self {
            min: value,
            probs: vec![1.0],
        }
    }

    /// No mass at all: the start of a sum of weighted parts.
    pub fn zero() -> Self {
        Self {
            min: 0,
            probs: Vec::new(),
        }
    }

    /// Whether this holds no mass at all (only [`Dist::zero`] and what is built from it).
    pub fn is_zero(&self) -> bool {
        self.probs.is_empty()
    }

    /// A fair die numbered `1..=sides`.
    pub fn die(sides: u32) -> Self {
        assert!(sides >= 1, "a die has at least one side");
        let p = 1.0 / f64::from(sides);
        Self {
            min: 1,
            probs: vec![p; sides as usize],
        }
    }

    /// A distribution from explicit weights starting at `min`; trailing and leading zeros are
    /// trimmed so that `min()`/`max()` are the true support bounds.
    pub fn from_probs(min: i64, probs: Vec<f64>) -> Self {
        let first = probs.iter().position(|&p| p != 0.0);
        let Some(first) = first else {
            return Self::point(min);
        };
        let last = probs.iter().rposition(|&p| p != 0.0).unwrap_or(first);
        Self {
            min: min + first as i64,
            probs: probs[first..=last].to_vec(),
        }
    }

    /// The distribution of `values` (each with its chance, ascending, distinct): each chance
    /// put in its place in a table of every value between the ends.
    pub fn from_values(values: &[(i64, f64)]) -> Self {
        let (Some(&(low, _)), Some(&(high, _))) = (values.first(), values.last()) else {
            return Self::zero();
        };
        let mut probs = vec![0.0; (high - low + 1) as usize];
        for &(v, p) in values {
            probs[(v - low) as usize] += p;
        }
        Self::from_probs(low, probs)
    }

    /// The smallest value with non-zero probability.
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest value with non-zero probability.
    pub fn max(&self) -> i64 {
        self.min + self.probs.len() as i64 - 1
    }

    /// P(X = value).
    pub fn p(&self, value: i64) -> f64 {
        if value < self.min {
            return 0.0;
        }
        self.probs
            .get((value - self.min) as usize)
            .copied()
            .unwrap_or(0.0)
    }

    /// P(X >= value).
    pub fn p_at_least(&self, value: i64) -> f64 {
        // A fold from +0.0: `sum()` of no terms is -0.0, which JSON shows as `-0.0`.
        self.iter()
            .filter(|&(v, _)| v >= value)
            .fold(0.0, |total, (_, p)| total + p)
    }

    /// P(X < value).
    pub fn p_below(&self, value: i64) -> f64 {
        self.iter()
            .filter(|&(v, _)| v < value)
            .fold(0.0, |total, (_, p)| total + p)
    }

    /// Every value of the support with its probability, in increasing order (zeros included).
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + Clone + '_ {
        self.probs
            .iter()
            .enumerate()
            .map(move |(i, &p)| (self.min + i as i64, p))
    }

    /// The total probability (1 up to rounding for every distribution this crate builds).
    pub fn total(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// The expected value.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// The distribution of `X + k`.
    pub fn shift(&self, k: i64) -> Self {
        Self {
            min: self.min + k,
            probs: self.probs.clone(),
        }
    }

    /// The distribution of `f(X)`: probabilities of values that map together are added.
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Self {
        let mapped: Vec<(i64, f64)> = self.iter().map(|(v, p)| (f(v), p)).collect();
        let lo = mapped.iter().map(|&(v, _)| v).min().unwrap_or(0);
        let hi = mapped.iter().map(|&(v, _)| v).max().unwrap_or(0);
        let mut probs = vec![0.0; (hi - lo + 1) as usize];
        for (v, p) in mapped {
            probs[(v - lo) as usize] += p;
        }
        Self::from_probs(lo, probs)
    }

    /// The distribution of `X + Y` for independent `X` (self) and `Y` (convolution).
    pub fn add(&self, other: &Self) -> Self {
        if self.is_zero() || other.is_zero() {
            return Self::zero();
        }
        // A certain value (or one value with its chance) only moves the other: no products of
        // zeros, which a pool's sums of many small parts would otherwise mostly be.
        if other.probs.len() == 1 {
            return self.shift(other.min).scaled(other.probs[0]);
        }
        if self.probs.len() == 1 {
            return other.shift(self.min).scaled(self.probs[0]);
        }
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, &a) in self.probs.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for (slot, &b) in probs[i..].iter_mut().zip(&other.probs) {
                *slot += a * b;
            }
        }
        Self {
            min: self.min + other.min,
            probs,
        }
    }

    /// Adds `weight` times `other` into this distribution (a part of a mixture).
    pub fn add_scaled(&mut self, other: &Self, weight: f64) {
        self.add_scaled_probs(other.min, &other.probs, weight);
    }

    /// [`Self::add_scaled`] of the distribution whose chances are `probs` from `min` on.
    fn add_scaled_probs(&mut self, min: i64, probs: &[f64], weight: f64) {
        if probs.is_empty() || weight == 0.0 {
            return;
        }
        if self.is_zero() {
            self.min = min;
            self.probs = probs.iter().map(|p| p * weight).collect();
            return;
        }
        let end = self.min + self.probs.len() as i64;
        let (lo, hi) = (self.min.min(min), end.max(min + probs.len() as i64));
        if lo < self.min || hi > end {
            let mut grown = vec![0.0; (hi - lo) as usize];
            let at = (self.min - lo) as usize;
            grown[at..at + self.probs.len()].copy_from_slice(&self.probs);
            self.probs = grown;
            self.min = lo;
        }
        let at = (min - self.min) as usize;
        for (slot, p) in self.probs[at..].iter_mut().zip(probs) {
            *slot += p * weight;
        }
    }

    /// `self.add_scaled(&a.add(b), weight)`, the same products and sums in the same order (so
    /// the same bits), with `a + b` made in `scratch` rather than in a new distribution: a
    /// pool's inner loop does this thousands of times, and the allocations cost more than the
    /// arithmetic.
    pub(crate) fn add_sum_scaled(
        &mut self,
        a: &Self,
        b: &Self,
        weight: f64,
        scratch: &mut Vec<f64>,
    ) {
        if a.is_zero() || b.is_zero() {
            return;
        }
        scratch.clear();
        // As `add`: a certain value only moves the other.
        if b.probs.len() == 1 {
            scratch.extend(a.probs.iter().map(|p| p * b.probs[0]));
        } else if a.probs.len() == 1 {
            scratch.extend(b.probs.iter().map(|p| p * a.probs[0]));
        } else {
            scratch.resize(a.probs.len() + b.probs.len() - 1, 0.0);
            for (i, &x) in a.probs.iter().enumerate() {
                if x == 0.0 {
                    continue;
                }
                for (slot, &y) in scratch[i..].iter_mut().zip(&b.probs) {
                    *slot += x * y;
                }
            }
        }
        self.add_scaled_probs(a.min + b.min, scratch, weight);
    }

    /// Every chance times `weight`.
    pub fn scaled(mut self, weight: f64) -> Self {
        for p in &mut self.probs {
            *p *= weight;
        }
        self
    }

    /// The distribution of `-X`.
    pub fn negate(&self) -> Self {
        let mut probs = self.probs.clone();
        probs.reverse();
        Self {
            min: -self.max(),
            probs,
        }
    }

    /// The distribution of `X - Y` for independent `X` (self) and `Y`.
    pub fn sub(&self, other: &Self) -> Self {
        self.add(&other.negate())
    }

    /// The sum of `n` independent copies of `X` (binary powering: O(log n) convolutions).
    pub fn sum_of(&self, n: u32) -> Self {
        let mut result = Self::point(0);
        let mut base = self.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = result.add(&base);
            }
            n >>= 1;
            if n > 0 {
                base = base.add(&base);
            }
        }
        result
    }

    /// Cuts the upper tail once less than `cutoff` lies beyond a value, and puts that remainder
    /// on the last value kept (the RULES.md convention for endless chains). Sums of many re-roll
    /// chains otherwise carry hundreds of values of 1e-30 that mean nothing at the table.
    pub fn fold_tail(mut self, cutoff: f64) -> Self {
        let mut tail = 0.0;
        let mut len = self.probs.len();
        while len > 1 && tail + self.probs[len - 1] < cutoff {
            tail += self.probs[len - 1];
            len -= 1;
        }
        self.probs.truncate(len);
        self.probs[len - 1] += tail;
        self
    }

    /// Mixes distributions: `Σ weight_i · dist_i`. The weights should sum to 1.
    pub fn mixture<'a>(parts: impl IntoIterator<Item = (f64, &'a Dist)>) -> Self {
        let parts: Vec<(f64, &Dist)> = parts.into_iter().filter(|(w, _)| *w != 0.0).collect();
        let Some(lo) = parts.iter().map(|(_, d)| d.min()).min() else {
            return Self::point(0);
        };
        let hi = parts.iter().map(|(_, d)| d.max()).max().unwrap_or(lo);
        let mut probs = vec![0.0; (hi - lo + 1) as usize];
        for (w, d) in parts {
            for (v, p) in d.iter() {
                probs[(v - lo) as usize] += w * p;
            }
        }
        Self::from_probs(lo, probs)
    }
}

/// The number of extra results an endless re-roll chain adds, for a die that re-rolls itself.
///
/// Each re-roll scores and stops with probability `score_stop`, scores and rolls again with
/// `score_again`, and otherwise stops without scoring. So `P(0) = miss` and, for `k >= 1`,
/// `P(k) = again^(k-1) · stop + again^k · miss`. The chain is followed until the probability of
/// going on is below [`TAIL_CUTOFF`]; that remainder is put on the last bucket.
pub fn reroll_chain(score_stop: f64, score_again: f64) -> Dist {
    let miss = 1.0 - score_stop - score_again;
    let mut probs = vec![miss];
    // P(X > k) = again^k · (stop + again): the chain went on k times and scored once more.
    let mut again_pow = 1.0; // again^(k-1) for the bucket being filled
    loop {
        let k = probs.len();
        let p_k = again_pow * score_stop + again_pow * score_again * miss;
        probs.push(p_k);
        again_pow *= score_again;
        let tail = again_pow * (score_stop + score_again);
        if tail < TAIL_CUTOFF || k > 10_000 {
            *probs.last_mut().expect("just pushed") += tail;
            break;
        }
    }
    Dist::from_probs(0, probs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn two_d6_sum_has_the_triangle_shape() {
        let d = Dist::die(6).sum_of(2);
        assert_eq!((d.min(), d.max()), (2, 12));
        assert!(close(d.p(7), 6.0 / 36.0));
        assert!(close(d.p(2), 1.0 / 36.0));
        assert!(close(d.total(), 1.0));
        assert!(close(d.mean(), 7.0));
    }

    #[test]
    fn an_impossible_value_has_probability_plus_zero() {
        // JSON would show -0.0 as `-0.0` ("success": -0.0 for 2d6 against 20 HTK).
        let d = Dist::die(6).sum_of(2);
        assert!(d.p_at_least(20).is_sign_positive());
        assert!(d.p_below(2).is_sign_positive());
        assert_eq!(serde_json::to_string(&d.p_at_least(20)).unwrap(), "0.0");
    }

    #[test]
    fn sum_of_zero_dice_is_zero() {
        assert_eq!(Dist::die(6).sum_of(0), Dist::point(0));
    }

    #[test]
    fn sum_of_matches_repeated_addition() {
        let d = Dist::die(4);
        let mut slow = Dist::point(0);
        for n in 0..9 {
            let fast = d.sum_of(n);
            assert_eq!((fast.min(), fast.max()), (slow.min(), slow.max()));
            for (v, p) in slow.iter() {
                assert!(close(fast.p(v), p), "n={n} v={v}");
            }
            slow = slow.add(&d);
        }
    }

    #[test]
    fn difference_of_dice_is_symmetric() {
        let d = Dist::die(6).sub(&Dist::die(6));
        assert_eq!((d.min(), d.max()), (-5, 5));
        for k in 1..=5 {
            assert!(close(d.p(k), d.p(-k)));
        }
    }

    #[test]
    fn map_merges_values() {
        let d = Dist::die(6).shift(-3).map(|v| v.max(0));
        assert!(close(d.p(0), 3.0 / 6.0));
        assert_eq!(d.min(), 0);
    }

    #[test]
    fn from_probs_trims_zeros() {
        let d = Dist::from_probs(0, vec![0.0, 0.5, 0.5, 0.0]);
        assert_eq!((d.min(), d.max()), (1, 2));
    }

    #[test]
    fn d6_reroll_chain_matches_its_closed_form_and_sums_to_one() {
        let chain = reroll_chain(1.0 / 6.0, 1.0 / 6.0);
        assert!(close(chain.total(), 1.0));
        assert!(close(chain.p(0), 4.0 / 6.0));
        assert!(close(chain.p(1), (1.0 / 6.0) * 10.0 / 6.0));
        assert!(close(chain.p(2), (1.0 / 36.0) * 10.0 / 6.0));
        // The cut-off leaves less than 1e-12 beyond the last bucket.
        assert!(chain.max() >= 15 && chain.max() <= 17);
    }

    #[test]
    fn fold_tail_keeps_the_total_and_drops_the_dust() {
        let d = Dist::from_probs(0, vec![0.5, 0.5 - 3e-13, 2e-13, 1e-13]).fold_tail(1e-12);
        assert_eq!(d.max(), 1);
        assert!(close(d.total(), 1.0));
        let whole = Dist::die(6).fold_tail(1e-12);
        assert_eq!(whole, Dist::die(6));
    }

    #[test]
    fn mixture_weights_parts() {
        let a = Dist::point(1);
        let b = Dist::point(3);
        let m = Dist::mixture([(0.25, &a), (0.75, &b)]);
        assert!(close(m.p(1), 0.25) && close(m.p(3), 0.75) && close(m.p(2), 0.0));
    }
}
