//! The SQLite store: one [`Store`] per open database file. Reads take `&self`; every write takes
//! `&mut self` and runs in one IMMEDIATE transaction that commits only when the whole operation
//! succeeded (so an error, or a crash, leaves the file as it was).

pub mod backups;
mod character_rows;
mod character_summaries;
pub(crate) mod characters;
mod damaged;
pub(crate) mod damaged_record;
mod encounter_sheets;
mod encounter_state;
mod encounters;
mod luck;
mod migrations;
mod open;
mod packed;
pub(crate) mod plans;
mod players;
mod roll_for;
pub(crate) mod roll_log;
pub(crate) mod room;
pub(crate) mod rosters;
pub(crate) mod saved_rolls;
mod search;
mod settings;
mod sheets;
mod state_patch;
mod table_events;
mod table_history;
mod tags;
mod upgrade_copy;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, Row, Transaction, TransactionBehavior};
use serde::Serialize;
use uuid::Uuid;

use crate::error::{Result, RosterError};
use crate::model::{from_millis, Character, CharacterKind, Roster, System};
use crate::sheet::Sheet;

pub(crate) use backups::Reason;
pub use characters::{Purged, Trash, TrashListed};
pub(crate) use damaged::damaged_records;
pub use damaged::Readable;
pub use damaged_record::{DamagedEntry, DamagedRecord, SoundCopy};
pub use encounters::{DealtTo, PlayOptions, TableActionEntry, TableDiceAsked, TablePlay};
pub use luck::LuckRolls;
pub use migrations::{APPLICATION_ID, SCHEMA_VERSION};
pub use open::Opened;
pub use roll_for::{LogOptions, RollPlace, RollsRefused};
pub use roll_log::{LogCursor, LogEntry, LogQuery, NewLogEntry};
pub use saved_rolls::SavedRollHit;
pub use settings::Settings;
pub use table_history::TableStates;

/// An open Rollbook database.
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    opened: Opened,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

/// What an undo brought back from the trash.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Restored {
    pub rosters: Vec<Uuid>,
    pub characters: Vec<Uuid>,
}

impl Store {
    /// Opens the database at `path`, creating it when there is nothing there and upgrading an
    /// older schema (after a backup copy). Refuses — without writing a byte — a file that is not
    /// a Rollbook database, is damaged, or was written by a newer Rollbook.
    pub fn open(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref();
        let (conn, opened) =
            open::open(path).map_err(|e| open::full_disk_told(e, path).at(path))?;
        Ok(Store {
            conn,
            path: Some(path.to_path_buf()),
            opened,
        })
    }

