//! Opening a database file safely. Before anything can write, the file is looked at read-only:
//!
//! - no file, a 0-byte file, or an SQLite file with nothing in it → created / adopted;
//! - not SQLite, or SQLite without Rollbook's application id → refused, never written;
//! - written by a newer Rollbook (`user_version` above [`SCHEMA_VERSION`]) → refused, never written;
//! - damaged (`PRAGMA quick_check` fails) → refused, never written. Another Rollbook writing at
//!   the same moment is not damage: a look that fails is repeated under SQLite's locks (see
//!   `confirm`) before the file is called damaged;
//! - a file, folder or disk that cannot be written → refused as read-only before anything is read,
//!   so not even a -wal or -shm is left; [`open_read_only`] reads it instead, writing nothing;
//! - older schema → a backup copy is taken beside the file, then every pending migration runs in
//!   ONE transaction (all or nothing).

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use serde::Serialize;

use super::migrations::{migrations, APPLICATION_ID, SCHEMA_VERSION};
use super::upgrade_copy::upgrade_copy;
use crate::error::{Result, RosterError};

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// How long a write waits for another Rollbook (window or command line) to finish its own.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// What opening did to the file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Opened {
    /// The database was created (or an empty file adopted).
    pub created: bool,
    /// The schema version found, when migrations ran.
    pub migrated_from: Option<i64>,
    /// The copy taken before migrating.
    pub backup: Option<PathBuf>,
}

/// What a read-only look at a path found.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// Nothing there, or nothing in it: safe to create.
    Nothing,
    /// A healthy Rollbook database of this schema version.
    Rollbook(i64),
    /// An SQLite database of another program (the reason says which).
    Foreign(String),
}

/// Opens (creating or migrating when needed) the database at `path`.
pub(super) fn open(path: &Path) -> Result<(Connection, Opened)> {
    let mut opened = Opened::default();
    let mut conn = match inspect(path).map_err(offer_snapshot)? {
        Found::Nothing => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                fs::create_dir_all(dir).map_err(|e| RosterError::io(dir, e))?;
            }
            opened.created = true;
            writable(path)?
        }
        Found::Foreign(reason) => {
            return Err(RosterError::NotARollbookDatabase {
                path: path.to_path_buf(),
                reason,
            })
        }
        Found::Rollbook(version) if version > SCHEMA_VERSION => {
            return Err(RosterError::NewerDatabase {
                path: path.to_path_buf(),
                found: version,
                supported: SCHEMA_VERSION,
            })
        }
        Found::Rollbook(version) => {
            // Writable first: a read-only file gets no backup copy it could not use.
            let conn = writable(path)?;
            if version < SCHEMA_VERSION {
                opened.migrated_from = Some(version);
                if version > 0 {
                    opened.backup = Some(upgrade_copy(path, version)?);
                }
            }
            conn
        }
    };
    migrate(&mut conn, path)?;
    if opened.created {
        conn.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('created_by', ?1)",
            [concat!("rollbook ", env!("CARGO_PKG_VERSION"))],
        )?;
    }
    Ok((conn, opened))
}

/// Opens the database at `path` for reading only: writes nothing to it and creates nothing
/// beside it, so a read-only file, folder or disk reads fine. `None`: there is nothing in it.
/// An older schema would have to be upgraded, which is a write: refused as read-only.
pub(super) fn open_read_only(path: &Path) -> Result<Option<Connection>> {
    match inspect(path).map_err(offer_snapshot)? {
        Found::Nothing => Ok(None),
        Found::Foreign(reason) => Err(RosterError::NotARollbookDatabase {
            path: path.to_path_buf(),
            reason,
        }),
        Found::Rollbook(version) if version > SCHEMA_VERSION => Err(RosterError::NewerDatabase {
            path: path.to_path_buf(),
            found: version,
            supported: SCHEMA_VERSION,
        }),
        Found::Rollbook(version) if version < SCHEMA_VERSION => Err(RosterError::ReadOnly {
            path: path.to_path_buf(),
        }),
        Found::Rollbook(_) => {
            let conn = reader(path)?;
            conn.pragma_update(None, "query_only", true)?;
            Ok(Some(conn))
        }
    }
}

/// The reading connection of [`open_read_only`].
fn reader(path: &Path) -> Result<Connection> {
    if wal_path(path).exists() {
        // Another Rollbook has the file open (or left its WAL): read through the WAL as it does.
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        return match user_version(&conn) {
            Ok(_) => Ok(conn),
            // A full disk cannot hold the WAL's index (-shm). An empty WAL holds nothing, and
            // with no room no Rollbook can be writing: the file alone is the whole database.
            Err(e) if is_empty(&wal_path(path)) => match full_disk_told(e.into(), path) {
                RosterError::DiskFull { .. } => immutable(path),
                other => Err(other),
            },
            Err(e) => Err(e.into()),
        };
    }
    // A file and folder this process may write: an ordinary connection (kept from writing by
    // `query_only`), which sees other Rollbooks' writes safely and, closing last, removes the
    // -wal and -shm it made.
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    if !conn.is_readonly("main")? {
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // The first read opens the WAL, which a read-only folder cannot hold.
        match user_version(&conn) {
            Ok(_) => return Ok(conn),
            Err(e) if is_read_only(&e) => {}
            Err(e) => return Err(e.into()),
        }
    }
    // The file or its folder cannot be written: no Rollbook of this user can be writing it
    // (a WAL writer needs a -wal, and there is none), so the file is at rest and read as it is.
    immutable(path)
}

