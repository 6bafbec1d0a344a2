//! Roster operations: list, get, find by name, create, update (name, notes, house rules), soft
//! delete and restore, reorder.

use rollbook_rules::HouseRules;
use rusqlite::{params, Connection, OptionalExtension};
use uuid::Uuid;

use super::readable::read_rows;
use super::{
    next_delete_batch, roster_row, DamagedRecord, Readable, RosterRow, Store, ROSTER_COLUMNS,
};
use crate::error::{Result, RosterError};
use crate::model::roster::{check_roster, HousePaths};
use crate::model::{now, NewRoster, Roster, RosterPatch, System};
use crate::problem::Problem;
use crate::sheet::Sheet;

/// `house_rules` as the store and the window hold it: the chart under `stunt`.
const STORE_PATHS: HousePaths = HousePaths {
    numbers: "house_rules",
    chart: "house_rules.stunt",
};

impl Store {
    /// Rosters not in the trash, in their order. One whose stored fields do not read is left
    /// out, so that it cannot hide the others: [`Store::rosters_readable`] names it.
    pub fn rosters(&self) -> Result<Vec<Roster>> {
        Ok(self.roster_rows()?.into_iter().flatten().collect())
    }

    /// Rosters not in the trash, in their order, and the refusal (`damaged_record`) of each
    /// whose stored fields do not read.
    pub fn rosters_readable(&self) -> Result<Readable<Roster>> {
        Ok(Readable::of(self.conn(), self.roster_rows()?))
    }

    /// Rosters not in the trash, in their order, each read or what of it does not read.
    fn roster_rows(&self) -> Result<Vec<std::result::Result<Roster, DamagedRecord>>> {
        let mut stmt = self.conn().prepare(&format!(
            "SELECT {ROSTER_COLUMNS} FROM rosters r
             WHERE r.deleted_at IS NULL ORDER BY r.position, r.created_at"
        ))?;
        let rows = stmt.query_map([], roster_row)?;
        read_rows(rows, RosterRow::read)
    }

    /// One roster by id (also when it is in the trash).
    pub fn roster(&self, id: Uuid) -> Result<Roster> {
        get_roster(self.conn(), id)?.ok_or_else(|| RosterError::RosterNotFound(id.to_string()))
    }

    /// A roster not in the trash by id, or by name (case-insensitive, trimmed); a name shared by
    /// several rosters is refused as ambiguous. This is what `--roster NAME` resolves with.
    pub fn find_roster(&self, id_or_name: &str) -> Result<Roster> {
        let wanted = id_or_name.trim();
        if let Ok(id) = Uuid::parse_str(wanted) {
            if let Some(roster) = get_roster(self.conn(), id)? {
                if roster.deleted_at.is_none() {
                    return Ok(roster);
                }
            }
        }
        let key = wanted.to_lowercase();
        let (mut found, mut damaged) = (Vec::new(), Vec::new());
        for row in self.roster_rows()? {
            match row {
                Ok(roster) if roster.name.trim().to_lowercase() == key => found.push(roster),
                // A damaged roster of that name is refused by name, not reported missing.
                Err(record) if record.in_roster_named(wanted) => damaged.push(record),
                _ => {}
            }
        }
        match (found.len(), damaged.len()) {
            (0, 0) => Err(RosterError::RosterNotFound(format!("named \"{wanted}\""))),
            (1, 0) => Ok(found.remove(0)),
            (0, 1) => Err(damaged.remove(0).refused(self.conn())),
            _ => Err(RosterError::Ambiguous {
                what: "roster",
                name: wanted.to_string(),
                ids: found
                    .iter()
                    .map(|r| r.id.to_string())
                    .chain(damaged.into_iter().map(|d| d.roster_id))
                    .collect(),
            }),
        }
    }

    /// Creates a roster at the end of the list. Stunt rosters get RULES.md's default chart
    /// unless `house_rules` is given.
    pub fn create_roster(&mut self, new: NewRoster) -> Result<Roster> {
        let house = new.house_rules.unwrap_or_default();
        let mut problems = Vec::new();
        check_roster(
            "",
            &new.name,
            &new.notes,
            Some(new.system),
            &house,
            STORE_PATHS,
            &mut problems,
        );
        if !problems.is_empty() {
            return Err(RosterError::InvalidRoster { problems });
        }
        let id = Uuid::new_v4();
        self.write(|tx| {
            super::room::make_room(tx, 1, 0)?;
            let position = next_roster_position(tx)?;
            insert_roster(
                tx,
                id,
                new.name.trim(),
                new.system,
                &new.notes,
                &house,
                position,
            )?;
            Ok(())
        })?;
        self.roster(id)
    }

