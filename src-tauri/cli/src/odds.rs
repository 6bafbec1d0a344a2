//! `rollbook odds`: exact odds of each request, or of one request with a field varied.

use clap::Args;
use rollbook_roster::operations::odds::OddsUnder;
use rollbook_roster::RosterError;
use rollbook_rules::{RollRequest, RulesError};
use serde_json::Value;

use super::store::{self, Open};
use super::{input, output, Failure, Global};

#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The roll request as JSON, or `-` to read it from stdin.
    request: String,
    /// The odds under this roster's house rules (its stunt chart, Minor Damage dice, d12 miss
    /// margin); without it, RULES.md's rulings.
    #[arg(long, value_name = "NAME")]
    roster: Option<String>,
    /// Compare choices: the odds with FIELD set to each value in turn, one answer per value
    /// (a JSON array), e.g. --vary grunt=0,1,2,3 or --vary active=Skilled,Expert; for typed
    /// dice notation, a value of its `@names`: --vary values.bonus=0,2,4.
    #[arg(long, value_name = "FIELD=V1,V2,...", conflicts_with = "plan")]
    vary: Option<String>,
    /// Compare a choice that is not one field (the kind's `plans` in `rollbook kinds`):
    /// `fate_card` (a universe attack, with --later and --card) or `augmentation` (a universe
    /// augmented_save). Prints every alternative's requests with their odds and the best.
    #[arg(long, value_name = "PLAN")]
    plan: Option<String>,
    /// With --plan fate_card: the opponent's attack on this character later, as JSON.
    #[arg(long, value_name = "REQUEST", requires = "plan")]
    later: Option<String>,
    /// With --plan fate_card: the fate card held, e.g. 5H or KS.
    #[arg(long, value_name = "CODE", requires = "plan")]
    card: Option<String>,
}

pub const EXAMPLES: &str = "\
Examples:
  rollbook odds '{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Skilled\",\"defending\":\"Average\"}'
  rollbook odds '{\"system\":\"genre\",\"roll\":\"action\",\"dice\":2,\"difficulty\":2}'
  rollbook odds '[{\"system\":\"d12\",\"roll\":\"opposed\",\"attacker_ranks\":2},{\"system\":\"universe\",\"roll\":\"save\",\"dc\":12}]'

  rollbook odds '{\"system\":\"genre\",\"roll\":\"action\",\"dice\":3,\"difficulty\":2}' --vary grunt=0,1,2,3
  rollbook odds '{\"system\":\"dice\",\"roll\":\"expr\",\"expr\":\"d20+@bonus\",\"values\":{\"bonus\":0},\"target\":15}' --vary values.bonus=0,2,4
  rollbook odds '{\"system\":\"d12\",\"roll\":\"opposed\",\"attacker_ranks\":2}' --roster \"Friday Night Heroes\"
  rollbook odds '{\"system\":\"universe\",\"roll\":\"augmented_save\",\"dc\":14,\"pool\":12}' --plan augmentation
  rollbook odds '{\"system\":\"universe\",\"roll\":\"attack\",\"bonus\":3,\"ac\":14}' --plan fate_card \\
    --later '{\"system\":\"universe\",\"roll\":\"attack\",\"bonus\":4,\"ac\":12}' --card 5H

