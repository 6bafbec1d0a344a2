//! A stored record that does not read — a roster whose rules system this build does not know, a
//! character whose sheet JSON is broken, a roll-log entry or an encounter plan whose stored JSON
//! is broken — is refused by name, never as a damaged database: one
//! bad row must not take every roster down with it. The refusal names the newest snapshot that
//! holds the record sound (`backups::sound`), and a snapshot is scanned for such records when it
//! is taken (`backup now` tells them; rotation spares the newest snapshot without any).

use std::fmt;

use rollbook_rules::text::{excerpt, excerpt_quoted, isolated};
use rusqlite::Connection;

use super::encounter_state::from_stored;
use super::plans::{plan_row, PLAN_COLUMNS};
use super::roll_log::{log_row, LOG_COLUMNS};
use super::{character_row, roster_row, CHARACTER_COLUMNS, ROSTER_COLUMNS};
use crate::error::{Result, RosterError};

/// A roster, a character, a roll-log entry or a plan whose stored fields do not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedRecord {
    /// The roster's name and id, as stored (the roster itself, or the character's, the entry's
    /// or the plan's); both empty for a roll-log entry made in no roster.
    pub roster_name: String,
    pub roster_id: String,
    /// The character's name and id, when the damage is in one of its fields.
    pub character: Option<(String, String)>,
    /// The roll-log entry or the plan, when the damage is in one of its fields (boxed: every
    /// `Result` that may hold this record carries its size).
    pub entry: Option<Box<DamagedEntry>>,
    /// What does not read (`its sheet: expected value at line 1 column 1`); boxed text keeps
    /// the record small enough to ride in a `Result`.
    pub detail: Box<str>,
}

impl DamagedRecord {
    pub(crate) fn roster(name: &str, id: &str, detail: String) -> DamagedRecord {
        DamagedRecord {
            roster_name: name.to_string(),
            roster_id: id.to_string(),
            character: None,
            entry: None,
            detail: excerpt_quoted(&detail).into(),
        }
    }

    /// A roll-log entry or a plan of the roster `(name, id)` (both empty: of no roster).
    pub(crate) fn entry(
        (roster_name, roster_id): (&str, &str),
        entry: DamagedEntry,
        detail: String,
    ) -> DamagedRecord {
        DamagedRecord {
            entry: Some(Box::new(entry)),
            ..DamagedRecord::roster(roster_name, roster_id, detail)
        }
    }

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

    pub(crate) fn character(
        (roster_name, roster_id): (&str, &str),
        (name, id): (&str, &str),
        detail: String,
    ) -> DamagedRecord {
        DamagedRecord {
            character: Some((name.to_string(), id.to_string())),
            ..DamagedRecord::roster(roster_name, roster_id, detail)
        }
    }

    /// The refusal of this record, offering the newest snapshot beside `conn`'s database file
    /// that holds it sound.
    pub(crate) fn refused(self, conn: &Connection) -> RosterError {
        let offer = match conn.path().filter(|p| !p.is_empty()) {
            Some(db) => super::backups::newest_holding(std::path::Path::new(db), &self),
            None => SoundCopy::NotLooked,
        };
        RosterError::DamagedRecord {
            record: Box::new(self),
            offer,
        }
    }

    /// Whether this is the roster (or a character of the roster) named `name`, as `--roster
    /// NAME` matches names.
    pub(crate) fn in_roster_named(&self, name: &str) -> bool {
        self.roster_name.trim().to_lowercase() == name.trim().to_lowercase()
    }
}

/// A stored record that is not a roster or a character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DamagedEntry {
    /// A roll-log entry, by its id.
    LogEntry(i64),
    /// An encounter plan: its name and id, as stored.
    Plan { name: String, id: String },
    /// An encounter whose stored state does not read: its id, and its name when what is stored
    /// still says one (empty when not).
    Encounter { name: String, id: String },
}

/// `the character "Vex" (ID) in roster "Heroes" (ID)`, `the roll-log entry 12 in roster …`,
/// `the plan "Ambush" (ID) in roster …`, or `roster "Heroes" (ID)`: names as the GM knows
/// them, ids to tell two of one name apart. Quoted short and isolated, since a damaged row's
/// text is whatever is in the file.
impl fmt::Display for DamagedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |text: &str| isolated(&excerpt(text)).into_owned();
        if let Some((name, id)) = &self.character {
            write!(f, "the character \"{}\" ({}) in ", shown(name), shown(id))?;
        }
        match self.entry.as_deref() {
            Some(DamagedEntry::LogEntry(id)) => write!(f, "the roll-log entry {id}")?,
            Some(DamagedEntry::Plan { name, id }) => {
                write!(f, "the plan \"{}\" ({})", shown(name), shown(id))?
            }
            Some(DamagedEntry::Encounter { name, id }) if name.is_empty() => {
                write!(f, "the encounter {}", shown(id))?
            }
            Some(DamagedEntry::Encounter { name, id }) => {
                write!(f, "the encounter \"{}\" ({})", shown(name), shown(id))?
            }
            None => {}
        }
        if self.entry.is_some() {
            if self.roster_id.is_empty() {
                return Ok(());
            }
            f.write_str(" in ")?;
        }
        write!(
            f,
            "roster \"{}\" ({})",
            shown(&self.roster_name),
            shown(&self.roster_id)
        )
    }
}

/// Where a damaged record can be had whole again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoundCopy {
    /// The newest snapshot that holds the record and reads it: its id.
    Snapshot(String),
    /// No snapshot beside the database holds it sound.
    None,
    /// Not looked for (a database in memory has no snapshots).
    NotLooked,
}

impl fmt::Display for SoundCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoundCopy::Snapshot(id) => write!(
                f,
                ". The newest snapshot that holds it sound is {id}: `rollbook backup restore {id}` puts the whole database back as it was then (what is there now is snapshotted first)"
            ),
            SoundCopy::None => f.write_str(". No snapshot beside the database holds it sound"),
            SoundCopy::NotLooked => Ok(()),
        }
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

/// What a listing could read, and the refusal of each record it could not (the rest is whole).
#[derive(Debug)]
pub struct Readable<T> {
    pub read: Vec<T>,
    /// Each a `damaged_record` refusal, naming the record.
    pub damaged: Vec<RosterError>,
}

/// Every row of `rows` read with `read`, in order: what does not read is kept as what it is (no
/// snapshot is looked for until a caller refuses it, see [`Readable::of`]).
pub(crate) fn read_rows<T, R>(
    rows: impl Iterator<Item = rusqlite::Result<R>>,
    read: impl Fn(R) -> std::result::Result<T, DamagedRecord>,
) -> Result<Vec<std::result::Result<T, DamagedRecord>>> {
    rows.map(|row| Ok(read(row?))).collect()
}

impl<T> Readable<T> {
    /// What reads, and each damaged record refused by name (with its snapshot looked for).
    pub(crate) fn of(conn: &Connection, rows: Vec<std::result::Result<T, DamagedRecord>>) -> Self {
        let mut out = Readable {
            read: Vec::new(),
            damaged: Vec::new(),
        };
        for row in rows {
            match row {
                Ok(value) => out.read.push(value),
                Err(damaged) => out.damaged.push(damaged.refused(conn)),
            }
        }
        out
    }
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
