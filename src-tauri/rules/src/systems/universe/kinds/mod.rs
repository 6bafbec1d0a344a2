//! The Universe Deck d20 kinds (RULES.md section 3), one file each: 2d6 skill checks, d20
//! attacks and saves (plain and augmented), group stealth; `dice` holds what they share.

mod attack;
mod augmented_save;
mod dice;
mod group_stealth;
mod save;
mod skill;

pub use attack::*;
pub use augmented_save::*;
pub use group_stealth::*;
pub use save::*;
pub use skill::*;
