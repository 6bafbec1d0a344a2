//! Rosters: list, create, change (name, notes, house rules), delete to the trash, reorder, undo.

use rollbook_roster::{NewRoster, Restored, Roster, RosterPatch};
use serde::Serialize;
use serde_json::Value;
use tauri::State;
use uuid::Uuid;

use super::argument::argument;
use crate::desktop::Database;
use crate::ipc_error::{damaged_notices, DamagedNotice, IpcError};

/// The rosters that read, and each one that does not named apart: one damaged roster neither
/// hides the others nor goes unmentioned.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RosterList {
    pub rosters: Vec<Roster>,
    pub damaged: Vec<DamagedNotice>,
}

/// Every roster not in the trash, in the user's order; a damaged one is named in `damaged`.
#[tauri::command(rename_all = "snake_case")]
pub async fn rosters(db: State<'_, Database>) -> Result<RosterList, IpcError> {
    db.run(|store| {
        let listed = store.rosters_readable()?;
        Ok(RosterList {
            rosters: listed.read,
            damaged: damaged_notices(listed.damaged),
        })
    })
    .await
}

#[tauri::command(rename_all = "snake_case")]
pub async fn roster_create(db: State<'_, Database>, roster: Value) -> Result<Roster, IpcError> {
    let roster: NewRoster = argument("roster", roster)?;
    db.run(move |store| Ok(store.create_roster(roster)?)).await
}

#[tauri::command(rename_all = "snake_case")]
pub async fn roster_update(
    db: State<'_, Database>,
    id: Uuid,
    patch: Value,
) -> Result<Roster, IpcError> {
    let patch: RosterPatch = argument("patch", patch)?;
    db.run(move |store| Ok(store.update_roster(id, patch)?))
        .await
}

/// Moves a roster (with its characters) to the trash; `undo_delete` brings it back.
#[tauri::command(rename_all = "snake_case")]
pub async fn roster_delete(db: State<'_, Database>, id: Uuid) -> Result<Roster, IpcError> {
    db.run(move |store| Ok(store.delete_roster(id)?)).await
}

/// Puts the rosters in the order of `ids` (those not listed follow in their order).
#[tauri::command(rename_all = "snake_case")]
pub async fn rosters_reorder(
    db: State<'_, Database>,
    ids: Vec<Uuid>,
) -> Result<Vec<Roster>, IpcError> {
    db.run(move |store| Ok(store.reorder_rosters(&ids)?)).await
}

/// Brings back the most recent deletion (a roster, or the characters deleted together).
#[tauri::command(rename_all = "snake_case")]
pub async fn undo_delete(db: State<'_, Database>) -> Result<Restored, IpcError> {
    db.run(|store| Ok(store.undo_delete()?)).await
}
