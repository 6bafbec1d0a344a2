//! Universe Deck d20: its sheet, the rolls it offers, what the rules derive from it, its table
//! (the deck, fate, saves and chases) and its printed page.
//!
//! The registry (`systems/registry.rs`) reaches it through `Sheet`, `Table` and `Move`; its sheet
//! implements `SystemSheet` in `system.rs`, its table `SystemRules` in `table.rs`.

mod chase;
mod deal;
pub(crate) mod derived;
mod fate;
mod moves;
mod players;
mod print;
mod rolls;
mod sheet;
mod state;
mod system;
pub(crate) mod table;
mod view;
mod words;

pub(crate) use sheet::POOL_MAX;
pub use sheet::{is_card, Saves, UniverseSheet};
pub use state::{DealBar, UniverseEncounter, UniverseMove};

// What the registry names (`systems/registry.rs`): this system's sheet, its table and a move.
pub use sheet::UniverseSheet as Sheet;
pub use state::Table;
pub use state::UniverseMove as Move;
