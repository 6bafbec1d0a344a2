//! The stored things: rosters, characters and the small enums they share.

pub(crate) mod character;
pub(crate) mod encounter;
mod kinds;
mod participant;
pub(crate) mod plan;
pub(crate) mod roster;
pub(crate) mod saved_roll;
pub(crate) mod system_file;
mod time;
pub(crate) mod visibility;

pub use character::{Character, CharacterPatch, CharacterSummary, NewCharacter};
pub use encounter::{Encounter, EncounterState, TableAction};
pub use kinds::{CharacterKind, System};
pub use participant::Participant;
pub use plan::{EncounterPlan, PlanContents, PlannedParticipant};
pub use roster::{NewRoster, Roster, RosterPatch};
pub use saved_roll::{NewSavedRoll, SavedRoll, SavedRollPatch};
pub(crate) use system_file::file_problem;
pub use system_file::{AddedSystem, Declares, StoredSystem};
pub use time::Timestamp;
pub(crate) use time::{from_millis, now};
pub use visibility::{HealthShown, Visibility};
