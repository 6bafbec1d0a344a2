//! An encounter's table for its roster's system and a move of that system: one value for the
//! five, one variant per line of the registry (`systems/registry.rs`), each call handed to the
//! system's own [`SystemRules`].

use rollbook_rules::RollRequest;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::contract::{Outcome, SystemRules, TableContext};
use super::error::TableError;
use crate::model::System;
use crate::systems;
use crate::systems::registry::{on_each, with_systems};

macro_rules! table_enums {
    (() $($name:ident $module:ident,)*) => {
        /// An encounter's running state for its roster's system (`EncounterState::system_state`).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "system", rename_all = "snake_case")]
        pub enum SystemTable {
            $($name(systems::$module::Table),)*
        }

        /// One move at the table for the encounter's system, e.g.
        /// `{"system": "genre", "move": "rest", "participant_id": "…"}`.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "system", rename_all = "snake_case")]
        pub enum SystemMove {
            $($name(systems::$module::Move),)*
        }

        impl SystemTable {
            /// The empty table of a system.
            pub fn empty(system: System) -> Self {
                match system {
                    $(System::$name => SystemTable::$name(SystemRules::empty()),)*
                }
            }

            pub fn system(&self) -> System {
                match self {
                    $(SystemTable::$name(_) => System::$name,)*
                }
            }

            /// See [`SystemRules::sync`].
            pub fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
                Ok(match self {
                    $(SystemTable::$name(t) => SystemTable::$name(t.sync(ctx)?),)*
                })
            }

            /// See [`SystemRules::apply`]; a move of another system is refused.
            pub fn apply(
                &self,
                action: &SystemMove,
                ctx: &TableContext,
            ) -> Result<Outcome<Self>, TableError> {
                Ok(match (self, action) {
                    $((SystemTable::$name(t), SystemMove::$name(m)) => {
                        t.apply(m, ctx)?.map(SystemTable::$name)
                    })*
                    #[allow(unreachable_patterns)] // with one system, every move is its own
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
                    $((SystemTable::$name(t), SystemMove::$name(m)) => t.preview(m, ctx),)*
                    #[allow(unreachable_patterns)]
                    _ => Err(self.wrong_system(action)),
                }
            }

            /// See [`SystemRules::new_round`].
            pub fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
                Ok(match self {
                    $(SystemTable::$name(t) => t.new_round(ctx)?.map(SystemTable::$name),)*
                })
            }
        }

        impl SystemMove {
            pub fn system(&self) -> System {
                match self {
                    $(SystemMove::$name(_) => System::$name,)*
                }
            }
        }
    };
}
with_systems!([table_enums]());

impl SystemTable {
    fn wrong_system(&self, action: &SystemMove) -> TableError {
        TableError::OtherSystem {
            table: self.system(),
            played: action.system(),
        }
    }

    /// See [`SystemRules::sheet_changes`].
    pub fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        on_each!(SystemTable, self, t => t.sheet_changes(ctx))
    }
}
