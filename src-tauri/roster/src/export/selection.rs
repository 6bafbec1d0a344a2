//! Which rosters and characters an export holds.

use serde::Deserialize;
use uuid::Uuid;

use crate::model::Character;

/// Which rosters to export (JSON: `"all"`, `{"rosters": [id…]}`, `{"characters": [id…]}`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExportSelection {
    /// Every roster not in the trash.
    #[default]
    All,
    /// These rosters (in their stored order, whatever the order given).
    Rosters(Vec<Uuid>),
    /// These characters, each in its roster (rosters and characters in their stored order,
    /// whatever the order given): the window's "export the selection".
    Characters(Vec<Uuid>),
}

impl ExportSelection {
    /// Whether a character of a selected roster is exported.
    pub(crate) fn holds(&self, character: &Character) -> bool {
        match self {
            ExportSelection::Characters(ids) => ids.contains(&character.id),
            _ => true,
        }
    }
}
