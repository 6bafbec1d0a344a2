//! IPC commands: thin adapters that parse, call the rules crate and map errors.
//! No rules logic lives here.

use rollbook_rules::{Catalog, Odds, RollResult};
use serde_json::Value;

use crate::ipc_error::IpcError;

/// Every system, its roll kinds and their fields: the UI builds its forms from this.
#[tauri::command]
pub fn catalog() -> Catalog {
    rollbook_rules::catalog()
}

/// Exact odds of one roll request (the JSON of RULES.md "Roll requests").
// async: runs off the main thread, so a large pool never stalls the window.
#[tauri::command]
pub async fn odds(request: Value) -> Result<Odds, IpcError> {
    let request = rollbook_rules::request_from_value(request)?;
    Ok(rollbook_rules::odds(&request)?)
}

/// Rolls one request; with `seed` the dice are reproducible, without it a fresh seed is drawn
/// (and returned in the result, so any roll can be replayed).
#[tauri::command]
pub async fn roll(request: Value, seed: Option<u64>) -> Result<RollResult, IpcError> {
    let request = rollbook_rules::request_from_value(request)?;
    let seed = seed.unwrap_or_else(rollbook_rules::random_seed);
    Ok(rollbook_rules::roll(&request, seed)?)
}
