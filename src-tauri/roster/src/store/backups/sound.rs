//! Which snapshot holds what sound, past the file being a sound database: one that holds a
//! damaged record whole (a refusal of that record offers the newest such), and one with no
//! damaged record at all ("whole": rotation never deletes the newest). Rosters and characters
//! are stored in the same columns since the first schema, so a snapshot of an older schema
//! reads with the same queries; a snapshot older than the roll log's or the plans' columns does
//! not hold such an entry (its query fails: not held).

use std::path::Path;

use rusqlite::{Connection, OptionalExtension};

use super::check::sound_file;
use super::names;
use crate::store::damaged::damaged_records;
use crate::store::damaged_record::{DamagedEntry, DamagedRecord, SoundCopy};
use crate::store::encounter_state::encounter_reads;
use crate::store::rows::{
    character_row, log_row, plan_row, roster_row, CHARACTER_COLUMNS, LOG_COLUMNS, PLAN_COLUMNS,
    ROSTER_COLUMNS,
};

/// The newest snapshot beside the database at `db` that holds `record` and reads it.
pub(crate) fn newest_holding(db: &Path, record: &DamagedRecord) -> SoundCopy {
    names::list(db)
        .into_iter()
        .find(|s| sound_file(&s.path).is_some_and(|conn| holds(&conn, record)))
        .map_or(SoundCopy::None, |s| SoundCopy::Snapshot(s.id))
}

/// Whether `conn`'s database has `record` (by its stored id) and reads it: the character, or
/// the roster.
fn holds(conn: &Connection, record: &DamagedRecord) -> bool {
    let read = match (record.entry.as_deref(), &record.character) {
        (Some(DamagedEntry::LogEntry(id)), _) => conn
            .query_row(
                &format!("SELECT {LOG_COLUMNS} FROM roll_log WHERE id = ?1"),
                [id],
                log_row,
            )
            .optional()
            .map(|row| row.is_some_and(|row| row.read().is_ok())),
        (Some(DamagedEntry::Plan { id, .. }), _) => conn
            .query_row(
                &format!(
                    "SELECT {PLAN_COLUMNS} FROM encounter_plans p
                     JOIN rosters r ON r.id = p.roster_id WHERE p.id = ?1"
                ),
                [id],
                plan_row,
            )
            .optional()
            .map(|row| row.is_some_and(|row| row.read().is_ok())),
        (Some(DamagedEntry::Encounter { id, .. }), _) => conn
            .query_row("SELECT state FROM encounters WHERE id = ?1", [id], |r| {
                r.get::<_, String>(0)
            })
            .optional()
            .map(|state| state.is_some_and(|state| encounter_reads(&state))),
        (None, Some((_, id))) => conn
            .query_row(
                &format!(
                    "SELECT {CHARACTER_COLUMNS} FROM characters c
                     JOIN rosters r ON r.id = c.roster_id WHERE c.id = ?1"
                ),
                [id],
                character_row,
            )
            .optional()
            .map(|row| row.is_some_and(|row| row.read().is_ok())),
        (None, None) => conn
            .query_row(
                &format!("SELECT {ROSTER_COLUMNS} FROM rosters r WHERE r.id = ?1"),
                [&record.roster_id],
                roster_row,
            )
            .optional()
            .map(|row| row.is_some_and(|row| row.read().is_ok())),
    };
    read.unwrap_or(false)
}

/// Whether the snapshot at `path` is a sound file in which every roster and character reads.
pub(super) fn is_whole(path: &Path) -> bool {
    sound_file(path).is_some_and(|conn| damaged_records(&conn).is_ok_and(|d| d.is_empty()))
}
