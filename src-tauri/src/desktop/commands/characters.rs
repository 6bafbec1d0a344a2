//! Characters: list, get, create, change, duplicate, and the bulk actions of the character list
//! (delete, move, tag, reorder); search across every roster.

use rollbook_roster::{Character, CharacterPatch, CharacterSummary, NewCharacter, SearchHit};
use serde::Serialize;
use serde_json::Value;
use tauri::State;
use uuid::Uuid;

use super::argument::argument;
use crate::desktop::Database;
use crate::ipc_error::{damaged_notices, DamagedNotice, IpcError};

/// A roster's characters as its list shows them, and each one whose stored fields do not read
/// named apart (it is not listed: it would not open).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CharacterList {
    pub characters: Vec<CharacterSummary>,
    pub damaged: Vec<DamagedNotice>,
}

/// How many search hits when the window does not say: more than a list shows at once.
const SEARCH_LIMIT: usize = 50;
/// The most a search answers, whatever is asked: a bounded answer keeps the window quick.
const SEARCH_LIMIT_MAX: usize = 1000;

/// The characters of a roster not in the trash, in their order, without notes and sheets: what the window's lists show (a sheet is read
/// with `character` when it opens); a damaged one is named in `damaged`.
#[tauri::command(rename_all = "snake_case")]
pub async fn character_summaries(
    db: State<'_, Database>,
    roster_id: Uuid,
) -> Result<CharacterList, IpcError> {
    db.run(move |store| {
        let listed = store.character_summaries(roster_id)?;
        Ok(CharacterList {
            characters: listed.read,
            damaged: damaged_notices(listed.damaged),
        })
    })
    .await
}

#[tauri::command(rename_all = "snake_case")]
pub async fn character(db: State<'_, Database>, id: Uuid) -> Result<Character, IpcError> {
    db.run(move |store| Ok(store.character(id)?)).await
}

/// Adds a character at the end of a roster; its sheet is checked against the roster's rules
/// (`invalid_sheet` with every problem when it breaks one, and nothing is saved).
#[tauri::command(rename_all = "snake_case")]
pub async fn character_create(
    db: State<'_, Database>,
    roster_id: Uuid,
    character: Value,
) -> Result<Character, IpcError> {
    let character: NewCharacter = argument("character", character)?;
    db.run(move |store| Ok(store.create_character(roster_id, character)?))
        .await
}

/// Replaces the fields given in `patch` (the sheet as a whole); refused like `character_create`.
#[tauri::command(rename_all = "snake_case")]
pub async fn character_update(
    db: State<'_, Database>,
    id: Uuid,
    patch: Value,
) -> Result<Character, IpcError> {
    let patch: CharacterPatch = argument("patch", patch)?;
    db.run(move |store| Ok(store.update_character(id, patch)?))
        .await
}

#[tauri::command(rename_all = "snake_case")]
pub async fn character_duplicate(db: State<'_, Database>, id: Uuid) -> Result<Character, IpcError> {
    db.run(move |store| Ok(store.duplicate_character(id)?))
        .await
}

/// Moves characters to the trash together (one `undo_delete` brings them all back); answers
/// how many went.
#[tauri::command(rename_all = "snake_case")]
pub async fn characters_delete(db: State<'_, Database>, ids: Vec<Uuid>) -> Result<usize, IpcError> {
    db.run(move |store| Ok(store.delete_characters(&ids)?))
        .await
}

/// Moves characters to the end of another roster of the same system; all or none.
#[tauri::command(rename_all = "snake_case")]
pub async fn characters_move(
    db: State<'_, Database>,
    ids: Vec<Uuid>,
    roster_id: Uuid,
) -> Result<Vec<Character>, IpcError> {
    db.run(move |store| Ok(store.move_characters(&ids, roster_id)?))
        .await
}

/// Adds and removes tags on several characters in one transaction.
#[tauri::command(rename_all = "snake_case")]
pub async fn characters_tag(
    db: State<'_, Database>,
    ids: Vec<Uuid>,
    add: Vec<String>,
    remove: Vec<String>,
) -> Result<Vec<Character>, IpcError> {
    db.run(move |store| Ok(store.tag_characters(&ids, &add, &remove)?))
        .await
}

/// Characters matching `query` across every roster (`name:`, `player:`, `tag:`, "phrases"),
/// best first.
#[tauri::command(rename_all = "snake_case")]
pub async fn search(
    db: State<'_, Database>,
    query: String,
    limit: Option<usize>,
) -> Result<Vec<SearchHit>, IpcError> {
    let limit = limit.unwrap_or(SEARCH_LIMIT).min(SEARCH_LIMIT_MAX);
    db.run(move |store| Ok(store.search(&query, limit)?)).await
}
