//! A roster's characters as a list shows them: one query reading only the columns a list needs,
//! never the sheets (parsing 10,000 sheets and sending them to the window took most of the
//! time to open a big roster).

use super::{DamagedRecord, Store};
use crate::error::Result;
use crate::model::{from_millis, CharacterKind, CharacterSummary};
use uuid::Uuid;

impl Store {
    /// The characters of a roster not in the trash, in their order (as [`Store::characters`]),
    /// without their notes and sheets.
    pub fn character_summaries(&self, roster_id: Uuid) -> Result<Vec<CharacterSummary>> {
        let roster = self.roster(roster_id)?;
        let mut stmt = self.conn().prepare_cached(
            "SELECT id, name, player, kind, tags, updated_at FROM characters
             WHERE roster_id = ?1 AND deleted_at IS NULL ORDER BY position, created_at",
        )?;
        let rows = stmt.query_map([roster_id.to_string()], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
                row.get::<_, i64>(5)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, name, player, kind, tags, updated_at) = row?;
            let damaged = |what: &str, e: &dyn std::fmt::Display| {
                let roster = (roster.name.as_str(), &*roster.id.to_string());
                DamagedRecord::character(roster, (&name, &id), format!("its {what}: {e}"))
                    .refused(self.conn())
            };
            let kind: CharacterKind = kind.parse().map_err(|e| damaged("kind", &e))?;
            out.push(CharacterSummary {
                tags: serde_json::from_str(&tags).map_err(|e| damaged("tags", &e))?,
                id: Uuid::parse_str(&id).map_err(|e| damaged("id", &e))?,
                name,
                player,
                kind,
                updated_at: from_millis(updated_at),
            });
        }
        Ok(out)
    }
}
