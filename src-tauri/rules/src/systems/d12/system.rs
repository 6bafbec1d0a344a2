//! d12 Ranks in the registry.

use crate::system::{Family, System};

pub(crate) const D12: System = System {
    id: "d12",
    name: "d12 Ranks",
    family: Family::Rules,
    sheet_limits: super::sheet_limits::D12_SHEET_LIMITS,
    move_ranges: super::move_ranges::D12_MOVE_RANGES,
    house_rule_numbers: &[crate::house_rules::MISS_MARGIN],
};
