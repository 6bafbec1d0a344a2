//! Dice notation: its roll kinds (`kinds`), the check they share (`last_checked`) and its entry
//! in the registry (`system`).

pub(crate) mod kinds;
mod last_checked;
pub(crate) mod system;

pub use kinds::*;
