//! The dice tray: the one place a roll gets its dice, from a seeded generator or from the faces
//! rolled at the table and typed in ("by hand"), remembering every face in the order it was read.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::RulesError;

/// Where the dice come from.
enum Source {
    /// ChaCha8 (not `StdRng`): its stream is fixed across `rand` versions and platforms, so a
    /// seed in an old roll log still replays the same roll.
    Seeded(Box<ChaCha8Rng>),
    /// Faces rolled at the table, read in order. The roll code cannot stop halfway, so a face
    /// past the end reads as 1 (it never explodes or rolls again: the fewest more dice) and a
    /// face outside its die as the nearest face; [`Tray::check_by_hand`] refuses either after.
    ByHand(Vec<u32>),
}

pub(crate) struct Tray {
    source: Source,
    faces: Vec<u32>,
    /// The sides of every die read, in order.
    sides: Vec<u32>,
    /// The first face given that is not a face of its die: (place, face, sides).
    impossible: Option<(usize, u32, u32)>,
}

impl Tray {
    pub fn new(seed: u64) -> Self {
        Self::from(Source::Seeded(Box::new(ChaCha8Rng::seed_from_u64(seed))))
    }

    /// A tray that reads `faces`, rolled at the table, in order.
    pub fn by_hand(faces: Vec<u32>) -> Self {
        Self::from(Source::ByHand(faces))
    }

    fn from(source: Source) -> Self {
        Self {
            source,
            faces: Vec::new(),
            sides: Vec::new(),
            impossible: None,
        }
    }

    /// Rolls (or reads) one die of `sides` sides.
    pub fn roll(&mut self, sides: u32) -> u32 {
        let face = match &mut self.source {
            Source::Seeded(rng) => rng.random_range(1..=sides),
            Source::ByHand(given) => match given.get(self.faces.len()) {
                Some(&face) if (1..=sides).contains(&face) => face,
                Some(&face) => {
                    self.impossible
                        .get_or_insert((self.faces.len(), face, sides));
                    face.clamp(1, sides)
                }
                None => 1,
            },
        };
        self.faces.push(face);
        self.sides.push(sides);
        face
    }

    /// For dice by hand: every face given was read and each was a face of its die; else why not
    /// (the first impossible face, else how many more dice and of which sides, else how many
    /// faces were left over). Always `Ok` for a seeded tray.
    pub fn check_by_hand(&self) -> Result<(), RulesError> {
        let Source::ByHand(given) = &self.source else {
            return Ok(());
        };
        if let Some((place, face, sides)) = self.impossible {
            return Err(RulesError::invalid(
                format!("dice[{place}]"),
                format!(
                    "{face} is not a face of die {} (a d{sides}: 1 to {sides})",
                    place + 1
                ),
            ));
        }
        let read = self.sides.len();
        if given.len() < read {
            let missing = &self.sides[given.len()..];
            return Err(RulesError::DiceMissing {
                given: given.len(),
                sides: missing.to_vec(),
            });
        }
        if given.len() > read {
            return Err(RulesError::DiceLeftOver {
                read,
                left_over: given.len() - read,
            });
        }
        Ok(())
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
