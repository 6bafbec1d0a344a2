//! Writes answers on stdout: JSON (one object for one request, an array for an array) or text.

use std::io::{ErrorKind, Write};

use serde::Serialize;

use super::Failure;

pub fn print<T: Serialize>(answers: Vec<T>, is_array: bool) -> Result<(), Failure> {
    if is_array {
        json(&answers)
    } else {
        json(&answers[0])
    }
}

/// Pretty JSON and a newline.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<(), Failure> {
    let json =
        serde_json::to_string_pretty(value).map_err(|error| Failure::Output(error.into()))?;
    bytes(format!("{json}\n").as_bytes())
}

/// Text as it is (callers end their lines).
pub fn text(text: &str) -> Result<(), Failure> {
    bytes(text.as_bytes())
}

pub fn bytes(data: &[u8]) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(data).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        // `rollbook odds ... | head` closing the pipe early is not an error.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(Failure::Output(error)),
    }
}
