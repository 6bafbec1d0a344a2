//! `rollbook character list|show|delete` and `rollbook search`.

use clap::{Args, Subcommand};
use rollbook_roster::sheet::RatingValue;
use rollbook_roster::{Character, Store};

use super::store::{self, Open};
use super::text_table::{self, Table};
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook character list
  rollbook character list --roster \"Friday Night Heroes\"
  rollbook character show Vex
  rollbook character show Vex --roster \"Friday Night Heroes\" --json
  rollbook character delete \"Overseer Kaan\"     to the trash (or: rollbook undo)";

pub const SEARCH_EXAMPLES: &str = "\
Examples:
  rollbook search vex
  rollbook search tag:party player:sam
  rollbook search name:\"juno park\"
  rollbook search tag:villain --limit 5 --json

Every word must match the name, player or a tag (any case); name:, player: and tag: limit a
word to one field, and quotes keep a phrase together.";

#[derive(Debug, Subcommand)]
#[command(after_help = EXAMPLES)]
pub enum CharacterCommand {
    /// List the characters of one roster, or of every roster.
    #[command(after_help = EXAMPLES)]
    List {
        /// Only this roster (name or id).
        #[arg(long, value_name = "NAME")]
        roster: Option<String>,
    },
    /// Show a character: who, where, and the ratings on the sheet (a system from a file: every
    /// part of it, in words; --json: the whole sheet).
    #[command(after_help = EXAMPLES)]
    Show {
        /// The character's name (any case) or id.
        name: String,
        /// Look only in this roster (name or id), when the name is used in several.
        #[arg(long, value_name = "NAME")]
        roster: Option<String>,
    },
    /// Move a character to the trash (`rollbook undo` brings it back).
    #[command(after_help = EXAMPLES)]
    Delete {
        /// The character's name (any case) or id.
        name: String,
        /// Look only in this roster (name or id).
        #[arg(long, value_name = "NAME")]
        roster: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Words to find (see below); several words must all match.
    #[arg(required = true, value_name = "QUERY")]
    query: Vec<String>,
    /// At most this many characters, best first.
    #[arg(long, value_name = "N", default_value_t = 50)]
    limit: usize,
}

pub fn run(command: CharacterCommand, global: &Global) -> Result<(), Failure> {
    match command {
        CharacterCommand::List { roster } => list(global, roster.as_deref()),
        CharacterCommand::Show { name, roster } => show(global, &name, roster.as_deref()),
        CharacterCommand::Delete { name, roster } => {
            let mut store = store::open(global, Open::Existing)?;
            let character = find(&store, &name, roster.as_deref())?;
            let character = store.delete_character(character.id)?;
            if global.json {
                return output::json(&character);
            }
            output::text(&format!(
                "Moved \"{}\" to the trash; `rollbook undo` brings it back\n",
                character.name
            ))
        }
    }
}

/// A character by name or id, within `--roster` when given.
pub fn find(store: &Store, name: &str, roster: Option<&str>) -> Result<Character, Failure> {
    let roster = roster.map(|r| store::roster(store, r)).transpose()?;
    Ok(store.find_character(roster.map(|r| r.id), name)?)
}

fn list(global: &Global, roster: Option<&str>) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    // What does not read (a roster, a character) is told apart, after the others.
    let mut damaged = Vec::new();
    let rosters = match roster {
        Some(name) => vec![store::roster(&store, name)?],
        None => {
            let listed = store.rosters_readable()?;
            damaged.extend(listed.damaged);
            listed.read
        }
    };
    let mut all = Vec::new();
    let mut table = Table::new(["CHARACTER", "ROSTER", "SYSTEM", "PLAYER", "KIND", "TAGS"]);
    for r in &rosters {
        let listed = store.characters_readable(r.id)?;
        damaged.extend(listed.damaged);
        for c in listed.read {
            table.row([
                c.name.clone(),
                r.name.clone(),
                r.system.to_string(),
                c.player.clone(),
                c.kind.as_str().to_string(),
                c.tags.join(", "),
            ]);
            all.push(c);
        }
    }
    print_list(global, &all, &table, damaged.is_empty())?;
    Failure::unless_damaged(damaged)
}

fn print_list(
    global: &Global,
    all: &[Character],
    table: &Table,
    whole: bool,
) -> Result<(), Failure> {
    if global.json {
        return output::json(&all);
    }
    match (table.is_empty(), whole) {
        (true, true) => output::text("No characters.\n"),
        (true, false) => Ok(()),
        (false, _) => output::text(&table.render()),
    }
}

fn show(global: &Global, name: &str, roster: Option<&str>) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    let c = find(&store, name, roster)?;
    if global.json {
        return output::json(&c);
    }
    let roster = store.roster(c.roster_id)?;
    let mut text = format!("{}\n", c.name);
    text.push_str(&text_table::fields(&[
        ("roster", format!("{} ({})", roster.name, roster.system)),
        ("player", c.player.clone()),
        ("kind", c.kind.as_str().to_string()),
        ("tags", c.tags.join(", ")),
        ("notes", c.notes.clone()),
        ("id", c.id.to_string()),
    ]));
    let ratings = c.sheet.ratings();
    if !ratings.is_empty() {
        let mut table = Table::new(["RATING", "WHAT", "VALUE"]);
        for r in ratings {
            let value = match r.value {
                RatingValue::Number(n) => n.to_string(),
                RatingValue::Level(level) => level,
            };
            table.row([r.name, r.what.replace('_', " "), value]);
        }
        text.push('\n');
        text.push_str(&table.render());
    }
    // A sheet of a system from a file: its other parts too (checks, choices, texts, trackers
    // with their maxima, derived values, what an upgrade kept aside), as its printed sheet.
    if let rollbook_roster::Sheet::File(sheet) = &c.sheet {
        let parts = sheet.parts_in_words(&roster.house_rules);
        if !parts.is_empty() {
            let mut table = Table::new(["SHEET", "VALUE"]);
            for (label, value) in parts {
                table.row([label, value]);
            }
            text.push('\n');
            text.push_str(&table.render());
        }
    }
    output::text(&text)
}

pub fn search(args: SearchArgs, global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    let hits = store.search(&args.query.join(" "), args.limit)?;
    if global.json {
        return output::json(&hits);
    }
    if hits.is_empty() {
        return output::text("No character matches.\n");
    }
    let mut table = Table::new([
        "CHARACTER",
        "ROSTER",
        "SYSTEM",
        "PLAYER",
        "KIND",
        "TAGS",
        "MATCHED",
    ]);
    for h in hits {
        table.row([
            h.name,
            h.roster_name,
            h.system.to_string(),
            h.player,
            h.kind.as_str().to_string(),
            h.tags.join(", "),
            h.matched.join(", "),
        ]);
    }
    output::text(&table.render())
}