    /// Opens the database at `path` for reading only: nothing is written to it or created beside
    /// it (no -wal, no -shm), so a read-only file, folder or disk reads fine, and every write
    /// answers `read_only`. Refuses what [`Store::open`] refuses; a file with nothing in it reads
    /// as an empty database; an older schema, which would have to be upgraded, is `read_only`.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref();
        let conn = match open::open_read_only(path).map_err(|e| e.at(path))? {
            Some(conn) => conn,
            None => {
                let empty = Store::open_in_memory()?;
                empty.conn.pragma_update(None, "query_only", true)?;
                empty.conn
            }
        };
        Ok(Store {
            conn,
            path: Some(path.to_path_buf()),
            opened: Opened::default(),
        })
    }

    /// Opens the per-user database at [`crate::default_db_path`] (shared by window and CLI).
    pub fn open_default() -> Result<Store> {
        Store::open(crate::default_db_path()?)
    }

    /// A throw-away database in memory (tests, previews).
    pub fn open_in_memory() -> Result<Store> {
        let mut conn = Connection::open_in_memory()?;
        open::configure(&conn)?;
        migrations::migrations().to_latest(&mut conn).map_err(|e| {
            RosterError::MigrationFailed {
                path: PathBuf::from(":memory:"),
                detail: e.to_string(),
            }
        })?;
        Ok(Store {
            conn,
            path: None,
            opened: Opened {
                created: true,
                ..Opened::default()
            },
        })
    }

    /// The file, or `None` in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The files an output must never replace: this database and what Rollbook keeps beside it
    /// (pass to [`crate::files::write_whole`]).
    pub fn protected_files(&self) -> crate::files::Protected {
        match &self.path {
            Some(path) => crate::files::Protected::database(path),
            None => crate::files::Protected::nothing(),
        }
    }

    /// What opening did (created, migrated, backup path).
    pub fn opened(&self) -> &Opened {
        &self.opened
    }

    /// `PRAGMA integrity_check`: `"ok"` for a healthy file.
    pub fn integrity_check(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check(1)", [], |r| r.get(0))?)
    }

    /// Runs `f` in one IMMEDIATE transaction, committed only when it returns `Ok`. A busy,
    /// full or read-only file is named in the error.
    pub(crate) fn write<T>(&mut self, f: impl FnOnce(&Transaction) -> Result<T>) -> Result<T> {
        let result = (|| {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx)?;
            tx.commit()?;
            Ok(value)
        })();
        match &self.path {
            Some(path) => result.map_err(|e: RosterError| e.at(path)),
            None => result,
        }
    }

    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Brings back the most recent deletion (one roster, or the characters deleted together).
    pub fn undo_delete(&mut self) -> Result<Restored> {
        self.write(|tx| {
            let batch: Option<i64> = tx.query_row(
                "SELECT max(b) FROM (SELECT max(delete_batch) AS b FROM rosters
                                     UNION ALL SELECT max(delete_batch) FROM characters)",
                [],
                |r| r.get(0),
            )?;
            let Some(batch) = batch else {
                return Err(RosterError::NothingToUndo);
            };
            let mut restored = Restored::default();
            for (table, out) in [
                ("rosters", &mut restored.rosters),
                ("characters", &mut restored.characters),
            ] {
                let mut stmt = tx.prepare(&format!(
                    "UPDATE {table} SET deleted_at = NULL, delete_batch = NULL
                     WHERE delete_batch = ?1 RETURNING id"
                ))?;
                let ids = stmt.query_map([batch], |r| r.get::<_, String>(0))?;
                for id in ids {
                    out.push(parse_id(&id?)?);
                }
            }
            Ok(restored)
        })
    }
}

/// The next deletion number (undo brings back the highest).
pub(crate) fn next_delete_batch(tx: &Transaction) -> Result<i64> {
    Ok(tx.query_row(
        "SELECT coalesce(max(b), 0) + 1 FROM (SELECT max(delete_batch) AS b FROM rosters
                                              UNION ALL SELECT max(delete_batch) FROM characters)",
        [],
        |r| r.get(0),
    )?)
}

pub(crate) fn parse_id(text: &str) -> Result<Uuid> {
    Uuid::parse_str(text).map_err(|e| corrupt(format!("stored id \"{text}\": {e}")))
}

pub(crate) fn corrupt(detail: String) -> RosterError {
    RosterError::CorruptDatabase {
        path: PathBuf::from("the database"),
        detail,
        snapshot: None,
    }
}

/// The columns [`roster_from_row`] reads, with the live character count.
pub(crate) const ROSTER_COLUMNS: &str = "r.id, r.name, r.system, r.notes, r.house_rules,
    r.position, r.created_at, r.updated_at, r.deleted_at,
    (SELECT count(*) FROM characters c WHERE c.roster_id = r.id AND c.deleted_at IS NULL)";

/// A roster row as stored (text fields not yet parsed).
pub(crate) struct RosterRow {
    id: String,
    name: String,
    system: String,
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
    })
}

impl RosterRow {
    /// The roster, or what of it does not read (named by the roster's stored name and id).
    pub(crate) fn read(self) -> std::result::Result<Roster, DamagedRecord> {
        let damaged = |detail: String| DamagedRecord::roster(&self.name, &self.id, detail);
        let id = Uuid::parse_str(&self.id).map_err(|e| damaged(format!("its id: {e}")))?;
        let system = self
            .system
            .parse()
            .map_err(|e| damaged(format!("its rules system: {e}")))?;
        let house_rules = serde_json::from_str(&self.house_rules)
            .map_err(|e| damaged(format!("its house rules: {e}")))?;
        Ok(Roster {
            id,
            system,
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

    /// The roster, or its refusal by name (offering the newest snapshot that holds it sound).
    pub(crate) fn into_roster(self, conn: &Connection) -> Result<Roster> {
        self.read().map_err(|damaged| damaged.refused(conn))
    }
}

/// The columns [`character_row`] reads; the query joins `rosters r` for the system.
pub(crate) const CHARACTER_COLUMNS: &str = "c.id, c.roster_id, c.name, c.player, c.kind, c.tags,
    c.notes, c.sheet, c.position, c.created_at, c.updated_at, c.deleted_at, r.system, r.name";

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
    })
}

