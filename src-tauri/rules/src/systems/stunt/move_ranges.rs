//! The ranges of the numbers stunt table moves take (see `crate::move_ranges`).

use super::sheet_limits::HTK_LIMIT;
use crate::move_ranges::range::{range, MoveRange};

pub const STUNT_DAMAGE_POINTS: MoveRange = range(
    "stunt",
    "damage",
    "points",
    "Damage in points",
    0,
    HTK_LIMIT as i64,
);
pub const STUNT_HEAL_POINTS: MoveRange =
    range("stunt", "heal", "points", "HTK healed", 0, HTK_LIMIT as i64);
pub const STUNT_HTK_CURRENT: MoveRange = range(
    "stunt",
    "set_htk",
    "current",
    "HTK now",
    0,
    HTK_LIMIT as i64,
);
pub const STUNT_HTK_MAX: MoveRange =
    range("stunt", "set_htk", "max", "Max HTK", 1, HTK_LIMIT as i64);

/// Every range above, in the order the catalog serves them.
pub(crate) const STUNT_MOVE_RANGES: &[MoveRange] = &[
    STUNT_DAMAGE_POINTS,
    STUNT_HEAL_POINTS,
    STUNT_HTK_CURRENT,
    STUNT_HTK_MAX,
];
