//! Sheets while a GM edits them: validation without saving (with what the rules derive), and
//! the rolls a stored character's sheet offers.

use rollbook_roster::{SheetReport, SheetRoll};
use serde_json::Value;
use tauri::State;
use uuid::Uuid;

use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// Checks `sheet` (any JSON) against the roster's system and house rules WITHOUT saving it:
/// every problem with its path, and the values the rules derive from it.
#[tauri::command(rename_all = "snake_case")]
pub async fn sheet_check(
    db: State<'_, Database>,
    roster_id: Uuid,
    sheet: Value,
) -> Result<SheetReport, IpcError> {
    db.run(move |store| Ok(store.check_sheet(roster_id, &sheet)?))
        .await
}

/// The blank sheet of the roster's system (a new character's; a quick NPC's numbers start
/// from it).
#[tauri::command(rename_all = "snake_case")]
pub async fn sheet_blank(db: State<'_, Database>, roster_id: Uuid) -> Result<Value, IpcError> {
    db.run(move |store| Ok(store.blank_sheet(roster_id)?)).await
}

/// One roll per rating of the character's sheet, each a full request prefilled from it.
#[tauri::command(rename_all = "snake_case")]
pub async fn sheet_rolls(
    db: State<'_, Database>,
    character_id: Uuid,
) -> Result<Vec<SheetRoll>, IpcError> {
    db.run(move |store| Ok(store.sheet_rolls(character_id)?))
        .await
}
