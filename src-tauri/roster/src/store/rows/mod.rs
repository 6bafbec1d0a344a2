//! Rows as they are stored, and reading each back into what it holds or the [`DamagedRecord`]
//! it is. Nothing here refuses or looks for a snapshot (`store/readable.rs` does): scanning a
//! snapshot for damaged records reads these same rows.
//!
//! [`DamagedRecord`]: crate::store::DamagedRecord

mod character;
mod log;
mod plan;
mod roster;

pub(crate) use character::{character_row, CharacterRow, CHARACTER_COLUMNS};
pub use log::LogEntry;
pub(crate) use log::{log_row, LogRow, LOG_COLUMNS};
pub(crate) use plan::{plan_row, PlanRow, PLAN_COLUMNS};
pub(crate) use roster::{roster_row, RosterRow, ROSTER_COLUMNS};
