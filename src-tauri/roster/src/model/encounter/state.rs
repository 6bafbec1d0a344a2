//! The encounter's types: its state, the encounter as read, the actions on it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::model::participant::Participant;
use crate::model::{Timestamp, Visibility};

use crate::table::{SystemMove, SystemTable, TableView};

/// How many participants one encounter holds.
pub const PARTICIPANTS_MAX: usize = 200;

/// Everything an action can change; the encounter's row holds it whole as it stands now, its log
/// the patches between one action's state and the next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EncounterState {
    pub name: String,
    /// Starts at 1.
    pub round: u32,
    /// The participants in turn order.
    pub order: Vec<Participant>,
    /// Whose turn it is: one of `order`, `None` only while nobody takes part.
    pub current: Option<Uuid>,
    /// The running state of the roster's system (crate::table), `None` until the first action.
    pub system_state: Option<SystemTable>,
    /// What the players see of each participant, by participant id; absent means the default
    /// (docs/players-view.md). Left out of the JSON while empty, so a state stored by an earlier
    /// build reads and writes byte for byte as it did and its history's patches still apply.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(
        feature = "ts",
        ts(as = "Option<BTreeMap<Uuid, Visibility>>", optional)
    )]
    pub visibility: BTreeMap<Uuid, Visibility>,
}

/// A stored encounter of a roster.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Encounter {
    pub id: Uuid,
    pub roster_id: Uuid,
    pub state: EncounterState,
    /// Participants whose character is no longer in the roster (in the trash, or purged): the
    /// window shows them greyed out; the GM may remove them.
    pub absent: Vec<Uuid>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Set while the encounter is in the trash.
    pub deleted_at: Option<Timestamp>,
    /// What the rules compute from the table for the window (`crate::table::view`): computed
    /// when the encounter is read, never stored. `null` before the first action and for a
    /// system with nothing derived.
    pub view: Option<TableView>,
}

/// A change made at the table. Every one is logged and can be undone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum TableAction {
    /// Stored characters of the encounter's roster join at the end of the order.
    AddCharacters {
        character_ids: Vec<Uuid>,
    },
    /// `count` nameless NPCs named "LABEL N", numbered on from the highest "LABEL N" already in,
    /// each with `sheet`'s numbers (a sheet of the roster's system, or part of one: what is left
    /// out keeps the blank sheet's value), or the system's defaults when it is absent.
    AddNpcs {
        label: String,
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        sheet: Option<serde_json::Value>,
    },
    /// `count` numbered copies of a stored character ("Drone 1", "Drone 2", …, numbered on from
    /// the highest already in), each an NPC with the character's sheet as it is now and its own
    /// health and state.
    AddCopies {
        character_id: Uuid,
        count: u32,
    },
    RemoveParticipant {
        participant_id: Uuid,
    },
    /// One place earlier in the turn order.
    MoveUp {
        participant_id: Uuid,
    },
    /// One place later in the turn order.
    MoveDown {
        participant_id: Uuid,
    },
    /// The whole order: every participant exactly once.
    SetOrder {
        participant_ids: Vec<Uuid>,
    },
    SetTurn {
        participant_id: Uuid,
    },
    /// The turn passes to the next in order; after the last, a new round starts with the first.
    NextTurn,
    /// A new round starts with the first in order.
    NextRound,
    Rename {
        name: String,
    },
    /// What the players see of a participant (docs/players-view.md); the default removes its
    /// entry.
    SetVisibility {
        participant_id: Uuid,
        visibility: Visibility,
    },
    /// A move of the roster's system (card initiative, Grunt, an attack chain, …), played by
    /// crate::table against the participants' sheets.
    System {
        #[serde(rename = "move")]
        r#move: SystemMove,
    },
}

/// A stored character as an action needs it (the store looks it up in the roster).
#[derive(Debug, Clone)]
pub struct JoiningCharacter {
    pub id: Uuid,
    pub name: String,
    /// The character's sheet, read for [`TableAction::AddCopies`] only.
    pub sheet: Option<serde_json::Value>,
}

impl EncounterState {
    /// A new encounter: round 1, nobody yet.
    pub fn new(name: &str) -> Self {
        EncounterState {
            name: name.trim().to_string(),
            round: 1,
            order: Vec::new(),
            current: None,
            system_state: None,
            visibility: BTreeMap::new(),
        }
    }

    /// What the players see of a participant (the default when none is kept).
    pub fn visibility_of(&self, participant_id: Uuid) -> Visibility {
        self.visibility
            .get(&participant_id)
            .cloned()
            .unwrap_or_default()
    }
}
