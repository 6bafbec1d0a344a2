//! Exporting: rosters to the FORMAT.md file ([`RosterFile`]), characters to CSV for
//! spreadsheets, and the roll log to CSV or JSON.

mod csv;
mod json;

pub use json::{FileCharacter, FileHouseRules, FileRoster, RollLogFile, RosterFile};

use serde::Deserialize;
use uuid::Uuid;

/// Which rosters to export.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExportSelection {
    /// Every roster not in the trash.
    #[default]
    All,
    /// These rosters (in their stored order, whatever the order given).
    Rosters(Vec<Uuid>),
}
