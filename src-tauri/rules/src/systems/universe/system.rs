//! Universe Deck d20 in the registry.

use crate::system::{Family, System};

pub(crate) const UNIVERSE: System = System {
    id: "universe",
    name: "Universe Deck d20",
    family: Family::Rules,
    sheet_limits: super::sheet_limits::UNIVERSE_SHEET_LIMITS,
    move_ranges: super::move_ranges::UNIVERSE_MOVE_RANGES,
    house_rule_numbers: &[],
};
