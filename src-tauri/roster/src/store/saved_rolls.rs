//! Saved rolls (issue 29; FORMAT.md, "Saved rolls"): a roster's named dice-notation rolls, in
//! the GM's order. One function per thing the GM does — list, create, edit, move, delete, roll —
//! called alike by the window's commands and `rollbook saved …` / `rollbook roll --saved`. A
//! refused change writes nothing; names are unique within a roster ignoring case (the table's
//! `UNIQUE (roster_id, name_key)` holds it even against a racing writer).

use rollbook_rules::{Dice, RollResult, MAX_SAVED_ROLLS};
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;
use uuid::Uuid;

use super::roll_for::{LogOptions, RollPlace};
use super::{parse_id, LogEntry, Store};
use crate::check::NAME_MAX;
use crate::error::{Result, RosterError};
use crate::model::saved_roll::name_key;
use crate::model::{from_millis, now, NewSavedRoll, SavedRoll, SavedRollPatch};
use crate::problem::Problem;

/// Named with their table: the search joins the rosters, which have some of the same names.
const COLUMNS: &str = "saved_rolls.id, saved_rolls.roster_id, saved_rolls.name, \
    saved_rolls.expr, saved_rolls.expr_values, saved_rolls.target, saved_rolls.notes, \
    saved_rolls.position, saved_rolls.created_at, saved_rolls.updated_at";

/// A saved roll a search found, with its roster's name.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SavedRollHit {
    pub roll: SavedRoll,
    pub roster_name: String,
}

impl Store {
    /// A roster's saved rolls, in order.
    pub fn saved_rolls(&self, roster_id: Uuid) -> Result<Vec<SavedRoll>> {
        self.roster(roster_id)?;
        saved_rolls_of(self.conn(), roster_id)
    }

    /// One saved roll by id.
    pub fn saved_roll(&self, id: Uuid) -> Result<SavedRoll> {
        self.conn()
            .query_row(
                &format!("SELECT {COLUMNS} FROM saved_rolls WHERE id = ?1"),
                [id.to_string()],
                row,
            )
            .optional()?
            .ok_or_else(|| RosterError::SavedRollNotFound(id.to_string()))?
    }

    /// A saved roll of the roster by id or by name (ignoring case, as names are unique so).
    pub fn find_saved_roll(&self, roster_id: Uuid, id_or_name: &str) -> Result<SavedRoll> {
        let wanted = id_or_name.trim();
        let rolls = self.saved_rolls(roster_id)?;
        let by_id = Uuid::parse_str(wanted)
            .ok()
            .and_then(|id| rolls.iter().find(|r| r.id == id));
        let key = name_key(wanted);
        by_id
            .or_else(|| rolls.iter().find(|r| name_key(&r.name) == key))
            .cloned()
            .ok_or_else(|| {
                let roster = self.roster(roster_id).map(|r| r.name).unwrap_or_default();
                let names: Vec<&str> = rolls.iter().map(|r| r.name.as_str()).collect();
                RosterError::SavedRollNotFound(if names.is_empty() {
                    format!("named \"{wanted}\"; \"{roster}\" has no saved rolls yet")
                } else {
                    format!(
                        "named \"{wanted}\" in \"{roster}\"; it has {}",
                        names.join(", ")
                    )
                })
            })
    }

    /// The saved rolls of every roster not in the trash whose name, notation or notes hold every
    /// word of `query` (ignoring case), names that start with it first, then by roster and
    /// order; at most `limit`. The window's search (Ctrl+K) lists them beside characters.
    pub fn search_saved_rolls(&self, query: &str, limit: usize) -> Result<Vec<SavedRollHit>> {
        let words: Vec<String> = query.split_whitespace().map(name_key).collect();
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let mut statement = self.conn().prepare(&format!(
            "SELECT {COLUMNS}, rosters.name, saved_rolls.name_key || ' ' || saved_rolls.expr || ' ' || saved_rolls.notes
             FROM saved_rolls JOIN rosters ON rosters.id = saved_rolls.roster_id
             WHERE rosters.deleted_at IS NULL
             ORDER BY rosters.position, saved_rolls.position"
        ))?;
        let mut hits = Vec::new();
        let mut rows = statement.query([])?;
        while let Some(found) = rows.next()? {
            let text: String = found.get(11)?;
            let text = text.to_lowercase();
            if !words.iter().all(|word| text.contains(word.as_str())) {
                continue;
            }
            hits.push(SavedRollHit {
                roll: row(found)??,
                roster_name: found.get(10)?,
            });
        }
        let first = &words[0];
        hits.sort_by_key(|hit| !name_key(&hit.roll.name).starts_with(first.as_str()));
        hits.truncate(limit);
        Ok(hits)
    }

