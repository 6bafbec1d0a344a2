//! Encounters of a roster: create, list, find, soft delete and restore, and reading their rows.
//! Playing at the table is `table_play.rs`.

use rusqlite::{params, Connection, OptionalExtension, Row};
use uuid::Uuid;

use super::damaged_record::DamagedRecord;
use super::encounter_state::{from_stored, to_stored};
use super::readable::read_rows;
use super::{character_row, parse_id, CharacterRow, Store, CHARACTER_COLUMNS};
use crate::check::{Check, NAME_MAX};
use crate::error::{Result, RosterError};
use crate::model::{from_millis, now, Character, Encounter, EncounterState};

const ENCOUNTER_COLUMNS: &str = "id, roster_id, state, created_at, updated_at, deleted_at";

impl Store {
    /// Starts an encounter in a roster: round 1, nobody yet.
    pub fn create_encounter(&mut self, roster_id: Uuid, name: &str) -> Result<Encounter> {
        let mut problems = Vec::new();
        Check {
            problems: &mut problems,
        }
        .name("name", name, NAME_MAX);
        if let Some(p) = problems.first() {
            return Err(RosterError::InvalidTableAction(format!(
                "the encounter name {}",
                p.message
            )));
        }
        self.insert_encounter(roster_id, &EncounterState::new(name))
    }

    /// A new encounter of a live roster holding `state` (checked by its maker), with no table
    /// action yet.
    pub(crate) fn insert_encounter(
        &mut self,
        roster_id: Uuid,
        state: &EncounterState,
    ) -> Result<Encounter> {
        let id = Uuid::new_v4();
        self.write(|tx| {
            live_roster(tx, roster_id)?;
            let at = now().as_millisecond();
            tx.execute(
                "INSERT INTO encounters (id, roster_id, state, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?4)",
                params![id.to_string(), roster_id.to_string(), to_stored(state), at],
            )?;
            Ok(())
        })?;
        self.encounter(id)
    }

    /// A roster's encounters not in the trash, oldest first.
    pub fn encounters(&self, roster_id: Uuid) -> Result<Vec<Encounter>> {
        self.roster(roster_id)?;
        query_encounters(
            self.conn(),
            "WHERE roster_id = ?1 AND deleted_at IS NULL",
            roster_id,
        )
    }

    /// A roster's encounters in the trash, most recently deleted first.
    pub fn deleted_encounters(&self, roster_id: Uuid) -> Result<Vec<Encounter>> {
        self.roster(roster_id)?;
        let mut found = query_encounters(
            self.conn(),
            "WHERE roster_id = ?1 AND deleted_at IS NOT NULL",
            roster_id,
        )?;
        found.sort_by_key(|e| std::cmp::Reverse(e.deleted_at));
        Ok(found)
    }

    /// An encounter not in the trash, by id, or by name (any case) within `roster_id` — for the
    /// command line's `encounter NAME`.
    pub fn find_encounter(&self, roster_id: Option<Uuid>, id_or_name: &str) -> Result<Encounter> {
        let wanted = id_or_name.trim();
        if let Ok(id) = Uuid::parse_str(wanted) {
            if let Some(row) = get_encounter(self.conn(), id)? {
                let e = row.into_encounter(self.conn())?;
                if e.deleted_at.is_none() && roster_id.is_none_or(|r| r == e.roster_id) {
                    return Ok(e);
                }
            }
        }
        let Some(roster_id) = roster_id else {
            return Err(RosterError::EncounterNotFound(format!(
                "\"{wanted}\" (name the roster too, or give the encounter's id)"
            )));
        };
        let key = wanted.to_lowercase();
        let mut found: Vec<Encounter> = self
            .encounters(roster_id)?
            .into_iter()
            .filter(|e| e.state.name.to_lowercase() == key)
            .collect();
        match found.len() {
            0 => Err(RosterError::EncounterNotFound(format!(
                "named \"{wanted}\""
            ))),
            1 => Ok(found.remove(0)),
            _ => Err(RosterError::Ambiguous {
                what: "encounter",
                name: wanted.to_string(),
                ids: found.iter().map(|e| e.id.to_string()).collect(),
            }),
        }
    }

