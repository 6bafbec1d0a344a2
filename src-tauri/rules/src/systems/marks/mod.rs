//! 64 Bit Heroes Marks: its roll kinds (`kinds`), its table rules (`state`: tasks), its sheet
//! limits and its entry in the registry (`system`).

pub(crate) mod kinds;
pub(crate) mod pool_dice;
pub(crate) mod sheet_limits;
pub mod state;
pub(crate) mod system;

pub use kinds::*;
