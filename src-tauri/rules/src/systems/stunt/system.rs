//! Uniform Stunt Chart in the registry.

use crate::system::{Family, System};

pub(crate) const STUNT: System = System {
    id: "stunt",
    name: "Uniform Stunt Chart",
    family: Family::Rules,
    sheet_limits: super::sheet_limits::STUNT_SHEET_LIMITS,
    move_ranges: super::move_ranges::STUNT_MOVE_RANGES,
    house_rule_numbers: &[crate::house_rules::MINOR_DAMAGE_DICE],
};
