//! `rollbook saved …`: a roster's saved rolls (issue 29; FORMAT.md, "Saved rolls") listed,
//! created, edited, moved and deleted, the same store calls as the window's Saved rolls list.
//! `rollbook roll --saved NAME --roster R` rolls one (`roll.rs`).

use clap::{Args, Subcommand};
use rollbook_roster::{NewSavedRoll, SavedRoll, SavedRollPatch};

use super::dice::values_arg;
use super::store::{self, Open};
use super::text_table::Table;
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook saved create --roster Heroes Fireball 8d6
  rollbook saved create --roster Heroes \"Sneak attack\" 'd20+@bonus' --values '{\"bonus\": 5}' --target 15
  rollbook saved list --roster Heroes
  rollbook saved edit --roster Heroes Fireball --expr 10d6 --notes \"Upcast, level 5\"
  rollbook saved move --roster Heroes Fireball --to 1
  rollbook saved delete --roster Heroes Fireball
  rollbook roll --saved Fireball --roster Heroes --seed 7

A saved roll is dice notation (docs/dice.md) kept with a roster under a name, unique in the
roster ignoring case; it goes with the roster into exports and imports. A roster keeps at most
200. Bad notation is refused with its column (exit 2) and nothing is saved.";

#[derive(Debug, Subcommand)]
pub enum SavedCommand {
    /// List a roster's saved rolls, in order.
    #[command(after_help = EXAMPLES)]
    List {
        #[arg(long, value_name = "NAME")]
        roster: String,
    },
    /// Save a roll: a name and its dice notation, at the end of the roster's list.
    #[command(visible_alias = "add", after_help = EXAMPLES)]
    Create {
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// The saved roll's name (1–120 characters, unique in the roster ignoring case).
        name: String,
        /// The dice notation, as typed in a roll: `8d6`, `4d6kh3`, `d20+@bonus`.
        expr: String,
        #[command(flatten)]
        fields: Fields,
    },
    /// Change a saved roll's name, notation, values, target or notes.
    #[command(after_help = EXAMPLES)]
    Edit {
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// The saved roll (name, ignoring case, or id).
        roll: String,
        /// A new name.
        #[arg(long = "name", value_name = "NEW")]
        new_name: Option<String>,
        /// A new notation.
        #[arg(long, value_name = "EXPR")]
        expr: Option<String>,
        #[command(flatten)]
        fields: Fields,
    },
    /// Move a saved roll to a place in the roster's list (1 is the first).
    #[command(after_help = EXAMPLES)]
    Move {
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// The saved roll (name, ignoring case, or id).
        roll: String,
        /// Its new place, from 1; past the end is the last.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        to: u32,
    },
    /// Delete a saved roll for good (its logged rolls stay in the log).
    #[command(visible_alias = "remove", after_help = EXAMPLES)]
    Delete {
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// The saved roll (name, ignoring case, or id).
        roll: String,
    },
}

/// The fields a saved roll may be given beside its name and notation.
#[derive(Debug, Args)]
pub struct Fields {
    /// The values of the notation's @names, as a JSON object: '{"bonus": 2}'.
    #[arg(long, value_name = "JSON")]
    values: Option<String>,
    /// The roll succeeds when its value is at least this (default 1).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    target: Option<i64>,
    /// The GM's notes (up to 100 characters).
    #[arg(long, value_name = "TEXT")]
    notes: Option<String>,
}

pub fn run(command: SavedCommand, global: &Global) -> Result<(), Failure> {
    match command {
        SavedCommand::List { roster } => {
            let store = store::open(global, Open::Read)?;
            let roster = store::roster(&store, &roster)?;
            let rolls = store.saved_rolls(roster.id)?;
            if global.json {
                return output::json(&rolls);
            }
            if rolls.is_empty() {
                return output::text(&format!(
                    "\"{}\" has no saved rolls yet. Save one with `rollbook saved create --roster \
                     \"{}\" NAME EXPR`.\n",
                    roster.name, roster.name
                ));
            }
            let mut list = Table::new(["#", "NAME", "NOTATION", "VALUES", "TARGET", "NOTES"]);
            for r in &rolls {
                list.row([
                    (r.position + 1).to_string(),
                    r.name.clone(),
                    r.expr.clone(),
                    values_text(r),
                    r.target.to_string(),
                    r.notes.clone(),
                ]);
            }
            output::text(&list.render())
        }
        SavedCommand::Create {
            roster,
            name,
            expr,
            fields,
        } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &roster)?;
            let mut roll = NewSavedRoll::new(name, expr);
            let patch = fields.patch()?;
            roll.values = patch.values.unwrap_or_default();
            roll.target = patch.target.unwrap_or(roll.target);
            roll.notes = patch.notes.unwrap_or_default();
            let saved = store.create_saved_roll(roster.id, roll)?;
            told(global, &saved, "Saved")
        }
        SavedCommand::Edit {
            roster,
            roll,
            new_name,
            expr,
            fields,
        } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &roster)?;
            let stored = store.find_saved_roll(roster.id, &roll)?;
            let patch = SavedRollPatch {
                name: new_name,
                expr,
                ..fields.patch()?
            };
            let saved = store.update_saved_roll(stored.id, patch)?;
            told(global, &saved, "Changed")
        }
        SavedCommand::Move { roster, roll, to } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &roster)?;
            let stored = store.find_saved_roll(roster.id, &roll)?;
            let rolls = store.move_saved_roll(stored.id, to as usize - 1)?;
            if global.json {
                return output::json(&rolls);
            }
            let place = rolls.iter().position(|r| r.id == stored.id).unwrap_or(0) + 1;
            output::text(&format!(
                "Moved \"{}\" to place {place} of {}\n",
                stored.name,
                rolls.len()
            ))
        }
        SavedCommand::Delete { roster, roll } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &roster)?;
            let stored = store.find_saved_roll(roster.id, &roll)?;
            let deleted = store.delete_saved_roll(stored.id)?;
            if global.json {
                return output::json(&deleted);
            }
            output::text(&format!("Deleted the saved roll \"{}\"\n", deleted.name))
        }
    }
}

impl Fields {
    /// The fields given, as a change.
    fn patch(&self) -> Result<SavedRollPatch, Failure> {
        Ok(SavedRollPatch {
            values: self.values.as_deref().map(values_arg).transpose()?,
            target: self.target,
            notes: self.notes.clone(),
            ..SavedRollPatch::default()
        })
    }
}

fn told(global: &Global, saved: &SavedRoll, verb: &str) -> Result<(), Failure> {
    if global.json {
        return output::json(saved);
    }
    output::text(&format!(
        "{verb} \"{}\": {}{} (at least {} succeeds), place {}\n",
        saved.name,
        saved.expr,
        match values_text(saved) {
            v if v.is_empty() => String::new(),
            v => format!(" with {v}"),
        },
        saved.target,
        saved.position + 1
    ))
}

/// `bonus=2, dc=15`.
fn values_text(roll: &SavedRoll) -> String {
    roll.values
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(", ")
}
