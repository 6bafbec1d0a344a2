//! Importing a roster file (FORMAT.md): parse and validate the WHOLE file first ([`Import`]),
//! preview what would change ([`crate::Store::plan_import`] → [`ImportPlan`]), then write it in
//! one transaction or not at all ([`crate::Store::apply_import`], in `store/import.rs`). The file
//! is read record by record each time (`source.rs`, `walk.rs`), never held whole, so any file
//! Rollbook exports imports again whatever its size.

pub(crate) mod parse;
pub(crate) mod plan;
mod source;
mod systems;
mod walk;

pub use parse::{
    Import, ImportCharacter, ImportRoster, FORMAT_NAME, FORMAT_VERSION, KEPT_PROBLEMS,
};
pub use plan::{
    Action, Counts, ImportMode, ImportPlan, PlannedCharacter, PlannedRoster, PlannedSystem,
};
pub use systems::ImportSystem;
