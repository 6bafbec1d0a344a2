//! `rollbook roster list|show|create|rename|house-rules|delete|restore`.

use clap::Subcommand;
use rollbook_roster::{Character, NewRoster, Roster, RosterError, RosterPatch, System};
use rollbook_rules::{HouseRules, MINOR_DAMAGE_DICE, MISS_MARGIN};
use serde_json::json;

use super::store::{self, Open};
use super::text_table::{self, Table};
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook roster list
  rollbook roster show \"Friday Night Heroes\"
  rollbook roster create \"Saturday Stunts\" --system stunt --notes \"Weekly game\"
  rollbook roster rename \"Saturday Stunts\" \"Sunday Stunts\"
  rollbook roster house-rules --roster \"Saturday Stunts\" --minor-damage-dice 4
  rollbook roster house-rules --roster \"Friday Night Heroes\" --miss-margin 5
  rollbook roster house-rules --roster \"Friday Night Heroes\" --reset   back to RULES.md's rulings
  rollbook roster house-rules --roster \"Heroes of d20\" --set crit_range=19   a system file's number
  rollbook roster delete \"Sunday Stunts\"      to the trash
  rollbook roster restore \"Sunday Stunts\"     out of the trash (or: rollbook undo)
  rollbook --json roster list";

#[derive(Debug, Subcommand)]
#[command(after_help = EXAMPLES)]
pub enum RosterCommand {
    /// List the rosters (not those in the trash), in their order.
    #[command(after_help = EXAMPLES)]
    List,
    /// Show a roster, its house rules and its characters.
    #[command(after_help = EXAMPLES)]
    Show {
        /// The roster's name (any case) or id.
        name: String,
    },
    /// Create an empty roster for one rules system.
    #[command(after_help = EXAMPLES)]
    Create {
        /// The new roster's name (1 to 120 characters).
        name: String,
        /// Its rules system: stunt, genre, universe, marks, d12, or the id of a system from a
        /// file, shipped or added (`rollbook system list`); it never changes afterwards.
        #[arg(long, value_name = "SYSTEM")]
        system: String,
        /// Notes for the GM.
        #[arg(long, value_name = "TEXT", default_value = "")]
        notes: String,
    },
    /// Rename a roster.
    #[command(after_help = EXAMPLES)]
    Rename {
        /// The roster's name (any case) or id.
        name: String,
        /// Its new name.
        new_name: String,
    },
    /// Show or set the roster's house rules that are numbers: the stunt Minor Damage dice
    /// (RULES.md: 6), the d12 miss margin (RULES.md: 3), or those a system file declares
    /// (`--set NAME=N`). With no option, shows them.
    #[command(after_help = EXAMPLES)]
    HouseRules {
        /// The roster's name (any case) or id.
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// stunt: Minor Damage is this many d6, summed (1 to 20).
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        minor_damage_dice: Option<i64>,
        /// d12: an attack whose margin is below this misses (0 to 10).
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        miss_margin: Option<i64>,
        /// A number a system file declares (`[house_rules.NAME]`), as NAME=N; repeatable.
        #[arg(long, value_name = "NAME=N", value_parser = name_and_number)]
        set: Vec<(String, i64)>,
        /// Put every number back to its ruling (RULES.md's, or the file's default) first (the
        /// stunt chart is kept).
        #[arg(long)]
        reset: bool,
    },
    /// Move a roster and its characters to the trash (`rollbook undo` brings it back).
    #[command(after_help = EXAMPLES)]
    Delete {
        /// The roster's name (any case) or id.
        name: String,
    },
    /// Take a roster out of the trash.
    #[command(after_help = EXAMPLES)]
    Restore {
        /// The name (any case) or id of the roster in the trash.
        name: String,
    },
}

/// `--system`: one of the five, or a system from a file the database holds (read only when
/// the id is none of the five). Refused as clap refuses a value, naming the five, the systems
/// from files this database holds and the nearest id.
fn system_named(id: &str, global: &Global) -> Result<System, Failure> {
    if let Ok(system) = id.parse::<System>() {
        return Ok(system);
    }
    store::known_to(global)?;
    id.parse::<System>().map_err(|why| {
        Failure::BadInput(format!(
            "invalid value '{id}' for '--system <SYSTEM>': {why} (`rollbook system list`)"
        ))
    })
}

