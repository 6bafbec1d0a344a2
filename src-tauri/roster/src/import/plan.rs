//! The preview: what an import would add, update, skip or remove, per mode (FORMAT.md):
//!
//! - `merge` — rosters and characters whose id is stored are updated (a character may move in
//!   from another roster of the same system; one in the trash comes back), the rest are added;
//!   stored characters the file does not mention stay, after the file's.
//! - `replace` — as merge, but a stored roster's characters that the file does not list go to the
//!   trash (undo brings them back): the roster becomes what the file says.
//! - `copy` — everything gets new ids and is added; nothing stored is touched.
//!
//! "Skipped" means already identical. A stored id whose system differs from the file's is a
//! conflict that refuses the whole import (a sheet cannot change system).

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use rollbook_rules::{grouped, MAX_CHARACTERS, MAX_ROSTERS};

use super::parse::{Import, ImportCharacter, ImportRoster};
use crate::check::{field, index};
use crate::error::{Result, RosterError};
use crate::model::{Character, NewSavedRoll, Roster, SavedRoll, System};
use crate::problem::Problem;
use crate::store::characters::{get_character, roster_characters};
use crate::store::room::stored_counts;
use crate::store::rosters::{get_roster, next_roster_position};
use crate::store::saved_rolls::saved_rolls_of;

/// What to do with ids that are already stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ImportMode {
    #[default]
    Merge,
    Replace,
    Copy,
}

impl ImportMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ImportMode::Merge => "merge",
            ImportMode::Replace => "replace",
            ImportMode::Copy => "copy",
        }
    }
}

impl FromStr for ImportMode {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, String> {
        match s {
            "merge" => Ok(ImportMode::Merge),
            "replace" => Ok(ImportMode::Replace),
            "copy" => Ok(ImportMode::Copy),
            _ => Err(format!(
                "\"{s}\" is not an import mode; expected merge, replace or copy"
            )),
        }
    }
}

impl fmt::Display for ImportMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Add,
    Update,
    Skip,
    /// Replace mode: a stored character the file no longer lists goes to the trash.
    Remove,
}

/// How many of each action.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Counts {
    pub added: usize,
    pub updated: usize,
    pub skipped: usize,
    pub removed: usize,
}

impl Counts {
    fn count(&mut self, action: Action) {
        match action {
            Action::Add => self.added += 1,
            Action::Update => self.updated += 1,
            Action::Skip => self.skipped += 1,
            Action::Remove => self.removed += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.added + self.updated + self.skipped + self.removed
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} added, {} updated, {} skipped",
            self.added, self.updated, self.skipped
        )?;
        if self.removed > 0 {
            write!(f, ", {} to the trash", self.removed)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlannedRoster {
    pub action: Action,
    pub id: Uuid,
    pub name: String,
    pub system: System,
    /// This roster's share of the character actions.
    pub characters: Counts,
    /// Index in the file.
    #[serde(skip)]
    pub(crate) source: usize,
    #[serde(skip)]
    pub(crate) position: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlannedCharacter {
    pub action: Action,
    pub id: Uuid,
    pub name: String,
    pub roster_id: Uuid,
    /// Set when the character is stored in another roster and moves into this one.
    pub moved_from: Option<Uuid>,
    /// Index of (roster, character) in the file; `None` for a removal.
    #[serde(skip)]
    pub(crate) source: Option<(usize, usize)>,
    #[serde(skip)]
    pub(crate) position: i64,
}

/// A system from a file an import carries, and whether it adds it (FORMAT.md, "Systems from
/// files": a version held with other text is refused, never replaced).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlannedSystem {
    pub action: Action,
    pub id: String,
    pub version: u32,
}

/// What an import would do (or did). Serialises for the window's preview.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ImportPlan {
    pub mode: ImportMode,
    /// The systems from files the file carries: added, or held already (skip).
    pub systems: Vec<PlannedSystem>,
    pub rosters: Vec<PlannedRoster>,
    pub characters: Vec<PlannedCharacter>,
    pub roster_counts: Counts,
    pub character_counts: Counts,
    /// Stored characters the file does not mention that move down to keep the file's order first.
    #[serde(skip)]
    pub(crate) reposition: Vec<(Uuid, i64)>,
}

impl ImportPlan {
    /// One line for people: `merge: 2 rosters (1 added, …), 12 characters (…)`.
    pub fn summary(&self) -> String {
        format!(
            "{}: {} roster{} ({}), {} character{} ({})",
            self.mode,
            self.roster_counts.total(),
            if self.roster_counts.total() == 1 {
                ""
            } else {
                "s"
            },
            self.roster_counts,
            self.character_counts.total(),
            if self.character_counts.total() == 1 {
                ""
            } else {
                "s"
            },
            self.character_counts
        )
    }

