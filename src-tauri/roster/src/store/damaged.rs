//! A stored record that does not read — a roster whose rules system this build does not know, a
//! character whose sheet JSON is broken, a roll-log entry or an encounter plan whose stored JSON
//! is broken — is refused by name, never as a damaged database: one
//! bad row must not take every roster down with it. The refusal names the newest snapshot that
//! holds the record sound (`backups::sound`), and a snapshot is scanned for such records when it
//! is taken (`backup now` tells them; rotation spares the newest snapshot without any).

use rusqlite::Connection;

use super::damaged_record::{DamagedEntry, DamagedRecord};
use super::encounter_state::from_stored;
use super::rows::{
    character_row, log_row, plan_row, roster_row, CHARACTER_COLUMNS, LOG_COLUMNS, PLAN_COLUMNS,
    ROSTER_COLUMNS,
};
use crate::error::{Result, RosterError};

impl DamagedRecord {
    /// An encounter of the roster with id `roster_id` whose stored `state` does not read: named
    /// by the name its state still holds, if any, and its roster by the roster's stored name.
    pub(crate) fn encounter(
        conn: &Connection,
        (id, roster_id, state): (&str, &str, &str),
        detail: String,
    ) -> DamagedRecord {
        let name = serde_json::from_str::<serde_json::Value>(state)
            .ok()
            .and_then(|state| Some(state.get("name")?.as_str()?.to_string()))
            .unwrap_or_default();
        let roster_name: String = conn
            .query_row("SELECT name FROM rosters WHERE id = ?1", [roster_id], |r| {
                r.get(0)
            })
            .unwrap_or_default();
        let encounter = DamagedEntry::Encounter {
            name,
            id: id.to_string(),
        };
        DamagedRecord::entry((&roster_name, roster_id), encounter, detail)
    }
}

/// Every roster, character, roll-log entry, plan and encounter of `conn`'s database (the trash
/// too) that does not read, in stored order; a character of a roster that does not read is told
/// with its roster. This parses every sheet, logged roll and encounter state: what `backup now`
/// and rotation pay to know a snapshot whole.
pub(crate) fn damaged_records(conn: &Connection) -> Result<Vec<DamagedRecord>> {
    let mut found = Vec::new();
    let mut stmt = conn.prepare(&format!(
        "SELECT {ROSTER_COLUMNS} FROM rosters r ORDER BY r.position, r.created_at"
    ))?;
    let mut damaged_rosters = Vec::new();
    for row in stmt.query_map([], roster_row)? {
        if let Err(damaged) = row?.read() {
            damaged_rosters.push(damaged.roster_id.clone());
            found.push(damaged);
        }
    }
    let mut stmt = conn.prepare(&format!(
        "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
         ORDER BY r.position, r.created_at, c.position, c.created_at"
    ))?;
    for row in stmt.query_map([], character_row)? {
        match row?.read() {
            // Its roster's own damage (the system) is told once, with the roster.
            Err(damaged)
                if damaged.character.is_some() || !damaged_rosters.contains(&damaged.roster_id) =>
            {
                found.push(damaged)
            }
            _ => {}
        }
    }
    // The log and the plans of a database older than their tables have none to tell.
    if let Ok(mut stmt) = conn.prepare(&format!("SELECT {LOG_COLUMNS} FROM roll_log ORDER BY id")) {
        for row in stmt.query_map([], log_row)? {
            if let Err(damaged) = row?.read() {
                found.push(damaged);
            }
        }
    }
    if let Ok(mut stmt) = conn.prepare(&format!(
        "SELECT {PLAN_COLUMNS} FROM encounter_plans p JOIN rosters r ON r.id = p.roster_id
         ORDER BY r.position, r.created_at, p.created_at, p.id"
    )) {
        for row in stmt.query_map([], plan_row)? {
            if let Err(damaged) = row?.read() {
                found.push(damaged);
            }
        }
    }
    if let Ok(mut stmt) =
        conn.prepare("SELECT id, roster_id, state FROM encounters ORDER BY created_at, id")
    {
        let rows = stmt.query_map([], |r| {
            Ok((r.get::<_, String>(0)?, r.get(1)?, r.get::<_, String>(2)?))
        })?;
        for row in rows {
            let (id, roster_id, state): (String, String, String) = row?;
            // A state of a newer Rollbook is not damaged: only one that reads as no version.
            if let Err(RosterError::EncounterStateUnreadable { what, detail }) =
                from_stored(&state, "state")
            {
                let detail = format!("its {what}: {detail}");
                found.push(DamagedRecord::encounter(
                    conn,
                    (&id, &roster_id, &state),
                    detail,
                ));
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use crate::{NewCharacter, NewRoster, Store, System};

    #[test]
    fn in_memory_a_damaged_character_is_refused_by_name_with_no_snapshot_spoken_of() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Crew", System::Marks))
            .unwrap();
        let glitch = store
            .create_character(roster.id, NewCharacter::named("Glitch"))
            .unwrap();
        store
            .conn()
            .execute(
                "UPDATE characters SET sheet = '[' WHERE id = ?1",
                [glitch.id.to_string()],
            )
            .unwrap();
        let error = store.characters(roster.id).unwrap_err();
        assert_eq!(error.code(), "damaged_record");
        assert_eq!(
            error.to_string(),
            format!(
                "the character \"Glitch\" ({}) in roster \"Crew\" ({}) cannot be read (its sheet: EOF while parsing a list at line 1 column 1), so it was refused; nothing was changed, and the rest of the database reads as usual",
                glitch.id, roster.id
            )
        );
        let listed = super::damaged_records(store.conn()).unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(
            listed[0].character,
            Some(("Glitch".into(), glitch.id.to_string()))
        );
    }
}