pub fn run(command: RosterCommand, global: &Global) -> Result<(), Failure> {
    match command {
        RosterCommand::List => list(global),
        RosterCommand::Show { name } => show(global, &name),
        RosterCommand::Create {
            name,
            system,
            notes,
        } => {
            let system = system_named(&system, global)?;
            let mut store = store::open(global, Open::Create)?;
            let roster = store.create_roster(NewRoster {
                notes,
                ..NewRoster::new(name, system)
            })?;
            done(global, &roster, || {
                format!(
                    "Created roster \"{}\" ({}), id {}\n",
                    roster.name, roster.system, roster.id
                )
            })
        }
        RosterCommand::Rename { name, new_name } => {
            let mut store = store::open(global, Open::Existing)?;
            let old = store::roster(&store, &name)?;
            let roster = store.rename_roster(old.id, &new_name)?;
            done(global, &roster, || {
                format!("Renamed roster \"{}\" to \"{}\"\n", old.name, roster.name)
            })
        }
        RosterCommand::HouseRules {
            roster,
            minor_damage_dice,
            miss_margin,
            set,
            reset,
        } => house_rules(
            global,
            &roster,
            Asked {
                minor_damage_dice,
                miss_margin,
                set,
                reset,
            },
        ),
        RosterCommand::Delete { name } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &name)?;
            let roster = store.delete_roster(roster.id)?;
            done(global, &roster, || {
                let with = match roster.character_count {
                    0 => String::new(),
                    n => format!(" and its {}", text_table::count(n as usize, "character")),
                };
                format!(
                    "Moved roster \"{}\"{with} to the trash; `rollbook undo` brings it back\n",
                    roster.name
                )
            })
        }
        RosterCommand::Restore { name } => {
            let mut store = store::open(global, Open::Existing)?;
            let deleted = in_trash(&store, &name)?;
            let roster = store.restore_roster(deleted.id)?;
            done(global, &roster, || {
                let with = match roster.character_count {
                    0 => String::new(),
                    n => format!(" with its {}", text_table::count(n as usize, "character")),
                };
                format!("Restored roster \"{}\"{with}\n", roster.name)
            })
        }
    }
}

/// What `house-rules` asks to change.
struct Asked {
    minor_damage_dice: Option<i64>,
    miss_margin: Option<i64>,
    set: Vec<(String, i64)>,
    reset: bool,
}

/// `--set NAME=N`.
fn name_and_number(text: &str) -> Result<(String, i64), String> {
    let (name, number) = text
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=N, found \"{text}\""))?;
    let number = number
        .trim()
        .parse()
        .map_err(|_| format!("{} is not a whole number", number.trim()))?;
    Ok((name.trim().to_string(), number))
}

/// `rollbook roster house-rules`: the numbers changed through the store (which checks their
/// range and that they are the roster's system's), or shown when nothing is asked.
fn house_rules(global: &Global, name: &str, asked: Asked) -> Result<(), Failure> {
    let changing = asked.reset
        || asked.minor_damage_dice.is_some()
        || asked.miss_margin.is_some()
        || !asked.set.is_empty();
    if !changing {
        let store = store::open(global, Open::Read)?;
        let roster = store::roster(&store, name)?;
        return done(global, &roster, || numbers_text(&roster));
    }
    let mut store = store::open(global, Open::Existing)?;
    let roster = store::roster(&store, name)?;
    let mut house = roster.house_rules.clone();
    if asked.reset {
        let ruled = HouseRules::ruled();
        house.minor_damage_dice = ruled.minor_damage_dice;
        house.miss_margin = ruled.miss_margin;
        house.file_numbers.clear();
    }
    if let Some(n) = asked.minor_damage_dice {
        house.set(MINOR_DAMAGE_DICE, n);
    }
    if let Some(n) = asked.miss_margin {
        house.set(MISS_MARGIN, n);
    }
    for (number, value) in asked.set {
        // A number set back to the file's default is left out, as the five's rulings are.
        let default = file_numbers(&roster)
            .iter()
            .find(|n| n.name == number)
            .map(|n| n.default);
        if default == Some(value) {
            house.file_numbers.remove(&number);
        } else {
            house.file_numbers.insert(number, value);
        }
    }
    let roster = store.update_roster(
        roster.id,
        RosterPatch {
            house_rules: Some(house),
            ..RosterPatch::default()
        },
    )?;
    done(global, &roster, || {
        format!(
            "Saved the house rules of \"{}\"\n{}",
            roster.name,
            numbers_text(&roster)
        )
    })
}

/// The roster's own numbers, one a line: "miss margin  5 (house rule; RULES.md: 3)".
fn numbers_text(roster: &Roster) -> String {
    let rows: Vec<(&str, String)> = numbers(roster);
    if rows.is_empty() {
        return format!("{} has no house rules that are numbers\n", roster.system);
    }
    text_table::fields(&rows)
}

/// The house-rule numbers a system file declares (none for the five).
fn file_numbers(roster: &Roster) -> &'static [rollbook_rules::system_file::HouseNumber] {
    match roster.system {
        System::File(file) => &file.file().house_numbers,
        _ => &[],
    }
}

/// The house-rule numbers of the roster's system, each with whether it is the ruling.
fn numbers(roster: &Roster) -> Vec<(&'static str, String)> {
    let said = |value: i64, default: i64| {
        if value == default {
            format!("{value} (the file's default)")
        } else {
            format!("{value} (house rule; the file's default: {default})")
        }
    };
    let five = roster
        .house_rules
        .numbers()
        .into_iter()
        .filter(|(number, _)| number.system == roster.system.as_str())
        .map(|(number, value)| {
            let said = if value == number.default {
                format!("{value} (RULES.md's ruling)")
            } else {
                format!("{value} (house rule; RULES.md: {})", number.default)
            };
            (number.label, said)
        });
    let files = file_numbers(roster).iter().map(|number| {
        let value = roster
            .house_rules
            .file_numbers
            .get(&number.name)
            .copied()
            .unwrap_or(number.default);
        (number.label.as_str(), said(value, number.default))
    });
    five.chain(files).collect()
}

