//! `universe` at the table. Not built yet: its moves are being written (issue 6); until then
//! the encounter keeps no universe state and every universe move is refused.

use serde::{Deserialize, Serialize};

use super::{Outcome, SystemRules, TableContext};

/// The running universe state of an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniverseEncounter {}

/// A `universe` move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum UniverseMove {}

impl SystemRules for UniverseEncounter {
    type Move = UniverseMove;

    fn empty() -> Self {
        Self::default()
    }

    fn sync(&self, _ctx: &TableContext) -> Result<Self, String> {
        Ok(self.clone())
    }

    fn apply(&self, action: &UniverseMove, _ctx: &TableContext) -> Result<Outcome<Self>, String> {
        match *action {}
    }

    fn new_round(&self, _ctx: &TableContext) -> Result<Outcome<Self>, String> {
        Ok(Outcome::said(self.clone(), Vec::new()))
    }
}
