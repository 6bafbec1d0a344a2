//! The app itself: what opening the database did, and the window's preferences.

use rollbook_roster::{Settings, Store};
use serde::Serialize;
use serde_json::Value;
use tauri::State;

use super::argument::argument;
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// What the window runs on: the version, and what opening the database did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AppInfo {
    pub version: String,
    /// The database file.
    pub db_path: String,
    /// The file was created at this start.
    pub created: bool,
    /// The schema version the file had when this start upgraded it.
    pub migrated_from: Option<i64>,
    /// Where the copy taken before that upgrade is.
    pub backup: Option<String>,
}

impl AppInfo {
    fn of(store: &Store) -> AppInfo {
        let opened = store.opened();
        AppInfo {
            version: env!("CARGO_PKG_VERSION").to_string(),
            db_path: store
                .path()
                .map(|path| path.display().to_string())
                .unwrap_or_else(|| ":memory:".to_string()),
            created: opened.created,
            migrated_from: opened.migrated_from,
            backup: opened
                .backup
                .as_ref()
                .map(|path| path.display().to_string()),
        }
    }
}

#[tauri::command(rename_all = "snake_case")]
pub async fn app_info(db: State<'_, Database>) -> Result<AppInfo, IpcError> {
    db.run(|store| Ok(AppInfo::of(store))).await
}

#[tauri::command(rename_all = "snake_case")]
pub async fn settings(db: State<'_, Database>) -> Result<Settings, IpcError> {
    db.run(|store| Ok(store.settings()?)).await
}

/// Replaces the preferences (a field left out or `null` is cleared); answers what is stored.
#[tauri::command(rename_all = "snake_case")]
pub async fn settings_save(db: State<'_, Database>, settings: Value) -> Result<Settings, IpcError> {
    let settings: Settings = argument("settings", settings)?;
    db.run(move |store| Ok(store.save_settings(&settings)?))
        .await
}
