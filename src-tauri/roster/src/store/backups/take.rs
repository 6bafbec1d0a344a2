//! Taking a snapshot: `VACUUM INTO` a hidden file in the backups folder (one read transaction,
//! so it is the database as one instant saw it, whatever the window or a command line writes
//! meanwhile; never a copy of the file under a writer), `PRAGMA integrity_check` on what was
//! written, a sync to disk, and only then the rename to its name. A snapshot that fails any step
//! leaves nothing behind; what one killed midway left is swept up by a later one.

use std::fs;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::check::integrity;
use super::names::{self, Reason, Snapshot, EXTENSION};
use crate::error::{Result, RosterError};
use crate::files::{sync_dir, sync_file};
use crate::store::migrations::APPLICATION_ID;
use crate::store::{damaged_records, DamagedRecord};

/// Takes a snapshot of the database at `db`, read through `conn`, for `reason`; answers it with
/// the records in it that do not read (read from the snapshot itself, so they are exactly what
/// it holds).
pub(super) fn take(
    conn: &Connection,
    db: &Path,
    reason: Reason,
) -> Result<(Snapshot, Vec<DamagedRecord>)> {
    place(db, reason, |partial| write(conn, partial))
}

/// Sets a damaged database aside in the backups folder: its bytes as they are (and its `-wal`'s,
/// beside the copy), since no SQLite read of it can be trusted. Nothing may have it open.
pub(super) fn set_aside(db: &Path) -> Result<Snapshot> {
    let (snapshot, ()) = place(db, Reason::Damaged, |partial| {
        fs::copy(db, partial).map_err(|e| RosterError::io(db, e))?;
        sync_file(partial).map_err(|e| RosterError::io(partial, e))
    })?;
    let wal = crate::store::connection::wal_path(db);
    if wal.exists() {
        let copy = crate::store::connection::wal_path(&snapshot.path);
        fs::copy(&wal, &copy)
            .and_then(|_| sync_file(&copy))
            .map_err(|e| RosterError::io(&copy, e))?;
    }
    Ok(snapshot)
}

/// Reserves the snapshot's name, has `fill` write the hidden partial file, then renames it in;
/// answers it with what `fill` answered.
fn place<T>(
    db: &Path,
    reason: Reason,
    fill: impl FnOnce(&Path) -> Result<T>,
) -> Result<(Snapshot, T)> {
    let dir = names::folder(db);
    fs::create_dir_all(&dir).map_err(|e| folder_error(db, &dir, e))?;
    sweep_leftovers(&dir);
    // The time as the name says it, to the millisecond.
    let at = crate::model::now();
    let stamp = names::stamp(at);
    // The name is taken by creating it (empty, which listing skips): two Rollbooks taking a
    // snapshot in the same millisecond get two names.
    let mut n = 1;
    let (id, path) = loop {
        let id = names::id(&stamp, reason, n);
        let path = dir.join(format!("{id}.{EXTENSION}"));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => break (id, path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
            Err(e) => return Err(folder_error(db, &dir, e)),
        }
    };
    let partial = dir.join(format!(".{id}.partial"));
    let written = fill(&partial).and_then(|filled| {
        fs::rename(&partial, &path).map_err(|e| RosterError::io(&path, e))?;
        // The rename itself must survive a power cut.
        sync_dir(&dir).map_err(|e| RosterError::io(&dir, e))?;
        Ok(filled)
    });
    let filled = match written {
        Ok(filled) => filled,
        Err(e) => {
            let _ = fs::remove_file(&partial);
            let _ = fs::remove_file(&path);
            return Err(e);
        }
    };
    let size = fs::metadata(&path)
        .map_err(|e| RosterError::io(&path, e))?
        .len();
    let snapshot = Snapshot {
        id,
        at,
        size,
        reason,
        path,
    };
    Ok((snapshot, filled))
}

/// How old a hidden partial file or an empty reserved name must be before it is taken for the
/// leftover of a snapshot whose process was killed: far longer than any snapshot takes (80 ms
/// for 10,000 characters), so one another Rollbook is writing right now is never touched.
const LEFTOVER_AGE: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Removes what snapshots killed midway left in the folder: their hidden `.ID.partial` files and
/// the empty files that reserved their names. Listing skips both; this keeps the folder clean.
/// Best effort: a leftover that cannot be removed now is tried again at the next snapshot.
fn sweep_leftovers(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(meta) = entry.metadata() else { continue };
        let partial = name.starts_with('.') && name.ends_with(".partial");
        let reserved = name.ends_with(&format!(".{EXTENSION}")) && meta.len() == 0;
        let old = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age > LEFTOVER_AGE);
        if meta.is_file() && (partial || reserved) && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// `VACUUM INTO partial`, checked and synced; answers the records in it that do not read.
fn write(conn: &Connection, partial: &Path) -> Result<Vec<DamagedRecord>> {
    let _ = fs::remove_file(partial);
    let Some(text) = partial.to_str() else {
        return Err(RosterError::io(
            partial,
            std::io::Error::other("the path is not valid UTF-8, so no snapshot can be written"),
        ));
    };
    conn.execute("VACUUM INTO ?1", [text])
        .map_err(|e| RosterError::from(e).at(partial))?;
    let written = Connection::open_with_flags(
        partial,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let verdict = integrity(&written)?;
    let app_id: i32 = written.pragma_query_value(None, "application_id", |r| r.get(0))?;
    // Read here, while the snapshot is being checked anyway: one pass over what it holds is
    // what rotation needs to know it whole without reading it again.
    let damaged = match verdict == "ok" {
        true => damaged_records(&written)?,
        false => Vec::new(),
    };
    drop(written);
    if verdict != "ok" || app_id != APPLICATION_ID {
        return Err(RosterError::Io {
            path: partial.to_path_buf(),
            source: std::io::Error::other(format!(
                "the snapshot read back wrong ({verdict}); it was not kept"
            )),
        });
    }
    sync_file(partial).map_err(|e| RosterError::io(partial, e))?;
    Ok(damaged)
}

/// A backups folder that cannot be made or written is the database's folder being read-only,
/// a full disk, or something else in the way.
fn folder_error(db: &Path, dir: &Path, e: std::io::Error) -> RosterError {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
            RosterError::ReadOnly {
                path: db.to_path_buf(),
            }
        }
        _ => RosterError::io(dir, e),
    }
}
