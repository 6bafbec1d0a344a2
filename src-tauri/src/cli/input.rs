//! Reads the request argument (inline JSON or `-` for stdin) into requests.

use std::io::Read;

use rollbook_rules::{Batch, RollRequest};

use super::Failure;

/// The requests to answer, and whether the caller sent an array (so the answer is one too).
pub struct Requests {
    pub items: Vec<RollRequest>,
    pub is_array: bool,
}

pub fn read(argument: &str) -> Result<Requests, Failure> {
    let text = if argument == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| {
                Failure::BadInput(format!("cannot read the request from stdin: {error}"))
            })?;
        text
    } else {
        argument.to_owned()
    };
    if text.trim().is_empty() {
        return Err(Failure::BadInput(
            "the request is empty: give a JSON object such as '{\"system\":\"stunt\",\"roll\":\"double_six\"}'".into(),
        ));
    }
    match rollbook_rules::parse_batch(&text) {
        Ok(Batch::One(request)) => Ok(Requests {
            items: vec![request],
            is_array: false,
        }),
        Ok(Batch::Many(items)) => Ok(Requests {
            items,
            is_array: true,
        }),
        Err(error) => Err(Failure::BadInput(format!("bad request: {error}"))),
    }
}
