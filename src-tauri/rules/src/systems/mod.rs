//! The systems, one folder each with the same shape (`kinds`, its table rules, `sheet_limits`,
//! `move_ranges`, `system`), listed once in [`registry`].

pub(crate) mod d12;
pub(crate) mod dice;
pub(crate) mod genre;
pub(crate) mod marks;
pub(crate) mod registry;
pub(crate) mod stunt;
pub(crate) mod universe;

pub(crate) mod shared;
