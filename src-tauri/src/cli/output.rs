//! Prints answers as JSON: one object for one request, an array for an array.

use std::io::{ErrorKind, Write};

use serde::Serialize;

use super::Failure;

pub fn print<T: Serialize>(answers: Vec<T>, is_array: bool) -> Result<(), Failure> {
    let json = if is_array {
        serde_json::to_string_pretty(&answers)
    } else {
        serde_json::to_string_pretty(&answers[0])
    }
    .map_err(|error| Failure::Output(error.into()))?;
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{json}").and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        // `rollbook odds ... | head` closing the pipe early is not an error.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(Failure::Output(error)),
    }
}
