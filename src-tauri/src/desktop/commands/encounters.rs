//! Encounters at the table (issue 6): list, create, delete and restore a roster's encounters,
//! play table actions (generic ones and the system's moves), preview a move's exact odds, undo
//! the last action, read the action log. The rules live in `rollbook_roster::table`.

use rollbook_roster::operations::preview::move_roll;
use rollbook_roster::table::SystemMove;
use rollbook_roster::{
    Character, Encounter, PlayOptions, TableAction, TableActionEntry, TableDiceAsked, TablePlay,
};
use rollbook_rules::Odds;
use serde::Serialize;
use serde_json::Value;
use tauri::{AppHandle, Runtime, State};
use uuid::Uuid;

use super::argument::argument;
use super::players::push;
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// The roll a system move would make, with everything the table adds, and its exact odds under
/// the roster's house rules: what the GM sees before rolling.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EncounterPreview {
    /// A full roll request of the contract (RULES.md "Roll requests").
    #[cfg_attr(test, ts(type = "JsonValue"))]
    pub request: Value,
    pub odds: Odds,
}

/// The roster's encounters not in the trash, oldest first.
#[tauri::command(rename_all = "snake_case")]
pub async fn encounters(
    db: State<'_, Database>,
    roster_id: Uuid,
) -> Result<Vec<Encounter>, IpcError> {
    db.run(move |store| Ok(store.encounters(roster_id)?)).await
}

/// One encounter (also when it is in the trash).
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter(db: State<'_, Database>, encounter_id: Uuid) -> Result<Encounter, IpcError> {
    db.run(move |store| Ok(store.encounter(encounter_id)?))
        .await
}

/// Starts an encounter in a roster: round 1, nobody yet.
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_create(
    db: State<'_, Database>,
    roster_id: Uuid,
    name: String,
) -> Result<Encounter, IpcError> {
    db.run(move |store| Ok(store.create_encounter(roster_id, &name)?))
        .await
}

/// Plays one table action (`{"action": "next_turn"}`, `{"action": "system", "move": {…}}`, …):
/// the new state, its log entry and every roll made, written in one transaction. A refused action
/// writes nothing. `seed` makes the dice repeatable; `secret` logs its rolls as GM only (never
/// in the players' view); `dice` are the faces rolled at the table, in the order the action
/// reads them (`encounter_dice_asked` says which), its rolls logged as by hand; `cards` the
/// universe initiative cards dealt from a real deck, one per combatant in turn order.
#[tauri::command(rename_all = "snake_case")]
// A command's arguments are the IPC call's named fields, each optional; a struct would change
// the call's shape for every caller.
#[allow(clippy::too_many_arguments)]
pub async fn encounter_play<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    encounter_id: Uuid,
    action: Value,
    seed: Option<u64>,
    secret: Option<bool>,
    dice: Option<Vec<u32>>,
    cards: Option<Vec<String>>,
) -> Result<TablePlay, IpcError> {
    let action: TableAction = argument("action", action)?;
    let options = PlayOptions {
        seed,
        secret: secret.unwrap_or(false),
        dice,
        cards,
    };
    let played = db
        .run(move |store| Ok(store.play(encounter_id, &action, options)?))
        .await?;
    push(&app, &db).await;
    Ok(played)
}

/// The roll a system move would make and its exact odds, or `null` for a move that rolls
/// nothing. Writes nothing; the odds are computed off the store's lock (like `odds`).
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_preview(
    db: State<'_, Database>,
    encounter_id: Uuid,
    r#move: Value,
) -> Result<Option<EncounterPreview>, IpcError> {
    let system_move: SystemMove = argument("move", r#move)?;
    let roll = db
        .run(move |store| Ok(move_roll(store, encounter_id, &system_move)?))
        .await?;
    let Some(roll) = roll else {
        return Ok(None);
    };
    db.compute(move || {
        let preview = roll.odds()?;
        Ok(Some(EncounterPreview {
            request: serde_json::to_value(&preview.request).unwrap_or(Value::Null),
            odds: preview.odds,
        }))
    })
    .await
}

/// Dice by hand at the table, as they go in: the dice `action` reads with the faces `dice` typed
/// so far (past them, the fewest still needed, each with its sides and what it is for), who it
/// deals an initiative card to, and, once every die (and every card, with `cards`) is in, what
/// the action would say. Writes nothing.
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_dice_asked(
    db: State<'_, Database>,
    encounter_id: Uuid,
    action: Value,
    dice: Vec<u32>,
    cards: Option<Vec<String>>,
) -> Result<TableDiceAsked, IpcError> {
    let action: TableAction = argument("action", action)?;
    db.run(move |store| {
        Ok(store.table_dice_asked(encounter_id, &action, &dice, cards.as_deref())?)
    })
    .await
}

/// Puts the encounter back as it was before its last action not yet undone.
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_undo<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    encounter_id: Uuid,
) -> Result<Encounter, IpcError> {
    let undone = db
        .run(move |store| Ok(store.undo_table_action(encounter_id)?))
        .await?;
    push(&app, &db).await;
    Ok(undone)
}

/// Writes the encounter's running state (Glory, fate cards, health, HTK …) onto its characters'
/// sheets, all or nothing; answers the characters whose sheet changed.
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_save_to_sheets(
    db: State<'_, Database>,
    encounter_id: Uuid,
) -> Result<Vec<Character>, IpcError> {
    db.run(move |store| Ok(store.save_encounter_to_sheets(encounter_id)?))
        .await
}

/// "Keep as a character": a quick NPC or copy of the encounter becomes an NPC of its roster
/// with its numbers (named `name`, or its label without the number).
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_keep_as_character(
    db: State<'_, Database>,
    encounter_id: Uuid,
    participant_id: Uuid,
    name: Option<String>,
) -> Result<Character, IpcError> {
    db.run(move |store| {
        Ok(store.keep_as_character(encounter_id, participant_id, name.as_deref())?)
    })
    .await
}

/// The encounter's action log, oldest first (undone actions included, marked).
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_log(
    db: State<'_, Database>,
    encounter_id: Uuid,
) -> Result<Vec<TableActionEntry>, IpcError> {
    db.run(move |store| Ok(store.table_actions(encounter_id)?))
        .await
}

/// Moves an encounter to the trash; `encounter_restore` brings it back.
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_delete<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    encounter_id: Uuid,
) -> Result<Encounter, IpcError> {
    let changed = db
        .run(move |store| Ok(store.delete_encounter(encounter_id)?))
        .await?;
    push(&app, &db).await;
    Ok(changed)
}

#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_restore<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    encounter_id: Uuid,
) -> Result<Encounter, IpcError> {
    let changed = db
        .run(move |store| Ok(store.restore_encounter(encounter_id)?))
        .await?;
    push(&app, &db).await;
    Ok(changed)
}
