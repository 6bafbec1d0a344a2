//! A stored value that does not read back: the database is damaged (never the GM's input).

use std::path::PathBuf;

use uuid::Uuid;

use crate::error::{Result, RosterError};

pub(crate) fn parse_id(text: &str) -> Result<Uuid> {
    Uuid::parse_str(text).map_err(|e| corrupt(format!("stored id \"{text}\": {e}")))
}

pub(crate) fn corrupt(detail: String) -> RosterError {
    RosterError::CorruptDatabase {
        path: PathBuf::from("the database"),
        detail,
        snapshot: None,
    }
}
