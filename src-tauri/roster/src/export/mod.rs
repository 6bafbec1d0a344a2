//! Exporting: rosters to the FORMAT.md file ([`RosterFile`]), characters to CSV for
//! spreadsheets, and the roll log to CSV or JSON. The store's reading side, and the methods the
//! window and the command line call (`Store::export_file`, `Store::export_log`…), are in
//! `store/export.rs`; here are the formats, written as the store is read.

pub(crate) mod csv;
mod file;
pub(crate) mod json;
mod selection;

pub use file::{Exported, FileFormat};
pub use json::{FileCharacter, FileHouseRules, FileRoster, RollLogFile, RosterFile};
pub use selection::ExportSelection;
