//! d12 Ranks: its sheet, the rolls it offers, what the rules derive from it, its table (the
//! attack chain, health, effects and conditions) and its printed page.
//!
//! The registry (`systems/registry.rs`) reaches it through `Sheet`, `Table` and `Move`; its sheet
//! implements `SystemSheet` in `system.rs`, its table `SystemRules` in `table.rs`.

mod attack;
pub(crate) mod derived;
mod players;
mod print;
mod rolls;
mod sheet;
mod state;
mod system;
pub(crate) mod table;
mod view;

pub use sheet::{Condition, ConditionKind, D12Ability, D12Sheet, Defense, Effect};
pub use state::{D12Encounter, D12Move};

// What the registry names (`systems/registry.rs`): this system's sheet, its table and a move.
pub use sheet::D12Sheet as Sheet;
pub use state::D12Encounter as Table;
pub use state::D12Move as Move;
