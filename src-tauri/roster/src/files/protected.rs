//! The files an output must never replace: the open database, its `-wal`, `-shm` and `-journal`,
//! the copies taken before upgrades (`NAME.vN-backup-…`) and everything in the `backups` folder
//! beside it. Compared by the file's identity (device and inode, through `same-file`), so
//! `./x.db`, a link or a hard link to the database is the database; a companion that does not
//! exist yet (no `-wal` at this moment) is matched by its name in the database's folder.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::error::{Result, RosterError};

/// The folder beside the database where snapshots are kept.
pub const BACKUPS_DIR: &str = "backups";

/// Suffixes SQLite gives the files that belong to a database.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// The open database's files, as far as an output is concerned.
#[derive(Debug, Clone, Default)]
pub struct Protected {
    /// The database as it was opened (`None`: in memory, nothing to protect).
    database: Option<PathBuf>,
}

impl Protected {
    /// Nothing is protected (no database is open, or it lives in memory).
    pub fn nothing() -> Protected {
        Protected::default()
    }

    /// The database at `path` and the files Rollbook keeps beside it.
    pub fn database(path: impl Into<PathBuf>) -> Protected {
        Protected {
            database: Some(path.into()),
        }
    }

    /// Refuses `target` (already resolved: links followed) when it is one of the protected files.
    pub(super) fn check(&self, target: &Path, asked: &Path) -> Result<()> {
        let Some(database) = &self.database else {
            return Ok(());
        };
        let refuse = || RosterError::OutputIsDatabase {
            path: asked.to_path_buf(),
            database: database.clone(),
        };
        // The same file under another name: a relative path, a link, a hard link.
        for file in self.existing_files(database) {
            if same_file::is_same_file(target, &file).unwrap_or(false) {
                return Err(refuse());
            }
        }
        // A companion that does not exist yet, or the backups folder: by name and folder.
        let (Some(db_dir), Some(db_name)) = (canonical_dir(database), database.file_name()) else {
            return Ok(());
        };
        let (Some(dir), Some(name)) = (canonical_dir(target), target.file_name()) else {
            return Ok(());
        };
        if dir.starts_with(db_dir.join(BACKUPS_DIR)) {
            return Err(refuse());
        }
        if dir == db_dir && is_companion_name(db_name, name) {
            return Err(refuse());
        }
        Ok(())
    }

    /// Every protected file that exists now.
    fn existing_files(&self, database: &Path) -> Vec<PathBuf> {
        let mut files = vec![database.to_path_buf()];
        let (Some(dir), Some(db_name)) =
            (database.parent().map(folder_or_here), database.file_name())
        else {
            return files;
        };
        if let Ok(entries) = std::fs::read_dir(dir) {
            files.extend(
                entries
                    .flatten()
                    .filter(|e| is_companion_name(db_name, &e.file_name()))
                    .map(|e| e.path()),
            );
        }
        if let Ok(entries) = std::fs::read_dir(dir.join(BACKUPS_DIR)) {
            files.extend(entries.flatten().map(|e| e.path()));
        }
        files
    }
}

/// `NAME`, `NAME-wal`, `NAME-shm`, `NAME-journal` or `NAME.vN-backup-…`.
fn is_companion_name(database: &OsStr, name: &OsStr) -> bool {
    let (Some(database), Some(name)) = (database.to_str(), name.to_str()) else {
        return database == name;
    };
    let Some(rest) = name.strip_prefix(database) else {
        return false;
    };
    rest.is_empty()
        || COMPANIONS.contains(&rest)
        || (rest.starts_with(".v") && rest.contains("-backup-"))
}

/// `Path::parent` of a bare file name is the empty path: the current folder.
fn folder_or_here(dir: &Path) -> &Path {
    if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    }
}

/// The folder a path is in, with every link and `..` resolved.
fn canonical_dir(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(folder_or_here(path.parent()?)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn companions_are_known_by_name() {
        let db = OsStr::new("rollbook.sqlite3");
        for name in [
            "rollbook.sqlite3",
            "rollbook.sqlite3-wal",
            "rollbook.sqlite3-shm",
            "rollbook.sqlite3-journal",
            "rollbook.sqlite3.v3-backup-20261122T193000Z",
        ] {
            assert!(is_companion_name(db, OsStr::new(name)), "{name}");
        }
        for name in [
            "rollbook.sqlite3.json",
            "export.json",
            "rollbook.sqlite",
            "rollbook.sqlite3-x",
        ] {
            assert!(!is_companion_name(db, OsStr::new(name)), "{name}");
        }
    }
}
