//! 64 Bit Heroes Marks: its sheet, the rolls it offers, what the rules derive from it, its table
//! (static, contested and extended tasks) and its printed page.
//!
//! The registry (`systems/registry.rs`) reaches it through `Sheet`, `Table` and `Move`; its sheet
//! implements `SystemSheet` in `system.rs`, its table `SystemRules` in `table.rs`.

pub(crate) mod derived;
mod players;
mod print;
mod rolls;
mod sheet;
mod state;
mod system;
pub(crate) mod table;
mod tasks;
mod view;

pub use sheet::{MarksSheet, MarksSkill, MARKS_ATTRIBUTES};
pub use state::{MarksEncounter, MarksMove, RunningTask, TaskKind, TaskPool};

// What the registry names (`systems/registry.rs`): this system's sheet, its table and a move.
pub use sheet::MarksSheet as Sheet;
pub use state::MarksEncounter as Table;
pub use state::MarksMove as Move;
