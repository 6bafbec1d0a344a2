//! The table's history, kept small. An action does not keep two whole copies of the state (12–13
//! KiB an action for a universe round of 18); it keeps what undo and the log need:
//!
//! - `back`: the JSON Patch (RFC 6902) that turns the state after it into the state before it.
//!   The encounter row holds the state after the last action not undone, so undo applies the last
//!   live action's `back` to it: exactly the stored state before, byte for byte as JSON.
//! - `parent`: the action it was played on top of (the last live one then; NULL for the first
//!   state of the encounter), so the states of actions since undone can still be told.
//! - `forth`: written when the action is undone (its "after" leaves the encounter row then), the
//!   patch from the state before it to the state after it.
//!
//! Patches are taken between the states as stored (with their version), so what undo writes back
//! is what was stored, whichever build wrote it.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension, Transaction};
use serde_json::Value;
use uuid::Uuid;

use super::encounter_state::{as_version, from_stored, ENCOUNTER_STATE_VERSION};
use super::packed::{pack, unpacked};
use super::state_patch;
use crate::error::{Result, RosterError};
use crate::model::EncounterState;

/// One action's state before and after it, told again from the history.
#[derive(Debug, Clone, PartialEq)]
pub struct TableStates {
    /// The action's id (`TableActionEntry::id`).
    pub id: i64,
    pub before: EncounterState,
    pub after: EncounterState,
}

/// The patch that turns `from` into `to`, as stored: its JSON (state_patch.rs keeps it small),
/// zlib-compressed (the paths and the ids in them repeat).
pub(super) fn patch_between(from: &Value, to: &Value) -> Vec<u8> {
    pack(&serde_json::to_vec(&state_patch::patch(from, to)).expect("a patch serialises"))
}

/// `state` with `patch` (taken between states stored at `version`) applied; a patch that does
/// not fit is an unreadable state.
fn patched(state: Value, (patch, version): (&[u8], u64), what: &str) -> Result<Value> {
    let unreadable = |detail: String| RosterError::EncounterStateUnreadable {
        what: what.to_string(),
        detail,
    };
    let mut state = as_version(state, version).ok_or_else(|| {
        unreadable(format!(
            "it was stored by an older Rollbook (state version {version}) whose states this build \
             cannot go back to"
        ))
    })?;
    let json = unpacked(patch).map_err(|e| unreadable(e.to_string()))?;
    let patch: json_patch::Patch =
        serde_json::from_slice(&json).map_err(|e| unreadable(e.to_string()))?;
    json_patch::patch(&mut state, &patch).map_err(|e| unreadable(e.to_string()))?;
    Ok(state)
}

/// A stored state as JSON, or why it is unreadable.
pub(super) fn stored_json(stored: &str, what: &str) -> Result<Value> {
    serde_json::from_str(stored).map_err(|e| RosterError::EncounterStateUnreadable {
        what: what.to_string(),
        detail: e.to_string(),
    })
}

/// The version new actions' patches are taken at (what `to_stored` writes).
pub(super) const PATCH_VERSION: u64 = ENCOUNTER_STATE_VERSION;

/// The last action of an encounter not undone, if any: what the next action is played on.
pub(super) fn last_live_action(conn: &Connection, encounter_id: Uuid) -> Result<Option<i64>> {
    Ok(conn
        .query_row(
            "SELECT id FROM table_actions
             WHERE encounter_id = ?1 AND undone_at IS NULL ORDER BY id DESC LIMIT 1",
            [encounter_id.to_string()],
            |r| r.get(0),
        )
        .optional()?)
}