    /// Saves a new roll at the end of the roster's list. A roll given no name (a blank one) is
    /// named after its notation, made free within the roster ([`free_name`]). Refused, with
    /// nothing written, when a field is wrong (the notation with its column), the name is
    /// taken, or the roster keeps [`MAX_SAVED_ROLLS`] already.
    pub fn create_saved_roll(
        &mut self,
        roster_id: Uuid,
        mut roll: NewSavedRoll,
    ) -> Result<SavedRoll> {
        let roster = self.live_roster(roster_id)?;
        let unnamed = roll.name.trim().is_empty();
        if unnamed {
            // Checked under a stand-in; the name it gets is chosen where it is written.
            roll.name = "Roll".into();
        }
        let mut roll = checked(roll)?;
        let id = Uuid::new_v4();
        self.write(|tx| {
            let held: i64 = tx.query_row(
                "SELECT count(*) FROM saved_rolls WHERE roster_id = ?1",
                [roster_id.to_string()],
                |r| r.get(0),
            )?;
            if held as usize >= MAX_SAVED_ROLLS {
                return Err(refused(Problem::new(
                    "",
                    format!(
                        "\"{}\" keeps at most {MAX_SAVED_ROLLS} saved rolls; delete one first",
                        roster.name
                    ),
                )));
            }
            if unnamed {
                roll.name = free_name(tx, roster_id, &roll.expr)?;
            }
            name_free(tx, roster_id, &roll.name, None)?;
            insert_saved_roll(tx, id, roster_id, &roll, held)
        })?;
        self.saved_roll(id)
    }

    /// Changes the fields `patch` gives; refused as [`Store::create_saved_roll`] refuses.
    pub fn update_saved_roll(&mut self, id: Uuid, patch: SavedRollPatch) -> Result<SavedRoll> {
        let stored = self.saved_roll(id)?;
        self.live_roster(stored.roster_id)?;
        let roll = checked(stored.patched(patch))?;
        self.write(|tx| {
            name_free(tx, stored.roster_id, &roll.name, Some(id))?;
            tx.execute(
                "UPDATE saved_rolls SET name = ?2, name_key = ?3, expr = ?4, expr_values = ?5,
                        target = ?6, notes = ?7, updated_at = ?8
                 WHERE id = ?1",
                params![
                    id.to_string(),
                    roll.name,
                    name_key(&roll.name),
                    roll.expr,
                    values_json(&roll),
                    roll.target,
                    roll.notes,
                    now().as_millisecond()
                ],
            )?;
            Ok(())
        })?;
        self.saved_roll(id)
    }

    /// Moves a saved roll to `index` of its roster's list (0 is the first; past the end is the
    /// last), the others keeping their order. Answers the list as it is now.
    pub fn move_saved_roll(&mut self, id: Uuid, index: usize) -> Result<Vec<SavedRoll>> {
        let stored = self.saved_roll(id)?;
        self.live_roster(stored.roster_id)?;
        self.write(|tx| {
            let mut ids: Vec<Uuid> = saved_rolls_of(tx, stored.roster_id)?
                .iter()
                .map(|r| r.id)
                .filter(|&other| other != id)
                .collect();
            ids.insert(index.min(ids.len()), id);
            for (position, id) in ids.iter().enumerate() {
                tx.execute(
                    "UPDATE saved_rolls SET position = ?2 WHERE id = ?1",
                    params![id.to_string(), position as i64],
                )?;
            }
            Ok(())
        })?;
        self.saved_rolls(stored.roster_id)
    }

    /// Deletes a saved roll for good (it is only its fields: saving it again brings it back);
    /// answers it as it was.
    pub fn delete_saved_roll(&mut self, id: Uuid) -> Result<SavedRoll> {
        let stored = self.saved_roll(id)?;
        self.live_roster(stored.roster_id)?;
        self.write(|tx| {
            tx.execute("DELETE FROM saved_rolls WHERE id = ?1", [id.to_string()])?;
            renumber(tx, stored.roster_id)
        })?;
        Ok(stored)
    }

    /// Rolls a saved roll for its roster with `dice` (seeded, or by hand) and logs it there, as
    /// `options` say: the `dice` system's `expr` request, the notation shown as it was saved.
    pub fn roll_saved(
        &mut self,
        id: Uuid,
        dice: Dice,
        options: LogOptions,
    ) -> Result<(RollResult, LogEntry)> {
        let stored = self.saved_roll(id)?;
        let place = RollPlace {
            roster: self.live_roster(stored.roster_id)?,
            character: None,
        };
        let mut rolled = self
            .roll_all_logged_with_options(
                std::slice::from_ref(&stored.request()),
                |_| dice.clone(),
                Some(&place),
                options,
            )
            .map_err(|refused| refused.error)?;
        Ok(rolled.remove(0))
    }
}

/// Replaces the roster's saved rolls with `rolls`, in their order (an import; the rolls were
/// checked with the file).
pub(crate) fn replace_saved_rolls(
    tx: &Connection,
    roster_id: Uuid,
    rolls: &[NewSavedRoll],
) -> Result<()> {
    tx.execute(
        "DELETE FROM saved_rolls WHERE roster_id = ?1",
        [roster_id.to_string()],
    )?;
    for (position, roll) in rolls.iter().enumerate() {
        insert_saved_roll(tx, Uuid::new_v4(), roster_id, roll, position as i64)?;
    }
    Ok(())
}

