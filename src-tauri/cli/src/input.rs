//! Reads the request argument (inline JSON or `-` for stdin) into requests, within the limits of
//! one call (`rollbook_rules::MAX_REQUEST_BYTES`, `MAX_REQUESTS`).

use std::io::Read;

use rollbook_rules::{Batch, RollRequest, RulesError, MAX_REQUEST_BYTES};

use super::store;
use super::{Failure, Global};

/// The requests to answer, and whether the caller sent an array (so the answer is one too).
pub struct Requests {
    pub items: Vec<RollRequest>,
    pub is_array: bool,
}

pub fn read(argument: &str, global: &Global) -> Result<Requests, Failure> {
    let text = text(argument, "request")?;
    match parsed(&text) {
        // A system the GM added lives in the database: read it only when a request names a
        // system this process does not know yet, so that the rest never pays for opening it.
        Err(Failure::BadInput(_)) if names_unknown_system(&text) && store::known_to(global)? => {
            parsed(&text)
        }
        answer => answer,
    }
}

/// Whether the request's refusal is its `system` (of the request, or of an element).
fn names_unknown_system(text: &str) -> bool {
    matches!(
        rollbook_rules::parse_batch(text),
        Err(error) if error.field().is_some_and(|f| f == "system" || f.ends_with("].system"))
    )
}

fn parsed(text: &str) -> Result<Requests, Failure> {
    if text.trim().is_empty() {
        return Err(Failure::BadInput(
            "the request is empty: give a JSON object such as '{\"system\":\"stunt\",\"roll\":\"double_six\"}'".into(),
        ));
    }
    match rollbook_rules::parse_batch(text) {
        Ok(Batch::One(request)) => Ok(Requests {
            items: vec![request],
            is_array: false,
        }),
        Ok(Batch::Many(items)) => Ok(Requests {
            items,
            is_array: true,
        }),
        Err(error) => Err(refusal(error)),
    }
}

/// The argument itself, or with `-` stdin: at most [`MAX_REQUEST_BYTES`] of it is read (one
/// byte more tells that it is over), so a runaway pipe never fills memory.
pub fn text(argument: &str, what: &str) -> Result<String, Failure> {
    if argument != "-" {
        if argument.len() > MAX_REQUEST_BYTES {
            return Err(too_large());
        }
        return Ok(argument.to_owned());
    }
    let mut text = String::new();
    std::io::stdin()
        .take(MAX_REQUEST_BYTES as u64 + 1)
        .read_to_string(&mut text)
        .map_err(|error| {
            Failure::BadInput(format!("cannot read the {what} from stdin: {error}"))
        })?;
    if text.len() > MAX_REQUEST_BYTES {
        return Err(too_large());
    }
    Ok(text)
}

/// A JSON value given inline or with `-` on stdin (the `what` of a refusal, as `numbers`),
/// bounded as a request is; a key given twice is refused, naming it.
pub fn json_value(argument: &str, what: &str) -> Result<serde_json::Value, Failure> {
    let text = text(argument, what)?;
    serde_json::from_str::<rollbook_rules::strict_json::StrictValue>(&text)
        .map(|strict| strict.0)
        .map_err(|error| Failure::BadInput(format!("bad {what}: {error}")))
}

fn too_large() -> Failure {
    Failure::Limit(RulesError::RequestTooLarge {
        limit: MAX_REQUEST_BYTES,
    })
}

/// A limit of the call is told as itself (its own code with --json); anything else is a bad
/// request.
fn refusal(error: RulesError) -> Failure {
    match error {
        RulesError::TooManyRequests { .. } | RulesError::RequestTooLarge { .. } => {
            Failure::Limit(error)
        }
        other => Failure::BadInput(format!("bad request: {other}")),
    }
}
