//! The GM's own system files (the Systems dialog; `rollbook system …` is the command line's
//! twin): list them, preview a file picked before adding it, add it, show one with its text,
//! remove one no roster uses, move a roster to another version (previewed first). The roster
//! crate reads and checks the file, keeps it, and carries the sheets.

use std::path::PathBuf;

use rollbook_roster::operations::system_file::{self, SystemFilePreview};
use rollbook_roster::operations::system_upgrade::{self, UpgradeApplied, UpgradePreview};
use rollbook_roster::{AddedSystem, StoredSystem};
use serde::Serialize;
use serde_json::Value;
use tauri::State;
use uuid::Uuid;

use super::argument::argument;
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// One added system with the text it was added from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SystemShown {
    pub system: StoredSystem,
    /// The file's text as added.
    pub source: String,
}

/// Every added system, each stored version, by id and newest version first.
#[tauri::command(rename_all = "snake_case")]
pub async fn systems(db: State<'_, Database>) -> Result<Vec<StoredSystem>, IpcError> {
    db.run(|store| Ok(store.system_files()?)).await
}

/// What the file at `path` declares, or every problem with its line, column and the line's
/// text. Writes nothing; a file that cannot be opened is refused (`io_error`,
/// `not_a_regular_file`).
#[tauri::command(rename_all = "snake_case")]
pub async fn system_preview(
    db: State<'_, Database>,
    path: PathBuf,
) -> Result<SystemFilePreview, IpcError> {
    // Read and checked off the store's lock: a large file never holds up the window.
    db.compute(move || Ok(system_file::check(&path)?.preview()))
        .await
}

/// Adds the file at `path` (read and checked once, off the store's lock: `invalid_system_file` with
/// each problem's path `LINE:COLUMN`, `system_id_taken`). After it, the catalog lists it.
#[tauri::command(rename_all = "snake_case")]
pub async fn system_add(db: State<'_, Database>, path: PathBuf) -> Result<AddedSystem, IpcError> {
    let read = db
        .compute(move || Ok(system_file::check(&path)?.into_read()?))
        .await?;
    db.run(move |store| Ok(store.add_read_system_file(read)?))
        .await
}

/// One added system, at `version` or its newest, with its text (`system_not_found`).
#[tauri::command(rename_all = "snake_case")]
pub async fn system_show(
    db: State<'_, Database>,
    id: Value,
    version: Option<u32>,
) -> Result<SystemShown, IpcError> {
    let id: String = argument("id", id)?;
    db.run(move |store| {
        let (system, source) = store.system_file(&id, version)?;
        Ok(SystemShown { system, source })
    })
    .await
}

/// Removes every version of `id` (a snapshot first); refused while a roster uses it
/// (`system_in_use`, naming the rosters). Answers the versions removed.
#[tauri::command(rename_all = "snake_case")]
pub async fn system_remove(
    db: State<'_, Database>,
    id: Value,
) -> Result<Vec<StoredSystem>, IpcError> {
    let id: String = argument("id", id)?;
    db.run(move |store| Ok(store.remove_system_file(&id)?))
        .await
}

/// What moving the roster `roster_id` to version `to` of its system (the newest held when
/// null) would change for each character. Writes nothing. Refused with `roster_not_found`,
/// `in_trash`, `not_a_file_system`, `system_not_found` (a version not held) or
/// `already_at_version`.
#[tauri::command(rename_all = "snake_case")]
pub async fn system_upgrade_preview(
    db: State<'_, Database>,
    roster_id: Uuid,
    to: Option<u32>,
) -> Result<UpgradePreview, IpcError> {
    db.run(move |store| Ok(system_upgrade::preview(store, roster_id, to)?))
        .await
}

/// Moves the roster to version `to` (the newest held when null) as the preview says, after a
/// snapshot: refused values are kept on each sheet under `kept-by-upgrade`. Refused as the
/// preview is, or with `invalid_sheet`, nothing changed.
#[tauri::command(rename_all = "snake_case")]
pub async fn system_upgrade(
    db: State<'_, Database>,
    roster_id: Uuid,
    to: Option<u32>,
) -> Result<UpgradeApplied, IpcError> {
    db.run(move |store| Ok(system_upgrade::apply(store, roster_id, to)?))
        .await
}
