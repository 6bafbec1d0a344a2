//! 64 Bit Heroes Marks in the registry.

use crate::system::{Family, System};

pub(crate) const MARKS: System = System {
    id: "marks",
    name: "64 Bit Heroes Marks",
    family: Family::Rules,
    sheet_limits: super::sheet_limits::MARKS_SHEET_LIMITS,
    move_ranges: &[],
    house_rule_numbers: &[],
};
