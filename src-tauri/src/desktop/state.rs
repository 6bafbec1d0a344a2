//! The window's one database, opened once at start and shared by every command.
//!
//! The store is one SQLite connection behind a mutex; every call to it runs on Tauri's blocking
//! thread pool (`spawn_blocking`), so the window's event loop never waits for the disk. When the
//! file was refused (written by a newer Rollbook, not a Rollbook file, damaged), the window still
//! opens and every command answers that refusal, so the UI can say what happened.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use rollbook_roster::{RosterError, Store};

use crate::ipc_error::IpcError;

/// Where the window's database is: `--db PATH`, else `$ROLLBOOK_DB`, else the per-user file
/// the command line uses too.
pub fn database_path(cli: Option<PathBuf>) -> Result<PathBuf, RosterError> {
    choose_path(cli, std::env::var_os("ROLLBOOK_DB"))
}

fn choose_path(cli: Option<PathBuf>, env: Option<OsString>) -> Result<PathBuf, RosterError> {
    match (cli, env) {
        (Some(path), _) => Ok(path),
        // An empty variable is as good as none (`ROLLBOOK_DB= rollbook`).
        (None, Some(path)) if !path.is_empty() => Ok(PathBuf::from(path)),
        _ => rollbook_roster::default_db_path(),
    }
}

/// The managed state every command receives.
pub struct Database {
    store: Result<Arc<Mutex<Store>>, IpcError>,
}

impl Database {
    /// Opens (creating or upgrading when needed) the database at `path`; a refusal is kept and
    /// answered by every command. A file that cannot be written (read-only file, folder or disk)
    /// is still shown: read without writing anything, every change answering `read_only`.
    pub fn open(path: &Path) -> Database {
        let store = match Store::open(path) {
            Err(RosterError::ReadOnly { .. }) => Store::open_read_only(path),
            opened => opened,
        };
        Database::from_result(store)
    }

    /// The database chosen by [`database_path`].
    pub fn open_chosen(cli: Option<PathBuf>) -> Database {
        match database_path(cli) {
            Ok(path) => Database::open(&path),
            Err(error) => Database::from_result(Err(error)),
        }
    }

    pub fn from_result(store: Result<Store, RosterError>) -> Database {
        Database {
            store: store
                .map(|store| Arc::new(Mutex::new(store)))
                .map_err(IpcError::from),
        }
    }

    /// Takes the daily snapshot when the last one is over a day old (the window does on
    /// opening). A failure is said on stderr and does not keep the window from opening: the
    /// Backups dialog shows how old the newest snapshot is.
    pub fn back_up_if_due(&self) {
        let Ok(store) = &self.store else { return };
        let store = store.lock().unwrap_or_else(PoisonError::into_inner);
        if let Err(error) = store.back_up_if_due() {
            if error.code() != "read_only" {
                eprintln!("rollbook: no daily snapshot was taken: {error}");
            }
        }
    }

    /// The store itself, for a reader that outlives one command (the share server's view).
    pub fn shared_store(&self) -> Result<Arc<Mutex<Store>>, IpcError> {
        self.store.clone()
    }

    /// The refusal of the file, when it was refused.
    pub fn refusal(&self) -> Option<&IpcError> {
        self.store.as_ref().err()
    }

    /// Runs `work` with the store on the blocking pool (one call at a time: the store is one
    /// connection, and SQLite writes are serialised anyway).
    pub async fn run<T, F>(&self, work: F) -> Result<T, IpcError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, IpcError> + Send + 'static,
    {
        let store = self.store.clone()?;
        blocking(move || {
            // A panic inside a store call rolled its transaction back (the transaction is dropped
            // unwinding), so the connection is still sound: carry on with it.
            let mut store = store.lock().unwrap_or_else(PoisonError::into_inner);
            work(&mut store)
        })
        .await
    }

    /// Runs CPU-heavy work that needs no store (exact odds of a large pool) on the blocking
    /// pool, after checking that the database was not refused (every command answers that).
    pub async fn compute<T, F>(&self, work: F) -> Result<T, IpcError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, IpcError> + Send + 'static,
    {
        if let Some(refusal) = self.refusal() {
            return Err(refusal.clone());
        }
        blocking(work).await
    }
}

async fn blocking<T, F>(work: F) -> Result<T, IpcError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, IpcError> + Send + 'static,
{
    tauri::async_runtime::spawn_blocking(work)
        .await
        .map_err(|error| {
            IpcError::new(
                "internal_error",
                format!("Rollbook stopped this task before it finished ({error}); nothing more was done. Try again, and report it if it happens again"),
            )
        })?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn db_beats_the_variable_which_beats_the_default() {
        let cli = || Some(PathBuf::from("/tmp/cli.sqlite3"));
        let env = || Some(OsString::from("/tmp/env.sqlite3"));
        assert_eq!(choose_path(cli(), env()).unwrap(), cli().unwrap());
        assert_eq!(
            choose_path(None, env()).unwrap(),
            PathBuf::from("/tmp/env.sqlite3")
        );
        if let Ok(default) = rollbook_roster::default_db_path() {
            assert_eq!(choose_path(None, None).unwrap(), default);
            assert_eq!(choose_path(None, Some(OsString::new())).unwrap(), default);
        }
    }
}
