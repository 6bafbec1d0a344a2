//! An export as the bytes of a whole file in the format asked for, with what it holds: the one
//! format switch behind the window's `export_file` / `roll_log_export` and the command line's
//! `export` / `log --format`.

use serde::Deserialize;

use super::ExportSelection;
use crate::error::Result;
use crate::store::{LogQuery, Store};

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

impl Store {
    /// The selected rosters as a file: JSON is the roster file `import` reads back, CSV one row
    /// per character. Characters in the trash are left out.
    pub fn export_file(&self, selection: &ExportSelection, format: FileFormat) -> Result<Exported> {
        let mut bytes = Vec::new();
        let (rosters, characters) = self.export_file_to(selection, format, &mut bytes)?;
        Ok(Exported {
            bytes,
            rosters,
            characters,
        })
    }

    /// [`Store::export_file`] written to `out` as it is made, answering how many rosters and
    /// characters it holds: one character is in memory at a time in either format (CSV, whose
    /// columns are every sheet's, reads the characters twice), so the command line and the
    /// window write an export of any size.
    pub fn export_file_to(
        &self,
        selection: &ExportSelection,
        format: FileFormat,
        out: &mut dyn std::io::Write,
    ) -> Result<(usize, usize)> {
        match format {
            FileFormat::Json => self.write_roster_file(selection, out),
            FileFormat::Csv => self.characters_csv(selection, out),
        }
    }

    /// The logged rolls `query` picks (newest first) as a file, with how many rolls it holds.
    pub fn export_log(&self, query: &LogQuery, format: FileFormat) -> Result<(Vec<u8>, usize)> {
        let mut bytes = Vec::new();
        let rolls = self.export_log_to(query, format, &mut bytes)?;
        Ok((bytes, rolls))
    }

    /// [`Store::export_log`] written to `out`, answering how many rolls it holds.
    pub fn export_log_to(
        &self,
        query: &LogQuery,
        format: FileFormat,
        out: &mut dyn std::io::Write,
    ) -> Result<usize> {
        match format {
            FileFormat::Json => self.export_log_json(query, out),
            FileFormat::Csv => self.export_log_csv(query, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Import, NewCharacter, NewRoster, System};

    #[test]
    fn both_formats_hold_the_selection_and_say_how_much() {
        let mut store = Store::open_in_memory().unwrap();
        for (name, system, characters) in [("A", System::D12, 2), ("B", System::Marks, 1)] {
            let roster = store.create_roster(NewRoster::new(name, system)).unwrap();
            for n in 0..characters {
                let character = NewCharacter::named(format!("{name}{n}"));
                store.create_character(roster.id, character).unwrap();
            }
        }
        let json = store
            .export_file(&ExportSelection::All, FileFormat::Json)
            .unwrap();
        assert_eq!((json.rosters, json.characters), (2, 3));
        let back = Import::from_bytes(&json.bytes).unwrap();
        assert_eq!(back.rosters.len(), 2);
        let csv = store
            .export_file(&ExportSelection::All, FileFormat::Csv)
            .unwrap();
        assert_eq!((csv.rosters, csv.characters), (2, 3));
        let text = String::from_utf8(csv.bytes).unwrap();
        assert_eq!(text.lines().count(), 4, "{text}");

        let (bytes, rolls) = store
            .export_log(&LogQuery::default(), FileFormat::Csv)
            .unwrap();
        assert_eq!((rolls, bytes.is_empty()), (0, false));
        assert_eq!(FileFormat::Csv.as_str(), "csv");
    }
}
