//! The ranges of the numbers universe table moves take (see `crate::move_ranges`).

use crate::move_ranges::range::{range, MoveRange};

pub const UNIVERSE_FIRST_MOVE: MoveRange = range(
    "universe",
    "chase_round",
    "first_move_feet",
    "The first runner's move in feet",
    0,
    1000,
);
pub const UNIVERSE_SECOND_MOVE: MoveRange = range(
    "universe",
    "chase_round",
    "second_move_feet",
    "The second runner's move in feet",
    0,
    1000,
);
/// A hit's damage typed by the GM (hp stops at 0, so more than anyone's hp is allowed).
pub const UNIVERSE_DAMAGE_POINTS: MoveRange =
    range("universe", "damage", "points", "Damage points", 0, 9999);

/// Every range above, in the order the catalog serves them.
pub(crate) const UNIVERSE_MOVE_RANGES: &[MoveRange] = &[
    UNIVERSE_FIRST_MOVE,
    UNIVERSE_SECOND_MOVE,
    UNIVERSE_DAMAGE_POINTS,
];
