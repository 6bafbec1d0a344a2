//! Character operations: list, get, find, create, update, duplicate, move between rosters of the
//! same system, reorder, soft delete / restore, and the trash.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use uuid::Uuid;

use super::encounters::trashed_encounters;
use super::readable::read_rows;
use super::{
    character_row, next_delete_batch, roster_row, CharacterRow, Readable, RosterRow, Store,
    CHARACTER_COLUMNS, ROSTER_COLUMNS,
};
use crate::check::NAME_MAX;
use crate::error::{Result, RosterError};
use crate::model::character::{check_character, clean_tags};
use crate::model::{now, Character, CharacterPatch, Encounter, NewCharacter, Roster};
use crate::sheet::Sheet;

/// What is in the trash: deleted rosters (with their characters and encounters), deleted
/// characters and deleted encounters.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Trash {
    pub rosters: Vec<Roster>,
    /// Characters deleted one by one (those of a deleted roster go with it).
    pub characters: Vec<Character>,
    /// Encounters deleted one by one (those of a deleted roster go with it).
    pub encounters: Vec<Encounter>,
}

/// What of the trash reads, and the refusal of each record in it that does not (a roster or
/// character `damaged_record`, an encounter whose state does not read): one damaged record
/// hides nothing else in the trash.
#[derive(Debug, Default)]
pub struct TrashListed {
    pub trash: Trash,
    pub damaged: Vec<RosterError>,
}

/// How many things emptying the trash deleted for good.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Purged {
    pub rosters: usize,
    pub characters: usize,
    pub encounters: usize,
}

impl Store {
    /// The characters of a roster not in the trash, in their order. One whose stored fields do
    /// not read refuses the whole answer, naming it (a roster's sheets are read to roll, print
    /// or export them, which must not go on without one); [`Store::characters_readable`] keeps
    /// the others.
    pub fn characters(&self, roster_id: Uuid) -> Result<Vec<Character>> {
        self.roster(roster_id)?;
        roster_characters(self.conn(), roster_id, false)
    }

