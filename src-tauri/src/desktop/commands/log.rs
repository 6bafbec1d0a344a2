//! The roll log: read it (newest first), how lucky its dice were, clear part of it, write it to
//! a file.

use std::path::PathBuf;

use jiff::tz::TimeZone;
use rollbook_roster::{FileFormat, LogEntry, LogQuery, LuckReport};
use serde::Serialize;
use serde_json::Value;
use tauri::{AppHandle, Runtime, State};

use super::argument::argument;
use super::players::push;
use super::write_export::write_export;
use crate::desktop::Database;
use crate::ipc_error::{damaged_notices, DamagedNotice, IpcError};

/// The logged rolls a query picks that read, and each one whose stored JSON does not read
/// named apart (a limit counts it among the rows).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LogList {
    pub entries: Vec<LogEntry>,
    pub damaged: Vec<DamagedNotice>,
}

/// The logged rolls `query` picks (roster, character, time range, limit), newest first; a
/// damaged one is named in `damaged`.
#[tauri::command(rename_all = "snake_case")]
pub async fn roll_log(db: State<'_, Database>, query: Value) -> Result<LogList, IpcError> {
    let query: LogQuery = argument("query", query)?;
    db.run(move |store| {
        let listed = store.roll_log_readable(&query)?;
        Ok(LogList {
            entries: listed.read,
            damaged: damaged_notices(listed.damaged),
        })
    })
    .await
}

/// How lucky the dice of the rolls `query` picks were (`Store::luck`): each one's percentile in
/// its exact odds, judged overall, per character and per evening. The rolls are read under the
/// store's lock and judged off it, so the log's own rows never wait for the odds.
#[tauri::command(rename_all = "snake_case")]
pub async fn roll_log_luck(db: State<'_, Database>, query: Value) -> Result<LuckReport, IpcError> {
    let query: LogQuery = argument("query", query)?;
    let rolls = db.run(move |store| Ok(store.luck_rolls(&query)?)).await?;
    db.compute(move || Ok(rolls.judge(&TimeZone::system())?))
        .await
}

/// Deletes the logged rolls `query` picks (every roll for `{}`); answers how many went.
#[tauri::command(rename_all = "snake_case")]
pub async fn roll_log_clear<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    query: Value,
) -> Result<usize, IpcError> {
    let query: LogQuery = argument("query", query)?;
    let cleared = db
        .run(move |store| Ok(store.clear_roll_log(&query)?))
        .await?;
    push(&app, &db).await;
    Ok(cleared)
}

/// Writes the logged rolls `query` picks to `path` as CSV or JSON (whole or not at all);
/// answers how many rolls were written.
#[tauri::command(rename_all = "snake_case")]
pub async fn roll_log_export(
    db: State<'_, Database>,
    path: PathBuf,
    format: Value,
    query: Value,
) -> Result<usize, IpcError> {
    let format: FileFormat = argument("format", format)?;
    let query: LogQuery = argument("query", query)?;
    write_export(&db, path, move |store, out| {
        store.export_log_to(&query, format, out)
    })
    .await
}
