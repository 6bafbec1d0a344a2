//! Exports as the store reads them: which rosters and characters a selection holds, and the
//! one format switch behind the window's `export_file` / `roll_log_export` and the command
//! line's `export` / `log --format`. The formats themselves are `crate::export`'s.

use std::io::Write;

use super::handle::Store;
use super::roll_log::LogQuery;
use crate::error::{Result, RosterError};
use crate::export::{csv, json, ExportSelection, Exported, FileFormat, RosterFile};
use crate::model::{Character, Roster};

impl Store {
    /// The selected rosters as a roster file (characters in the trash are left out).
    pub fn export(&self, selection: &ExportSelection) -> Result<RosterFile> {
        let selected = self.selected(selection)?;
        let mut with_rolls = Vec::with_capacity(selected.len());
        for (roster, characters) in selected {
            let rolls = self.saved_rolls(roster.id)?;
            with_rolls.push((roster, rolls, characters));
        }
        Ok(json::roster_file(with_rolls))
    }

    /// Writes the roster file for `selection` to `out`.
    pub fn export_json(&self, selection: &ExportSelection, mut out: impl Write) -> Result<()> {
        json::write_roster_file(self, selection, &mut out).map(|_| ())
    }

    /// Writes the selected rosters' characters as CSV; returns the number of rows.
    pub fn export_characters_csv(
        &self,
        selection: &ExportSelection,
        out: impl Write,
    ) -> Result<usize> {
        Ok(csv::write_characters(self, selection, out)?.1)
    }

    /// Writes the logged rolls matching `query` (newest first) as CSV, row by row as the
    /// database is read; returns the number of rows. Every entry is read once before the first
    /// byte is written: a damaged one is refused by name with nothing written.
    pub fn export_log_csv(&self, query: &LogQuery, out: impl Write) -> Result<usize> {
        csv::write_log(self, query, out)
    }

    /// Writes the logged rolls matching `query` (newest first) as JSON, entry by entry as the
    /// database is read (a log of any length holds one entry in memory); the same bytes as
    /// [`RollLogFile`](crate::RollLogFile) written pretty. Every entry is read once before the
    /// first byte is written: a damaged one is refused by name with nothing written.
    pub fn export_log_json(&self, query: &LogQuery, out: impl Write) -> Result<usize> {
        json::write_log(self, query, out)
    }

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
            FileFormat::Json => json::write_roster_file(self, selection, out),
            FileFormat::Csv => csv::write_characters(self, selection, out),
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
            FileFormat::Json => json::write_log(self, query, out),
            FileFormat::Csv => csv::write_log(self, query, out),
        }
    }

    /// The selected rosters in their stored order, each with its selected characters in their
    /// order (never those in the trash). Unknown ids are refused, and so are characters in the
    /// trash when named one by one.
    pub(crate) fn selected(
        &self,
        selection: &ExportSelection,
    ) -> Result<Vec<(Roster, Vec<Character>)>> {
        let mut out = Vec::new();
        for roster in self.selected_rosters(selection)? {
            let mut characters = self.characters(roster.id)?;
            characters.retain(|c| selection.holds(c));
            out.push((roster, characters));
        }
        Ok(out)
    }

    /// The selected rosters in their stored order, without their characters (which
    /// [`ExportSelection::holds`] picks).
    pub(crate) fn selected_rosters(&self, selection: &ExportSelection) -> Result<Vec<Roster>> {
        let mut rosters = match selection {
            // A file of "every roster" that silently lacked one would be taken for the whole
            // campaign: a damaged roster refuses it by name (the others export one by one).
            ExportSelection::All => {
                let listed = self.rosters_readable()?;
                if let Some(damaged) = listed.damaged.into_iter().next() {
                    return Err(damaged);
                }
                listed.read
            }
            ExportSelection::Rosters(ids) => ids
                .iter()
                .map(|&id| self.roster(id))
                .collect::<Result<Vec<_>>>()?,
            ExportSelection::Characters(ids) => {
                let mut rosters = Vec::new();
                for &id in ids {
                    let c = self.character(id)?;
                    if c.deleted_at.is_some() {
                        return Err(RosterError::InTrash {
                            what: "character",
                            name: c.name,
                        });
                    }
                    rosters.push(self.roster(c.roster_id)?);
                }
                rosters
            }
        };
        rosters.sort_by_key(|r| (r.position, r.created_at, r.id));
        rosters.dedup_by_key(|r| r.id);
        Ok(rosters)
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;
    use crate::{Import, NewCharacter, NewRoster, System};

    /// Two rosters of two characters each: (store, [[a1, a2], [b1, b2]]).
    fn two_rosters() -> (Store, Vec<Vec<Uuid>>) {
        let mut store = Store::open_in_memory().unwrap();
        let mut ids = Vec::new();
        for (roster, system) in [("A", System::D12), ("B", System::Marks)] {
            let r = store.create_roster(NewRoster::new(roster, system)).unwrap();
            let c = (1..=2)
                .map(|n| {
                    let name = format!("{roster}{n}");
                    store
                        .create_character(r.id, NewCharacter::named(name))
                        .unwrap()
                        .id
                })
                .collect();
            ids.push(c);
        }
        (store, ids)
    }

    fn names(store: &Store, selection: &ExportSelection) -> Vec<(String, Vec<String>)> {
        store
            .selected(selection)
            .unwrap()
            .into_iter()
            .map(|(r, cs)| (r.name, cs.into_iter().map(|c| c.name).collect()))
            .collect()
    }

    #[test]
    fn a_character_selection_keeps_stored_order_and_only_those_characters() {
        let (store, ids) = two_rosters();
        let selection = ExportSelection::Characters(vec![ids[1][1], ids[0][1], ids[1][0]]);
        assert_eq!(
            names(&store, &selection),
            [
                ("A".to_string(), vec!["A2".to_string()]),
                ("B".to_string(), vec!["B1".to_string(), "B2".to_string()]),
            ]
        );
        let file = store.export(&selection).unwrap();
        assert_eq!(file.rosters[0].characters.len(), 1);
        let mut csv = Vec::new();
        assert_eq!(
            store.export_characters_csv(&selection, &mut csv).unwrap(),
            3
        );
        let text = String::from_utf8(csv).unwrap();
        assert!(!text.contains(",A1,"), "{text}");
    }

    #[test]
    fn unknown_or_trashed_characters_are_refused() {
        let (mut store, ids) = two_rosters();
        let unknown = ExportSelection::Characters(vec![ids[0][0], Uuid::new_v4()]);
        assert_eq!(
            store.selected(&unknown).unwrap_err().code(),
            "character_not_found"
        );
        store.delete_character(ids[0][0]).unwrap();
        let trashed = ExportSelection::Characters(vec![ids[0][0]]);
        assert_eq!(store.selected(&trashed).unwrap_err().code(), "in_trash");
    }

    #[test]
    fn selections_read_as_the_window_sends_them() {
        let id = Uuid::new_v4();
        let read = |v| serde_json::from_value::<ExportSelection>(v).unwrap();
        assert_eq!(read(serde_json::json!("all")), ExportSelection::All);
        assert_eq!(
            read(serde_json::json!({"rosters": [id]})),
            ExportSelection::Rosters(vec![id])
        );
        assert_eq!(
            read(serde_json::json!({"characters": [id]})),
            ExportSelection::Characters(vec![id])
        );
    }

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
