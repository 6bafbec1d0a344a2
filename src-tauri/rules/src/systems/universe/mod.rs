//! Universe Deck d20: its roll kinds (`kinds`), its table rules (`cards`, `deck`, `fate`,
//! `fate_cards`, `moves`: the cards, the deck, fate cards, chases), its plans
//! (`plans`, `plan_specs`: a fate card on the attack or kept for AC, augmentation before or after), its sheet limits, its table moves' ranges and its entry in the registry (`system`).

pub mod cards;
pub mod deck;
pub mod fate;
pub(crate) mod fate_cards;
pub(crate) mod kinds;
pub(crate) mod move_ranges;
pub mod moves;
pub(crate) mod plan_specs;
pub(crate) mod plans;
pub(crate) mod sheet_limits;
pub(crate) mod system;

pub use kinds::*;
