//! The ranges of the numbers genre table moves take (see `crate::move_ranges`).

use super::sheet_limits::{CHARACTER_LEVEL_MAX, GLORY_MAX, LEVEL_MAX};
use crate::move_ranges::range::{range, MoveRange};

pub const GENRE_GLORY_GAINED: MoveRange = range(
    "genre",
    "gain_glory",
    "points",
    "Glory Points gained",
    0,
    GLORY_MAX,
);
pub const GENRE_GLORY_SPENT: MoveRange = range(
    "genre",
    "spend_opposing_glory",
    "points",
    "Glory Points spent",
    0,
    GLORY_MAX,
);
pub const GENRE_NPC_LEVEL: MoveRange = range(
    "genre",
    "set_stats",
    "level",
    "An NPC's level",
    1,
    CHARACTER_LEVEL_MAX,
);
pub const GENRE_NPC_STAMINA: MoveRange = range(
    "genre",
    "set_stats",
    "stamina",
    "An NPC's Stamina",
    0,
    LEVEL_MAX,
);
pub const GENRE_GRUNT: MoveRange = range("genre", "act", "plan.grunt", "A Grunt", 0, 3);

/// Every range above, in the order the catalog serves them.
pub(crate) const GENRE_MOVE_RANGES: &[MoveRange] = &[
    GENRE_GLORY_GAINED,
    GENRE_GLORY_SPENT,
    GENRE_NPC_LEVEL,
    GENRE_NPC_STAMINA,
    GENRE_GRUNT,
];
