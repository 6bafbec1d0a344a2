//! An encounter's table for its roster's system and a move of that system: one value for the
//! five, each call handed to the system's own [`SystemRules`].

use rollbook_rules::RollRequest;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::contract::{Outcome, SystemRules, TableContext};
use super::d12::{D12Encounter, D12Move};
use super::error::TableError;
use super::genre::{GenreEncounter, GenreMove};
use super::marks::{MarksEncounter, MarksMove};
use super::stunt::{StuntEncounter, StuntMove};
use super::universe::{UniverseEncounter, UniverseMove};
use crate::model::System;

/// An encounter's running state for its roster's system (`EncounterState::system_state`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum SystemTable {
    Stunt(StuntEncounter),
    Genre(GenreEncounter),
    /// Boxed: the 54-card deck makes it much larger than the others.
    Universe(Box<UniverseEncounter>),
    Marks(MarksEncounter),
    D12(D12Encounter),
}

/// One move at the table for the encounter's system, e.g.
/// `{"system": "genre", "move": "rest", "participant_id": "…"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum SystemMove {
    Stunt(StuntMove),
    Genre(GenreMove),
    Universe(UniverseMove),
    Marks(MarksMove),
    D12(D12Move),
}

impl SystemTable {
    /// The empty table of a system.
    pub fn empty(system: System) -> Self {
        match system {
            System::Stunt => SystemTable::Stunt(StuntEncounter::empty()),
            System::Genre => SystemTable::Genre(GenreEncounter::empty()),
            System::Universe => SystemTable::Universe(Box::new(UniverseEncounter::empty())),
            System::Marks => SystemTable::Marks(MarksEncounter::empty()),
            System::D12 => SystemTable::D12(D12Encounter::empty()),
        }
    }

    pub fn system(&self) -> System {
        match self {
            SystemTable::Stunt(_) => System::Stunt,
            SystemTable::Genre(_) => System::Genre,
            SystemTable::Universe(_) => System::Universe,
            SystemTable::Marks(_) => System::Marks,
            SystemTable::D12(_) => System::D12,
        }
    }

    /// See [`SystemRules::sync`].
    pub fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        Ok(match self {
            SystemTable::Stunt(t) => SystemTable::Stunt(t.sync(ctx)?),
            SystemTable::Genre(t) => SystemTable::Genre(t.sync(ctx)?),
            SystemTable::Universe(t) => SystemTable::Universe(Box::new(t.sync(ctx)?)),
            SystemTable::Marks(t) => SystemTable::Marks(t.sync(ctx)?),
            SystemTable::D12(t) => SystemTable::D12(t.sync(ctx)?),
        })
    }

    /// See [`SystemRules::apply`]; a move of another system is refused.
    pub fn apply(
        &self,
        action: &SystemMove,
        ctx: &TableContext,
    ) -> Result<Outcome<Self>, TableError> {
        Ok(match (self, action) {
            (SystemTable::Stunt(t), SystemMove::Stunt(m)) => {
                t.apply(m, ctx)?.map(SystemTable::Stunt)
            }
            (SystemTable::Genre(t), SystemMove::Genre(m)) => {
                t.apply(m, ctx)?.map(SystemTable::Genre)
            }
            (SystemTable::Universe(t), SystemMove::Universe(m)) => {
                t.apply(m, ctx)?.map(|t| SystemTable::Universe(Box::new(t)))
            }
            (SystemTable::Marks(t), SystemMove::Marks(m)) => {
                t.apply(m, ctx)?.map(SystemTable::Marks)
            }
            (SystemTable::D12(t), SystemMove::D12(m)) => t.apply(m, ctx)?.map(SystemTable::D12),
            _ => return Err(self.wrong_system(action)),
        })
    }

    /// See [`SystemRules::preview`]; a move of another system is refused.
    pub fn preview(
        &self,
        action: &SystemMove,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match (self, action) {
            (SystemTable::Stunt(t), SystemMove::Stunt(m)) => t.preview(m, ctx),
            (SystemTable::Genre(t), SystemMove::Genre(m)) => t.preview(m, ctx),
            (SystemTable::Universe(t), SystemMove::Universe(m)) => t.preview(m, ctx),
            (SystemTable::Marks(t), SystemMove::Marks(m)) => t.preview(m, ctx),
            (SystemTable::D12(t), SystemMove::D12(m)) => t.preview(m, ctx),
            _ => Err(self.wrong_system(action)),
        }
    }

    fn wrong_system(&self, action: &SystemMove) -> TableError {
        TableError::OtherSystem {
            table: self.system(),
            played: action.system(),
        }
    }

    /// See [`SystemRules::sheet_changes`].
    pub fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        match self {
            SystemTable::Stunt(t) => t.sheet_changes(ctx),
            SystemTable::Genre(t) => t.sheet_changes(ctx),
            SystemTable::Universe(t) => t.sheet_changes(ctx),
            SystemTable::Marks(t) => t.sheet_changes(ctx),
            SystemTable::D12(t) => t.sheet_changes(ctx),
        }
    }

    /// See [`SystemRules::new_round`].
    pub fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        Ok(match self {
            SystemTable::Stunt(t) => t.new_round(ctx)?.map(SystemTable::Stunt),
            SystemTable::Genre(t) => t.new_round(ctx)?.map(SystemTable::Genre),
            SystemTable::Universe(t) => t
                .new_round(ctx)?
                .map(|t| SystemTable::Universe(Box::new(t))),
            SystemTable::Marks(t) => t.new_round(ctx)?.map(SystemTable::Marks),
            SystemTable::D12(t) => t.new_round(ctx)?.map(SystemTable::D12),
        })
    }
}

impl SystemMove {
    pub fn system(&self) -> System {
        match self {
            SystemMove::Stunt(_) => System::Stunt,
            SystemMove::Genre(_) => System::Genre,
            SystemMove::Universe(_) => System::Universe,
            SystemMove::Marks(_) => System::Marks,
            SystemMove::D12(_) => System::D12,
        }
    }
}
