//! What Rollbook keeps is bounded (`rollbook_rules::MAX_ROSTERS`, `MAX_CHARACTERS`): a roster
//! file holds at most as many, so an export of everything always imports again (issue 28: an
//! export of 250,000 characters that the import refused). The trash counts, so restoring from
//! it never goes past a bound; adding (creating, duplicating, importing) is refused at the bound.

use rollbook_rules::{MAX_CHARACTERS, MAX_ROSTERS};
use rusqlite::Connection;

use crate::error::{Result, RosterError};

/// How many rosters and characters are stored, the trash included.
pub(crate) fn stored_counts(conn: &Connection) -> Result<(usize, usize)> {
    let count = |table: &str| -> Result<usize> {
        let n: i64 = conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))?;
        Ok(n as usize)
    };
    Ok((count("rosters")?, count("characters")?))
}

/// Refuses adding `rosters` rosters and `characters` characters past the bounds.
pub(crate) fn make_room(conn: &Connection, rosters: usize, characters: usize) -> Result<()> {
    let (held_rosters, held_characters) = stored_counts(conn)?;
    for (what, held, adding, limit) in [
        ("rosters", held_rosters, rosters, MAX_ROSTERS),
        ("characters", held_characters, characters, MAX_CHARACTERS),
    ] {
        if adding > 0 && held + adding > limit {
            return Err(RosterError::LimitReached { what, limit, held });
        }
    }
    Ok(())
}
