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
            File(systems::file::Table),
        }

        /// One move at the table for the encounter's system, e.g.
        /// `{"system": "genre", "move": "rest", "participant_id": "…"}`.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "system", rename_all = "snake_case")]
        pub enum SystemMove {
            $($name(systems::$module::Move),)*
            /// A move of a system from a file (`{"system": "file", "move": "adjust", …}`).
            File(systems::file::Move),
        }

        impl SystemTable {
            /// The empty table of a system.
            pub fn empty(system: System) -> Self {
                match system {
                    $(System::$name => SystemTable::$name(SystemRules::empty(system)),)*
                    System::File(_) => SystemTable::File(SystemRules::empty(system)),
                }
            }

            pub fn system(&self) -> System {
                match self {
                    $(SystemTable::$name(_) => System::$name,)*
                    SystemTable::File(t) => System::File(t.system),
                }
            }

            /// This table moved to `system` when that is another version of its system from
            /// a file (its roster upgraded while the encounter ran): see
            /// [`Table::moved_to`](systems::file::Table::moved_to). `None` for any
            /// other system: a table never changes system.
            pub fn moved_to(&self, system: System, ctx: &TableContext) -> Option<Self> {
                match (self, system) {
                    (SystemTable::File(t), System::File(to)) if t.system.id() == to.id() => {
                        Some(SystemTable::File(t.moved_to(to, ctx)))
                    }
                    _ => None,
                }
            }

            /// See [`SystemRules::sync`].
            pub fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
                Ok(match self {
                    $(SystemTable::$name(t) => SystemTable::$name(t.sync(ctx)?),)*
                    SystemTable::File(t) => SystemTable::File(t.sync(ctx)?),
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
                    (SystemTable::File(t), SystemMove::File(m)) => {
                        t.apply(m, ctx)?.map(SystemTable::File)
                    }
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
                    (SystemTable::File(t), SystemMove::File(m)) => t.preview(m, ctx),
                    _ => Err(self.wrong_system(action)),
                }
            }

            /// See [`SystemRules::new_round`].
            pub fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
                Ok(match self {
                    $(SystemTable::$name(t) => t.new_round(ctx)?.map(SystemTable::$name),)*
                    SystemTable::File(t) => t.new_round(ctx)?.map(SystemTable::File),
                })
            }
        }

        impl SystemMove {
            /// The system the move is of, as its `system` tag names it (`file` for every
            /// system from a file).
            pub fn system_id(&self) -> &'static str {
                match self {
                    $(SystemMove::$name(_) => System::$name.as_str(),)*
                    SystemMove::File(_) => "file",
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
            played: action.system_id(),
        }
    }

    /// See [`SystemRules::sheet_changes`].
    pub fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        on_each!(SystemTable, self, t => t.sheet_changes(ctx))
    }
}
