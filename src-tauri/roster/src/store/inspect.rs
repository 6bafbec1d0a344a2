//! The read-only look at a path before it is opened: nothing there, a Rollbook database (of which
//! version), another program's file, or a damaged one. Creates no file and writes nothing.

use std::fs::{self, File};
use std::io::Read;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::connection::{classify, immutable, is_read_only, user_version, wal_path, BUSY_TIMEOUT};
use super::migrations::{APPLICATION_ID, SCHEMA_VERSION};
use crate::error::{Result, RosterError};

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What a read-only look at a path found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// Nothing there, or nothing in it: safe to create.
    Nothing,
    /// A healthy Rollbook database of this schema version.
    Rollbook(i64),
    /// An SQLite database of another program (the reason says which).
    Foreign(String),
}

/// The read-only look. Creates no file and writes nothing; never calls a file damaged on the
/// strength of a read another Rollbook may have been writing under (see [`confirm`]).
pub(super) fn inspect(path: &Path) -> Result<Found> {
    let not_ours = |reason: &str| RosterError::NotARollbookDatabase {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    };
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(RosterError::io(path, e)),
    };
    if meta.is_dir() {
        return Err(not_ours("it is a folder"));
    }
    // A fresh WAL database may keep everything in its -wal file with a 0-byte main file:
    // such a file is not empty, SQLite must look at it.
    let wal_len = fs::metadata(wal_path(path)).map(|m| m.len()).unwrap_or(0);
    if meta.len() == 0 && wal_len == 0 {
        return Ok(Found::Nothing);
    }
    let mut wal_mode = false;
    if meta.len() > 0 {
        let mut head = [0u8; 100];
        let mut file = File::open(path).map_err(|e| RosterError::io(path, e))?;
        let read = read_up_to(&mut file, &mut head).map_err(|e| RosterError::io(path, e))?;
        if read < head.len() || &head[..16] != SQLITE_MAGIC {
            // SQLite's signature is gone but Rollbook's own mark (the header's application id,
            // bytes 68..72) is still there: a damaged Rollbook database, whose refusal offers
            // its snapshots, not another program's file.
            if read >= 72
                && i32::from_be_bytes([head[68], head[69], head[70], head[71]]) == APPLICATION_ID
            {
                return Err(RosterError::CorruptDatabase {
                    path: path.to_path_buf(),
                    detail: "its header is damaged: SQLite's signature is gone".into(),
                    snapshot: None,
                });
            }
            return Err(not_ours("not an SQLite database"));
        }
        // Bytes 18 and 19 are the read / write format versions: 2 means WAL mode.
        wal_mode = head[18] == 2 || head[19] == 2;
    }
    if wal_mode && wal_len == 0 {
        // Everything is in the main file. An ordinary read-only open of a WAL database would
        // leave new -wal and -shm files beside it; `immutable` reads the file and nothing else
        // — but it also takes no lock, so a Rollbook starting to write meanwhile can change
        // pages under it. What it finds healthy is healthy enough to open normally; anything
        // it finds wrong is looked at again, consistently, before the file is called anything.
        return match immutable(path).and_then(|conn| look(&conn, path)) {
            Ok(found) => Ok(found),
            Err(_) => confirm(path),
        };
    }
    // Rollback-journal files are read without side files; a WAL database with a -wal
    // holding data must be read through it (its -shm index is shared memory, not data).
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| classify(path, e))?;
    // Another Rollbook may be writing (the window while the command line starts): wait for it.
    conn.busy_timeout(BUSY_TIMEOUT)?;
    look(&conn, path)
}

/// A second look at a file the immutable look found wrong, through SQLite's locks so that no
/// page can change while it is read: its verdict is final.
fn confirm(path: &Path) -> Result<Found> {
    if wal_path(path).exists() {
        // Another Rollbook has the file open now: read through its WAL, as it does.
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| classify(path, e))?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        return look(&conn, path);
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| classify(path, e))?;
    if conn.is_readonly("main")? {
        // Nobody can write it from here, so no Rollbook of this user is writing it: the
        // immutable look read a file at rest.
        return look(&immutable(path)?, path);
    }
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Under the writer's lock: every other Rollbook waits (or has finished), and this
    // connection reads through the WAL like they do. Nothing is written; closing removes the
    // -wal and -shm this made, unless another Rollbook opened the file meanwhile and uses them.
    match conn.execute_batch("BEGIN IMMEDIATE") {
        Ok(()) => {
            let found = look(&conn, path);
            let _ = conn.execute_batch("ROLLBACK");
            found
        }
        // A read-only folder: no -wal can be made, so nobody writes the file.
        Err(e) if is_read_only(&e) => {
            drop(conn);
            look(&immutable(path)?, path)
        }
        Err(e) => Err(classify(path, e)),
    }
}

/// What the database on `conn` is: ours and healthy (of which version), another program's, or
/// empty; damaged (or unreadable) is an error.
fn look(conn: &Connection, path: &Path) -> Result<Found> {
    let app_id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(|e| classify(path, e))?;
    let version = user_version(conn).map_err(|e| classify(path, e))?;
    if app_id != APPLICATION_ID {
        let objects: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .map_err(|e| classify(path, e))?;
        if app_id == 0 && version == 0 && objects == 0 {
            return Ok(Found::Nothing);
        }
        return Ok(Found::Foreign(if app_id == 0 {
            "an SQLite database of another program".to_string()
        } else {
            format!("an SQLite database of another program, application id {app_id}")
        }));
    }
    if version > SCHEMA_VERSION {
        // Its schema is unknown here: no check of ours can be trusted on it; refuse as is.
        return Ok(Found::Rollbook(version));
    }
    let verdict: String = conn
        .query_row("PRAGMA quick_check(1)", [], |r| r.get(0))
        .map_err(|e| classify(path, e))?;
    if verdict != "ok" {
        return Err(RosterError::CorruptDatabase {
            path: path.to_path_buf(),
            detail: verdict,
            snapshot: None,
        });
    }
    Ok(Found::Rollbook(version))
}

fn read_up_to(file: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut read = 0;
    while read < buf.len() {
        match file.read(&mut buf[read..])? {
            0 => break,
            n => read += n,
        }
    }
    Ok(read)
}