    /// One encounter by id (also when it is in the trash).
    pub fn encounter(&self, id: Uuid) -> Result<Encounter> {
        let row = get_encounter(self.conn(), id)?
            .ok_or_else(|| RosterError::EncounterNotFound(id.to_string()))?;
        row.into_encounter(self.conn())
    }

    /// Moves an encounter to the trash (its log goes with it).
    pub fn delete_encounter(&mut self, id: Uuid) -> Result<Encounter> {
        self.write(|tx| {
            live_encounter(tx, id)?;
            tx.execute(
                "UPDATE encounters SET deleted_at = ?2 WHERE id = ?1",
                params![id.to_string(), now().as_millisecond()],
            )?;
            Ok(())
        })?;
        self.encounter(id)
    }

    /// Takes an encounter out of the trash (its roster must not be in the trash).
    pub fn restore_encounter(&mut self, id: Uuid) -> Result<Encounter> {
        self.write(|tx| {
            let row = get_encounter(tx, id)?
                .ok_or_else(|| RosterError::EncounterNotFound(id.to_string()))?;
            live_roster(tx, row.roster_id()?)?;
            tx.execute(
                "UPDATE encounters SET deleted_at = NULL WHERE id = ?1",
                [id.to_string()],
            )?;
            Ok(())
        })?;
        self.encounter(id)
    }
}

/// An encounter row as stored (the state not yet parsed).
pub(super) struct EncounterRow {
    id: String,
    roster_id: String,
    state: String,
    created_at: i64,
    updated_at: i64,
    deleted_at: Option<i64>,
}

fn encounter_row(r: &Row) -> rusqlite::Result<EncounterRow> {
    Ok(EncounterRow {
        id: r.get(0)?,
        roster_id: r.get(1)?,
        state: r.get(2)?,
        created_at: r.get(3)?,
        updated_at: r.get(4)?,
        deleted_at: r.get(5)?,
    })
}

impl EncounterRow {
    pub(super) fn roster_id(&self) -> Result<Uuid> {
        parse_id(&self.roster_id)
    }

    pub(super) fn state(&self) -> Result<EncounterState> {
        from_stored(&self.state, "state")
    }

    fn into_encounter(self, conn: &Connection) -> Result<Encounter> {
        let roster_id = self.roster_id()?;
        let state = self.state()?;
        let present = live_character_ids(conn, roster_id)?;
        let absent = state
            .order
            .iter()
            .filter(|p| p.character_id.is_some_and(|c| !present.contains(&c)))
            .map(|p| p.id)
            .collect();
        let view = match &state.system_state {
            Some(table) => {
                let characters = match crate::table::view_reads_sheets(table) {
                    true => seated_characters(conn, &state)?,
                    false => Vec::new(),
                };
                crate::table::view(table, state.round, &state.order, &characters)
            }
            None => None,
        };
        Ok(Encounter {
            id: parse_id(&self.id)?,
            roster_id,
            view,
            state,
            absent,
            created_at: from_millis(self.created_at),
            updated_at: from_millis(self.updated_at),
            deleted_at: self.deleted_at.map(from_millis),
        })
    }
}

fn get_encounter(conn: &Connection, id: Uuid) -> Result<Option<EncounterRow>> {
    Ok(conn
        .query_row(
            &format!("SELECT {ENCOUNTER_COLUMNS} FROM encounters WHERE id = ?1"),
            [id.to_string()],
            encounter_row,
        )
        .optional()?)
}

