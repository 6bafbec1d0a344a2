//! Saved rolls (issue 29): a roster's named dice-notation rolls listed, created, edited, moved,
//! deleted and rolled. Thin adapters over `Store::saved_rolls` and friends, as `rollbook saved
//! …` and `rollbook roll --saved` are.

use rollbook_roster::{LogOptions, NewSavedRoll, SavedRoll, SavedRollHit, SavedRollPatch};
use rollbook_rules::Dice;
use serde_json::Value;
use tauri::{AppHandle, Runtime, State};
use uuid::Uuid;

use super::argument::argument;
use super::players::push;
use super::rules::LoggedRoll;
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// The roster's saved rolls, in order.
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_rolls(
    db: State<'_, Database>,
    roster_id: Uuid,
) -> Result<Vec<SavedRoll>, IpcError> {
    db.run(move |store| Ok(store.saved_rolls(roster_id)?)).await
}

/// The most hits one search answers.
const MAX_SEARCH_HITS: usize = 1000;

/// The saved rolls of every roster whose name, notation or notes hold every word of `query`:
/// the search's (Ctrl+K) saved rolls, beside its characters. `limit` defaults to 50.
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_rolls_search(
    db: State<'_, Database>,
    query: String,
    limit: Option<usize>,
) -> Result<Vec<SavedRollHit>, IpcError> {
    let limit = limit.unwrap_or(50).min(MAX_SEARCH_HITS);
    db.run(move |store| Ok(store.search_saved_rolls(&query, limit)?))
        .await
}

/// Saves a roll at the end of the roster's list.
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_roll_create(
    db: State<'_, Database>,
    roster_id: Uuid,
    roll: Value,
) -> Result<SavedRoll, IpcError> {
    let roll: NewSavedRoll = argument("roll", roll)?;
    db.run(move |store| Ok(store.create_saved_roll(roster_id, roll)?))
        .await
}

/// Changes the fields `patch` gives.
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_roll_update(
    db: State<'_, Database>,
    id: Uuid,
    patch: Value,
) -> Result<SavedRoll, IpcError> {
    let patch: SavedRollPatch = argument("patch", patch)?;
    db.run(move |store| Ok(store.update_saved_roll(id, patch)?))
        .await
}

/// Moves a saved roll to `index` of its roster's list (0 first); answers the list.
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_roll_move(
    db: State<'_, Database>,
    id: Uuid,
    index: usize,
) -> Result<Vec<SavedRoll>, IpcError> {
    db.run(move |store| Ok(store.move_saved_roll(id, index)?))
        .await
}

/// Deletes a saved roll; answers it as it was (saving it again brings it back).
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_roll_delete(db: State<'_, Database>, id: Uuid) -> Result<SavedRoll, IpcError> {
    db.run(move |store| Ok(store.delete_saved_roll(id)?)).await
}

/// Rolls a saved roll for its roster and logs it there, as `roll` does a request: `seed` for
/// reproducible dice, `dice` for the faces rolled at the table, `secret` for the GM only.
#[tauri::command(rename_all = "snake_case")]
pub async fn saved_roll_roll<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    id: Uuid,
    seed: Option<u64>,
    secret: Option<bool>,
    dice: Option<Vec<u32>>,
) -> Result<LoggedRoll, IpcError> {
    let rolled = db
        .run(move |store| {
            let dice = Dice::typed_or_seeded(dice, seed);
            let options = LogOptions {
                secret: secret.unwrap_or(false),
            };
            let (result, logged) = store.roll_saved(id, dice, options)?;
            Ok(LoggedRoll {
                result,
                log_id: logged.id,
            })
        })
        .await?;
    push(&app, &db).await;
    Ok(rolled)
}
