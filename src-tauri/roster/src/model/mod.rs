//! The stored things: rosters, characters and the small enums they share.

pub(crate) mod character;
pub(crate) mod encounter;
pub(crate) mod plan;
pub(crate) mod roster;
pub(crate) mod saved_roll;
pub(crate) mod visibility;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use character::{Character, CharacterPatch, CharacterSummary, NewCharacter};
pub use encounter::{Encounter, EncounterState, Participant, TableAction};
pub use plan::{EncounterPlan, PlanContents, PlannedParticipant};
pub use roster::{NewRoster, Roster, RosterPatch};
pub use saved_roll::{NewSavedRoll, SavedRoll, SavedRollPatch};
pub use visibility::{HealthShown, Visibility};

/// A point in time; serialises as RFC 3339 (`2026-11-22T19:30:00Z`). Stored as Unix milliseconds.
pub use jiff::Timestamp;

/// The five rules systems of RULES.md; a roster has one, and so do its characters' sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum System {
    Stunt,
    Genre,
    Universe,
    Marks,
    D12,
}

impl System {
    pub const ALL: [System; 5] = [
        System::Stunt,
        System::Genre,
        System::Universe,
        System::Marks,
        System::D12,
    ];

    /// The id used in files, the database and roll requests (`stunt`, …, `d12`).
    pub fn as_str(self) -> &'static str {
        match self {
            System::Stunt => "stunt",
            System::Genre => "genre",
            System::Universe => "universe",
            System::Marks => "marks",
            System::D12 => "d12",
        }
    }

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

/// Milliseconds since the Unix epoch → timestamp (the database's clock column type).
pub(crate) fn from_millis(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// Now, truncated to the millisecond the database keeps (so a value reads back equal).
pub(crate) fn now() -> Timestamp {
    from_millis(Timestamp::now().as_millisecond())
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

    #[test]
    fn millisecond_timestamps_round_trip() {
        let t = now();
        assert_eq!(from_millis(t.as_millisecond()), t);
    }
}
