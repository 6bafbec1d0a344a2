//! What a table action did, as the action log keeps it: its events (the typed lines the log
//! shows, a ruling named by its id), stored once as zlib-compressed JSON in
//! `table_actions.packed_events` (migration 8). The plain text the command line prints is told
//! from them ([`summary_of`]), never stored beside them.

use rusqlite::{params, Transaction};

use super::packed::{pack, unpacked};
use crate::error::{Result, RosterError};
use rollbook_rules::table::Event;

/// `events` as stored.
pub(super) fn pack_events(events: &[Event]) -> Vec<u8> {
    pack(&serde_json::to_vec(events).expect("events serialise"))
}

/// The events stored by [`pack_events`], or why they cannot be read.
pub(super) fn unpack_events(stored: &[u8]) -> Result<Vec<Event>> {
    let unreadable = |detail: String| RosterError::EncounterStateUnreadable {
        what: "what a table action did".into(),
        detail,
    };
    let json = unpacked(stored).map_err(|e| unreadable(e.to_string()))?;
    serde_json::from_slice(&json).map_err(|e| unreadable(e.to_string()))
}

/// The events as plain text, one line each, a ruling's as "Ruling: TEXT" (what the command line
/// prints; see `TableActionEntry::summary`).
pub(super) fn summary_of(events: &[Event]) -> String {
    events
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Migration 8's hook: packs every action's events as they were stored (their JSON, byte for
/// byte; the actions logged before events were typed get their summary's lines, one event
/// each, no ruling named), then drops the two columns that held them.
pub(super) fn migrate_to_packed(tx: &Transaction) -> rusqlite_migration::HookResult {
    let rows: Vec<(i64, String, Option<String>)> = tx
        .prepare("SELECT id, summary, events FROM table_actions")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, summary, events) in rows {
        let json = match events {
            Some(json) => json.into_bytes(),
            None => {
                let lines: Vec<Event> = summary.lines().map(Event::said).collect();
                serde_json::to_vec(&lines).expect("events serialise")
            }
        };
        tx.execute(
            "UPDATE table_actions SET packed_events = ?2 WHERE id = ?1",
            params![id, pack(&json)],
        )?;
    }
    tx.execute_batch(
        "ALTER TABLE table_actions DROP COLUMN summary;
         ALTER TABLE table_actions DROP COLUMN events;",
    )?;
    Ok(())
}
