//! `rollbook odds`: exact odds of each request.

use super::{input, output, Failure};

pub const EXAMPLES: &str = "\
Examples:
  rollbook odds '{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Skilled\",\"defending\":\"Average\"}'
  rollbook odds '{\"system\":\"genre\",\"roll\":\"action\",\"dice\":2,\"difficulty\":2}'
  rollbook odds '[{\"system\":\"d12\",\"roll\":\"opposed\",\"attacker_ranks\":2},{\"system\":\"universe\",\"roll\":\"save\",\"dc\":12}]'

Prints {\"success\": P, \"outcomes\": {KEY: P, ...}} (an array of them for an array).";

pub fn run(argument: &str) -> Result<(), Failure> {
    let requests = input::read(argument)?;
    let mut answers = Vec::with_capacity(requests.items.len());
    for (index, request) in requests.items.iter().enumerate() {
        let odds = rollbook_rules::odds(request)
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
