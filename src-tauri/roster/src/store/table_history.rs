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

/// The patch that turns `from` into `to`, as stored: its JSON, zlib-compressed (the paths and the
/// ids in them repeat). A turn order put in a new order (a universe round dealt, a row moved) is
/// told as moves of its rows, not as every field of every row replaced where it now stands: a
/// round of 20 keeps some 0.6 KiB instead of 1.3.
pub(super) fn patch_between(from: &Value, to: &Value) -> Vec<u8> {
    let mut operations = reorder(from, to, "order");
    let mut moved = from.clone();
    json_patch::patch(&mut moved, &operations).expect("moves within the array they were made for");
    operations.extend(json_patch::diff(&moved, to).0);
    let patch = json_patch::Patch(operations);
    pack(&serde_json::to_vec(&patch).expect("a patch serialises"))
}

/// The JSON Patch moves that put the rows of the array `field` of `from` in the order of `to`'s,
/// rows known by their `id`; none unless both hold the same rows, each once.
fn reorder(from: &Value, to: &Value, field: &str) -> Vec<json_patch::PatchOperation> {
    use json_patch::{jsonptr::PointerBuf, MoveOperation, PatchOperation};
    let ids = |state: &Value| -> Option<Vec<Value>> {
        let rows = state.get(field)?.as_array()?;
        rows.iter().map(|row| row.get("id").cloned()).collect()
    };
    let (Some(mut now), Some(wanted)) = (ids(from), ids(to)) else {
        return Vec::new();
    };
    let sorted = |ids: &[Value]| {
        let mut keys: Vec<String> = ids.iter().map(Value::to_string).collect();
        keys.sort();
        keys
    };
    let (a, b) = (sorted(&now), sorted(&wanted));
    if a != b || a.windows(2).any(|pair| pair[0] == pair[1]) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for (i, id) in wanted.iter().enumerate() {
        if now[i] == *id {
            continue;
        }
        let j = i + now[i..]
            .iter()
            .position(|x| x == id)
            .expect("the same rows");
        let row = now.remove(j);
        now.insert(i, row);
        moves.push(PatchOperation::Move(MoveOperation {
            from: PointerBuf::from_tokens([field, &j.to_string()]),
            path: PointerBuf::from_tokens([field, &i.to_string()]),
        }));
    }
    moves
}

/// `json` as the history stores it: zlib-compressed.
pub(super) fn pack(json: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut packed = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    packed.write_all(json).expect("writing to memory");
    packed.finish().expect("writing to memory")
}

/// What [`pack`] stored, or why it cannot be read.
pub(super) fn unpacked(stored: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut json = Vec::new();
    flate2::read::ZlibDecoder::new(stored).read_to_end(&mut json)?;
    Ok(json)
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rows(names: &[&str]) -> Value {
        names
            .iter()
            .map(|n| json!({"id": format!("id-{n}"), "name": n, "character_id": null, "hp": n.len()}))
            .collect()
    }

    fn applied(from: &Value, patch: &[u8]) -> Value {
        let mut state = from.clone();
        let patch: json_patch::Patch = serde_json::from_slice(&unpacked(patch).unwrap()).unwrap();
        json_patch::patch(&mut state, &patch).unwrap();
        state
    }

    /// A dealt round puts the turn order in a new order: told as moves, it packs smaller than
    /// every field replaced, and applied it gives the state exactly, as JSON too.
    #[test]
    fn a_new_turn_order_is_kept_as_moves_and_gives_the_state_exactly() {
        let names = [
            "Ada", "Brand", "Cass", "Dov", "Esk", "Fen", "Gil", "Hob", "Ivo", "Jun",
        ];
        let from = json!({"round": 1, "order": rows(&names), "current": 0});
        let mut shuffled = names;
        shuffled.reverse();
        shuffled.swap(2, 7);
        let to = json!({"round": 2, "order": rows(&shuffled), "current": 3});

        let patch = patch_between(&from, &to);
        let after = applied(&from, &patch);
        assert_eq!(after, to);
        assert_eq!(after.to_string(), to.to_string());
        let ops: Value = serde_json::from_slice(&unpacked(&patch).unwrap()).unwrap();
        assert!(ops.as_array().unwrap().iter().any(|op| op["op"] == "move"));
        let plain = pack(&serde_json::to_vec(&json_patch::diff(&from, &to)).unwrap());
        assert!(
            patch.len() < plain.len(),
            "{} !< {}",
            patch.len(),
            plain.len()
        );
        // And back again.
        assert_eq!(applied(&to, &patch_between(&to, &from)), from);
    }

    /// Rows added, removed or twice in the order are no reordering: the plain diff says it.
    #[test]
    fn other_changes_to_the_order_are_diffed() {
        let from = json!({"order": rows(&["Ada", "Brand", "Cass"])});
        for to in [
            json!({"order": rows(&["Cass", "Ada"])}),
            json!({"order": rows(&["Dov", "Cass", "Ada", "Brand"])}),
            json!({"order": rows(&["Cass", "Cass", "Ada"])}),
            json!({"order": "none"}),
        ] {
            assert!(reorder(&from, &to, "order").is_empty(), "{to}");
            assert_eq!(applied(&from, &patch_between(&from, &to)), to);
        }
        let twice = json!({"order": rows(&["Ada", "Ada", "Brand"])});
        assert!(reorder(
            &twice,
            &json!({"order": rows(&["Brand", "Ada", "Ada"])}),
            "order"
        )
        .is_empty());
    }
}
