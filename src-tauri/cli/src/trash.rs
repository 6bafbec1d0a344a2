//! `rollbook trash [list|empty --yes]` and `rollbook undo`.

use clap::Subcommand;
use rollbook_roster::{Store, Trash};

use super::store::{self, Open};
use super::text_table::{self, Table};
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook trash                 what is in the trash
  rollbook undo                  bring back the latest deletion
  rollbook roster restore NAME   bring back one roster
  rollbook trash empty --yes     delete everything in the trash for good";

pub const UNDO_EXAMPLES: &str = "\
Examples:
  rollbook roster delete \"Friday Night Heroes\"
  rollbook undo                  the roster and its characters are back
  rollbook --json undo           {\"rosters\": [ids], \"characters\": [ids]}";

#[derive(Debug, Default, Subcommand)]
pub enum TrashCommand {
    /// List the deleted rosters and characters, most recent first (the default).
    #[default]
    #[command(after_help = EXAMPLES)]
    List,
    /// Delete everything in the trash for good (the roll log keeps their names).
    #[command(after_help = EXAMPLES)]
    Empty {
        /// Yes, delete them for good: without it nothing is deleted.
        #[arg(long)]
        yes: bool,
    },
}

pub fn run(command: TrashCommand, global: &Global) -> Result<(), Failure> {
    match command {
        TrashCommand::List => list(global),
        TrashCommand::Empty { yes } => {
            let mut store = store::open(global, Open::Existing)?;
            // A damaged record in the trash is emptied with the rest: it is counted, not read.
            let empty = store.trash_count()? == 0;
            if !yes && !empty {
                let listed = store.trash_readable()?;
                let trash = listed.trash;
                let mut what = counts(
                    trash.rosters.len(),
                    trash.characters.len(),
                    trash.encounters.len(),
                );
                if !listed.damaged.is_empty() {
                    what.push(format!(
                        "{} that cannot be read",
                        text_table::count(listed.damaged.len(), "record")
                    ));
                }
                return Err(Failure::BadInput(format!(
                    "emptying the trash deletes {} for good; add --yes to do it",
                    and_list(&what),
                )));
            }
            if empty && !global.json {
                return output::text("The trash is empty; nothing to delete.\n");
            }
            let purged = store.empty_trash()?;
            if global.json {
                return output::json(&purged);
            }
            output::text(&format!(
                "Deleted for good: {}\n",
                counts(purged.rosters, purged.characters, purged.encounters).join(", ")
            ))
        }
    }
}

/// "1 roster", "2 characters" and, when there are any, "1 encounter".
fn counts(rosters: usize, characters: usize, encounters: usize) -> Vec<String> {
    let mut all = vec![
        text_table::count(rosters, "roster"),
        text_table::count(characters, "character"),
    ];
    if encounters > 0 {
        all.push(text_table::count(encounters, "encounter"));
    }
    all
}

/// "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn list(global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    // A record that does not read is told apart, after the rest (which it must not hide).
    let listed = store.trash_readable()?;
    print_trash(global, &store, &listed.trash, listed.damaged.is_empty())?;
    Failure::unless_damaged(listed.damaged)
}

fn print_trash(global: &Global, store: &Store, trash: &Trash, whole: bool) -> Result<(), Failure> {
    if global.json {
        return output::json(&trash);
    }
    if trash.rosters.is_empty() && trash.characters.is_empty() && trash.encounters.is_empty() {
        return match whole {
            true => output::text("The trash is empty.\n"),
            false => Ok(()),
        };
    }
    let mut table = Table::new(["DELETED", "WHAT", "NAME", "ROSTER", "ID"]);
    for r in &trash.rosters {
        table.row([
            r.deleted_at.map(text_table::local_time).unwrap_or_default(),
            format!(
                "roster, {}",
                text_table::count(r.character_count as usize, "character")
            ),
            r.name.clone(),
            String::new(),
            r.id.to_string(),
        ]);
    }
    for c in &trash.characters {
        let roster = store
            .roster(c.roster_id)
            .map(|r| r.name)
            .unwrap_or_default();
        table.row([
            c.deleted_at.map(text_table::local_time).unwrap_or_default(),
            "character".into(),
            c.name.clone(),
            roster,
            c.id.to_string(),
        ]);
    }
    for e in &trash.encounters {
        let roster = store
            .roster(e.roster_id)
            .map(|r| r.name)
            .unwrap_or_default();
        table.row([
            e.deleted_at.map(text_table::local_time).unwrap_or_default(),
            format!("encounter, round {}", e.state.round),
            e.state.name.clone(),
            roster,
            e.id.to_string(),
        ]);
    }
    output::text(&table.render())
}

pub fn undo(global: &Global) -> Result<(), Failure> {
    let mut store = store::open(global, Open::Existing)?;
    let restored = store.undo_delete()?;
    if global.json {
        return output::json(&restored);
    }
    let mut names = Vec::new();
    for id in &restored.rosters {
        let r = store.roster(*id)?;
        names.push(format!("roster \"{}\"", r.name));
    }
    for id in &restored.characters {
        let c = store.character(*id)?;
        names.push(format!("\"{}\"", c.name));
    }
    output::text(&format!("Restored {}\n", names.join(", ")))
}
