//! `rollbook roll`: rolls each request, reproducibly when given a seed. With `--character` or
//! `--roster` the roster's house rules apply and every roll goes into the roll log.

use clap::Args;
use rollbook_roster::{NewLogEntry, Roster, Store};
use rollbook_rules::RollRequest;

use super::store::{self, Open};
use super::{character, input, odds::locate, output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook roll '{\"system\":\"marks\",\"roll\":\"pool\",\"attribute_dice\":3,\"skill_dice\":2}'
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2,\"difficulty\":18}' --seed 7
  rollbook roll '[{\"system\":\"stunt\",\"roll\":\"doubles\",\"needed\":2},{\"system\":\"stunt\",\"roll\":\"double_six\"}]' --seed 1
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2}' --character Vex
  rollbook roll '{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Cosmic\"}' --roster \"The Uncanny Stunt Squad\"

Prints {\"outcome\", \"success\", \"dice\", \"detail\", \"seed\", ...}; the same seed gives the same dice.
Without --character or --roster nothing is logged and no database is opened.";

#[derive(Debug, Args)]
pub struct RollArgs {
    /// The roll request as JSON, or `-` to read it from stdin.
    request: String,
    /// Seed for reproducible dice; the i-th request of an array uses seed + i.
    /// Without it a fresh seed is drawn and printed in each result.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Roll for this stored character (name or id) and log the roll with it.
    #[arg(long, value_name = "NAME")]
    character: Option<String>,
    /// Roll under this roster's house rules and log the roll in it; with --character, the
    /// roster to look for the character in.
    #[arg(long, value_name = "NAME")]
    roster: Option<String>,
}

pub fn run(args: RollArgs, global: &Global) -> Result<(), Failure> {
    if args.character.is_none() && args.roster.is_none() {
        return unlogged(&args.request, args.seed);
    }
    let requests = input::read(&args.request)?;
    let mut store = store::open(global, Open::Existing)?;
    let character = args
        .character
        .as_deref()
        .map(|name| character::find(&store, name, args.roster.as_deref()))
        .transpose()?;
    let roster = match (&character, args.roster.as_deref()) {
        (Some(c), _) => store.roster(c.roster_id)?,
        (None, Some(name)) => store::roster(&store, name)?,
        (None, None) => unreachable!("checked above"),
    };
    let who = match &character {
        Some(c) => format!("{} of \"{}\"", c.name, roster.name),
        None => format!("\"{}\"", roster.name),
    };
    // Every request is checked before anything is logged, so an array is logged whole or not.
    for (index, request) in requests.items.iter().enumerate() {
        check_system(request, &roster, &who)
            .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
    }
    let mut answers = Vec::with_capacity(requests.items.len());
    for (index, request) in requests.items.iter().enumerate() {
        let seed = match args.seed {
            Some(base) => base.wrapping_add(index as u64),
            None => rollbook_rules::random_seed(),
        };
        let result = rollbook_rules::roll_with(request, &roster.house_rules, seed)
            .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
        answers.push(result);
    }
    for (request, result) in requests.items.iter().zip(&answers) {
        log(&mut store, request, result, &roster, character.as_ref())?;
    }
    output::print(answers, requests.is_array)
}

/// A roll for a roster must be of the roster's system (its house rules and sheets are).
fn check_system(request: &RollRequest, roster: &Roster, who: &str) -> Result<(), String> {
    let (system, roll) = request.kind_id();
    if system == roster.system.as_str() {
        Ok(())
    } else {
        Err(format!(
            "a {system} {roll} roll cannot be made for {who}, a {} roster; use a {} request",
            roster.system, roster.system
        ))
    }
}

fn log(
    store: &mut Store,
    request: &RollRequest,
    result: &rollbook_rules::RollResult,
    roster: &Roster,
    character: Option<&rollbook_roster::Character>,
) -> Result<(), Failure> {
    let entry = NewLogEntry::new(request, result).in_roster(roster.id);
    let entry = match character {
        Some(c) => entry.by(c.id),
        None => entry,
    };
    store.log_roll(entry)?;
    Ok(())
}

/// The plain roll: default rules, nothing logged, no database.
fn unlogged(argument: &str, seed: Option<u64>) -> Result<(), Failure> {
    let requests = input::read(argument)?;
    let mut answers = Vec::with_capacity(requests.items.len());
    for (index, request) in requests.items.iter().enumerate() {
        // Each element of an array gets its own seed so equal requests still roll differently.
        let seed = match seed {
            Some(base) => base.wrapping_add(index as u64),
            None => rollbook_rules::random_seed(),
        };
        let result = rollbook_rules::roll(request, seed)
            .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
        answers.push(result);
    }
    output::print(answers, requests.is_array)
}
