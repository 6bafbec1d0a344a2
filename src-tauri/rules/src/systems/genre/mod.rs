//! GENRE: its roll kinds (`kinds`), its table rules (`state`: Grunt, Bust A Nut, Glory), its sheet
//! limits, its table moves' ranges and its entry in the registry (`system`).

pub(crate) mod kinds;
pub(crate) mod move_ranges;
pub(crate) mod sheet_limits;
pub mod state;
pub(crate) mod system;

pub use kinds::*;
