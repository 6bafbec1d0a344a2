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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Import, ImportMode, NewCharacter, NewRoster, Store, System};

    /// Copies of the first roster, or of the first character, up to `total` rows (what a
    /// database at the bound holds, made in a moment).
    fn fill(store: &Store, table: &str, total: usize) {
        let columns = match table {
            "rosters" => "name, system, notes, house_rules, position, created_at, updated_at",
            _ => "roster_id, name, player, kind, tags, notes, sheet, position, created_at, updated_at, search_text",
        };
        store
            .conn()
            .execute(
                &format!(
                    "WITH RECURSIVE n(i) AS (SELECT (SELECT COUNT(*) FROM {table})
                                             UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
                     INSERT INTO {table} (id, {columns})
                     SELECT printf('00000000-0000-4000-8000-%012d', i), {columns}
                     FROM n, (SELECT {columns} FROM {table} LIMIT 1)"
                ),
                [total as i64],
            )
            .unwrap();
        let (rosters, characters) = stored_counts(store.conn()).unwrap();
        assert_eq!(
            if table == "rosters" {
                rosters
            } else {
                characters
            },
            total
        );
    }

    fn one_character_file() -> Import {
        Import::from_bytes(
            br#"{"format": "rollbook-roster", "version": 1, "rosters": [
                {"name": "More", "system": "d12", "characters": [{"name": "One more"}]}]}"#,
        )
        .unwrap()
    }

    #[test]
    fn rosters_stop_at_the_bound_with_the_trash_counted() {
        let mut store = Store::open_in_memory().unwrap();
        let first = store
            .create_roster(NewRoster::new("First", System::D12))
            .unwrap();
        fill(&store, "rosters", MAX_ROSTERS - 1);
        let last = store
            .create_roster(NewRoster::new("Last", System::D12))
            .unwrap();
        let err = store
            .create_roster(NewRoster::new("One more", System::D12))
            .unwrap_err();
        assert_eq!(err.code(), "limit_reached");
        assert_eq!(
            err.to_string(),
            "Rollbook keeps at most 1,000 rosters, the trash included, and holds 1,000 now; nothing was added. Empty the trash or delete some rosters first"
        );
        // An import that adds a roster is refused at its preview, naming the numbers.
        let err = store
            .plan_import(&one_character_file(), ImportMode::Merge)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the file was not imported: importing this file would add 1 rosters to the 1,000 Rollbook keeps (the trash included), 1,001 in all; it keeps at most 1,000. Empty the trash, delete some or import fewer"
        );
        // The trash still counts; emptying it makes room.
        store.delete_roster(last.id).unwrap();
        assert_eq!(
            store
                .create_roster(NewRoster::new("One more", System::D12))
                .unwrap_err()
                .code(),
            "limit_reached"
        );
        store.empty_trash().unwrap();
        store
            .create_roster(NewRoster::new("One more", System::D12))
            .unwrap();
        assert_eq!(store.roster(first.id).unwrap().name, "First");
    }

    #[test]
    fn characters_stop_at_the_bound_whatever_adds_them() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Party", System::D12))
            .unwrap();
        let vex = store
            .create_character(roster.id, NewCharacter::named("Vex"))
            .unwrap();
        fill(&store, "characters", MAX_CHARACTERS);
        let err = store
            .create_character(roster.id, NewCharacter::named("One more"))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Rollbook keeps at most 100,000 characters, the trash included, and holds 100,000 now; nothing was added. Empty the trash or delete some characters first"
        );
        assert_eq!(
            store.duplicate_character(vex.id).unwrap_err().code(),
            "limit_reached"
        );
        let err = store
            .apply_import(&one_character_file(), ImportMode::Copy, |_, _| {})
            .unwrap_err();
        assert_eq!(err.code(), "import_refused");
        assert!(
            err.to_string().contains(
                "would add 1 characters to the 100,000 Rollbook keeps (the trash included), 100,001 in all"
            ),
            "{err}"
        );
        // Changing what is stored adds nothing: still allowed at the bound.
        store
            .update_character(
                vex.id,
                crate::CharacterPatch {
                    notes: Some("at the bound".into()),
                    ..Default::default()
                },
            )
            .unwrap();
        assert_eq!(stored_counts(store.conn()).unwrap(), (1, MAX_CHARACTERS));
    }
}
