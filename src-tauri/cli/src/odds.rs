//! `rollbook odds`: exact odds of each request, or of one request with a field varied.

use clap::Args;
use rollbook_roster::RollPlace;
use rollbook_rules::{HouseRules, RollRequest};
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
    /// (a JSON array), e.g. --vary grunt=0,1,2,3 or --vary active=Skilled,Expert.
    #[arg(long, value_name = "FIELD=V1,V2,...")]
    vary: Option<String>,
}

pub const EXAMPLES: &str = "\
Examples:
  rollbook odds '{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Skilled\",\"defending\":\"Average\"}'
  rollbook odds '{\"system\":\"genre\",\"roll\":\"action\",\"dice\":2,\"difficulty\":2}'
  rollbook odds '[{\"system\":\"d12\",\"roll\":\"opposed\",\"attacker_ranks\":2},{\"system\":\"universe\",\"roll\":\"save\",\"dc\":12}]'

  rollbook odds '{\"system\":\"genre\",\"roll\":\"action\",\"dice\":3,\"difficulty\":2}' --vary grunt=0,1,2,3
  rollbook odds '{\"system\":\"d12\",\"roll\":\"opposed\",\"attacker_ranks\":2}' --roster \"Friday Night Heroes\"

Prints {\"success\": P, \"outcomes\": {KEY: P, ...}} (an array of them for an array). With --vary,
one answer per value, in order, each the same as `rollbook odds` with the field set to it.
With --roster, under that roster's house rules (`rollbook roster house-rules`); a request of another
system than the roster's is refused (exit 2), as the window refuses it.";

pub fn run(args: &OddsArgs, global: &Global) -> Result<(), Failure> {
    // A roster's house rules are its own system's: a request of another is refused, as the
    // window refuses it (`RollPlace::check`).
    let place = match &args.roster {
        Some(name) => Some(RollPlace {
            roster: store::roster(&store::open(global, Open::Read)?, name)?,
            character: None,
        }),
        None => None,
    };
    let house: &HouseRules = match &place {
        Some(place) => place.house_rules(),
        None => HouseRules::ruled(),
    };
    let check = |request: &RollRequest| match &place {
        Some(place) => place.check(request).map_err(Failure::from),
        None => Ok(()),
    };
    if let Some(vary) = &args.vary {
        return varied(&args.request, vary, house, check);
    }
    let requests = input::read(&args.request)?;
    let mut answers = Vec::with_capacity(requests.items.len());
    for (index, request) in requests.items.iter().enumerate() {
        check(request)?;
        let odds = rollbook_rules::odds_with(request, house)
            .map_err(|error| Failure::BadInput(locate(requests.is_array, index, &error)))?;
        answers.push(odds);
    }
    output::print(answers, requests.is_array)
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
fn varied(
    argument: &str,
    vary: &str,
    house: &HouseRules,
    check: impl Fn(&RollRequest) -> Result<(), Failure>,
) -> Result<(), Failure> {
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
    let requests = input::read(argument)?;
    if requests.is_array || requests.items.len() != 1 {
        return Err(Failure::BadInput(
            "--vary compares one request: give one request, not an array".into(),
        ));
    }
    check(&requests.items[0])?;
    let request = serde_json::to_value(&requests.items[0]).expect("a request serialises");
    let answers = rollbook_rules::odds_varied(&request, field.trim(), &values, house)
        .map_err(|error| Failure::BadInput(format!("bad request: {error}")))?;
    output::print(answers, true)
}