    /// The characters of a roster not in the trash, in their order, and the refusal
    /// (`damaged_record`) of each whose stored fields do not read.
    pub fn characters_readable(&self, roster_id: Uuid) -> Result<Readable<Character>> {
        self.roster(roster_id)?;
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.roster_id = ?1 AND c.deleted_at IS NULL ORDER BY c.position, c.created_at"
        ))?;
        let rows = stmt.query_map([roster_id.to_string()], character_row)?;
        Ok(Readable::of(conn, read_rows(rows, CharacterRow::read)?))
    }

    /// One character by id (also when it is in the trash).
    pub fn character(&self, id: Uuid) -> Result<Character> {
        get_character(self.conn(), id)?
            .ok_or_else(|| RosterError::CharacterNotFound(id.to_string()))
    }

    /// A character not in the trash by id, or by name (case-insensitive) within `roster` or, with
    /// no roster, across every roster; a name that matches several is refused as ambiguous.
    pub fn find_character(&self, roster: Option<Uuid>, id_or_name: &str) -> Result<Character> {
        let wanted = id_or_name.trim();
        if let Ok(id) = Uuid::parse_str(wanted) {
            if let Some(c) = get_character(self.conn(), id)? {
                if c.deleted_at.is_none() && roster.is_none_or(|r| r == c.roster_id) {
                    return Ok(c);
                }
            }
        }
        let mut stmt = self.conn().prepare(&format!(
            "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.deleted_at IS NULL AND r.deleted_at IS NULL
               AND instr(c.search_text, ?1 || char(31)) = 1 AND (?2 IS NULL OR c.roster_id = ?2)
             ORDER BY r.position, c.position"
        ))?;
        let rows = stmt.query_map(
            params![wanted.to_lowercase(), roster.map(|r| r.to_string())],
            character_row,
        )?;
        let mut found = Vec::new();
        for row in rows {
            found.push(row?.into_character(self.conn())?);
        }
        // search_text starts with the name lower-cased by Rust (Unicode-aware, unlike SQLite's
        // lower()), then a separator: the query above matches the whole name only.
        match found.len() {
            0 => Err(RosterError::CharacterNotFound(format!(
                "named \"{wanted}\""
            ))),
            1 => Ok(found.remove(0)),
            _ => Err(RosterError::Ambiguous {
                what: "character",
                name: wanted.to_string(),
                ids: found.iter().map(|c| c.id.to_string()).collect(),
            }),
        }
    }

    /// Adds a character at the end of a roster. Its sheet is validated against the roster's
    /// system and house rules; every problem is reported.
    pub fn create_character(&mut self, roster_id: Uuid, new: NewCharacter) -> Result<Character> {
        let roster = self.live_roster(roster_id)?;
        let sheet_value = new
            .sheet
            .unwrap_or_else(|| Sheet::blank(roster.system).to_value());
        let tags = clean_tags(&new.tags);
        let sheet = checked(
            &roster,
            &new.name,
            &new.player,
            &tags,
            &new.notes,
            &sheet_value,
        )?;
        let id = Uuid::new_v4();
        self.write(|tx| {
            super::room::make_room(tx, 0, 1)?;
            let position = next_character_position(tx, roster_id)?;
            let c = CharacterFields {
                name: new.name.trim(),
                player: new.player.trim(),
                kind: new.kind.as_str(),
                tags: &tags,
                notes: &new.notes,
                sheet: &sheet,
            };
            insert_character(tx, id, roster_id, &c, position)
        })?;
        self.character(id)
    }

    /// Changes the fields given in `patch` (the sheet as a whole).
    pub fn update_character(&mut self, id: Uuid, patch: CharacterPatch) -> Result<Character> {
        let old = self.live_character(id)?;
        let roster = self.roster(old.roster_id)?;
        let name = patch.name.unwrap_or(old.name);
        let player = patch.player.unwrap_or(old.player);
        let kind = patch.kind.unwrap_or(old.kind);
        let tags = clean_tags(&patch.tags.unwrap_or(old.tags));
        let notes = patch.notes.unwrap_or(old.notes);
        let sheet_value = patch.sheet.unwrap_or_else(|| old.sheet.to_value());
        let sheet = checked(&roster, &name, &player, &tags, &notes, &sheet_value)?;
        self.write(|tx| {
            let c = CharacterFields {
                name: name.trim(),
                player: player.trim(),
                kind: kind.as_str(),
                tags: &tags,
                notes: &notes,
                sheet: &sheet,
            };
            update_character_row(tx, id, old.roster_id, &c, old.position)
        })?;
        self.character(id)
    }

    /// Copies a character (new id, "NAME (copy)") right after the original.
    pub fn duplicate_character(&mut self, id: Uuid) -> Result<Character> {
        let original = self.live_character(id)?;
        let mut name = format!("{} (copy)", original.name);
        if name.chars().count() > NAME_MAX {
            name = original.name.clone();
        }
        let copy = Uuid::new_v4();
        self.write(|tx| {
            super::room::make_room(tx, 0, 1)?;
            // Make room: everything after the original moves down one place.
            tx.execute(
                "UPDATE characters SET position = position + 1 WHERE roster_id = ?1 AND position > ?2",
                params![original.roster_id.to_string(), original.position],
            )?;
            let c = CharacterFields {
                name: &name,
                player: &original.player,
                kind: original.kind.as_str(),
                tags: &original.tags,
                notes: &original.notes,
                sheet: &original.sheet,
            };
            insert_character(tx, copy, original.roster_id, &c, original.position + 1)
        })?;
        self.character(copy)
    }

    /// Moves characters to the end of another roster of the same system (a stunt sheet must also
    /// fit the target's level list). All move or none.
    pub fn move_characters(&mut self, ids: &[Uuid], to_roster: Uuid) -> Result<Vec<Character>> {
        let target = self.live_roster(to_roster)?;
        let mut moving = Vec::new();
        for &id in ids {
            let c = self.live_character(id)?;
            if c.sheet.system() != target.system {
                return Err(RosterError::SystemMismatch {
                    character: c.name,
                    roster: target.name,
                    from: c.sheet.system().to_string(),
                    to: target.system.to_string(),
                });
            }
            let mut problems = Vec::new();
            c.sheet
                .validate(&target.house_rules, "sheet", &mut problems);
            if !problems.is_empty() {
                return Err(RosterError::InvalidSheet { problems });
            }
            moving.push(c);
        }
        self.write(|tx| {
            let mut position = next_character_position(tx, to_roster)?;
            for c in &moving {
                if c.roster_id == to_roster {
                    continue;
                }
                tx.execute(
                    "UPDATE characters SET roster_id = ?2, position = ?3, updated_at = ?4 WHERE id = ?1",
                    params![c.id.to_string(), to_roster.to_string(), position, now().as_millisecond()],
                )?;
                position += 1;
            }
            Ok(())
        })?;
        ids.iter().map(|&id| self.character(id)).collect()
    }

    /// Puts a roster's characters in the order of `ids`; those not listed follow in their order.
    pub fn reorder_characters(&mut self, roster_id: Uuid, ids: &[Uuid]) -> Result<Vec<Character>> {
        let current = self.characters(roster_id)?;
        for id in ids {
            if !current.iter().any(|c| c.id == *id) {
                return Err(RosterError::CharacterNotFound(format!(
                    "{id} in roster {roster_id}"
                )));
            }
        }
        let mut order: Vec<Uuid> = ids.to_vec();
        order.extend(current.iter().map(|c| c.id).filter(|id| !ids.contains(id)));
        self.write(|tx| {
            for (position, &id) in order.iter().enumerate() {
                set_character_position(tx, id, position as i64)?;
            }
            Ok(())
        })?;
        self.characters(roster_id)
    }

    /// Moves characters to the trash, together (one [`Store::undo_delete`] brings them all back).
    pub fn delete_characters(&mut self, ids: &[Uuid]) -> Result<usize> {
        for &id in ids {
            self.character(id)?;
        }
        self.write(|tx| {
            let batch = next_delete_batch(tx)?;
            let at = now().as_millisecond();
            let mut n = 0;
            for &id in ids {
                n += usize::from(trash_character(tx, id, at, batch)?);
            }
            Ok(n)
        })
    }

    /// Moves one character to the trash.
    pub fn delete_character(&mut self, id: Uuid) -> Result<Character> {
        self.delete_characters(&[id])?;
        self.character(id)
    }

    /// Takes a character out of the trash (its roster must not be in the trash).
    pub fn restore_character(&mut self, id: Uuid) -> Result<Character> {
        let c = self.character(id)?;
        let roster = self.roster(c.roster_id)?;
        if roster.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "roster",
                name: roster.name,
            });
        }
        self.write(|tx| {
            tx.execute(
                "UPDATE characters SET deleted_at = NULL, delete_batch = NULL WHERE id = ?1",
                [id.to_string()],
            )?;
            Ok(())
        })?;
        self.character(id)
    }

    /// What is in the trash, most recently deleted first; a record in it that does not read
    /// refuses the answer, naming it ([`Store::trash_readable`] lists the rest).
    pub fn trash(&self) -> Result<Trash> {
        let listed = self.trash_readable()?;
        match listed.damaged.into_iter().next() {
            Some(refusal) => Err(refusal),
            None => Ok(listed.trash),
        }
    }

    /// What is in the trash that reads, most recently deleted first, and each record in it that
    /// does not read named apart.
    pub fn trash_readable(&self) -> Result<TrashListed> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT {ROSTER_COLUMNS} FROM rosters r
             WHERE r.deleted_at IS NOT NULL ORDER BY r.deleted_at DESC"
        ))?;
        let rosters = Readable::of(
            conn,
            read_rows(stmt.query_map([], roster_row)?, RosterRow::read)?,
        );
        let mut stmt = conn.prepare(&format!(
            "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.deleted_at IS NOT NULL AND r.deleted_at IS NULL ORDER BY c.deleted_at DESC"
        ))?;
        let characters = Readable::of(
            conn,
            read_rows(stmt.query_map([], character_row)?, CharacterRow::read)?,
        );
        let (encounters, damaged_encounters) = trashed_encounters(conn)?;
        let mut damaged = rosters.damaged;
        damaged.extend(characters.damaged);
        damaged.extend(damaged_encounters);
        Ok(TrashListed {
            trash: Trash {
                rosters: rosters.read,
                characters: characters.read,
                encounters,
            },
            damaged,
        })
    }

    /// Deletes for good everything in the trash. Roll-log entries stay (their names are kept;
    /// their ids become empty), and so do the table actions of other encounters. A snapshot
    /// (reason `trash`) is taken first when there is anything to delete; if it cannot be taken,
    /// nothing is deleted.
    /// A damaged record in the trash goes too: nothing of it is read.
    pub fn empty_trash(&mut self) -> Result<Purged> {
        if self.trash_count()? > 0 {
            self.back_up_before(crate::store::Reason::Trash)?;
        }
        self.write(|tx| {
            // Encounters first: those of a roster in the trash count too (the roster's
            // deletion would take them by cascade, uncounted).
            let encounters = tx.execute(
                "DELETE FROM encounters WHERE deleted_at IS NOT NULL
                    OR roster_id IN (SELECT id FROM rosters WHERE deleted_at IS NOT NULL)",
                [],
            )?;
            let characters = tx.execute(
                "DELETE FROM characters WHERE deleted_at IS NOT NULL
                    OR roster_id IN (SELECT id FROM rosters WHERE deleted_at IS NOT NULL)",
                [],
            )?;
            let rosters = tx.execute("DELETE FROM rosters WHERE deleted_at IS NOT NULL", [])?;
            Ok(Purged {
                rosters,
                characters,
                encounters,
            })
        })
    }

    /// How many rows are in the trash, counted without reading any.
    pub fn trash_count(&self) -> Result<usize> {
        Ok(self.conn().query_row(
            "SELECT (SELECT count(*) FROM rosters WHERE deleted_at IS NOT NULL)
                  + (SELECT count(*) FROM characters WHERE deleted_at IS NOT NULL)
                  + (SELECT count(*) FROM encounters WHERE deleted_at IS NOT NULL)",
            [],
            |r| r.get::<_, i64>(0),
        )? as usize)
    }

    pub(crate) fn live_roster(&self, id: Uuid) -> Result<Roster> {
        let roster = self.roster(id)?;
        match roster.deleted_at {
            None => Ok(roster),
            Some(_) => Err(RosterError::InTrash {
                what: "roster",
                name: roster.name,
            }),
        }
    }

    fn live_character(&self, id: Uuid) -> Result<Character> {
        let c = self.character(id)?;
        match c.deleted_at {
            None => Ok(c),
            Some(_) => Err(RosterError::InTrash {
                what: "character",
                name: c.name,
            }),
        }
    }
}

