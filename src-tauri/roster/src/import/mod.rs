//! Importing a roster file (FORMAT.md): parse and validate the WHOLE file first ([`Import`]),
//! preview what would change ([`crate::Store::plan_import`] → [`ImportPlan`]), then write it in
//! one transaction or not at all ([`crate::Store::apply_import`]).

mod apply;
mod parse;
mod plan;
mod raw;

pub use parse::{
    Import, ImportCharacter, ImportRoster, FORMAT_NAME, FORMAT_VERSION, MAX_FILE_BYTES,
};
pub use plan::{Action, Counts, ImportMode, ImportPlan, PlannedCharacter, PlannedRoster};