impl CharacterRow {
    /// The character, or what of it does not read: its own fields name the character, its
    /// roster's rules system names the roster.
    pub(crate) fn read(self) -> std::result::Result<Character, DamagedRecord> {
        let roster = (self.roster_name.as_str(), self.roster_id.as_str());
        let system: System = self.system.parse().map_err(|e| {
            DamagedRecord::roster(roster.0, roster.1, format!("its rules system: {e}"))
        })?;
        let damaged = |what: &str, e: &dyn std::fmt::Display| {
            DamagedRecord::character(roster, (&self.name, &self.id), format!("its {what}: {e}"))
        };
        let id = Uuid::parse_str(&self.id).map_err(|e| damaged("id", &e))?;
        let roster_id = Uuid::parse_str(&self.roster_id).map_err(|e| damaged("roster id", &e))?;
        let kind: CharacterKind = self.kind.parse().map_err(|e| damaged("kind", &e))?;
        let sheet = stored_sheet(system, &self.sheet).map_err(|e| damaged("sheet", &e))?;
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

    /// The character, or its refusal by name (offering the newest snapshot that holds it sound).
    pub(crate) fn into_character(self, conn: &Connection) -> Result<Character> {
        self.read().map_err(|damaged| damaged.refused(conn))
    }
}

/// A sheet as this crate wrote it (trusted: parsed without collecting problems).
fn stored_sheet(system: System, json: &str) -> serde_json::Result<Sheet> {
    Ok(match system {
        System::Stunt => Sheet::Stunt(serde_json::from_str(json)?),
        System::Genre => Sheet::Genre(serde_json::from_str(json)?),
        System::Universe => Sheet::Universe(serde_json::from_str(json)?),
        System::Marks => Sheet::Marks(serde_json::from_str(json)?),
        System::D12 => Sheet::D12(serde_json::from_str(json)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NewRoster;

    #[test]
    fn a_write_that_fills_the_disk_says_so_names_the_file_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollbook.sqlite3");
        let mut store = Store::open(&path).unwrap();
        store
            .create_roster(NewRoster::new("Kept", System::D12))
            .unwrap();
        // SQLite answers SQLITE_FULL once the file would grow past this many pages.
        let pages: i64 = store
            .conn()
            .pragma_query_value(None, "page_count", |r| r.get(0))
            .unwrap();
        store
            .conn()
            .pragma_update(None, "max_page_count", pages)
            .unwrap();
        let mut big = NewRoster::new("Too big", System::D12);
        big.notes = "x".repeat(19_000);
        let err = store.create_roster(big).unwrap_err();
        assert_eq!(err.code(), "disk_full", "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "the disk is full: {} could not be written; nothing was changed. Free some space and try again",
                path.display()
            )
        );
        let names: Vec<String> = store
            .rosters()
            .unwrap()
            .into_iter()
            .map(|r| r.name)
            .collect();
        assert_eq!(names, ["Kept"]);
    }

    #[test]
    fn a_write_kept_waiting_by_another_rollbook_says_busy_and_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollbook.sqlite3");
        let mut store = Store::open(&path).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        store
            .conn()
            .busy_timeout(std::time::Duration::from_millis(50))
            .unwrap();
        let err = store
            .create_roster(NewRoster::new("Waiting", System::Genre))
            .unwrap_err();
        assert_eq!(err.code(), "database_busy", "{err}");
        assert!(
            err.to_string()
                .starts_with(&format!("{} is busy", path.display())),
            "{err}"
        );
        other.execute_batch("ROLLBACK").unwrap();
        assert!(store.rosters().unwrap().is_empty());
    }
}
