//! The formats of an exported file, and what one holds (the format switch itself is
//! `Store::export_file_to` / `Store::export_log_to`, in `store/export.rs`).

use serde::Deserialize;

/// The format of an exported file: JSON (the roster file of FORMAT.md, or the roll log's file)
/// or CSV for spreadsheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FileFormat {
    Json,
    Csv,
}

impl FileFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            FileFormat::Json => "json",
            FileFormat::Csv => "csv",
        }
    }
}

/// An exported roster file: its bytes and how many rosters and characters it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    pub bytes: Vec<u8>,
    pub rosters: usize,
    pub characters: usize,
}
