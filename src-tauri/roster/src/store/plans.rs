//! Fights prepared ahead (issue 27): an encounter saved as a plan of its roster, a plan started
//! as a new encounter any number of times, and "Duplicate encounter" (the same start without a
//! plan). A started encounter is at round 1 with the table untouched, its participants joined as
//! the plan says; a character the plan names must still be live in the roster.

use rollbook_rules::table::MoveDice;
use rusqlite::{params, OptionalExtension};
use uuid::Uuid;

use super::readable::read_rows;
use super::rows::{plan_row, PlanRow, PLAN_COLUMNS};
use super::{DamagedEntry, DamagedRecord, Readable, Store};
use crate::check::{Check, NAME_MAX, NOTES_MAX};
use crate::error::{Result, RosterError};
use crate::model::{now, Encounter, EncounterPlan, EncounterState, Participant, PlanContents};
use crate::table::play::{context, current_table};

impl Store {
    /// Saves the participants of an encounter (in order, with what the players see of each) as
    /// a plan of its roster, named `name` or the encounter's name, with the GM's `notes`.
    pub fn save_plan(
        &mut self,
        encounter_id: Uuid,
        name: Option<&str>,
        notes: &str,
    ) -> Result<EncounterPlan> {
        let encounter = self.encounter(encounter_id)?;
        if encounter.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "encounter",
                name: encounter.state.name,
            });
        }
        let name = name.unwrap_or(&encounter.state.name).trim().to_string();
        checked_plan_words(&name, notes)?;
        let contents = PlanContents::of(&encounter.state, notes);
        let id = Uuid::new_v4();
        let json = serde_json::to_string(&contents).map_err(|e| {
            RosterError::InvalidTableAction(format!("the plan could not be written: {e}"))
        })?;
        self.write(|tx| {
            let at = now().as_millisecond();
            tx.execute(
                "INSERT INTO encounter_plans (id, roster_id, name, plan, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                params![
                    id.to_string(),
                    encounter.roster_id.to_string(),
                    name,
                    json,
                    at
                ],
            )?;
            Ok(())
        })?;
        self.plan(id)
    }

    /// A roster's plans, oldest first; a damaged one is refused by name (`damaged_record`).
    pub fn plans(&self, roster_id: Uuid) -> Result<Vec<EncounterPlan>> {
        let conn = self.conn();
        self.plan_rows(roster_id)?
            .into_iter()
            .map(|row| row.map_err(|damaged| damaged.refused(conn)))
            .collect()
    }

    /// The same, listing what reads and naming each damaged plan apart.
    pub fn plans_readable(&self, roster_id: Uuid) -> Result<Readable<EncounterPlan>> {
        Ok(Readable::of(self.conn(), self.plan_rows(roster_id)?))
    }

    fn plan_rows(
        &self,
        roster_id: Uuid,
    ) -> Result<Vec<std::result::Result<EncounterPlan, DamagedRecord>>> {
        self.roster(roster_id)?;
        let mut statement = self.conn().prepare(&format!(
            "SELECT {PLAN_COLUMNS} FROM encounter_plans p JOIN rosters r ON r.id = p.roster_id
             WHERE p.roster_id = ?1 AND p.deleted_at IS NULL ORDER BY p.created_at, p.id"
        ))?;
        let rows = statement.query_map([roster_id.to_string()], plan_row)?;
        read_rows(rows, PlanRow::read)
    }

    /// One plan by id (not a deleted one); a damaged one is refused by name.
    pub fn plan(&self, id: Uuid) -> Result<EncounterPlan> {
        self.conn()
            .query_row(
                &format!(
                    "SELECT {PLAN_COLUMNS} FROM encounter_plans p
                     JOIN rosters r ON r.id = p.roster_id
                     WHERE p.id = ?1 AND p.deleted_at IS NULL"
                ),
                [id.to_string()],
                plan_row,
            )
            .optional()?
            .ok_or_else(|| RosterError::PlanNotFound(id.to_string()))?
            .read()
            .map_err(|damaged| damaged.refused(self.conn()))
    }

    /// A plan of the roster by id or by name (ignoring case); two of one name are named by id.
    pub fn find_plan(&self, roster_id: Uuid, id_or_name: &str) -> Result<EncounterPlan> {
        let wanted = id_or_name.trim();
        let key = wanted.to_lowercase();
        let wanted_id = Uuid::parse_str(wanted).ok();
        let named =
            |name: &str, id: &str| id.eq_ignore_ascii_case(wanted) || name.to_lowercase() == key;
        let mut found = Vec::new();
        let mut damaged = Vec::new();
        for row in self.plan_rows(roster_id)? {
            match row {
                Ok(plan) if Some(plan.id) == wanted_id => return Ok(plan),
                Ok(plan) if named(&plan.name, "") => found.push(plan),
                Ok(_) => {}
                Err(record) => match record.entry.as_deref() {
                    Some(DamagedEntry::Plan { name, id }) if named(name, id) => {
                        damaged.push(record)
                    }
                    _ => {}
                },
            }
        }
        match (found.len(), damaged.len()) {
            (0, 0) => Err(RosterError::PlanNotFound(format!("named \"{wanted}\""))),
            (1, 0) => Ok(found.remove(0)),
            // The one named does not read: refused by name, not "not found".
            (0, 1) => Err(damaged.remove(0).refused(self.conn())),
            _ => Err(RosterError::Ambiguous {
                what: "plan",
                name: wanted.to_string(),
                ids: found
                    .iter()
                    .map(|p| p.id.to_string())
                    .chain(damaged.iter().filter_map(|d| match d.entry.as_deref() {
                        Some(DamagedEntry::Plan { id, .. }) => Some(id.clone()),
                        _ => None,
                    }))
                    .collect(),
            }),
        }
    }

    /// Deletes a plan (encounters started from it stay); [`Store::restore_plan`] undoes it.
    pub fn delete_plan(&mut self, id: Uuid) -> Result<()> {
        self.plan(id)?;
        self.write(|tx| {
            tx.execute(
                "UPDATE encounter_plans SET deleted_at = ?2 WHERE id = ?1",
                params![id.to_string(), now().as_millisecond()],
            )?;
            Ok(())
        })
    }

    /// Brings a deleted plan back.
    pub fn restore_plan(&mut self, id: Uuid) -> Result<EncounterPlan> {
        let changed = self.write(|tx| {
            Ok(tx.execute(
                "UPDATE encounter_plans SET deleted_at = NULL
                 WHERE id = ?1 AND deleted_at IS NOT NULL",
                [id.to_string()],
            )?)
        })?;
        if changed == 0 {
            return Err(RosterError::PlanNotFound(format!("{id} among the deleted")));
        }
        self.plan(id)
    }

    /// A new encounter from a plan, named `name` or the plan's: round 1, the table untouched,
    /// the participants in the plan's order (copies from their character's sheet as it is now),
    /// the hidden ones hidden. Refused, with nothing written, when a character it names is no
    /// longer live in the roster.
    pub fn start_plan(&mut self, plan_id: Uuid, name: Option<&str>) -> Result<Encounter> {
        let plan = self.plan(plan_id)?;
        let name = name.unwrap_or(&plan.name);
        self.start(plan.roster_id, name, &plan.contents)
    }

    /// "Duplicate encounter": a new encounter with the same participants as `encounter_id`, as
    /// a plan of it would start, named "NAME (copy)" or `name`.
    pub fn duplicate_encounter(
        &mut self,
        encounter_id: Uuid,
        name: Option<&str>,
    ) -> Result<Encounter> {
        let encounter = self.encounter(encounter_id)?;
        if encounter.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "encounter",
                name: encounter.state.name,
            });
        }
        let copy = format!("{} (copy)", encounter.state.name);
        let name = name.unwrap_or(&copy);
        let contents = PlanContents::of(&encounter.state, "");
        self.start(encounter.roster_id, name, &contents)
    }

    fn start(&mut self, roster_id: Uuid, name: &str, contents: &PlanContents) -> Result<Encounter> {
        checked_plan_words(name, "")?;
        let characters = self.characters(roster_id)?;
        let live = |id: Uuid, planned: &str| {
            characters.iter().find(|c| c.id == id).ok_or_else(|| {
                RosterError::InvalidTableAction(format!(
                    "{planned} of the plan is no longer in the roster (deleted or in the \
                     trash); restore the character, or save the plan again without them"
                ))
            })
        };
        let mut state = EncounterState::new(name);
        for planned in &contents.participants {
            let mut participant = Participant {
                id: Uuid::new_v4(),
                character_id: None,
                name: planned.name.clone(),
                sheet: planned.sheet.clone(),
                copy_of: planned.copy_of,
            };
            if let Some(id) = planned.character_id {
                let character = live(id, &planned.name)?;
                participant.character_id = Some(id);
                participant.name = character.name.clone();
                participant.sheet = None;
            } else if let Some(id) = planned.copy_of {
                participant.sheet = Some(live(id, &planned.name)?.sheet.to_value());
            }
            if let Some(visibility) = &planned.visibility {
                let visibility = visibility
                    .checked()
                    .map_err(RosterError::InvalidTableAction)?;
                if !visibility.is_default() {
                    state.visibility.insert(participant.id, visibility);
                }
            }
            state.order.push(participant);
        }
        state.current = state.order.first().map(|p| p.id);
        // Each participant gets its part of the table now, as joining by a table action gives
        // it (hp from its sheet, the universe deck shuffled), so the panel reads at once.
        let roster = self.roster(roster_id)?;
        let dice = MoveDice::seeded(rollbook_rules::random_seed());
        let ctx = context(&state, &roster, &characters, &dice);
        let table = current_table(&state, roster.system, &ctx)?;
        state.system_state = Some(table);
        self.insert_encounter(roster_id, &state)
    }
}

/// A plan's (or a started encounter's) name and notes within the limits of a name and notes.
fn checked_plan_words(name: &str, notes: &str) -> Result<()> {
    let mut problems = Vec::new();
    let mut check = Check {
        problems: &mut problems,
    };
    check.name("name", name, NAME_MAX);
    check.text("notes", notes, NOTES_MAX);
    if problems.is_empty() {
        return Ok(());
    }
    Err(RosterError::InvalidTableAction(
        problems
            .iter()
            .map(|p| format!("the plan's {} {}", p.path, p.message))
            .collect::<Vec<_>>()
            .join("; "),
    ))
}
