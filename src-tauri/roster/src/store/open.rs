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

use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use super::connection::{
    configure, full_disk_told, immutable, is_read_only, user_version, wal_path, BUSY_TIMEOUT,
};
use super::handle::{Opened, Store};
use super::inspect::{inspect, Found};
use super::migrations::{to_latest, SCHEMA_VERSION};
use super::upgrade_copy::upgrade_copy;
use crate::error::{Result, RosterError};

impl Store {
    /// Opens the database at `path`, creating it when there is nothing there and upgrading an
    /// older schema (after a backup copy). Refuses — without writing a byte — a file that is not
    /// a Rollbook database, is damaged, or was written by a newer Rollbook.
    pub fn open(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref();
        let (conn, opened) = open(path).map_err(|e| full_disk_told(e, path).at(path))?;
        let store = Store {
            conn,
            path: Some(path.to_path_buf()),
            opened,
        };
        store.register_system_files().map_err(|e| e.at(path))?;
        Ok(store)
    }

    /// Opens the database at `path` for reading only: nothing is written to it or created beside
    /// it (no -wal, no -shm), so a read-only file, folder or disk reads fine, and every write
    /// answers `read_only`. Refuses what [`Store::open`] refuses; a file with nothing in it reads
    /// as an empty database; an older schema, which would have to be upgraded, is `read_only`.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref();
        let conn = match open_read_only(path).map_err(|e| e.at(path))? {
            Some(conn) => conn,
            None => {
                let empty = Store::open_in_memory()?;
                empty.conn.pragma_update(None, "query_only", true)?;
                empty.conn
            }
        };
        let store = Store {
            conn,
            path: Some(path.to_path_buf()),
            opened: Opened::default(),
        };
        store.register_system_files().map_err(|e| e.at(path))?;
        Ok(store)
    }

    /// Opens the per-user database at [`crate::default_db_path`] (shared by window and CLI).
    pub fn open_default() -> Result<Store> {
        Store::open(crate::default_db_path()?)
    }

    /// A throw-away database in memory (tests, previews).
    pub fn open_in_memory() -> Result<Store> {
        let mut conn = Connection::open_in_memory()?;
        configure(&conn)?;
        to_latest(&mut conn).map_err(|e| RosterError::MigrationFailed {
            path: PathBuf::from(":memory:"),
            detail: e.to_string(),
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
    let result = to_latest(conn);
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

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
}