pub(crate) fn saved_rolls_of(conn: &Connection, roster_id: Uuid) -> Result<Vec<SavedRoll>> {
    let mut statement = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM saved_rolls WHERE roster_id = ?1 ORDER BY position, created_at, id"
    ))?;
    let rows = statement.query_map([roster_id.to_string()], row)?;
    rows.map(|row| row?).collect()
}

fn insert_saved_roll(
    tx: &Connection,
    id: Uuid,
    roster_id: Uuid,
    roll: &NewSavedRoll,
    position: i64,
) -> Result<()> {
    let at = now().as_millisecond();
    tx.execute(
        "INSERT INTO saved_rolls (id, roster_id, name, name_key, expr, expr_values, target,
                                  notes, position, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        params![
            id.to_string(),
            roster_id.to_string(),
            roll.name.trim(),
            name_key(&roll.name),
            roll.expr,
            values_json(roll),
            roll.target,
            roll.notes,
            position,
            at
        ],
    )?;
    Ok(())
}

/// Positions 0, 1, 2… in the present order (after a deletion).
fn renumber(tx: &Connection, roster_id: Uuid) -> Result<()> {
    for (position, roll) in saved_rolls_of(tx, roster_id)?.iter().enumerate() {
        tx.execute(
            "UPDATE saved_rolls SET position = ?2 WHERE id = ?1",
            params![roll.id.to_string(), position as i64],
        )?;
    }
    Ok(())
}

fn values_json(roll: &NewSavedRoll) -> String {
    serde_json::to_string(&roll.values).unwrap_or_else(|_| "{}".into())
}

/// The roll with its name trimmed, or every problem of its fields.
fn checked(mut roll: NewSavedRoll) -> Result<NewSavedRoll> {
    let mut problems = Vec::new();
    roll.check("", &mut problems);
    if !problems.is_empty() {
        return Err(RosterError::InvalidSavedRoll { problems });
    }
    roll.name = roll.name.trim().to_string();
    Ok(roll)
}

/// A name for a roll of `expr` that no saved roll of the roster has (ignoring case): the
/// notation itself ("8d6", spaces run together), or with " (2)", " (3)"… after it; cut with an
/// ellipsis to fit a name's limit.
fn free_name(tx: &Connection, roster_id: Uuid, expr: &str) -> Result<String> {
    let base = expr.split_whitespace().collect::<Vec<_>>().join(" ");
    let fit = |room: usize| -> String {
        if base.chars().count() <= room {
            base.clone()
        } else {
            let cut: String = base.chars().take(room.saturating_sub(1)).collect();
            format!("{cut}…")
        }
    };
    let mut taken =
        tx.prepare_cached("SELECT 1 FROM saved_rolls WHERE roster_id = ?1 AND name_key = ?2")?;
    // A roster keeps at most MAX_SAVED_ROLLS, so one of the first that many + 1 is free.
    let mut n = 1;
    loop {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!(" ({n})")
        };
        let name = format!("{}{suffix}", fit(NAME_MAX - suffix.chars().count()));
        if !taken.exists(params![roster_id.to_string(), name_key(&name)])? {
            return Ok(name);
        }
        n += 1;
    }
}

/// Refuses `name` when another saved roll of the roster (not `except`) has it, ignoring case.
fn name_free(tx: &Connection, roster_id: Uuid, name: &str, except: Option<Uuid>) -> Result<()> {
    let taken: Option<String> = tx
        .query_row(
            "SELECT name FROM saved_rolls WHERE roster_id = ?1 AND name_key = ?2 AND id != ?3",
            params![
                roster_id.to_string(),
                name_key(name),
                except.map(|id| id.to_string()).unwrap_or_default()
            ],
            |r| r.get(0),
        )
        .optional()?;
    match taken {
        Some(taken) => Err(refused(Problem::new(
            "name",
            format!(
                "\"{}\" is already a saved roll of this roster (as \"{taken}\"); names are unique \
                 within a roster, ignoring case. Pick another name, or edit that one",
                name.trim()
            ),
        ))),
        None => Ok(()),
    }
}

fn refused(problem: Problem) -> RosterError {
    RosterError::InvalidSavedRoll {
        problems: vec![problem],
    }
}

fn row(row: &Row) -> rusqlite::Result<Result<SavedRoll>> {
    let id: String = row.get(0)?;
    let roster_id: String = row.get(1)?;
    let name: String = row.get(2)?;
    let values: String = row.get(4)?;
    Ok((|| {
        let values = serde_json::from_str(&values).map_err(|e| {
            super::corrupt(format!(
                "the values of the saved roll \"{name}\" do not read: {e}"
            ))
        })?;
        Ok(SavedRoll {
            id: parse_id(&id)?,
            roster_id: parse_id(&roster_id)?,
            expr: row.get(3)?,
            values,
            target: row.get(5)?,
            notes: row.get(6)?,
            position: row.get(7)?,
            created_at: from_millis(row.get(8)?),
            updated_at: from_millis(row.get(9)?),
            name,
        })
    })())
}
