//! The five rules systems of RULES.md, one module each, plus what they share.

pub(crate) mod d12;
pub(crate) mod dice;
pub(crate) mod genre;
pub(crate) mod marks;
pub(crate) mod stunt;
pub(crate) mod universe;

mod shared;

/// The systems in the order the app lists them: `(id, name)`.
pub(crate) const SYSTEMS: [(&str, &str); 5] = [
    ("stunt", "Uniform Stunt Chart"),
    ("genre", "GENRE"),
    ("universe", "Universe Deck d20"),
    ("marks", "64 Bit Heroes Marks"),
    ("d12", "d12 Ranks"),
];

/// The roll requests that are not a rules system a roster keeps: `(id, name)`. A request may
/// name one; the catalog's systems (what a roster is made for) are [`SYSTEMS`].
pub(crate) const NOTATION_SYSTEMS: [(&str, &str); 1] = [("dice", "Dice notation")];
