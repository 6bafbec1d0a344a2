//! Uniform Stunt Chart: its roll kinds (`kinds`), its table rules (`tasks`: HTK, running tasks),
//! its sheet limits, its table moves' ranges and its entry in the registry (`system`).

pub(crate) mod kinds;
pub(crate) mod move_ranges;
pub(crate) mod sheet_limits;
pub(crate) mod system;
pub mod tasks;

pub use kinds::*;
