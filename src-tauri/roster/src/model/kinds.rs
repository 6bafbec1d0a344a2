//! The small enums rosters, characters and sheets share: the rules system and PC or NPC.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::systems::registry::with_systems;

macro_rules! system_enum {
    (() $($name:ident $module:ident,)*) => {
        /// The five rules systems of RULES.md; a roster has one, and so do its characters' sheets.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum System {
            $($name,)*
        }

        impl System {
            /// Every system, in the registry's order.
            pub const ALL: [System; [$(stringify!($name)),*].len()] = [$(System::$name),*];

            /// The id used in files, the database and roll requests (`stunt`, …, `d12`): the
            /// system's folder under `systems/`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(System::$name => stringify!($module),)*
                }
            }
        }
    };
}
with_systems!([system_enum]());

impl System {
    /// The ids joined for messages: `stunt, genre, universe, marks, d12`.
    pub(crate) fn list() -> String {
        System::ALL.map(System::as_str).join(", ")
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for System {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        System::ALL
            .into_iter()
            .find(|sys| sys.as_str() == s)
            .ok_or_else(|| {
                format!(
                    "\"{s}\" is not a system Rollbook knows; expected one of {}",
                    System::list()
                )
            })
    }
}

/// Player character or non-player character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CharacterKind {
    #[default]
    Pc,
    Npc,
}

impl CharacterKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CharacterKind::Pc => "pc",
            CharacterKind::Npc => "npc",
        }
    }
}

impl FromStr for CharacterKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "pc" => Ok(CharacterKind::Pc),
            "npc" => Ok(CharacterKind::Npc),
            _ => Err(format!("\"{s}\" is not a kind; expected pc or npc")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systems_parse_and_print_their_ids() {
        for sys in System::ALL {
            assert_eq!(sys.as_str().parse::<System>(), Ok(sys));
            assert_eq!(serde_json::to_string(&sys).unwrap(), format!("\"{sys}\""));
        }
        assert_eq!(
            "dnd".parse::<System>().unwrap_err(),
            "\"dnd\" is not a system Rollbook knows; expected one of stunt, genre, universe, marks, d12"
        );
    }
}
