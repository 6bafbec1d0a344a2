//! GENRE in the registry.

use crate::system::{Family, System};

pub(crate) const GENRE: System = System {
    id: "genre",
    name: "GENRE",
    family: Family::Rules,
    sheet_limits: super::sheet_limits::GENRE_SHEET_LIMITS,
    move_ranges: super::move_ranges::GENRE_MOVE_RANGES,
    house_rule_numbers: &[],
};
