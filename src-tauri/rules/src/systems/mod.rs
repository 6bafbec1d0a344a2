//! The five rules systems of RULES.md, one module each, plus what they share.

pub(crate) mod d12;
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
