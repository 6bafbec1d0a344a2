//! `rollbook roll`: rolls each request, reproducibly when given a seed. With `--character` or
//! `--roster` the roster's house rules apply and every roll goes into the roll log. With
//! `--rating` the request is one the character's sheet offers, with `--set` fields changed.

use clap::Args;
use rollbook_roster::operations::roll::roll_one;
use rollbook_roster::{Character, LogOptions, RollPlace, RosterError, SheetRoll};
use rollbook_rules::Dice;
use serde_json::Value;

use super::store::{self, Open};
use super::{character, input, odds::locate, output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook roll '{\"system\":\"marks\",\"roll\":\"pool\",\"attribute_dice\":3,\"skill_dice\":2}'
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2,\"difficulty\":18}' --seed 7
  rollbook roll '[{\"system\":\"stunt\",\"roll\":\"doubles\",\"needed\":2},{\"system\":\"stunt\",\"roll\":\"double_six\"}]' --seed 1
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2}' --character Vex
  rollbook roll '{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Cosmic\"}' --roster \"The Uncanny Stunt Squad\"
  rollbook roll --character Vex --rating Guns --set difficulty=12 --seed 7
  rollbook roll --character Vex --rating \"guns attack\" --set defender_ranks=2
  rollbook roll --character \"Marla Quick\" --rating Running --set defending=Mutant
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2,\"difficulty\":12}' --dice 5,12,3,7
  rollbook roll '{\"system\":\"dice\",\"roll\":\"expr\",\"expr\":\"8d6\"}' --roster Heroes
  rollbook roll --saved Fireball --roster Heroes --seed 7
  rollbook roll --saved \"Sneak attack\" --roster Heroes --dice 14 --secret

Prints {\"outcome\", \"success\", \"dice\", \"detail\", \"seed\", ...}; the same seed gives the same dice.
--dice takes the faces rolled at the table instead (\"by_hand\": true, no seed): too few faces say
how many more dice and of which sides, too many how many are left over (exit 2, nothing logged).
Without --character or --roster nothing is logged and no database is opened.

--rating rolls what the character's sheet offers under that name (an ability, skill, save,
\"Guns attack\", \"Physical save with hp\"…; an unknown name lists them all), prefilled from the
sheet; --set FIELD=VALUE changes a field of that request (see `rollbook kinds`).

--saved NAME rolls the roster's saved roll of that name (`rollbook saved list --roster R`),
logged in that roster; --seed, --dice and --secret work on it as on any roll. A roll in dice
notation (system \"dice\") may be made under any roster: it belongs to no rules system.

--secret logs the roll as GM only: it never reaches the players' view (`rollbook players`).";

#[derive(Debug, Args)]
pub struct RollArgs {
    /// The roll request as JSON, or `-` to read it from stdin (not with --rating or --saved).
    #[arg(
        required_unless_present_any = ["rating", "saved"],
        conflicts_with_all = ["rating", "saved"]
    )]
    request: Option<String>,
    /// Seed for reproducible dice; the i-th request of an array uses seed + i.
    /// Without it a fresh seed is drawn and printed in each result.
    #[arg(long, value_name = "N", conflicts_with = "dice")]
    seed: Option<u64>,
    /// Dice rolled at the table, typed in: every face in the order the roll reads them (as a
    /// seeded roll lists its `dice`), e.g. --dice 3,5,12,7 (a 12 that explodes is followed by its
    /// extra die). One request only; logged as by hand.
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<u32>>,
    /// Roll for this stored character (name or id) and log the roll with it.
    #[arg(long, value_name = "NAME")]
    character: Option<String>,
    /// Roll under this roster's house rules and log the roll in it; with --character, the
    /// roster to look for the character in.
    #[arg(long, value_name = "NAME")]
    roster: Option<String>,
    /// Roll what the character's sheet offers under this name (an ability, skill, save…),
    /// instead of a request; needs --character.
    #[arg(long, value_name = "NAME", requires = "character")]
    rating: Option<String>,
    /// Roll the roster's saved roll of this name (ignoring case) instead of a request; needs
    /// --roster, and logs the roll there.
    #[arg(
        long,
        value_name = "NAME",
        requires = "roster",
        conflicts_with_all = ["rating", "character"]
    )]
    saved: Option<String>,
    /// With --rating: set a field of the sheet's request, e.g. difficulty=12 or
    /// defending=Good (repeatable).
    #[arg(long = "set", value_name = "FIELD=VALUE", requires = "rating")]
    set: Vec<String>,
    /// Roll in secret: logged as GM only, never in the players' view (needs --character or
    /// --roster, which log the roll).
    #[arg(long)]
    secret: bool,
}

impl RollArgs {
    fn log_options(&self) -> LogOptions {
        LogOptions {
            secret: self.secret,
        }
    }
}

pub fn run(args: RollArgs, global: &Global) -> Result<(), Failure> {
    if let Some(saved) = &args.saved {
        return saved_roll(&args, saved, global);
    }
    let request = match (&args.rating, &args.request) {
        (Some(rating), _) => return by_rating(&args, rating, global),
        (None, Some(request)) => request,
        (None, None) => unreachable!("clap requires a request without --rating"),
    };
    let requests = input::read(request, global)?;
    if args.dice.is_some() && requests.is_array {
        return Err(Failure::BadInput(
            "--dice rolls one request: give one request, not an array".into(),
        ));
    }
    if args.character.is_none() && args.roster.is_none() {
        if args.secret {
            return Err(Failure::BadInput(
                "--secret keeps a logged roll out of the players' view; give --character or \
                 --roster so the roll is logged"
                    .into(),
            ));
        }
        return unlogged(requests, &args);
    }
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
    let place = RollPlace { roster, character };
    let rolled = store
        .roll_all_logged_with_options(
            &requests.items,
            |i| dice(&args, i),
            Some(&place),
            args.log_options(),
        )
        .map_err(|refused| match refused.request {
            Some(index) => Failure::BadInput(locate(requests.is_array, index, &refused.error)),
            None => refused.error.into(),
        })?;
    let answers = rolled.into_iter().map(|(result, _)| result).collect();
    output::print(answers, requests.is_array)
}