    /// Changes a roster's name, notes or house rules. New stunt levels are carried into every
    /// sheet (a renamed level is renamed in the sheets); a change that would leave a sheet on a
    /// level that no longer exists is refused, naming the characters.
    pub fn update_roster(&mut self, id: Uuid, patch: RosterPatch) -> Result<Roster> {
        let old = self.roster(id)?;
        if old.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "roster",
                name: old.name,
            });
        }
        let name = patch.name.unwrap_or_else(|| old.name.clone());
        let notes = patch.notes.unwrap_or_else(|| old.notes.clone());
        let house = patch.house_rules.unwrap_or_else(|| old.house_rules.clone());
        let mut problems = Vec::new();
        check_roster(
            "",
            &name,
            &notes,
            Some(old.system),
            &house,
            STORE_PATHS,
            &mut problems,
        );
        if !problems.is_empty() {
            return Err(RosterError::InvalidRoster { problems });
        }
        let system = old.system;
        let relevelled =
            if Sheet::rules_of(system, &house) != Sheet::rules_of(system, &old.house_rules) {
                self.refit(id, &old.house_rules, &house)?
            } else {
                Vec::new()
            };
        if house.file_numbers != old.house_rules.file_numbers {
            self.recheck(id, &house)?;
        }
        self.write(|tx| {
            update_roster_row(tx, id, name.trim(), &notes, &house)?;
            let mut stmt = tx.prepare("UPDATE characters SET sheet = ?2 WHERE id = ?1")?;
            for (character, sheet) in &relevelled {
                stmt.execute(params![character.to_string(), sheet])?;
            }
            Ok(())
        })?;
        self.roster(id)
    }

    /// Renames a roster.
    pub fn rename_roster(&mut self, id: Uuid, name: &str) -> Result<Roster> {
        self.update_roster(
            id,
            RosterPatch {
                name: Some(name.to_string()),
                ..RosterPatch::default()
            },
        )
    }

    /// Moves a roster and its characters to the trash ([`Store::undo_delete`] or
    /// [`Store::restore_roster`] bring it back; [`Store::empty_trash`] purges).
    pub fn delete_roster(&mut self, id: Uuid) -> Result<Roster> {
        let roster = self.roster(id)?;
        if roster.deleted_at.is_some() {
            return Ok(roster);
        }
        self.write(|tx| {
            let batch = next_delete_batch(tx)?;
            tx.execute(
                "UPDATE rosters SET deleted_at = ?2, delete_batch = ?3 WHERE id = ?1",
                params![id.to_string(), now().as_millisecond(), batch],
            )?;
            Ok(())
        })?;
        self.roster(id)
    }

    /// Takes a roster out of the trash (at its old place in the order).
    pub fn restore_roster(&mut self, id: Uuid) -> Result<Roster> {
        self.roster(id)?;
        self.write(|tx| {
            tx.execute(
                "UPDATE rosters SET deleted_at = NULL, delete_batch = NULL WHERE id = ?1",
                [id.to_string()],
            )?;
            Ok(())
        })?;
        self.roster(id)
    }

    /// Puts the rosters in the order of `ids`; rosters not listed keep their order after them.
    pub fn reorder_rosters(&mut self, ids: &[Uuid]) -> Result<Vec<Roster>> {
        let mut order: Vec<Uuid> = ids.to_vec();
        // Read as ids only: a roster that does not read keeps its place among the others.
        let mut stmt = self.conn().prepare(
            "SELECT id FROM rosters WHERE deleted_at IS NULL ORDER BY position, created_at",
        )?;
        let stored = stmt.query_map([], |r| r.get::<_, String>(0))?;
        for id in stored {
            let id = super::parse_id(&id?)?;
            if !order.contains(&id) {
                order.push(id);
            }
        }
        drop(stmt);
        for id in ids {
            self.roster(*id)?;
        }
        self.write(|tx| {
            let mut stmt = tx.prepare("UPDATE rosters SET position = ?2 WHERE id = ?1")?;
            for (position, id) in order.iter().enumerate() {
                stmt.execute(params![id.to_string(), position as i64])?;
            }
            Ok(())
        })?;
        self.rosters()
    }

    /// Refuses new house-rule numbers of a system from a file that a sheet of the roster (the
    /// trash's too) breaks, e.g. a tracker over the lower maximum they give, naming each
    /// character and what breaks; nothing is changed for the GM, who changes the sheet first.
    fn recheck(&self, roster: Uuid, new: &HouseRules) -> Result<()> {
        let mut problems = Vec::new();
        for character in super::characters::roster_characters(self.conn(), roster, true)? {
            let mut broken = Vec::new();
            character.sheet.validate(new, "sheet", &mut broken);
            problems.extend(broken.into_iter().map(|problem| {
                Problem::new(
                    "house_rules",
                    format!(
                        "{}: {} under these numbers; change the sheet first",
                        character.name, problem.message
                    ),
                )
            }));
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(RosterError::InvalidRoster { problems })
        }
    }

    /// Every sheet of the roster carried over to new house rules: `(character id, sheet JSON)`.
    fn refit(
        &self,
        roster: Uuid,
        old: &HouseRules,
        new: &HouseRules,
    ) -> Result<Vec<(Uuid, String)>> {
        let mut problems = Vec::new();
        let mut out = Vec::new();
        for mut character in super::characters::roster_characters(self.conn(), roster, true)? {
            match character.sheet.refit(old, new) {
                Ok(()) => out.push((
                    character.id,
                    serde_json::to_string(&character.sheet).unwrap_or_default(),
                )),
                Err(unfitted) => problems.push(Problem::new(
                    unfitted.path,
                    format!(
                        "{} uses {}, which the new list drops; rename levels in place, or change the sheet first",
                        character.name,
                        unfitted.lost.join(", ")
                    ),
                )),
            }
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(RosterError::InvalidRoster { problems })
        }
    }
}

