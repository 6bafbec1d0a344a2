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

/// A fresh seed from the operating system, for rolls the user did not seed.
pub fn random_seed() -> u64 {
    rand::random()
}
