//! A roster's characters read one at a time: an export of 100,000 characters
//! (`rollbook_rules::MAX_CHARACTERS`) never holds them all (issue 28).

use uuid::Uuid;

use super::handle::Store;
use super::rows::{character_row, CHARACTER_COLUMNS};
use crate::error::Result;
use crate::model::Character;

impl Store {
    /// Hands `each` every character of the roster not in the trash, in the roster's order, one
    /// at a time; an error of `each` ends the reading.
    pub(crate) fn each_character(
        &self,
        roster_id: Uuid,
        mut each: impl FnMut(Character) -> Result<()>,
    ) -> Result<()> {
        let mut stmt = self.conn().prepare_cached(&format!(
            "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.roster_id = ?1 AND c.deleted_at IS NULL ORDER BY c.position, c.created_at"
        ))?;
        for row in stmt.query_map([roster_id.to_string()], character_row)? {
            each(row?.into_character(self.conn())?)?;
        }
        Ok(())
    }
}
