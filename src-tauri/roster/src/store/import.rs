//! Writing an import: the plan is worked out again inside the write transaction (so it matches
//! the data at that instant), then every row is written, then one commit. An error or a crash
//! before the commit leaves the database as it was.

use rusqlite::Connection;

use super::backups::Reason;
use super::characters::{
    insert_character, set_character_position, trash_character, update_character_row,
    CharacterFields,
};
use super::handle::Store;
use super::rosters::{insert_roster, update_roster_row};
use super::saved_rolls::replace_saved_rolls;
use super::undo::next_delete_batch;
use crate::error::{Result, RosterError};
use crate::import::parse::{changed, Import, ImportCharacter};
use crate::import::plan::{plan, Action, ImportMode, ImportPlan, PlannedCharacter};
use crate::model::now;

impl Store {
    /// The preview: what [`Store::apply_import`] would do now. Writes nothing. Refuses (as
    /// `import_refused`) a file that conflicts with the stored data.
    pub fn plan_import(&self, import: &Import, mode: ImportMode) -> Result<ImportPlan> {
        plan(self.conn(), import, mode)
    }

    /// Imports in one transaction: all of it or nothing. `progress(done, total)` is called as
    /// rows are written (first with `done == 0`, last with `done == total`).
    pub fn apply_import(
        &mut self,
        import: &Import,
        mode: ImportMode,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<ImportPlan> {
        if mode == ImportMode::Replace {
            // A replace can move characters to the trash and rewrite rosters: snapshot first,
            // once the file is known to be accepted (a refused import changes nothing, not even
            // the backups folder).
            plan(self.conn(), import, mode)?;
            self.back_up_before(Reason::Import)?;
        }
        self.write(|tx| {
            let plan = plan(tx, import, mode)?;
            let total = plan.rosters.len() + plan.characters.len() + plan.reposition.len();
            let mut done = 0;
            progress(done, total);
            for planned in plan.systems.iter().filter(|s| s.action == Action::Add) {
                if let Some(system) = import
                    .systems
                    .iter()
                    .find(|s| s.id == planned.id && s.version == planned.version)
                {
                    super::system_files::keep_imported(tx, system)?;
                }
            }
            for planned in &plan.rosters {
                let r = &import.rosters[planned.source];
                match planned.action {
                    Action::Add => insert_roster(
                        tx,
                        planned.id,
                        &r.name,
                        r.system,
                        &r.notes,
                        &r.house_rules,
                        planned.position,
                    )?,
                    Action::Update => {
                        update_roster_row(tx, planned.id, &r.name, &r.notes, &r.house_rules)?
                    }
                    Action::Skip | Action::Remove => {}
                }
                // The file's saved rolls are the roster's. A file that leaves them out (one
                // written before they existed) adds none and, merged, keeps the stored ones; a
                // replace makes the roster the file's, without them.
                let keep_stored = mode == ImportMode::Merge && r.saved_rolls.is_none();
                if matches!(planned.action, Action::Add | Action::Update) && !keep_stored {
                    let rolls = r.saved_rolls.as_deref().unwrap_or_default();
                    replace_saved_rolls(tx, planned.id, rolls)?;
                }
                done += 1;
                progress(done, total);
            }
            let batch = if plan.character_counts.removed > 0 {
                next_delete_batch(tx)?
            } else {
                0
            };
            // The file's characters come again in the file's order, the plan's entries for
            // them in the same order; a removal is written where it stands among them.
            let mut next = 0;
            let mut write = |planned: &PlannedCharacter, c: Option<&ImportCharacter>| {
                write_character(tx, planned, c, batch)?;
                done += 1;
                progress(done, total);
                Ok::<(), RosterError>(())
            };
            import.for_each_character(|i, j, c| {
                while let Some(planned) = plan.characters.get(next) {
                    match planned.source {
                        Some(at) if at > (i, j) => break,
                        Some(at) if at == (i, j) => {
                            write(planned, Some(&c))?;
                            next += 1;
                            break;
                        }
                        _ => {
                            write(planned, None)?;
                            next += 1;
                        }
                    }
                }
                Ok(())
            })?;
            for planned in &plan.characters[next..] {
                write(planned, None)?;
            }
            for &(id, position) in &plan.reposition {
                set_character_position(tx, id, position)?;
                done += 1;
                progress(done, total);
            }
            Ok(plan)
        })
    }

    /// Reads, validates and imports a file in one go (the command line's `import FILE`).
    pub fn import_file(
        &mut self,
        path: impl AsRef<std::path::Path>,
        mode: ImportMode,
        progress: impl FnMut(usize, usize),
    ) -> Result<ImportPlan> {
        let import = Import::from_path(path)?;
        self.apply_import(&import, mode, progress)
    }
}

/// Writes one planned character: `c` is its data from the file (none for a removal).
fn write_character(
    tx: &Connection,
    planned: &PlannedCharacter,
    c: Option<&ImportCharacter>,
    batch: i64,
) -> Result<()> {
    match (planned.action, c) {
        (Action::Remove, _) => {
            trash_character(tx, planned.id, now().as_millisecond(), batch).map(|_| ())
        }
        (Action::Skip, _) => set_character_position(tx, planned.id, planned.position),
        (action, Some(c)) => {
            let fields = CharacterFields {
                name: &c.name,
                player: &c.player,
                kind: c.kind.as_str(),
                tags: &c.tags,
                notes: &c.notes,
                sheet: &c.sheet,
            };
            let write = if action == Action::Add {
                insert_character
            } else {
                update_character_row
            };
            write(tx, planned.id, planned.roster_id, &fields, planned.position)
        }
        // The plan names a character the file no longer holds where it was.
        (_, None) => Err(changed()),
    }
}
