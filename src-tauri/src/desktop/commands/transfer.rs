//! Import (a preview first, then all or nothing with progress) and export of roster files, from
//! and to the paths the native dialogs gave.

use std::path::PathBuf;

use rollbook_roster::{ExportSelection, FileFormat, Import, ImportMode, ImportPlan};
use serde::Serialize;
use serde_json::Value;
use tauri::ipc::Channel;
use tauri::State;

use super::argument::argument;
use super::write_export::write_export;
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// How far an import has got: `done` of `total` rows written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// At most this many progress messages per import (each is a message to the webview): enough
/// for a smooth bar, few enough not to slow a 10,000-character import down.
const PROGRESS_STEPS: usize = 100;

/// What importing the file at `path` with `mode` would do now. Writes nothing.
#[tauri::command(rename_all = "snake_case")]
pub async fn import_preview(
    db: State<'_, Database>,
    path: PathBuf,
    mode: Value,
) -> Result<ImportPlan, IpcError> {
    let mode: ImportMode = argument("mode", mode)?;
    // The file is read and checked before the store is locked: a large file never holds up
    // the rest of the window.
    let import = db.compute(move || Ok(Import::from_path(&path)?)).await?;
    db.run(move |store| Ok(store.plan_import(&import, mode)?))
        .await
}

/// Imports the file at `path` in one transaction (all of it or nothing), telling `on_progress`
/// `{done, total}` as rows are written; answers what was done.
#[tauri::command(rename_all = "snake_case")]
pub async fn import_apply(
    db: State<'_, Database>,
    path: PathBuf,
    mode: Value,
    on_progress: Channel<Progress>,
) -> Result<ImportPlan, IpcError> {
    let mode: ImportMode = argument("mode", mode)?;
    let import = db.compute(move || Ok(Import::from_path(&path)?)).await?;
    db.run(move |store| {
        let mut throttle = Throttle::default();
        let plan = store.apply_import(&import, mode, |done, total| {
            if throttle.tells(done, total) {
                // A closed window cannot hear; the import goes on regardless.
                let _ = on_progress.send(Progress { done, total });
            }
        })?;
        Ok(plan)
    })
    .await
}

/// Lets through the first and the last report and one per hundredth in between.
#[derive(Debug, Default)]
struct Throttle {
    last_step: Option<usize>,
}

impl Throttle {
    fn tells(&mut self, done: usize, total: usize) -> bool {
        let step = (done * PROGRESS_STEPS).checked_div(total).unwrap_or(0);
        let tells = self.last_step != Some(step) || done == total;
        self.last_step = Some(step);
        tells
    }
}

/// Writes the selected rosters (`"all"`, `{"rosters": [id…]}`, `{"characters": [id…]}`) to
/// `path`: JSON is the roster file `import` reads back, CSV one row per character for
/// spreadsheets. Whole or not at all; answers how many characters were written.
#[tauri::command(rename_all = "snake_case")]
pub async fn export_file(
    db: State<'_, Database>,
    path: PathBuf,
    selection: Value,
    format: Value,
) -> Result<usize, IpcError> {
    let selection: ExportSelection = argument("selection", selection)?;
    let format: FileFormat = argument("format", format)?;
    write_export(&db, path, move |store, out| {
        let (_, characters) = store.export_file_to(&selection, format, out)?;
        Ok(characters)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_told_about_a_hundred_times_from_start_to_end() {
        let mut throttle = Throttle::default();
        let told: Vec<usize> = (0..=10_000)
            .filter(|&done| throttle.tells(done, 10_000))
            .collect();
        assert_eq!(told.len(), PROGRESS_STEPS + 1);
        assert_eq!(told.first(), Some(&0));
        assert_eq!(told.last(), Some(&10_000));
        let mut small = Throttle::default();
        assert_eq!((0..=3).filter(|&d| small.tells(d, 3)).count(), 4);
        let mut empty = Throttle::default();
        assert!(empty.tells(0, 0));
    }
}
