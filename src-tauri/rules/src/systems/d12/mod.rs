//! d12 Ranks: its roll kinds (`kinds`), its table rules (`chain`, `wounds`, `weapons`: the
//! attack chain, what it and healing change on a character, weapons), its sheet limits, its
//! table moves' ranges and its entry in the registry (`system`).

pub mod chain;
pub(crate) mod kinds;
pub(crate) mod move_ranges;
pub(crate) mod sheet_limits;
pub(crate) mod system;
pub mod weapons;
pub(crate) mod wounds;

pub use kinds::*;