/// The encounters deleted one by one (those of a roster in the trash go with it), most recently
/// deleted first, that read; and the refusal of each whose stored state does not, naming it
/// (`damaged_record`) or saying it is a newer Rollbook's.
pub(super) fn trashed_encounters(conn: &Connection) -> Result<(Vec<Encounter>, Vec<RosterError>)> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENCOUNTER_COLUMNS} FROM encounters
         WHERE deleted_at IS NOT NULL
           AND roster_id IN (SELECT id FROM rosters WHERE deleted_at IS NULL)
         ORDER BY deleted_at DESC, id"
    ))?;
    let rows = stmt.query_map([], encounter_row)?;
    let (mut read, mut damaged) = (Vec::new(), Vec::new());
    for row in rows {
        let row = row?;
        let named = (row.id.clone(), row.roster_id.clone(), row.state.clone());
        match row.into_encounter(conn) {
            Ok(encounter) => read.push(encounter),
            Err(RosterError::EncounterStateUnreadable { what, detail }) => {
                let (id, roster, state) = &named;
                let record = DamagedRecord::encounter(
                    conn,
                    (id, roster, state),
                    format!("its {what}: {detail}"),
                );
                damaged.push(record.refused(conn));
            }
            // Saved by a newer Rollbook: not damaged, and it hides nothing else of the trash.
            Err(newer @ RosterError::EncounterStateNewer { .. }) => damaged.push(newer),
            Err(other) => return Err(other),
        }
    }
    Ok((read, damaged))
}

fn query_encounters(conn: &Connection, filter: &str, roster_id: Uuid) -> Result<Vec<Encounter>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENCOUNTER_COLUMNS} FROM encounters {filter} ORDER BY created_at, id"
    ))?;
    let rows = stmt.query_map([roster_id.to_string()], encounter_row)?;
    let mut out = Vec::new();
    for row in rows {
        out.push(row?.into_encounter(conn)?);
    }
    Ok(out)
}

/// The encounter, refused when it or its roster is in the trash.
pub(super) fn live_encounter(conn: &Connection, id: Uuid) -> Result<EncounterRow> {
    let row =
        get_encounter(conn, id)?.ok_or_else(|| RosterError::EncounterNotFound(id.to_string()))?;
    if row.deleted_at.is_some() {
        return Err(RosterError::InTrash {
            what: "encounter",
            name: row.state()?.name,
        });
    }
    live_roster(conn, row.roster_id()?)?;
    Ok(row)
}

/// A live encounter's roster, state and creation time (Unix milliseconds); refused as
/// [`live_encounter`] refuses.
pub(super) fn live_encounter_state(
    conn: &Connection,
    id: Uuid,
) -> Result<(Uuid, EncounterState, i64)> {
    let row = live_encounter(conn, id)?;
    Ok((row.roster_id()?, row.state()?, row.created_at))
}

fn live_roster(conn: &Connection, id: Uuid) -> Result<()> {
    let found: Option<(String, Option<i64>)> = conn
        .query_row(
            "SELECT name, deleted_at FROM rosters WHERE id = ?1",
            [id.to_string()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    match found {
        None => Err(RosterError::RosterNotFound(id.to_string())),
        Some((name, Some(_))) => Err(RosterError::InTrash {
            what: "roster",
            name,
        }),
        Some((_, None)) => Ok(()),
    }
}

/// The live characters the encounter's participants are (one indexed read each, not the
/// roster's), those that read: a damaged one leaves its participant with no sheet in the view,
/// as a quick NPC, and the encounter still reads.
fn seated_characters(conn: &Connection, state: &EncounterState) -> Result<Vec<Character>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
         WHERE c.id = ?1 AND c.deleted_at IS NULL"
    ))?;
    let mut out = Vec::new();
    for id in state.order.iter().filter_map(|p| p.character_id) {
        let rows = stmt.query_map([id.to_string()], character_row)?;
        out.extend(read_rows(rows, CharacterRow::read)?.into_iter().flatten());
    }
    Ok(out)
}

fn live_character_ids(conn: &Connection, roster_id: Uuid) -> Result<Vec<Uuid>> {
    let mut stmt = conn
        .prepare_cached("SELECT id FROM characters WHERE roster_id = ?1 AND deleted_at IS NULL")?;
    let rows = stmt.query_map([roster_id.to_string()], |r| r.get::<_, String>(0))?;
    let mut out = Vec::new();
    for id in rows {
        out.push(parse_id(&id?)?);
    }
    Ok(out)
}
