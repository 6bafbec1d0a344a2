//! Dice notation: its roll kinds (`kinds`) and its entry in the registry (`system`).

pub(crate) mod kinds;
pub(crate) mod system;

pub use kinds::*;
