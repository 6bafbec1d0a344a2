//! GENRE: its sheet, the rolls it offers, what the rules derive from it, its table (Glory, Grunt
//! and Bust A Nut) and its printed page.
//!
//! The registry (`systems/registry.rs`) reaches it through `Sheet`, `Table` and `Move`; its sheet
//! implements `SystemSheet` in `system.rs`, its table `SystemRules` in `table.rs`.

pub(crate) mod derived;
mod players;
mod print;
mod rolls;
mod sheet;
mod system;
pub(crate) mod table;
mod view;

pub use sheet::{GenreSheet, GenreSkill, GenreTrackers, GENRE_ATTRIBUTES};
pub use table::{GenreEncounter, GenreMove};

// What the registry names (`systems/registry.rs`): this system's sheet, its table and a move.
pub use sheet::GenreSheet as Sheet;
pub use table::GenreEncounter as Table;
pub use table::GenreMove as Move;
