//! The dice tray: the one place a roll gets its dice, from a seeded generator or from the faces
//! rolled at the table and typed in ("by hand"), remembering every face in the order it was read.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::answer::{RollResult, Rolled};
use crate::die_asked::DieAsked;
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
    /// Every die read, in order: its sides and what it is for.
    asked: Vec<DieAsked>,
    /// What the dice now rolled are for ("Attacker"), set by [`Tray::aim`].
    aim: String,
    /// How many dice have been rolled for the current aim.
    aimed: u32,
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
            asked: Vec::new(),
            aim: String::new(),
            aimed: 0,
            impossible: None,
        }
    }

    /// Says what the next dice are for ("Attacker", "Throw 2"): a die by hand is asked for as
    /// "Attacker d12 #3", the third die rolled since.
    pub fn aim(&mut self, what: impl Into<String>) {
        self.aim = what.into();
        self.aimed = 0;
    }

    /// Rolls (or reads) one die of `sides` sides, for the current aim.
    pub fn roll(&mut self, sides: u32) -> u32 {
        self.aimed += 1;
        let label = format!("{} d{sides} #{}", self.aim, self.aimed);
        self.read(sides, label.trim_start().to_string(), false)
    }

    /// Rolls (or reads) a die earned by the dice before it (a 12 that explodes, a roll-again),
    /// asked for as "Attacker: the 12 explodes, roll it once more" (`why` after the aim).
    pub fn roll_earned(&mut self, sides: u32, why: &str) -> u32 {
        let label = if self.aim.is_empty() {
            why.to_string()
        } else {
            format!("{}: {why}", self.aim)
        };
        self.read(sides, label, true)
    }

    /// Rolls (or reads) one die asked for as `label` whole, for a roll that names its own dice
    /// (a typed expression's "Pool 2 (8d10) die #3"); `earned` as [`Tray::roll_earned`].
    pub fn roll_named(&mut self, sides: u32, label: String, earned: bool) -> u32 {
        self.read(sides, label, earned)
    }

    fn read(&mut self, sides: u32, label: String, earned: bool) -> u32 {
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
        self.asked.push(DieAsked {
            sides,
            label,
            earned,
        });
        face
    }

    /// For dice by hand: every face given was read and each was a face of its die; else why not
    /// (the first impossible face, else how many more dice and of which sides, else how many
    /// faces were left over). Always `Ok` for a seeded tray.
    pub fn check_by_hand(&self) -> Result<(), RulesError> {
        let Source::ByHand(given) = &self.source else {
            return Ok(());
        };
        refuse_bad_faces(given.len(), &self.asked, self.impossible)
    }

    /// Rolls `n` dice of `sides` sides.
    pub fn roll_many(&mut self, n: usize, sides: u32) -> Vec<u32> {
        (0..n).map(|_| self.roll(sides)).collect()
    }

    /// Every face rolled so far, in order.
    pub fn into_faces(self) -> Vec<u32> {
        self.faces
    }

    /// Every die read so far, in order, with its sides and what it was for.
    pub fn asked(&self) -> &[DieAsked] {
        &self.asked
    }

    /// The first face given that was not a face of its die: (place, face, sides).
    pub fn impossible(&self) -> Option<(usize, u32, u32)> {
        self.impossible
    }
}

/// Dice by hand, once every die was read: `given` faces were typed for the dice `asked`; the
/// first face that was not a face of its die, if any, was `impossible` (place, face, sides).
/// Refuses that face, else says how many more dice and of which sides, else how many faces were
/// left over.
pub(crate) fn refuse_bad_faces(
    given: usize,
    asked: &[DieAsked],
    impossible: Option<(usize, u32, u32)>,
) -> Result<(), RulesError> {
    if let Some((place, face, sides)) = impossible {
        return Err(RulesError::invalid(
            format!("dice[{place}]"),
            format!(
                "{face} is not a face of die {} (a d{sides}: 1 to {sides})",
                place + 1
            ),
        ));
    }
    let read = asked.len();
    if given < read {
        return Err(RulesError::DiceMissing {
            given,
            sides: asked[given..].iter().map(|d| d.sides).collect(),
        });
    }
    if given > read {
        return Err(RulesError::DiceLeftOver {
            read,
            left_over: given - read,
        });
    }
    Ok(())
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

/// The answer of a roll made in `tray` from `seed`: what it came to and every face, in order.
pub(crate) fn result_of(rolled: Rolled, tray: Tray, seed: u64) -> RollResult {
    result_of_faces(rolled, tray.into_faces(), seed)
}

/// The answer of a roll that read `dice`, in order, made from `seed`.
pub(crate) fn result_of_faces(rolled: Rolled, dice: Vec<u32>, seed: u64) -> RollResult {
    RollResult {
        outcome: rolled.outcome,
        success: rolled.success,
        dice,
        detail: rolled.detail,
        seed,
        total: rolled.total,
        groups: rolled.groups,
        by_hand: false,
    }
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
