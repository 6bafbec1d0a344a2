//! A roster as its row is stored, and reading it back.

use rusqlite::Row;
use uuid::Uuid;

use crate::model::{from_millis, Roster, System};
use crate::store::damaged_record::DamagedRecord;

/// The columns [`roster_from_row`] reads, with the live character count.
pub(crate) const ROSTER_COLUMNS: &str = "r.id, r.name, r.system, r.notes, r.house_rules,
    r.position, r.created_at, r.updated_at, r.deleted_at,
    (SELECT count(*) FROM characters c WHERE c.roster_id = r.id AND c.deleted_at IS NULL),
    r.system_version";

/// A roster row as stored (text fields not yet parsed).
pub(crate) struct RosterRow {
    id: String,
    name: String,
    system: String,
    /// A system from a file's version (`None` for the five).
    system_version: Option<u32>,
    notes: String,
    house_rules: String,
    position: i64,
    created_at: i64,
    updated_at: i64,
    deleted_at: Option<i64>,
    character_count: i64,
}

pub(crate) fn roster_row(row: &Row) -> rusqlite::Result<RosterRow> {
    Ok(RosterRow {
        id: row.get(0)?,
        name: row.get(1)?,
        system: row.get(2)?,
        notes: row.get(3)?,
        house_rules: row.get(4)?,
        position: row.get(5)?,
        created_at: row.get(6)?,
        updated_at: row.get(7)?,
        deleted_at: row.get(8)?,
        character_count: row.get(9)?,
        system_version: row.get(10)?,
    })
}

impl RosterRow {
    /// The roster, or what of it does not read (named by the roster's stored name and id).
    pub(crate) fn read(self) -> std::result::Result<Roster, DamagedRecord> {
        let damaged = |detail: String| DamagedRecord::roster(&self.name, &self.id, detail);
        let id = Uuid::parse_str(&self.id).map_err(|e| damaged(format!("its id: {e}")))?;
        let system = System::of(&self.system, self.system_version)
            .map_err(|e| damaged(format!("its rules system: {e}")))?;
        let house_rules = serde_json::from_str(&self.house_rules)
            .map_err(|e| damaged(format!("its house rules: {e}")))?;
        Ok(Roster {
            id,
            system,
            system_version: system.file_version(),
            house_rules,
            name: self.name,
            notes: self.notes,
            position: self.position,
            created_at: from_millis(self.created_at),
            updated_at: from_millis(self.updated_at),
            deleted_at: self.deleted_at.map(from_millis),
            character_count: self.character_count,
        })
    }
}
