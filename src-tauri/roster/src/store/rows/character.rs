//! A character as its row is stored, and reading it back.

use rusqlite::Row;
use uuid::Uuid;

use crate::model::{from_millis, Character, CharacterKind, System};
use crate::sheet::Sheet;
use crate::store::damaged_record::DamagedRecord;

/// The columns [`character_row`] reads; the query joins `rosters r` for the system.
pub(crate) const CHARACTER_COLUMNS: &str = "c.id, c.roster_id, c.name, c.player, c.kind, c.tags,
    c.notes, c.sheet, c.position, c.created_at, c.updated_at, c.deleted_at, r.system, r.name,
    r.system_version";

pub(crate) struct CharacterRow {
    id: String,
    roster_id: String,
    name: String,
    player: String,
    kind: String,
    tags: String,
    notes: String,
    sheet: String,
    position: i64,
    created_at: i64,
    updated_at: i64,
    deleted_at: Option<i64>,
    system: String,
    roster_name: String,
    system_version: Option<u32>,
}

pub(crate) fn character_row(row: &Row) -> rusqlite::Result<CharacterRow> {
    Ok(CharacterRow {
        id: row.get(0)?,
        roster_id: row.get(1)?,
        name: row.get(2)?,
        player: row.get(3)?,
        kind: row.get(4)?,
        tags: row.get(5)?,
        notes: row.get(6)?,
        sheet: row.get(7)?,
        position: row.get(8)?,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
        deleted_at: row.get(11)?,
        system: row.get(12)?,
        roster_name: row.get(13)?,
        system_version: row.get(14)?,
    })
}

impl CharacterRow {
    /// The character, or what of it does not read: its own fields name the character, its
    /// roster's rules system names the roster.
    pub(crate) fn read(self) -> std::result::Result<Character, DamagedRecord> {
        let roster = (self.roster_name.as_str(), self.roster_id.as_str());
        let system = System::of(&self.system, self.system_version).map_err(|e| {
            DamagedRecord::roster(roster.0, roster.1, format!("its rules system: {e}"))
        })?;
        let damaged = |what: &str, e: &dyn std::fmt::Display| {
            DamagedRecord::character(roster, (&self.name, &self.id), format!("its {what}: {e}"))
        };
        let id = Uuid::parse_str(&self.id).map_err(|e| damaged("id", &e))?;
        let roster_id = Uuid::parse_str(&self.roster_id).map_err(|e| damaged("roster id", &e))?;
        let kind: CharacterKind = self.kind.parse().map_err(|e| damaged("kind", &e))?;
        let sheet = Sheet::stored(system, &self.sheet).map_err(|e| damaged("sheet", &e))?;
        let tags = serde_json::from_str(&self.tags).map_err(|e| damaged("tags", &e))?;
        Ok(Character {
            id,
            roster_id,
            tags,
            name: self.name,
            player: self.player,
            kind,
            notes: self.notes,
            sheet,
            position: self.position,
            created_at: from_millis(self.created_at),
            updated_at: from_millis(self.updated_at),
            deleted_at: self.deleted_at.map(from_millis),
        })
    }
}
