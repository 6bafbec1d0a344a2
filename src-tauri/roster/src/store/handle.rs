//! [`Store`], one open database, and what every operation of it shares: its connection, its file
//! and the one transaction each write runs in.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, Transaction, TransactionBehavior};
use serde::Serialize;

use crate::error::{Result, RosterError};

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

/// An open Rollbook database.
pub struct Store {
    pub(super) conn: Connection,
    pub(super) path: Option<PathBuf>,
    pub(super) opened: Opened,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

impl Store {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewRoster, System};

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
