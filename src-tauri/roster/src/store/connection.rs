//! The connection settings and the low-level looks every opening of a database file shares: a
//! lock-free read of the main file alone, the -wal beside it, SQLite failures told as what they
//! mean (damaged, not a database, a full disk).

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::error::Result;
use crate::error::RosterError;

/// How long a write waits for another Rollbook (window or command line) to finish its own.
pub(super) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// A connection that reads the main file only, without locks or side files.
pub(super) fn immutable(path: &Path) -> Result<Connection> {
    Connection::open_with_flags(
        immutable_uri(path),
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )
    .map_err(|e| classify(path, e))
}

/// An SQLite failure while looking → the refusal that explains it.
pub(super) fn classify(path: &Path, e: rusqlite::Error) -> RosterError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => RosterError::NotARollbookDatabase {
            path: path.to_path_buf(),
            reason: "not an SQLite database".into(),
        },
        Some(rusqlite::ErrorCode::DatabaseCorrupt) => RosterError::CorruptDatabase {
            path: path.to_path_buf(),
            detail: e.to_string(),
            snapshot: None,
        },
        _ => RosterError::from(e),
    }
}

pub(super) fn is_read_only(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen)
    )
}

/// Less room than this left on the database's disk, and an I/O error is a full disk: SQLite
/// calls a -wal or -shm it cannot grow a "disk I/O error", which tells a GM nothing.
pub(super) const NO_ROOM_BYTES: u64 = 64 * 1024;

/// `error`, or a full disk when it is SQLite's I/O error and the disk holding `path` has no room.
pub(super) fn full_disk_told(error: RosterError, path: &Path) -> RosterError {
    let is_io = matches!(
        &error,
        RosterError::Database(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::SystemIoFailure)
    );
    if !is_io {
        return error;
    }
    let folder = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match fs4::available_space(folder) {
        Ok(room) if room < NO_ROOM_BYTES => RosterError::DiskFull {
            path: path.to_path_buf(),
        },
        _ => error,
    }
}

/// Per-connection settings: WAL (readers never block the writer, a crash never corrupts),
/// foreign keys on, full sync at each commit, a wait instead of an error when busy.
pub(super) fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    // An in-memory database answers "memory": it has no file to protect.
    debug_assert!(mode == "wal" || mode == "memory", "journal mode {mode}");
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}

pub(super) fn user_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
}

/// `file:/the/path?immutable=1`, every byte that could mean something in a URI escaped.
pub(super) fn immutable_uri(path: &Path) -> String {
    let mut text = path.to_string_lossy().into_owned();
    if cfg!(windows) {
        text = text.replace('\\', "/");
    }
    let mut uri = String::from("file:");
    // A Windows drive path (C:/…) needs the authority form file:///C:/…
    if text.as_bytes().get(1) == Some(&b':') {
        uri.push_str("///");
    }
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' | b':' => {
                uri.push(b as char)
            }
            _ => uri.push_str(&format!("%{b:02X}")),
        }
    }
    uri.push_str("?immutable=1");
    uri
}

pub(super) fn wal_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immutable_uris_escape_what_uris_would_read() {
        assert_eq!(
            immutable_uri(Path::new("/home/gm/My Games/r?b#1%.sqlite3")),
            "file:/home/gm/My%20Games/r%3Fb%231%25.sqlite3?immutable=1"
        );
        assert_eq!(
            immutable_uri(Path::new("rel/db")),
            "file:rel/db?immutable=1"
        );
    }
}