/// Validates a character's fields and sheet for `roster`; every problem, or the typed sheet.
fn checked(
    roster: &Roster,
    name: &str,
    player: &str,
    tags: &[String],
    notes: &str,
    sheet: &serde_json::Value,
) -> Result<Sheet> {
    let mut problems = Vec::new();
    check_character("", name, player, tags, notes, &mut problems);
    match Sheet::from_json(roster.system, sheet, &roster.house_rules) {
        Ok(sheet) if problems.is_empty() => Ok(sheet),
        Ok(_) => Err(RosterError::InvalidSheet { problems }),
        Err(more) => {
            problems.extend(more);
            Err(RosterError::InvalidSheet { problems })
        }
    }
}

/// The character fields written by insert and update.
pub(crate) struct CharacterFields<'a> {
    pub name: &'a str,
    pub player: &'a str,
    pub kind: &'a str,
    pub tags: &'a [String],
    pub notes: &'a str,
    pub sheet: &'a Sheet,
}

pub(crate) fn insert_character(
    conn: &Connection,
    id: Uuid,
    roster_id: Uuid,
    c: &CharacterFields,
    position: i64,
) -> Result<()> {
    write_character_row(
        conn,
        "INSERT INTO characters (id, roster_id, name, player, kind, tags, notes, sheet, position,
                                 created_at, updated_at, search_text)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11)",
        id,
        roster_id,
        c,
        position,
    )
}

