//! The Uniform Stunt Chart: its sheet, the rolls it offers, what the rules derive from it, its
//! table (HTK and running tasks) and its printed page.
//!
//! The registry (`systems/registry.rs`) reaches it through `Sheet`, `Table` and `Move`; its sheet
//! implements `SystemSheet` in `system.rs`, its table `SystemRules` in `table.rs`.

pub(crate) mod derived;
mod players;
mod print;
mod rolls;
mod sheet;
mod state;
mod steps;
mod system;
pub(crate) mod table;
mod view;

pub use sheet::{StuntAbility, StuntSheet, STUNT_BASESTATS};
pub use state::{StuntEncounter, StuntMove};

// What the registry names (`systems/registry.rs`): this system's sheet, its table and a move.
pub use sheet::StuntSheet as Sheet;
pub use state::StuntEncounter as Table;
pub use state::StuntMove as Move;
