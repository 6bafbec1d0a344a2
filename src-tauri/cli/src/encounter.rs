//! `rollbook encounter …`: encounters at the table from the command line — the same store calls
//! as the window's Encounters view (every action logged, undoable, rolls in the roll log).

use clap::{Args, Subcommand};
use rollbook_roster::{PlayOptions, TableAction};

use super::store::{self, Open};
use super::table_report::{describe, describe_in_words, event_lines, report};
use super::text_table::{self, Table};
use super::which::Which;
use super::{character, input, output, plans, visibility, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook encounter new --roster Heroes \"Dockside Ambush\"
  rollbook encounter add --roster Heroes \"Dockside Ambush\" --character Vex --character Mara --npcs 3
  rollbook encounter add --roster Crew Airlock --npcs 3 --label Drone --numbers '{\"ac\":14,\"hp\":{\"max\":12}}'
  rollbook encounter add --roster Crew Airlock --character Drone --copies 3    Drone 1, Drone 2, Drone 3
  rollbook encounter keep --roster Crew Airlock \"Drone 2\"       a quick NPC kept as a roster character
  rollbook encounter next --roster Heroes \"Dockside Ambush\"           the next turn
  rollbook encounter next --roster Heroes \"Dockside Ambush\" --round   a new round
  rollbook encounter next --roster Crew Airlock --round --cards AS,10H,JK   dealt from a real deck
  rollbook encounter play --roster Heroes \"Dockside Ambush\" '{\"system\":\"genre\",\"move\":\"rest\"}'
  rollbook encounter show --roster Heroes \"Dockside Ambush\"
  rollbook encounter log --roster Heroes \"Dockside Ambush\"
  rollbook encounter undo --roster Heroes \"Dockside Ambush\"
  rollbook encounter save-to-sheets --roster Heroes \"Dockside Ambush\"   the table's numbers onto the sheets
  rollbook encounter hide --roster Heroes \"Dockside Ambush\" \"Goon 3\"      not in the players' view
  rollbook encounter reveal --roster Heroes \"Dockside Ambush\" \"Goon 3\" --alias \"Masked figure\" --health words

`play` takes a table action ({\"action\":\"move_up\",\"participant_id\":\"…\"}, see docs/ipc.md)
or a move of the roster's system ({\"system\":\"universe\",\"move\":\"deal\"}); --seed makes its
dice repeatable, --dice 5,12,3,7 takes the dice rolled at the table instead (too few say which
dice are still needed). --json prints the whole encounter (and the rolls made) for scripts.";

#[derive(Debug, Subcommand)]
pub enum EncounterCommand {
    /// List a roster's encounters.
    #[command(after_help = EXAMPLES)]
    List {
        /// The roster (name or id).
        #[arg(long, value_name = "NAME")]
        roster: String,
    },
    /// Start an encounter in a roster: round 1, nobody yet, or everyone of a plan.
    #[command(after_help = EXAMPLES)]
    New {
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// The encounter's name.
        name: String,
        /// Start it from this plan of the roster (name or id): its participants join as saved.
        #[arg(long, value_name = "PLAN")]
        from: Option<String>,
    },
    /// Start a new encounter with the same participants (round 1, the table untouched).
    #[command(after_help = plans::EXAMPLES)]
    Duplicate {
        #[command(flatten)]
        which: Which,
        /// The new encounter's name (default: "NAME (copy)").
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
    },
    /// Fights prepared ahead: save an encounter as a plan, list or delete plans (start one with
    /// `encounter new --from PLAN`).
    #[command(after_help = plans::EXAMPLES)]
    Plan {
        #[command(subcommand)]
        command: plans::PlanCommand,
    },
    /// Show the round, the turn order and whose turn it is.
    #[command(after_help = EXAMPLES)]
    Show(Which),
    /// Add characters of the roster (or numbered copies of them) and/or nameless NPCs ("Goon 1",
    /// "Goon 2", …), with numbers of their own.
    #[command(after_help = EXAMPLES)]
    Add {
        #[command(flatten)]
        which: Which,
        /// A character of the roster (name or id); repeat for more.
        #[arg(long = "character", value_name = "NAME")]
        characters: Vec<String>,
        /// Each --character joins as N numbered copies ("Drone 1", "Drone 2", …), each with
        /// the character's sheet and its own health; nothing is written back to the character.
        #[arg(long, value_name = "N")]
        copies: Option<u32>,
        /// How many nameless NPCs to add.
        #[arg(long, value_name = "N")]
        npcs: Option<u32>,
        /// The NPCs' name, numbered on from the highest already in.
        #[arg(long, value_name = "LABEL", default_value = "Goon")]
        label: String,
        /// The NPCs' numbers as sheet JSON of the roster's system, or part of one (`-` reads
        /// stdin): '{"ac":14,"hp":{"max":12}}'. Checked as a sheet is; what is left out keeps
        /// the blank sheet's value.
        #[arg(long, value_name = "JSON", requires = "npcs")]
        numbers: Option<String>,
        /// Seed for what joining shuffles or draws (the universe deck); a fresh one when left out.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The turn passes to the next in order (a new round after the last), or with --round a new
    /// round starts.
    #[command(after_help = EXAMPLES)]
    Next {
        #[command(flatten)]
        which: Which,
        /// Start a new round now, whoever's turn it is.
        #[arg(long)]
        round: bool,
        #[command(flatten)]
        options: MoveOptions,
    },
    /// Play one table action or system move given as JSON (or `-` to read it from stdin).
    #[command(after_help = EXAMPLES)]
    Play {
        #[command(flatten)]
        which: Which,
        action: String,
        #[command(flatten)]
        options: MoveOptions,
    },
    /// Keep a quick NPC or a copy as an NPC of the roster, with its numbers.
    #[command(after_help = EXAMPLES)]
    Keep {
        #[command(flatten)]
        which: Which,
        /// The participant (name or id, as `rollbook encounter show` lists them).
        participant: String,
        /// The character's name (default: the participant's label, "Drone 3" → "Drone").
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
    },
    /// Write the table's running state the sheets also hold (trackers, Glory, fate cards,
    /// health, effects, conditions, HTK) onto the characters' sheets, each checked like an
    /// edit: one refused writes none. Quick NPCs and copies have no sheet; the encounter is
    /// not changed.
    #[command(after_help = EXAMPLES)]
    SaveToSheets(Which),
    /// Undo the encounter's last table action (repeat to go further back).
    #[command(after_help = EXAMPLES)]
    Undo(Which),
    /// The encounter's action log, oldest first.
    #[command(after_help = EXAMPLES)]
    Log(Which),
    /// Move an encounter to the trash.
    #[command(after_help = EXAMPLES)]
    Delete(Which),
    /// Hide a participant from the players' view until revealed.
    #[command(after_help = EXAMPLES)]
    Hide(visibility::HideArgs),
    /// Show a participant in the players' view (under an alias, with their health as numbers,
    /// words or not at all).
    #[command(after_help = EXAMPLES)]
    Reveal(visibility::RevealArgs),
}

/// How a move gets its dice and who sees its rolls: `play` and `next` take the same options (a
/// new round may roll or deal initiative).
#[derive(Debug, Args)]
pub struct MoveOptions {
    /// Seed for the dice and cards (a fresh one when left out).
    #[arg(long)]
    seed: Option<u64>,
    /// Roll in secret: the move's rolls are logged as GM only and never reach the players'
    /// view.
    #[arg(long)]
    secret: bool,
    /// Dice rolled at the table, typed in: every face in the order the move reads them
    /// (as its rolls list their `dice`; a 12 that explodes is followed by its extra die),
    /// e.g. --dice 5,12,3,7. Too few, too many or a face not on its die is refused (exit 2)
    /// and nothing is written; the rolls are logged as by hand.
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<u32>>,
    /// Universe: the initiative cards dealt from a real deck, one per combatant in turn
    /// order (AS, 10H, QD, JK for a joker), then each fate card the move draws (for a joker
    /// dealt, or a natural 20 rolled by hand), checked against the cards the table's deck has
    /// left; for a deal, a turn that starts a round, or a move whose natural 20 draws fate.
    #[arg(long, value_name = "CARDS", value_delimiter = ',')]
    cards: Option<Vec<String>>,
}

impl From<MoveOptions> for PlayOptions {
    fn from(options: MoveOptions) -> Self {
        let MoveOptions {
            seed,
            secret,
            dice,
            cards,
        } = options;
        PlayOptions {
            seed,
            secret,
            dice,
            cards,
        }
    }
}

pub fn run(command: EncounterCommand, global: &Global) -> Result<(), Failure> {
    match command {
        EncounterCommand::List { roster } => {
            let store = store::open(global, Open::Read)?;
            let roster = store::roster(&store, &roster)?;
            let encounters = store.encounters(roster.id)?;
            if global.json {
                return output::json(&encounters);
            }
            if encounters.is_empty() {
                return output::text(&format!("\"{}\" has no encounters yet.\n", roster.name));
            }
            let mut list = Table::new(["NAME", "ROUND", "PARTICIPANTS", "UPDATED", "ID"]);
            for e in &encounters {
                list.row([
                    e.state.name.clone(),
                    e.state.round.to_string(),
                    e.state.order.len().to_string(),
                    text_table::local_time(e.updated_at),
                    e.id.to_string(),
                ]);
            }
            output::text(&list.render())
        }
        EncounterCommand::New { roster, name, from } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &roster)?;
            let e = match from {
                Some(plan) => plans::start(&mut store, &roster, &plan, &name)?,
                None => store.create_encounter(roster.id, &name)?,
            };
            if global.json {
                return output::json(&e);
            }
            output::text(&format!(
                "Started \"{}\" in \"{}\" ({})\n",
                e.state.name, roster.name, e.id
            ))
        }
        EncounterCommand::Show(which) => {
            let store = store::open(global, Open::Read)?;
            let e = which.find(&store)?;
            if global.json {
                return output::json(&e);
            }
            let in_words = store.table_in_words(e.id)?;
            output::text(&describe_in_words(&e, &in_words))
        }
        EncounterCommand::Add {
            which,
            characters,
            copies,
            npcs,
            label,
            numbers,
            seed,
        } => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let roster = e.roster_id.to_string();
            let mut actions = Vec::new();
            let character_ids = characters
                .iter()
                .map(|name| Ok(character::find(&store, name, Some(&roster))?.id))
                .collect::<Result<Vec<_>, Failure>>()?;
            match copies {
                _ if character_ids.is_empty() => {}
                None => actions.push(TableAction::AddCharacters { character_ids }),
                Some(count) => actions.extend(character_ids.into_iter().map(|character_id| {
                    TableAction::AddCopies {
                        character_id,
                        count,
                    }
                })),
            }
            if let Some(count) = npcs {
                let sheet = numbers
                    .map(|text| input::json_value(&text, "numbers"))
                    .transpose()?;
                actions.push(TableAction::AddNpcs {
                    label,
                    count,
                    sheet,
                });
            }
            if actions.is_empty() {
                return Err(Failure::BadInput(
                    "name the participants: --character NAME (repeatable) and/or --npcs N".into(),
                ));
            }
            // All or nothing: 60 NPCs refused leaves the named characters out too.
            let plays = store.play_all(e.id, &actions, seed)?;
            report(&plays, global)
        }
        EncounterCommand::Next {
            which,
            round,
            options,
        } => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let action = if round {
                TableAction::NextRound
            } else {
                TableAction::NextTurn
            };
            let play = store.play(e.id, &action, options)?;
            report(&[play], global)
        }
        EncounterCommand::Play {
            which,
            action,
            options,
        } => {
            let action = parse_action(&action)?;
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let play = store.play(e.id, &action, options)?;
            report(&[play], global)
        }
        EncounterCommand::Duplicate { which, name } => {
            plans::duplicate(&which, name.as_deref(), global)
        }
        EncounterCommand::Plan { command } => plans::run(command, global),
        EncounterCommand::Keep {
            which,
            participant,
            name,
        } => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let participant_id = visibility::participant_id(&e, &participant)?;
            let kept = store.keep_as_character(e.id, participant_id, name.as_deref())?;
            if global.json {
                return output::json(&kept);
            }
            output::text(&format!(
                "Kept \"{}\" as an NPC of the roster ({})\n",
                kept.name, kept.id
            ))
        }
        EncounterCommand::SaveToSheets(which) => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let changed = store.save_encounter_to_sheets(e.id)?;
            if global.json {
                return output::json(&changed);
            }
            let names: Vec<&str> = changed.iter().map(|c| c.name.as_str()).collect();
            output::text(&if names.is_empty() {
                "No sheet changed: every character's sheet already holds the table's numbers.\n"
                    .to_string()
            } else {
                format!(
                    "Saved to {} sheet{}: {}\n",
                    names.len(),
                    if names.len() == 1 { "" } else { "s" },
                    names.join(", ")
                )
            })
        }
        EncounterCommand::Undo(which) => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let e = store.undo_table_action(e.id)?;
            if global.json {
                return output::json(&e);
            }
            output::text(&format!("Undone.\n{}", describe(&e)))
        }
        EncounterCommand::Log(which) => {
            let store = store::open(global, Open::Read)?;
            let e = which.find(&store)?;
            let entries = store.table_actions(e.id)?;
            if global.json {
                return output::json(&entries);
            }
            let mut log = Table::new(["AT", "WHAT HAPPENED", "UNDONE"]);
            for entry in &entries {
                log.row([
                    text_table::local_time(entry.at),
                    event_lines(&entry.events).join("; "),
                    if entry.undone_at.is_some() {
                        "undone"
                    } else {
                        ""
                    }
                    .into(),
                ]);
            }
            output::text(&log.render())
        }
        EncounterCommand::Hide(args) => visibility::hide(args, global),
        EncounterCommand::Reveal(args) => visibility::reveal(args, global),
        EncounterCommand::Delete(which) => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let e = store.delete_encounter(e.id)?;
            if global.json {
                return output::json(&e);
            }
            output::text(&format!(
                "Moved \"{}\" to the trash ({})\n",
                e.state.name, e.id
            ))
        }
    }
}

/// A table action, or a system move (an object with "system") played as one.
fn parse_action(argument: &str) -> Result<TableAction, Failure> {
    let text = input::text(argument, "action")?;
    let bad = |e: &dyn std::fmt::Display| Failure::BadInput(format!("bad table action: {e}"));
    let rollbook_rules::strict_json::StrictValue(mut value) =
        serde_json::from_str(&text).map_err(|e| bad(&e))?;
    if value.get("action").is_none() && value.get("system").is_some() {
        value = serde_json::json!({"action": "system", "move": value});
    }
    serde_path_to_error::deserialize(value).map_err(|e| bad(&e))
}
