//! The limits of the numbers on a genre sheet (see `crate::sheet_limits`).

use crate::sheet_limits::limit::{items, value, SheetLimit};

/// The most Glory Points a genre character holds (the sheet's limit too).
pub const GLORY_MAX: i64 = 9_999;
/// A genre character's level (the sheet's limit too).
pub const CHARACTER_LEVEL_MAX: i64 = 100;
/// A genre attribute's level, Stamina among them (the sheet's limit too).
pub const LEVEL_MAX: i64 = 10;

pub const GENRE_LEVEL: SheetLimit = value("genre", "level", 1, CHARACTER_LEVEL_MAX);
pub const GENRE_GLORY: SheetLimit = value("genre", "glory", 0, GLORY_MAX);
pub const GENRE_ATTRIBUTE: SheetLimit = value("genre", "attributes.*", 0, LEVEL_MAX);
pub const GENRE_POWER: SheetLimit = value("genre", "powers[].level", 0, LEVEL_MAX);
pub const GENRE_SKILL_MODIFIER: SheetLimit = value("genre", "skills[].modifier", -10, 10);
/// A Grunt of +N leaves -N, -(N-1), …, -1 (N at most 3).
pub const GENRE_GRUNT_PENALTIES: SheetLimit = items("genre", "trackers.grunt_penalties", 3);
pub const GENRE_GRUNT_PENALTY: SheetLimit = value("genre", "trackers.grunt_penalties[]", -3, -1);
/// At most Stamina (an attribute's level) Grunts before a rest; the check also holds it to the
/// sheet's Stamina.
pub const GENRE_GRUNTS_SINCE_REST: SheetLimit =
    value("genre", "trackers.grunts_since_rest", 0, LEVEL_MAX);
/// Level uses, then one Glory Point each: at most a level's and a Glory purse's worth.
pub const GENRE_NUTS_USED: SheetLimit = value(
    "genre",
    "trackers.nuts_used",
    0,
    CHARACTER_LEVEL_MAX + GLORY_MAX,
);
/// Bust A Nut's two rounds of -1 die.
pub const GENRE_NUT_ROUNDS_LEFT: SheetLimit = value("genre", "trackers.nut_rounds_left", 0, 2);

/// Every limit above, in the order the catalog serves them.
pub(crate) const GENRE_SHEET_LIMITS: &[SheetLimit] = &[
    GENRE_LEVEL,
    GENRE_GLORY,
    GENRE_ATTRIBUTE,
    GENRE_POWER,
    GENRE_SKILL_MODIFIER,
    GENRE_GRUNT_PENALTIES,
    GENRE_GRUNT_PENALTY,
    GENRE_GRUNTS_SINCE_REST,
    GENRE_NUTS_USED,
    GENRE_NUT_ROUNDS_LEFT,
];
