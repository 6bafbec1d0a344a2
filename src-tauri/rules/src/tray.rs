//! The dice tray: a seeded generator that remembers every face in the order it was rolled.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rolls dice from a seed. ChaCha8 is used (not `StdRng`) because its stream is fixed across
/// `rand` versions and platforms, so a seed in an old roll log still replays the same roll.
pub(crate) struct Tray {
    rng: ChaCha8Rng,
    faces: Vec<u32>,
}

impl Tray {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            faces: Vec::new(),
        }
    }

    /// Rolls one die of `sides` sides.
    pub fn roll(&mut self, sides: u32) -> u32 {
        let face = self.rng.random_range(1..=sides);
        self.faces.push(face);
        face
    }

    /// Rolls `n` dice of `sides` sides.
    pub fn roll_many(&mut self, n: usize, sides: u32) -> Vec<u32> {
        (0..n).map(|_| self.roll(sides)).collect()
    }

    /// Every face rolled so far, in order.
    pub fn into_faces(self) -> Vec<u32> {
        self.faces
    }
}

/// The largest seed [`random_seed`] draws: 2^53 - 1, the largest integer every JSON reader keeps
/// exactly (a JavaScript number is a double). Seeds travel through the window, the roll log and
/// exported files; one that came back rounded would replay a different roll.
pub const MAX_PORTABLE_SEED: u64 = (1 << 53) - 1;

/// A fresh seed from the operating system, for rolls the user did not seed (at most
/// [`MAX_PORTABLE_SEED`]).
pub fn random_seed() -> u64 {
    rand::random::<u64>() & MAX_PORTABLE_SEED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_seeds_survive_any_json_reader() {
        assert!((0..1000).all(|_| random_seed() <= MAX_PORTABLE_SEED));
        // 2^53 - 1 is exactly representable as a double; 2^53 + 1 is not.
        assert_eq!(MAX_PORTABLE_SEED as f64 as u64, MAX_PORTABLE_SEED);
    }
}