/// Undoes the last live action of an encounter: the state before it goes back into the encounter
/// row, and the action keeps the patch forward so the log can still tell what it did. `false`
/// when there is nothing to undo.
pub(super) fn undo_last(tx: &Transaction, encounter_id: Uuid, at: i64) -> Result<bool> {
    let last: Option<(i64, Option<Vec<u8>>, u64)> = tx
        .query_row(
            "SELECT id, back, state_version FROM table_actions
             WHERE encounter_id = ?1 AND undone_at IS NULL ORDER BY id DESC LIMIT 1",
            [encounter_id.to_string()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((action_id, back, version)) = last else {
        return Ok(false);
    };
    let back = back.ok_or_else(|| RosterError::EncounterStateUnreadable {
        what: "the state before the last table action".into(),
        detail: "its history could not be read when this database was upgraded".into(),
    })?;
    let stored: String = tx.query_row(
        "SELECT state FROM encounters WHERE id = ?1",
        [encounter_id.to_string()],
        |r| r.get(0),
    )?;
    let now = stored_json(&stored, "encounter")?;
    let before = patched(
        now.clone(),
        (&back, version),
        "the state before the last table action",
    )?;
    // The patch forth is taken at the same version as the patch back.
    let after = as_version(now, version).expect("patched above at this version");
    tx.execute(
        "UPDATE encounters SET state = ?2, updated_at = ?3 WHERE id = ?1",
        params![encounter_id.to_string(), before.to_string(), at],
    )?;
    tx.execute(
        "UPDATE table_actions SET undone_at = ?2, forth = ?3 WHERE id = ?1",
        params![action_id, at, patch_between(&before, &after)],
    )?;
    Ok(true)
}

/// Every action's state before and after, oldest first, told from the encounter's state and the
/// patches: back along the live actions from the state now, then forward from its parent's
/// state for each action since undone.
pub(super) fn states(conn: &Connection, encounter_id: Uuid) -> Result<Vec<TableStates>> {
    let stored: String = conn.query_row(
        "SELECT state FROM encounters WHERE id = ?1",
        [encounter_id.to_string()],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare_cached(
        "SELECT id, parent, back, forth, undone_at IS NOT NULL, state_version
         FROM table_actions WHERE encounter_id = ?1 ORDER BY id",
    )?;
    type Row = (
        i64,
        Option<i64>,
        Option<Vec<u8>>,
        Option<Vec<u8>>,
        bool,
        u64,
    );
    let rows: Vec<Row> = stmt
        .query_map([encounter_id.to_string()], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let missing = |what: &str| RosterError::EncounterStateUnreadable {
        what: what.to_string(),
        detail: "its history could not be read when this database was upgraded".into(),
    };
    let mut told: HashMap<i64, (Value, Value)> = HashMap::new();
    let mut state = stored_json(&stored, "encounter")?;
    for (id, _, back, _, _, version) in rows.iter().rev().filter(|r| !r.4) {
        let back = back.as_deref().ok_or_else(|| missing("a table action"))?;
        let before = patched(
            state.clone(),
            (back, *version),
            "the state before a table action",
        )?;
        told.insert(*id, (before.clone(), state));
        state = before;
    }
    let first = state;
    for (id, parent, _, forth, _, version) in rows.iter().filter(|r| r.4) {
        let before = match parent {
            Some(p) => told.get(p).map(|(_, after)| after.clone()),
            None => Some(first.clone()),
        }
        .ok_or_else(|| missing("an undone table action"))?;
        let forth = forth
            .as_deref()
            .ok_or_else(|| missing("an undone table action"))?;
        let after = patched(
            before.clone(),
            (forth, *version),
            "the state after a table action",
        )?;
        told.insert(*id, (before, after));
    }
    rows.iter()
        .map(|(id, ..)| {
            let (before, after) = &told[id];
            Ok(TableStates {
                id: *id,
                before: from_stored(&before.to_string(), "state before a table action")?,
                after: from_stored(&after.to_string(), "state after a table action")?,
            })
        })
        .collect()
}

/// Migration 06: the actions stored with their whole states before and after get their parent,
/// `back` and (when undone) `forth` from them; then the two whole copies go. An action whose
/// states do not parse keeps no patch: undoing it is refused as unreadable, nothing else is.
pub(super) fn migrate_whole_states(tx: &Transaction) -> rusqlite_migration::HookResult {
    type Row = (i64, String, String, String, bool);
    let rows: Vec<Row> = tx
        .prepare(
            "SELECT id, encounter_id, before, after, undone_at IS NOT NULL FROM table_actions
             ORDER BY encounter_id, id",
        )?
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    // The live actions of the encounter being walked, newest last, with their state after.
    let mut encounter = String::new();
    let mut live: Vec<(i64, Option<Value>)> = Vec::new();
    for (id, encounter_id, before, after, undone) in rows {
        if encounter_id != encounter {
            encounter = encounter_id;
            live.clear();
        }
        let before = serde_json::from_str::<Value>(&before).ok();
        let after = serde_json::from_str::<Value>(&after).ok();
        // What this action was played on: the latest earlier action whose state after is its
        // state before. Those passed over on the way were undone before it was played.
        while let Some((_, top)) = live.last() {
            if same_state(top.as_ref(), before.as_ref()) {
                break;
            }
            live.pop();
        }
        let parent = live.last().map(|(p, _)| *p);
        let (back, forth) = match (&before, &after) {
            (Some(b), Some(a)) => (
                Some(patch_between(a, b)),
                undone.then(|| patch_between(b, a)),
            ),
            _ => (None, None),
        };
        let version = after
            .as_ref()
            .and_then(|a| a.get("version"))
            .and_then(Value::as_u64)
            .unwrap_or(0);
        tx.execute(
            "UPDATE table_actions SET parent = ?2, back = ?3, forth = ?4, state_version = ?5
             WHERE id = ?1",
            params![id, parent, back, forth, version],
        )?;
        live.push((id, after));
    }
    tx.execute_batch(
        "ALTER TABLE table_actions DROP COLUMN before;
         ALTER TABLE table_actions DROP COLUMN after;",
    )?;
    Ok(())
}

/// Two stored states are the same state, whichever build's version each carries.
fn same_state(a: Option<&Value>, b: Option<&Value>) -> bool {
    let unversioned = |v: &Value| {
        let mut v = v.clone();
        if let Some(fields) = v.as_object_mut() {
            fields.remove("version");
        }
        v
    };
    match (a, b) {
        (Some(a), Some(b)) => unversioned(a) == unversioned(b),
        _ => false,
    }
}
