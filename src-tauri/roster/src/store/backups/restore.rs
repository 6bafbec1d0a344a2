//! Putting a snapshot in place of the live database. SQLite's online backup API copies every
//! page of the snapshot INTO the open database in one step, which is one write transaction on
//! it: other connections (the window, a command line) wait for it and then see the snapshot,
//! and a crash or a kill part-way leaves the WAL without a commit, so the database is the old
//! one whole. (Renaming files instead would pull the file from under open connections and their
//! -wal/-shm.) An older snapshot is first copied to a temporary file and upgraded there, so the
//! swap is still one step.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::Connection;

use super::check::Sound;
use crate::error::{Result, RosterError};
use crate::files::{sync_dir, sync_file};
use crate::store::migrations::{to_latest, SCHEMA_VERSION};

/// How long the swap waits for another Rollbook's write to finish.
const WAIT: Duration = Duration::from_secs(5);

/// A snapshot ready to be copied in: its own connection, or an upgraded temporary copy.
pub(super) struct Source {
    conn: Connection,
    // Removed when the source is dropped.
    _upgraded: Option<tempfile::TempPath>,
}

/// The snapshot as this schema version wants it: as it is, or upgraded in a temporary file in
/// `dir` (the backups folder, so it is on the same disk and protected like the snapshots).
pub(super) fn source(sound: Sound, dir: &std::path::Path) -> Result<Source> {
    if sound.version == SCHEMA_VERSION {
        return Ok(Source {
            conn: sound.conn,
            _upgraded: None,
        });
    }
    std::fs::create_dir_all(dir).map_err(|e| RosterError::io(dir, e))?;
    let temp = tempfile::Builder::new()
        .prefix(".restore-")
        .suffix(".partial")
        .tempfile_in(dir)
        .map_err(|e| RosterError::io(dir, e))?
        .into_temp_path();
    let mut conn = Connection::open(&temp)?;
    copy(&sound.conn, &mut conn)?;
    to_latest(&mut conn).map_err(|e| RosterError::MigrationFailed {
        path: temp.to_path_buf(),
        detail: e.to_string(),
    })?;
    Ok(Source {
        conn,
        _upgraded: Some(temp),
    })
}

/// Puts `source` in place of the damaged database file at `db` (set aside already): written
/// whole to a file beside it and synced, the damaged file's `-wal` and `-shm` removed (SQLite
/// would otherwise read them into the new file), then renamed over it. Nothing may have `db`
/// open: a damaged file is refused by every Rollbook.
pub(super) fn replace_damaged(source: &Source, db: &Path) -> Result<()> {
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let temp = tempfile::Builder::new()
        .prefix(".rollbook-restore-")
        .tempfile_in(dir)
        .map_err(|e| RosterError::io(dir, e))?
        .into_temp_path();
    let mut conn = Connection::open(&temp)?;
    copy(&source.conn, &mut conn)?;
    drop(conn);
    sync_file(&temp).map_err(|e| RosterError::io(&temp, e))?;
    for side in ["-wal", "-shm"] {
        let mut name = db.as_os_str().to_owned();
        name.push(side);
        match std::fs::remove_file(&name) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(RosterError::io(PathBuf::from(name), e))
            }
            _ => {}
        }
    }
    temp.persist(db).map_err(|e| RosterError::io(db, e.error))?;
    sync_dir(dir).map_err(|e| RosterError::io(dir, e))
}

/// Copies `source` over the database of `live` in one transaction.
pub(super) fn swap_in(source: &Source, live: &mut Connection) -> Result<()> {
    copy(&source.conn, live)
}

/// Every page of `from` into `to`, in one step (one transaction), waiting while `to` is busy.
fn copy(from: &Connection, to: &mut Connection) -> Result<()> {
    let started = Instant::now();
    let backup = Backup::new(from, to)?;
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            StepResult::Busy | StepResult::Locked if started.elapsed() < WAIT => {
                std::thread::sleep(Duration::from_millis(20))
            }
            StepResult::Busy | StepResult::Locked => {
                return Err(RosterError::Busy {
                    path: Default::default(),
                })
            }
            // -1 copies everything in one step; More would mean a partial copy was committed.
            StepResult::More => return Err(failed("the copy stopped part-way")),
            _ => return Err(failed("the copy answered an unknown step result")),
        }
    }
}

fn failed(why: &str) -> RosterError {
    RosterError::Database(rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR),
        Some(why.to_string()),
    ))
}