/// Rewrites a character's fields, roster and position; takes it out of the trash if it was there.
pub(crate) fn update_character_row(
    conn: &Connection,
    id: Uuid,
    roster_id: Uuid,
    c: &CharacterFields,
    position: i64,
) -> Result<()> {
    write_character_row(
        conn,
        "UPDATE characters SET roster_id = ?2, name = ?3, player = ?4, kind = ?5, tags = ?6,
                notes = ?7, sheet = ?8, position = ?9, updated_at = ?10, search_text = ?11,
                deleted_at = NULL, delete_batch = NULL
         WHERE id = ?1",
        id,
        roster_id,
        c,
        position,
    )
}

/// Runs `sql` with the one parameter list both writes share: ?1 id, ?2 roster, ?3..?8 the
/// fields, ?9 position, ?10 now, ?11 the search text.
fn write_character_row(
    conn: &Connection,
    sql: &str,
    id: Uuid,
    roster_id: Uuid,
    c: &CharacterFields,
    position: i64,
) -> Result<()> {
    conn.prepare_cached(sql)?.execute(params![
        id.to_string(),
        roster_id.to_string(),
        c.name,
        c.player,
        c.kind,
        serde_json::to_string(c.tags).unwrap_or_else(|_| "[]".into()),
        c.notes,
        serde_json::to_string(c.sheet).unwrap_or_default(),
        position,
        now().as_millisecond(),
        Character::search_text(c.name, c.player, c.tags),
    ])?;
    Ok(())
}

