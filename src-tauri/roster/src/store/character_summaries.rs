//! A roster's characters as a list shows them: one query reading only the columns a list needs,
//! never sending the sheets (parsing 10,000 sheets into JSON for the window took most of the
//! time to open a big roster). Each sheet is still read, and dropped, so that a character
//! whose sheet does not read is named apart rather than listed and refused only once opened.

use super::readable::read_rows;
use super::{DamagedRecord, Readable, Store};
use crate::error::Result;
use crate::model::{from_millis, CharacterKind, CharacterSummary, Roster};
use crate::sheet::Sheet;
use uuid::Uuid;

struct SummaryRow {
    id: String,
    name: String,
    player: String,
    kind: String,
    tags: String,
    updated_at: i64,
    sheet: String,
}

impl Store {
    /// The characters of a roster not in the trash, in their order (as [`Store::characters`]),
    /// without their notes and sheets; and the refusal (`damaged_record`) of each whose stored
    /// fields do not read, as [`Store::characters_readable`] tells them.
    pub fn character_summaries(&self, roster_id: Uuid) -> Result<Readable<CharacterSummary>> {
        let roster = self.roster(roster_id)?;
        let mut stmt = self.conn().prepare_cached(
            "SELECT id, name, player, kind, tags, updated_at, sheet FROM characters
             WHERE roster_id = ?1 AND deleted_at IS NULL ORDER BY position, created_at",
        )?;
        let rows = stmt.query_map([roster_id.to_string()], |row| {
            Ok(SummaryRow {
                id: row.get(0)?,
                name: row.get(1)?,
                player: row.get(2)?,
                kind: row.get(3)?,
                tags: row.get(4)?,
                updated_at: row.get(5)?,
                sheet: row.get(6)?,
            })
        })?;
        let rows = read_rows(rows, |row| summary(&roster, row))?;
        Ok(Readable::of(self.conn(), rows))
    }
}

/// The summary of one stored character of `roster`, or what of it does not read (in the words
/// of `CharacterRow::read`).
fn summary(
    roster: &Roster,
    row: SummaryRow,
) -> std::result::Result<CharacterSummary, DamagedRecord> {
    let damaged = |what: &str, e: &dyn std::fmt::Display| {
        let roster = (roster.name.as_str(), &*roster.id.to_string());
        DamagedRecord::character(roster, (&row.name, &row.id), format!("its {what}: {e}"))
    };
    let id = Uuid::parse_str(&row.id).map_err(|e| damaged("id", &e))?;
    let kind: CharacterKind = row.kind.parse().map_err(|e| damaged("kind", &e))?;
    Sheet::stored(roster.system, &row.sheet).map_err(|e| damaged("sheet", &e))?;
    let tags = serde_json::from_str(&row.tags).map_err(|e| damaged("tags", &e))?;
    Ok(CharacterSummary {
        id,
        tags,
        kind,
        name: row.name,
        player: row.player,
        updated_at: from_millis(row.updated_at),
    })
}