fn is_empty(file: &Path) -> bool {
    fs::metadata(file).is_ok_and(|m| m.len() == 0)
}

fn is_read_only(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen)
    )
}

/// A damaged database's refusal names the newest snapshot beside it that reads back sound.
fn offer_snapshot(error: RosterError) -> RosterError {
    match error {
        RosterError::CorruptDatabase {
            path,
            detail,
            snapshot: None,
        } => RosterError::CorruptDatabase {
            snapshot: super::backups::newest_sound(&path),
            path,
            detail,
        },
        other => other,
    }
}

/// Runs every pending migration in one transaction; refuses (untouched) a newer schema.
fn migrate(conn: &mut Connection, path: &Path) -> Result<()> {
    // IMMEDIATE: take the write lock up front, so a second Rollbook waits instead of failing
    // halfway through an upgrade.
    conn.set_transaction_behavior(TransactionBehavior::Immediate);
    let result = migrations().to_latest(conn);
    conn.set_transaction_behavior(TransactionBehavior::Deferred);
    match result {
        Ok(()) => Ok(()),
        // The version is read before the lock is taken: another Rollbook may have upgraded the
        // file in between (this one waited for it, then tried the same steps again). Done is done.
        Err(_) if user_version(conn).ok() == Some(SCHEMA_VERSION) => Ok(()),
        Err(rusqlite_migration::Error::MigrationDefinition(
            rusqlite_migration::MigrationDefinitionError::DatabaseTooFarAhead,
        )) => Err(RosterError::NewerDatabase {
            path: path.to_path_buf(),
            found: user_version(conn).unwrap_or(SCHEMA_VERSION + 1),
            supported: SCHEMA_VERSION,
        }),
        Err(rusqlite_migration::Error::RusqliteError { query, err }) => match err.into() {
            RosterError::Database(err) => Err(RosterError::MigrationFailed {
                path: path.to_path_buf(),
                detail: rusqlite_migration::Error::RusqliteError { query, err }.to_string(),
            }),
            // Busy, a full disk, a read-only file: rolled back all the same, and told as what
            // it is (the upgrade itself is fine; trying again later will do).
            e => Err(e.at(path)),
        },
        Err(e) => Err(RosterError::MigrationFailed {
            path: path.to_path_buf(),
            detail: e.to_string(),
        }),
    }
}

/// The read-only look. Creates no file and writes nothing; never calls a file damaged on the
/// strength of a read another Rollbook may have been writing under (see [`confirm`]).
fn inspect(path: &Path) -> Result<Found> {
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

/// An SQLite failure while looking → the refusal that explains it.
fn classify(path: &Path, e: rusqlite::Error) -> RosterError {
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

/// Less room than this left on the database's disk, and an I/O error is a full disk: SQLite
/// calls a -wal or -shm it cannot grow a "disk I/O error", which tells a GM nothing.
const NO_ROOM_BYTES: u64 = 64 * 1024;

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

fn writable(path: &Path) -> Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    // SQLite quietly opens a file it may not write for reading; its first read would then leave
    // a -wal and -shm it cannot remove. Say so before anything is read.
    if conn.is_readonly("main")? {
        return Err(RosterError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    // A read-only folder fails here (no -wal can be made): read-only too.
    configure(&conn)?;
    Ok(conn)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A database as the first migration left it, holding one roster.
    fn version_1(path: &Path) {
        let conn = Connection::open(path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.execute_batch(include_str!("migrations/01-rosters-and-characters.sql"))
            .unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute(
            "INSERT INTO rosters (id, name, system, notes, house_rules, position, created_at, updated_at)
             VALUES ('0b8f6c1e-5d2a-4c4e-9a51-8f0f3b1d2c77', 'Old Friends', 'd12', '', '{}', 0, 0, 0)",
            [],
        )
        .unwrap();
    }

    #[test]
    fn an_upgrade_that_fills_the_disk_says_the_disk_is_full() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollbook.sqlite3");
        version_1(&path);
        let mut conn = writable(&path).unwrap();
        // SQLite answers SQLITE_FULL once the file would grow past this many pages.
        let pages: i64 = conn
            .pragma_query_value(None, "page_count", |r| r.get(0))
            .unwrap();
        conn.pragma_update(None, "max_page_count", pages).unwrap();
        let err = migrate(&mut conn, &path).unwrap_err();
        assert_eq!(err.code(), "disk_full", "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "the disk is full: {} could not be written; nothing was changed. Free some space and try again",
                path.display()
            )
        );
        assert_eq!(
            user_version(&conn).unwrap(),
            1,
            "the upgrade was not rolled back"
        );
    }

    #[test]
    fn an_upgrade_kept_waiting_by_another_rollbook_says_busy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollbook.sqlite3");
        version_1(&path);
        let other = writable(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        let mut conn = writable(&path).unwrap();
        conn.busy_timeout(Duration::from_millis(50)).unwrap();
        let err = migrate(&mut conn, &path).unwrap_err();
        assert_eq!(err.code(), "database_busy", "{err}");
        assert!(
            err.to_string().starts_with(&format!(
                "{} is busy: another Rollbook (the window or the command line) is writing to it; nothing was changed",
                path.display()
            )),
            "{err}"
        );
        other.execute_batch("ROLLBACK").unwrap();
        migrate(&mut conn, &path).unwrap();
        assert_eq!(user_version(&conn).unwrap(), SCHEMA_VERSION);
    }

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