/// Moves a character to the trash at `at` with the deletion `batch` (one undo brings a batch
/// back); answers whether it was not in the trash already.
pub(crate) fn trash_character(conn: &Connection, id: Uuid, at: i64, batch: i64) -> Result<bool> {
    let changed = conn
        .prepare_cached(
            "UPDATE characters SET deleted_at = ?2, delete_batch = ?3
             WHERE id = ?1 AND deleted_at IS NULL",
        )?
        .execute(params![id.to_string(), at, batch])?;
    Ok(changed > 0)
}

pub(crate) fn set_character_position(conn: &Connection, id: Uuid, position: i64) -> Result<()> {
    conn.prepare_cached("UPDATE characters SET position = ?2 WHERE id = ?1")?
        .execute(params![id.to_string(), position])?;
    Ok(())
}

pub(crate) fn next_character_position(conn: &Connection, roster_id: Uuid) -> Result<i64> {
    Ok(conn.query_row(
        "SELECT coalesce(max(position), -1) + 1 FROM characters WHERE roster_id = ?1",
        [roster_id.to_string()],
        |r| r.get(0),
    )?)
}

pub(crate) fn query_characters<P: rusqlite::Params>(
    conn: &Connection,
    tail: &str,
    params: P,
) -> Result<Vec<Character>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id {tail}"
    ))?;
    let rows = stmt.query_map(params, character_row)?;
    let mut out = Vec::new();
    for row in rows {
        out.push(row?.into_character(conn)?);
    }
    Ok(out)
}

/// A roster's characters in order; `with_trash` includes those in the trash.
pub(crate) fn roster_characters(
    conn: &Connection,
    roster_id: Uuid,
    with_trash: bool,
) -> Result<Vec<Character>> {
    let tail = if with_trash {
        "WHERE c.roster_id = ?1 ORDER BY c.position, c.created_at"
    } else {
        "WHERE c.roster_id = ?1 AND c.deleted_at IS NULL ORDER BY c.position, c.created_at"
    };
    query_characters(conn, tail, [roster_id.to_string()])
}

pub(crate) fn get_character(conn: &Connection, id: Uuid) -> Result<Option<Character>> {
    conn.query_row(
        &format!(
            "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.id = ?1"
        ),
        [id.to_string()],
        character_row,
    )
    .optional()?
    .map(|row| row.into_character(conn))
    .transpose()
}
