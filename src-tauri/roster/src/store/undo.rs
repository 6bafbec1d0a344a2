//! Undoing a deletion: the trash keeps what was deleted together under one number, and undo
//! brings back the highest.

use rusqlite::Transaction;
use serde::Serialize;
use uuid::Uuid;

use super::corrupt::parse_id;
use super::handle::Store;
use crate::error::{Result, RosterError};

/// What an undo brought back from the trash.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Restored {
    pub rosters: Vec<Uuid>,
    pub characters: Vec<Uuid>,
}

impl Store {
    /// Brings back the most recent deletion (one roster, or the characters deleted together).
    pub fn undo_delete(&mut self) -> Result<Restored> {
        self.write(|tx| {
            let batch: Option<i64> = tx.query_row(
                "SELECT max(b) FROM (SELECT max(delete_batch) AS b FROM rosters
                                     UNION ALL SELECT max(delete_batch) FROM characters)",
                [],
                |r| r.get(0),
            )?;
            let Some(batch) = batch else {
                return Err(RosterError::NothingToUndo);
            };
            let mut restored = Restored::default();
            for (table, out) in [
                ("rosters", &mut restored.rosters),
                ("characters", &mut restored.characters),
            ] {
                let mut stmt = tx.prepare(&format!(
                    "UPDATE {table} SET deleted_at = NULL, delete_batch = NULL
                     WHERE delete_batch = ?1 RETURNING id"
                ))?;
                let ids = stmt.query_map([batch], |r| r.get::<_, String>(0))?;
                for id in ids {
                    out.push(parse_id(&id?)?);
                }
            }
            Ok(restored)
        })
    }
}

/// The next deletion number (undo brings back the highest).
pub(crate) fn next_delete_batch(tx: &Transaction) -> Result<i64> {
    Ok(tx.query_row(
        "SELECT coalesce(max(b), 0) + 1 FROM (SELECT max(delete_batch) AS b FROM rosters
                                              UNION ALL SELECT max(delete_batch) FROM characters)",
        [],
        |r| r.get(0),
    )?)
}
