//! Dice notation in the registry.

use crate::system::{Family, System};

pub(crate) const DICE: System = System {
    id: "dice",
    name: "Dice notation",
    family: Family::Notation,
    sheet_limits: &[],
    move_ranges: &[],
    house_rule_numbers: &[],
};