pub(crate) fn get_roster(conn: &Connection, id: Uuid) -> Result<Option<Roster>> {
    conn.query_row(
        &format!("SELECT {ROSTER_COLUMNS} FROM rosters r WHERE r.id = ?1"),
        [id.to_string()],
        roster_row,
    )
    .optional()?
    .map(|row| row.into_roster(conn))
    .transpose()
}

pub(crate) fn next_roster_position(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row(
        "SELECT coalesce(max(position), -1) + 1 FROM rosters",
        [],
        |r| r.get(0),
    )?)
}

pub(crate) fn house_json(house: &HouseRules) -> String {
    serde_json::to_string(house).unwrap_or_else(|_| "{}".into())
}

/// Rewrites a roster's name, notes and house rules; takes it out of the trash if it was there.
pub(crate) fn update_roster_row(
    conn: &Connection,
    id: Uuid,
    name: &str,
    notes: &str,
    house: &HouseRules,
) -> Result<()> {
    conn.prepare_cached(
        "UPDATE rosters SET name = ?2, notes = ?3, house_rules = ?4, updated_at = ?5,
                            deleted_at = NULL, delete_batch = NULL
         WHERE id = ?1",
    )?
    .execute(params![
        id.to_string(),
        name,
        notes,
        house_json(house),
        now().as_millisecond()
    ])?;
    Ok(())
}

pub(crate) fn insert_roster(
    conn: &Connection,
    id: Uuid,
    name: &str,
    system: System,
    notes: &str,
    house: &HouseRules,
    position: i64,
) -> Result<()> {
    let at = now().as_millisecond();
    super::system_files::keep_shipped(conn, system)?;
    conn.prepare_cached(
        "INSERT INTO rosters (id, name, system, system_version, notes, house_rules, position,
                              created_at, updated_at)
         VALUES (?1, ?2, ?3, ?8, ?4, ?5, ?6, ?7, ?7)",
    )?
    .execute(params![
        id.to_string(),
        name,
        system.as_str(),
        notes,
        house_json(house),
        position,
        at,
        system.file_version()
    ])?;
    Ok(())
}
