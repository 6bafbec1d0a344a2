//! `d12` at the table. Not built yet: its moves are being written (issue 6); until then
//! the encounter keeps no d12 state and every d12 move is refused.

use serde::{Deserialize, Serialize};

use super::{Outcome, SystemRules, TableContext};

/// The running d12 state of an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct D12Encounter {}

/// A `d12` move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum D12Move {}

impl SystemRules for D12Encounter {
    type Move = D12Move;

    fn empty() -> Self {
        Self::default()
    }

    fn sync(&self, _ctx: &TableContext) -> Result<Self, String> {
        Ok(self.clone())
    }

    fn apply(&self, action: &D12Move, _ctx: &TableContext) -> Result<Outcome<Self>, String> {
        match *action {}
    }

    fn new_round(&self, _ctx: &TableContext) -> Result<Outcome<Self>, String> {
        Ok(Outcome::said(self.clone(), Vec::new()))
    }
}