/// `--rating NAME [--set FIELD=VALUE …]`: one roll the character's sheet offers, logged.
fn by_rating(args: &RollArgs, rating: &str, global: &Global) -> Result<(), Failure> {
    let character_name = args
        .character
        .as_deref()
        .expect("clap requires --character");
    let mut store = store::open(global, Open::Existing)?;
    let character = character::find(&store, character_name, args.roster.as_deref())?;
    let roster = store.roster(character.roster_id)?;
    let rolls = store.sheet_rolls(character.id)?;
    let chosen = pick(&rolls, rating, &character)?;
    let mut value = chosen.request.clone();
    for assignment in &args.set {
        set_field(&mut value, assignment, chosen)?;
    }
    let request = rollbook_rules::request_from_value(value)
        .map_err(|error| Failure::BadInput(format!("bad request: {error}")))?;
    let place = RollPlace {
        roster,
        character: Some(character),
    };
    let (result, _) = roll_one(
        &mut store,
        Some(&place),
        &request,
        dice(args, 0),
        args.log_options(),
    )
    .map_err(|error| match error {
        RosterError::Rules(error) => Failure::BadInput(format!("bad request: {error}")),
        other => other.into(),
    })?;
    output::json(&result)
}

/// `--saved NAME --roster R`: the roster's saved roll, rolled and logged in the roster.
fn saved_roll(args: &RollArgs, name: &str, global: &Global) -> Result<(), Failure> {
    let roster = args.roster.as_deref().expect("clap requires --roster");
    let mut store = store::open(global, Open::Existing)?;
    let roster = store::roster(&store, roster)?;
    let saved = store.find_saved_roll(roster.id, name)?;
    let (result, _) = store
        .roll_saved(saved.id, dice(args, 0), args.log_options())
        .map_err(|error| match error {
            RosterError::Rules(error) => Failure::BadInput(format!(
                "the saved roll \"{}\" ({}): {error}",
                saved.name, saved.expr
            )),
            other => other.into(),
        })?;
    output::json(&result)
}

/// The sheet roll named `rating`, or why none is: unknown (listing what the sheet offers) or
/// matching several (listing those).
fn pick<'a>(
    rolls: &'a [SheetRoll],
    rating: &str,
    character: &Character,
) -> Result<&'a SheetRoll, Failure> {
    let labels = |rolls: &[&SheetRoll]| {
        rolls
            .iter()
            .map(|r| r.label.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    rollbook_roster::pick_roll(rolls, rating).map_err(|found| {
        Failure::BadInput(if found.is_empty() {
            format!(
                "{} has no roll named \"{}\"; the sheet offers: {}",
                character.name,
                rating.trim(),
                labels(&rolls.iter().collect::<Vec<_>>())
            )
        } else {
            format!(
                "\"{}\" matches {} rolls of {}: {}; give the whole name",
                rating.trim(),
                found.len(),
                character.name,
                labels(&found)
            )
        })
    })
}

/// Applies `FIELD=VALUE` to the request: the value is read as JSON (`12`, `true`, `[1,2]`) and
/// otherwise taken as text (`Good`), so level names need no quotes.
fn set_field(request: &mut Value, assignment: &str, roll: &SheetRoll) -> Result<(), Failure> {
    let fields = || {
        request
            .as_object()
            .map(|o| {
                o.keys()
                    .filter(|k| !matches!(k.as_str(), "system" | "roll"))
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
    };
    let Some((field, text)) = assignment.split_once('=') else {
        return Err(Failure::BadInput(format!(
            "--set {assignment}: write FIELD=VALUE, e.g. --set difficulty=12; {} takes {}",
            roll.label,
            fields()
        )));
    };
    let field = field.trim();
    let known = request
        .as_object()
        .is_some_and(|o| o.contains_key(field) && !matches!(field, "system" | "roll"));
    if !known {
        return Err(Failure::BadInput(format!(
            "--set {field}: {} has no field \"{field}\"; it takes {}",
            roll.label,
            fields()
        )));
    }
    let text = text.trim();
    let value = serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()));
    request[field] = value;
    Ok(())
}

/// The dice of the `index`th request: the faces typed in, or seed + index (a fresh seed when
/// none was given), so equal requests of an array still roll differently.
fn dice(args: &RollArgs, index: usize) -> Dice {
    match (&args.dice, args.seed) {
        (Some(faces), _) => Dice::ByHand(faces.clone()),
        (None, Some(base)) => Dice::Seeded(base.wrapping_add(index as u64)),
        (None, None) => Dice::Seeded(rollbook_rules::random_seed()),
    }
}

/// The plain roll: default rules, nothing logged, no database.
fn unlogged(requests: input::Requests, args: &RollArgs) -> Result<(), Failure> {
    let mut answers = Vec::with_capacity(requests.items.len());
    for (index, request) in requests.items.iter().enumerate() {
        let result = rollbook_rules::roll_dice(
            request,
            rollbook_rules::HouseRules::ruled(),
            &dice(args, index),
        )
        .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
        answers.push(result);
    }
    output::print(answers, requests.is_array)
}