Prints {\"success\": P, \"outcomes\": {KEY: P, ...}} (an array of them for an array). With --vary,
one answer per value, in order, each the same as `rollbook odds` with the field set to it.
With --plan, {id, label, ruling, alternatives: [{label, rolls: [{role, request, odds}], cost,
score}], best}: each roll's odds the same as `rollbook odds` of its request.
With --roster, under that roster's house rules (`rollbook roster house-rules`); a request of another
system than the roster's is refused (exit 2), as the window refuses it.";

pub fn run(args: &OddsArgs, global: &Global) -> Result<(), Failure> {
    // A roster's house rules are its own system's: a request of another is refused, as the
    // window refuses it (`OddsUnder::house_rules_for`).
    let under = match &args.roster {
        Some(name) => OddsUnder::roster(store::roster(&store::open(global, Open::Read)?, name)?),
        None => OddsUnder::ruled(),
    };
    if let Some(vary) = &args.vary {
        return varied(&args.request, vary, &under, global);
    }
    if let Some(plan) = &args.plan {
        return planned(args, plan, &under, global);
    }
    let requests = input::read(&args.request, global)?;
    // Every request and the batch's work are checked before the first answer is written: a
    // refusal leaves nothing half-printed.
    for (index, request) in requests.items.iter().enumerate() {
        let house = under
            .house_rules_for(request)
            .map_err(refused(requests.is_array, index))?;
        rollbook_rules::check_odds(request, house)
            .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
    }
    answer_each(&requests.items, requests.is_array, &under)
}

/// Refuses a batch over `rollbook_rules::MAX_BATCH_WORK`, then writes each answer as it is
/// worked out (issue 28: 3,000 answers held at once took 2.7 GB).
fn answer_each(requests: &[RollRequest], is_array: bool, under: &OddsUnder) -> Result<(), Failure> {
    rollbook_rules::check_work(requests).map_err(Failure::Limit)?;
    let answers = requests
        .iter()
        .enumerate()
        .map(|(index, request)| under.odds(request).map_err(refused(is_array, index)));
    output::print_each(answers, is_array)
}

/// A refusal of the `index`th request: the rules' names the request at fault (exit 2); the
/// roster's (a request of another system) is told as the store tells it.
fn refused(is_array: bool, index: usize) -> impl Fn(RosterError) -> Failure {
    move |error| match error {
        RosterError::Rules(error) => Failure::BadInput(locate(is_array, index, &error)),
        other => other.into(),
    }
}

/// Names the failing element of an array so the user knows which request to fix.
pub fn locate(is_array: bool, index: usize, error: &dyn std::fmt::Display) -> String {
    if is_array {
        format!("bad request [{index}]: {error}")
    } else {
        format!("bad request: {error}")
    }
}

/// `--vary FIELD=V1,V2,…`: each value is read as JSON (`2`, `true`) or else taken as text
/// (`Skilled`), so level names need no quotes.
fn varied(argument: &str, vary: &str, under: &OddsUnder, global: &Global) -> Result<(), Failure> {
    let Some((field, values)) = vary.split_once('=') else {
        return Err(Failure::BadInput(format!(
            "--vary {vary}: write FIELD=V1,V2,..., e.g. --vary grunt=0,1,2,3"
        )));
    };
    let values: Vec<Value> = values
        .split(',')
        .map(str::trim)
        .map(|v| serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string())))
        .collect();
    let requests = input::read(argument, global)?;
    if requests.is_array || requests.items.len() != 1 {
        return Err(Failure::BadInput(
            "--vary compares one request: give one request, not an array".into(),
        ));
    }
    let request = &requests.items[0];
    under.house_rules_for(request).map_err(refused(false, 0))?;
    if values.len() > rollbook_rules::MAX_REQUESTS {
        return Err(Failure::Limit(RulesError::TooManyRequests {
            limit: rollbook_rules::MAX_REQUESTS,
        }));
    }
    let varied = under
        .varied_requests(request, field.trim(), &values)
        .map_err(refused(false, 0))?;
    answer_each(&varied, true, under)
}

/// `--plan PLAN [--later REQUEST] [--card CODE]`: the request is the roll in hand (`this`).
fn planned(args: &OddsArgs, plan: &str, under: &OddsUnder, global: &Global) -> Result<(), Failure> {
    let one = |argument: &str, what: &str| -> Result<Value, Failure> {
        let requests = input::read(argument, global)?;
        if requests.is_array || requests.items.len() != 1 {
            return Err(Failure::BadInput(format!(
                "--plan compares one request: give one {what}, not an array"
            )));
        }
        Ok(serde_json::to_value(&requests.items[0]).expect("a request serialises"))
    };
    let this = one(&args.request, "request")?;
    // The roll in hand is checked against the roster before anything else is read.
    let in_hand = rollbook_rules::request_from_value(this.clone()).expect("read above");
    under.house_rules_for(&in_hand).map_err(refused(false, 0))?;
    let later = args
        .later
        .as_deref()
        .map(|l| one(l, "--later"))
        .transpose()?;
    let plan = serde_json::from_value(serde_json::json!({
        "plan": plan, "this": this, "later": later, "card": args.card,
    }))
    .map_err(|_| {
        Failure::BadInput(format!(
            "--plan {plan}: not a plan; the plans are fate_card and augmentation"
        ))
    })?;
    let answer = under.odds_plan(&plan).map_err(refused(false, 0))?;
    output::json(&answer)
}
