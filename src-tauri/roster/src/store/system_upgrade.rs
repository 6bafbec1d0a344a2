//! Writing a roster's move to another version of its file system
//! (`operations::system_upgrade`): the roster's `system_version` and every sheet of it, the
//! trash included (a character in the trash is read with its roster's version), in one
//! transaction after a snapshot, as every change that rewrites sheets wholesale.

use rusqlite::params;
use uuid::Uuid;

use super::backups::Reason;
use super::characters::roster_characters;
use super::system_files::keep_shipped;
use super::Store;
use crate::error::Result;
use crate::model::{now, Character, System};
use crate::sheet::Sheet;

impl Store {
    /// Every character of the roster `roster_id`, the trash included, in order.
    pub(crate) fn characters_with_trash(&self, roster_id: Uuid) -> Result<Vec<Character>> {
        roster_characters(self.conn(), roster_id, true)
    }

    /// Puts the roster `roster_id` on `to` with each character's sheet replaced by the one
    /// given (every sheet of the roster: one left out would no longer read). A snapshot first.
    pub(crate) fn write_system_version(
        &mut self,
        roster_id: Uuid,
        to: System,
        sheets: &[(Uuid, Sheet)],
    ) -> Result<()> {
        self.back_up_before(Reason::System)?;
        self.write(|tx| {
            let at = now().as_millisecond();
            keep_shipped(tx, to)?;
            tx.execute(
                "UPDATE rosters SET system_version = ?2, updated_at = ?3 WHERE id = ?1",
                params![roster_id.to_string(), to.file_version(), at],
            )?;
            let mut stmt = tx.prepare_cached(
                "UPDATE characters SET sheet = ?2, updated_at = ?3 WHERE id = ?1 AND roster_id = ?4",
            )?;
            for (id, sheet) in sheets {
                let json = serde_json::to_string(sheet).unwrap_or_default();
                stmt.execute(params![id.to_string(), json, at, roster_id.to_string()])?;
            }
            Ok(())
        })
    }
}
