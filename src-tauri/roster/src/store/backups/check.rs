//! Is a snapshot one Rollbook can go back to? It is read at rest (`immutable=1`: no lock, no
//! side file) and must be a Rollbook database of this schema or an older one that passes
//! `PRAGMA integrity_check`. Also: what a snapshot holds, for the window's list.

use std::path::Path;

use rusqlite::Connection;
use serde::Serialize;

use super::names::Snapshot;
use crate::error::{Result, RosterError};
use crate::store::connection::{immutable, user_version};
use crate::store::migrations::{APPLICATION_ID, SCHEMA_VERSION};

/// A snapshot that passed [`check`]: a connection reading it, and its schema version.
pub(super) struct Sound {
    pub conn: Connection,
    pub version: i64,
}

/// Opens `snapshot` and checks it whole; a damaged, foreign or newer file is refused with a
/// message that says which and that nothing was changed.
pub(super) fn check(snapshot: &Snapshot) -> Result<Sound> {
    let sound = identify(snapshot)?;
    let verdict = integrity(&sound.conn).map_err(|e| damaged(snapshot, sqlite_words(&e)))?;
    if verdict != "ok" {
        return Err(damaged(snapshot, verdict));
    }
    Ok(sound)
}

fn damaged(snapshot: &Snapshot, detail: String) -> RosterError {
    RosterError::BackupDamaged {
        id: snapshot.id.clone(),
        detail,
    }
}

/// Opens `snapshot` and checks what it says it is (a Rollbook database this build can read),
/// without reading every page: enough to list what it holds. A restore uses [`check`].
pub(super) fn identify(snapshot: &Snapshot) -> Result<Sound> {
    let damaged = |detail: String| RosterError::BackupDamaged {
        id: snapshot.id.clone(),
        detail,
    };
    let conn = immutable(&snapshot.path).map_err(|e| damaged(e.to_string()))?;
    let look = || -> rusqlite::Result<(i32, i64)> {
        let app_id = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
        Ok((app_id, user_version(&conn)?))
    };
    let (app_id, version) = look().map_err(|e| damaged(sqlite_words(&e)))?;
    if app_id != APPLICATION_ID {
        return Err(damaged("it is not a Rollbook database".into()));
    }
    if version > SCHEMA_VERSION {
        return Err(RosterError::BackupNewer {
            id: snapshot.id.clone(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    Ok(Sound { conn, version })
}

/// `PRAGMA integrity_check`'s first finding: `"ok"` for a sound file.
pub(super) fn integrity(conn: &Connection) -> rusqlite::Result<String> {
    conn.query_row("PRAGMA integrity_check(1)", [], |r| r.get(0))
}

/// Whether the file at `path` is a sound Rollbook snapshot (the quick look used to offer one
/// when the database itself is damaged).
pub(super) fn is_sound(path: &Path) -> bool {
    sound_file(path).is_some()
}

/// The file at `path` opened at rest when it is a Rollbook database of this schema or an older
/// one that passes `PRAGMA quick_check`; `None` for anything else.
pub(super) fn sound_file(path: &Path) -> Option<Connection> {
    let conn = immutable(path).ok()?;
    let app_id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .ok()?;
    let version = user_version(&conn).ok()?;
    let quick = conn
        .query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0))
        .ok()?;
    (app_id == APPLICATION_ID && version <= SCHEMA_VERSION && quick == "ok").then_some(conn)
}

fn sqlite_words(e: &rusqlite::Error) -> String {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => "it is not an SQLite database".into(),
        _ => e.to_string(),
    }
}

/// What a database holds, as the GM counts it: what is not in the trash.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Holdings {
    pub rosters: i64,
    pub characters: i64,
    pub rolls: i64,
    pub encounters: i64,
    /// Rosters, characters and encounters in the trash (a snapshot taken before emptying it
    /// still has them there).
    pub in_trash: i64,
}

/// Counts what `conn`'s database holds. Tables an older schema lacks count as empty.
pub(crate) fn holdings(conn: &Connection) -> rusqlite::Result<Holdings> {
    let has = |table: &str| -> rusqlite::Result<bool> {
        conn.query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1",
            [table],
            |r| r.get::<_, i64>(0).map(|n| n > 0),
        )
    };
    let count = |table: &str, sql: &str| -> rusqlite::Result<i64> {
        match has(table)? {
            true => conn.query_row(sql, [], |r| r.get(0)),
            false => Ok(0),
        }
    };
    Ok(Holdings {
        rosters: count(
            "rosters",
            "SELECT count(*) FROM rosters WHERE deleted_at IS NULL",
        )?,
        characters: count(
            "characters",
            "SELECT count(*) FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.deleted_at IS NULL AND r.deleted_at IS NULL",
        )?,
        rolls: count("roll_log", "SELECT count(*) FROM roll_log")?,
        encounters: count(
            "encounters",
            "SELECT count(*) FROM encounters e JOIN rosters r ON r.id = e.roster_id
             WHERE e.deleted_at IS NULL AND r.deleted_at IS NULL",
        )?,
        in_trash: count(
            "rosters",
            "SELECT (SELECT count(*) FROM rosters WHERE deleted_at IS NOT NULL)
                  + (SELECT count(*) FROM characters WHERE deleted_at IS NOT NULL)",
        )? + count(
            "encounters",
            "SELECT count(*) FROM encounters WHERE deleted_at IS NOT NULL",
        )?,
    })
}