    /// Nothing would change.
    pub fn is_noop(&self) -> bool {
        self.roster_counts.total() == self.roster_counts.skipped
            && self.character_counts.total() == self.character_counts.skipped
            && self.reposition.is_empty()
    }
}

/// Works out the plan against the stored data; conflicts refuse the import with their paths.
/// The rosters' own fields and the characters' ids and names are at hand; the characters that
/// are already stored in their roster are read from the file again, one at a time
/// ([`Import::for_each_character`]), to be compared.
pub(crate) fn plan(conn: &Connection, import: &Import, mode: ImportMode) -> Result<ImportPlan> {
    let mut plan = ImportPlan {
        mode,
        systems: Vec::new(),
        rosters: Vec::new(),
        characters: Vec::new(),
        roster_counts: Counts::default(),
        character_counts: Counts::default(),
        reposition: Vec::new(),
    };
    import.unchanged()?;
    let mut problems = Vec::new();
    for (i, system) in import.systems.iter().enumerate() {
        let held = crate::store::system_files::held_source(conn, &system.id, system.version)?;
        let action = match held {
            None => Action::Add,
            Some(text) if text == system.source => Action::Skip,
            Some(_) => {
                problems.push(Problem::new(
                    field(&index("systems", i), "source"),
                    super::systems::held_with_other_text(&system.id, system.version),
                ));
                continue;
            }
        };
        plan.systems.push(PlannedSystem {
            action,
            id: system.id.clone(),
            version: system.version,
        });
    }
    let mut next_position = next_roster_position(conn)?;
    // A character the file lists under another roster is moving there, not leaving.
    let in_file: HashSet<Uuid> = import
        .rosters
        .iter()
        .flat_map(|r| r.character_ids.iter().copied())
        .collect();
    let mut rosters = Vec::with_capacity(import.rosters.len());
    for (i, file_roster) in import.rosters.iter().enumerate() {
        let path = index("rosters", i);
        let id = match mode {
            ImportMode::Copy => Uuid::new_v4(),
            _ => file_roster.id,
        };
        let stored = match mode {
            ImportMode::Copy => None,
            _ => get_roster(conn, id)?,
        };
        if let Some(stored) = &stored {
            if stored.system != file_roster.system {
                problems.push(Problem::new(
                    field(&path, "system"),
                    other_system(&stored.name, stored.system, file_roster.system),
                ));
                rosters.push(None);
                continue;
            }
        }
        let action = match &stored {
            None => Action::Add,
            Some(s)
                if same_roster(s, file_roster) && same_saved_rolls(conn, s, file_roster, mode)? =>
            {
                Action::Skip
            }
            Some(_) => Action::Update,
        };
        let position = match &stored {
            Some(s) => s.position,
            None => {
                next_position += 1;
                next_position - 1
            }
        };
        rosters.push(Some(RosterPlan {
            id,
            stored: stored.is_some(),
            action,
            position,
            counts: Counts::default(),
            characters: Vec::new(),
        }));
    }
    // Each character from what the check kept (its id and name): the file is read again only
    // when a character is already stored in its roster, to tell a skip from an update (an
    // import into a new database reads it once to check and once to write, issue 28).
    let mut compare = Vec::new();
    for (i, file_roster) in import.rosters.iter().enumerate() {
        let Some(Some(roster)) = rosters.get_mut(i) else {
            continue;
        };
        let file_system = file_roster.system;
        let names = file_roster.character_names.iter();
        for (j, (&file_id, name)) in file_roster.character_ids.iter().zip(names).enumerate() {
            let cid = match mode {
                ImportMode::Copy => Uuid::new_v4(),
                _ => file_id,
            };
            let stored_c = match mode {
                ImportMode::Copy => None,
                _ => get_character(conn, cid)?,
            };
            if let Some(c) = &stored_c {
                if c.sheet.system() != file_system {
                    problems.push(Problem::new(
                        field(&index(&field(&index("rosters", i), "characters"), j), "id"),
                        format!(
                            "the stored character \"{}\" with this id has a {} sheet and cannot join a {} roster; import with mode copy to add this one as a new character",
                            c.name,
                            c.sheet.system(),
                            file_system
                        ),
                    ));
                    continue;
                }
            }
            // An update unless the file's character turns out the same as the stored one.
            let action = match &stored_c {
                None => Action::Add,
                Some(c)
                    if c.roster_id == roster.id && c.deleted_at.is_none() && c.name == *name =>
                {
                    compare.push((i, j, roster.characters.len()));
                    Action::Update
                }
                Some(_) => Action::Update,
            };
            roster.characters.push(PlannedCharacter {
                action,
                id: cid,
                name: name.clone(),
                roster_id: roster.id,
                moved_from: stored_c
                    .as_ref()
                    .map(|c| c.roster_id)
                    .filter(|&from| from != roster.id),
                source: Some((i, j)),
                position: j as i64,
            });
        }
    }
    if !compare.is_empty() {
        let mut next = compare.iter().peekable();
        import.for_each_character(|i, j, file_character| {
            let Some(&(_, _, k)) = next.next_if(|&&(ci, cj, _)| (ci, cj) == (i, j)) else {
                return Ok(());
            };
            let Some(Some(roster)) = rosters.get_mut(i) else {
                return Ok(());
            };
            let planned = &mut roster.characters[k];
            if let Some(stored) = get_character(conn, planned.id)? {
                if same_character(&stored, &file_character) {
                    planned.action = Action::Skip;
                }
            }
            Ok(())
        })?;
    }
    for roster in rosters.iter_mut().flatten() {
        for planned in &roster.characters {
            roster.counts.count(planned.action);
        }
    }
    for (i, (file_roster, roster)) in import.rosters.iter().zip(rosters).enumerate() {
        let Some(RosterPlan {
            id,
            stored,
            action,
            position,
            mut counts,
            characters,
        }) = roster
        else {
            continue;
        };
        plan.characters.extend(characters);
        if stored {
            // Stored characters the file leaves out: kept after the file's (merge), or trashed
            // (replace).
            let mut after = file_roster.character_ids.len() as i64;
            for c in roster_characters(conn, id, false)? {
                if in_file.contains(&c.id) {
                    continue;
                }
                if mode == ImportMode::Replace {
                    counts.count(Action::Remove);
                    plan.characters.push(PlannedCharacter {
                        action: Action::Remove,
                        id: c.id,
                        name: c.name.clone(),
                        roster_id: id,
                        moved_from: None,
                        source: None,
                        position: c.position,
                    });
                } else {
                    if c.position != after {
                        plan.reposition.push((c.id, after));
                    }
                    after += 1;
                }
            }
        }
        plan.roster_counts.count(action);
        plan.character_counts.added += counts.added;
        plan.character_counts.updated += counts.updated;
        plan.character_counts.skipped += counts.skipped;
        plan.character_counts.removed += counts.removed;
        plan.rosters.push(PlannedRoster {
            action,
            id,
            name: file_roster.name.clone(),
            system: file_roster.system,
            characters: counts,
            source: i,
            position,
        });
    }
    check_room(conn, &plan, &mut problems)?;
    if problems.is_empty() {
        Ok(plan)
    } else {
        Err(RosterError::refused(problems))
    }
}

/// A roster of the file as planned so far.
struct RosterPlan {
    id: Uuid,
    stored: bool,
    action: Action,
    position: i64,
    counts: Counts,
    characters: Vec<PlannedCharacter>,
}

/// What the import adds must fit in what Rollbook keeps ([`MAX_ROSTERS`], [`MAX_CHARACTERS`],
/// the trash included), so that an export of everything always imports again.
fn check_room(conn: &Connection, plan: &ImportPlan, problems: &mut Vec<Problem>) -> Result<()> {
    let (rosters, characters) = stored_counts(conn)?;
    let checks = [
        ("rosters", rosters, plan.roster_counts.added, MAX_ROSTERS),
        (
            "characters",
            characters,
            plan.character_counts.added,
            MAX_CHARACTERS,
        ),
    ];
    for (what, stored, added, limit) in checks {
        if stored + added > limit {
            problems.push(Problem::new(
                "",
                format!(
                    "importing this file would add {} {what} to the {} Rollbook keeps (the trash included), {} in all; it keeps at most {}. Empty the trash, delete some or import fewer",
                    grouped(added),
                    grouped(stored),
                    grouped(stored + added),
                    grouped(limit)
                ),
            ));
        }
    }
    Ok(())
}

fn same_roster(stored: &Roster, file: &ImportRoster) -> bool {
    stored.deleted_at.is_none()
        && stored.name == file.name
        && stored.notes == file.notes
        && stored.house_rules == file.house_rules
}

/// Whether importing `file` leaves the stored roster's saved rolls as they are: the file's are
/// the same, in the same order, or (merged) the file leaves them out.
fn same_saved_rolls(
    conn: &Connection,
    stored: &Roster,
    file: &ImportRoster,
    mode: ImportMode,
) -> Result<bool> {
    let held: Vec<NewSavedRoll> = saved_rolls_of(conn, stored.id)?
        .iter()
        .map(SavedRoll::fields)
        .collect();
    Ok(match &file.saved_rolls {
        Some(rolls) => *rolls == held,
        None => mode == ImportMode::Merge || held.is_empty(),
    })
}

fn same_character(stored: &Character, file: &ImportCharacter) -> bool {
    stored.deleted_at.is_none()
        && stored.name == file.name
        && stored.player == file.player
        && stored.kind == file.kind
        && stored.tags == file.tags
        && stored.notes == file.notes
        && stored.sheet == file.sheet
}

/// Why a roster of the file cannot be merged into the stored one of its id: another system, or
/// another version of the same system from a file (an import never moves a roster between
/// versions: `rollbook system upgrade` does, keeping what the version refuses).
fn other_system(name: &str, stored: System, file: System) -> String {
    match (stored, file) {
        (System::File(stored), System::File(file)) if stored.id() == file.id() => format!(
            "the stored roster \"{name}\" with this id is at {} version {} and the file's at \
             version {}: an import does not move a roster to another version; move the stored \
             one first (`rollbook system upgrade --roster \"{name}\" --to {}`, once that \
             version is added), or import with mode copy to add this one as a new roster",
            stored.id(),
            stored.version(),
            file.version(),
            file.version()
        ),
        _ => format!(
            "the stored roster \"{name}\" with this id is a {stored} roster and a roster's \
             system never changes; import with mode copy to add this one as a new roster"
        ),
    }
}
