//! Opening the database named by `--db` (or the window's default file).

use std::path::{Path, PathBuf};

use rollbook_roster::{Roster, RosterError, Store};

use super::{Failure, Global};

/// Whether a command may create the database file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Open {
    /// Create the file when it is missing (`roster create`, `import`).
    Create,
    /// Never create a file: with none there, work on an empty database in memory, so that a
    /// mistyped `--db` or a dry run leaves nothing behind and lookups simply find nothing.
    Existing,
    /// As `Existing`, for commands that only read: a file that cannot be written (a read-only
    /// file, folder or disk) is read without writing anything or leaving anything beside it.
    Read,
}

pub fn path(global: &Global) -> Result<PathBuf, Failure> {
    match &global.db {
        Some(path) => Ok(path.clone()),
        None => Ok(rollbook_roster::default_db_path()?),
    }
}

pub fn open(global: &Global, how: Open) -> Result<Store, Failure> {
    let path = path(global)?;
    if how != Open::Create && !exists(&path) {
        return Ok(Store::open_in_memory()?);
    }
    let store = match Store::open(&path) {
        // Reading needs no room and no write access: a read-only or full disk still reads.
        Err(RosterError::ReadOnly { .. } | RosterError::DiskFull { .. }) if how == Open::Read => {
            Store::open_read_only(&path)?
        }
        opened => opened?,
    };
    // Said once, on stderr, for people; scripts (--json) read the same database either way.
    if let (Some(from), false) = (store.opened().migrated_from, global.json) {
        let backup = match &store.opened().backup {
            Some(backup) => format!("; the old file was copied to {}", backup.display()),
            None => String::new(),
        };
        eprintln!(
            "Upgraded {} from database version {from}{backup}",
            path.display()
        );
    }
    Ok(store)
}

/// Makes the systems the GM added to the database known to this process (the store registers
/// them as it opens); `false` when there is no database file to read them from.
pub fn known_to(global: &Global) -> Result<bool, Failure> {
    let path = path(global)?;
    if !exists(&path) {
        return Ok(false);
    }
    open(global, Open::Read)?;
    Ok(true)
}

/// A path with something at it (a file, a folder, a dangling link): the store decides what it is.
fn exists(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

/// A roster not in the trash, by name or id (`--roster NAME`).
pub fn roster(store: &Store, name: &str) -> Result<Roster, Failure> {
    Ok(store.find_roster(name)?)
}
