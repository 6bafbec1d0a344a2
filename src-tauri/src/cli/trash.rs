//! `rollbook trash [list|empty --yes]` and `rollbook undo`.

use clap::Subcommand;
use serde_json::json;

use super::store::{self, Open};
use super::table::{self, Table};
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
            let trash = store.trash()?;
            let empty = trash.rosters.is_empty() && trash.characters.is_empty();
            if !yes && !empty {
                return Err(Failure::BadInput(format!(
                    "emptying the trash deletes {} and {} for good; add --yes to do it",
                    table::count(trash.rosters.len(), "roster"),
                    table::count(trash.characters.len(), "character"),
                )));
            }
            if empty && !global.json {
                return output::text("The trash is empty; nothing to delete.\n");
            }
            let (rosters, characters) = store.empty_trash()?;
            if global.json {
                return output::json(&json!({"rosters": rosters, "characters": characters}));
            }
            output::text(&format!(
                "Deleted for good: {}, {}\n",
                table::count(rosters, "roster"),
                table::count(characters, "character")
            ))
        }
    }
}

fn list(global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Existing)?;
    let trash = store.trash()?;
    if global.json {
        return output::json(&trash);
    }
    if trash.rosters.is_empty() && trash.characters.is_empty() {
        return output::text("The trash is empty.\n");
    }
    let mut table = Table::new(["DELETED", "WHAT", "NAME", "ROSTER", "ID"]);
    for r in &trash.rosters {
        table.row([
            r.deleted_at.map(table::local_time).unwrap_or_default(),
            format!(
                "roster, {}",
                table::count(r.character_count as usize, "character")
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
            c.deleted_at.map(table::local_time).unwrap_or_default(),
            "character".into(),
            c.name.clone(),
            roster,
            c.id.to_string(),
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
