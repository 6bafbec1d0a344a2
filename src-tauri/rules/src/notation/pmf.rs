//! A dense probability mass over consecutive integers that may hold less than 1 in all, or
//! nothing: the pieces a chain of rerolls or explosions is folded from ("the dice that met the
//! comparison", with the chance they did) are parts of a distribution, which [`crate::Dist`]
//! (always whole, never empty) does not hold.

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Pmf {
    min: i64,
    probs: Vec<f64>,
}

impl Pmf {
    pub fn zero() -> Self {
        Self::default()
    }

    pub fn point(value: i64) -> Self {
        Self {
            min: value,
            probs: vec![1.0],
        }
    }

    pub fn is_zero(&self) -> bool {
        self.probs.is_empty()
    }

    /// Every value with its chance (zeros included), ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .map(move |(i, &p)| (self.min + i as i64, p))
    }

    /// Adds `weight` times `other` into this mass.
    pub fn add_scaled(&mut self, other: &Pmf, weight: f64) {
        if other.is_zero() || weight == 0.0 {
            return;
        }
        if self.is_zero() {
            self.min = other.min;
            self.probs = other.probs.iter().map(|p| p * weight).collect();
            return;
        }
        let lo = self.min.min(other.min);
        let hi = (self.min + self.probs.len() as i64).max(other.min + other.probs.len() as i64);
        if lo < self.min || hi > self.min + self.probs.len() as i64 {
            let mut grown = vec![0.0; (hi - lo) as usize];
            let at = (self.min - lo) as usize;
            grown[at..at + self.probs.len()].copy_from_slice(&self.probs);
            self.probs = grown;
            self.min = lo;
        }
        let at = (other.min - self.min) as usize;
        for (slot, p) in self.probs[at..].iter_mut().zip(&other.probs) {
            *slot += p * weight;
        }
    }

    /// The mass of `X + Y` for independent `X` (self) and `Y`: a convolution.
    pub fn conv(&self, other: &Pmf) -> Pmf {
        if self.is_zero() || other.is_zero() {
            return Pmf::zero();
        }
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
        Pmf {
            min: self.min + other.min,
            probs,
        }
    }

    /// The sum of `n` independent copies (binary powering).
    pub fn sum_of(&self, n: u32) -> Pmf {
        let mut result = Pmf::point(0);
        let mut base = self.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = result.conv(&base);
            }
            n >>= 1;
            if n > 0 {
                base = base.conv(&base);
            }
        }
        result
    }

    pub fn shift(&self, k: i64) -> Pmf {
        Pmf {
            min: self.min + k,
            probs: self.probs.clone(),
        }
    }

    pub fn scaled(mut self, weight: f64) -> Pmf {
        for p in &mut self.probs {
            *p *= weight;
        }
        self
    }
}