/// The roster as JSON, or a sentence for people.
fn done(
    global: &Global,
    roster: &Roster,
    sentence: impl FnOnce() -> String,
) -> Result<(), Failure> {
    if global.json {
        output::json(roster)
    } else {
        output::text(&sentence())
    }
}

fn list(global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    // A roster that does not read is told apart, after the others (which it must not hide).
    let listed = store.rosters_readable()?;
    print_list(global, &listed.read, listed.damaged.is_empty())?;
    Failure::unless_damaged(listed.damaged)
}

fn print_list(global: &Global, rosters: &[Roster], whole: bool) -> Result<(), Failure> {
    if global.json {
        return output::json(&rosters);
    }
    if rosters.is_empty() {
        return match whole {
            true => output::text(
                "No rosters yet. Create one with `rollbook roster create NAME --system d12`, or import a file with `rollbook import FILE`.\n",
            ),
            false => Ok(()),
        };
    }
    let mut table = Table::new(["NAME", "SYSTEM", "CHARACTERS", "ID"]);
    for r in rosters {
        table.row([
            r.name.clone(),
            r.system.to_string(),
            r.character_count.to_string(),
            r.id.to_string(),
        ]);
    }
    output::text(&table.render())
}

fn show(global: &Global, name: &str) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    let roster = store::roster(&store, name)?;
    // A character that does not read is told apart, after the roster and the others.
    let listed = store.characters_readable(roster.id)?;
    print_roster(global, &roster, &listed.read, listed.damaged.is_empty())?;
    Failure::unless_damaged(listed.damaged)
}

fn print_roster(
    global: &Global,
    roster: &Roster,
    characters: &[Character],
    whole: bool,
) -> Result<(), Failure> {
    if global.json {
        return output::json(&json!({"roster": roster, "characters": characters}));
    }
    let house = if roster.system == System::Stunt {
        roster.house_rules.stunt.levels.join(", ")
    } else {
        String::new()
    };
    let mut text = format!("{} ({})\n", roster.name, roster.system);
    let mut rows = vec![
        ("id", roster.id.to_string()),
        ("notes", roster.notes.clone()),
        ("levels", house),
    ];
    rows.extend(numbers(roster));
    rows.push(("created", text_table::local_time(roster.created_at)));
    rows.push(("updated", text_table::local_time(roster.updated_at)));
    text.push_str(&text_table::fields(&rows));
    text.push('\n');
    if characters.is_empty() && whole {
        text.push_str("No characters.\n");
    } else if !characters.is_empty() {
        let mut table = Table::new(["CHARACTER", "PLAYER", "KIND", "TAGS"]);
        for c in characters {
            table.row([
                c.name.clone(),
                c.player.clone(),
                c.kind.as_str().to_string(),
                c.tags.join(", "),
            ]);
        }
        text.push_str(&table.render());
    }
    output::text(&text)
}

/// A roster in the trash by id or name (any case); several with the name are ambiguous.
fn in_trash(store: &rollbook_roster::Store, name: &str) -> Result<Roster, Failure> {
    let wanted = name.trim();
    let named = |id: &str, name: &str| {
        id == wanted.to_lowercase() || name.trim().to_lowercase() == wanted.to_lowercase()
    };
    let listed = store.trash_readable()?;
    let mut found: Vec<Roster> = listed
        .trash
        .rosters
        .into_iter()
        .filter(|r| named(&r.id.to_string(), &r.name))
        .collect();
    // The roster named may be in the trash but not read: refused by name, not "not found".
    let mut damaged: Vec<RosterError> = listed
        .damaged
        .into_iter()
        .filter(|e| match e {
            RosterError::DamagedRecord { record, .. } => {
                record.character.is_none()
                    && record.entry.is_none()
                    && named(&record.roster_id, &record.roster_name)
            }
            _ => false,
        })
        .collect();
    match (found.len(), damaged.len()) {
        (0, 0) => Err(RosterError::RosterNotFound(format!(
            "named \"{wanted}\" in the trash (`rollbook trash` lists it)"
        ))
        .into()),
        (1, 0) => Ok(found.remove(0)),
        (0, 1) => Err(damaged.remove(0).into()),
        _ => Err(RosterError::Ambiguous {
            what: "roster",
            name: wanted.to_string(),
            ids: found
                .iter()
                .map(|r| r.id.to_string())
                .chain(damaged.iter().filter_map(|e| match e {
                    RosterError::DamagedRecord { record, .. } => Some(record.roster_id.clone()),
                    _ => None,
                }))
                .collect(),
        }
        .into()),
    }
}
