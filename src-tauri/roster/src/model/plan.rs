//! A fight prepared ahead (issue 27): an encounter's participants, in order, with what the
//! players see of each and the GM's notes, saved as a plan of its roster and started as a new
//! encounter any number of times ("Duplicate encounter" starts one from an encounter at once).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::{EncounterState, Timestamp, Visibility};

/// A stored plan of a roster.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EncounterPlan {
    pub id: Uuid,
    pub roster_id: Uuid,
    /// What an encounter started from it is called.
    pub name: String,
    pub contents: PlanContents,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// What a plan holds (stored as JSON).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct PlanContents {
    /// The GM's notes on the fight (tactics, terrain, treasure).
    pub notes: String,
    /// The participants in turn order.
    pub participants: Vec<PlannedParticipant>,
}

/// One participant of a plan: a roster character (`character_id`), a copy of one (`copy_of`:
/// started from the character's sheet as it is then), or a quick NPC with its own numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlannedParticipant {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub character_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub copy_of: Option<Uuid>,
    /// A quick NPC's numbers (none for a character or a copy, which read the roster's sheet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sheet: Option<Value>,
    /// What the players see of it (the default when absent): hidden ones stay hidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub visibility: Option<Visibility>,
}

impl PlanContents {
    /// The participants of `state` as a plan: who, in order, and what the players see of each.
    pub fn of(state: &EncounterState, notes: &str) -> PlanContents {
        let participants = state
            .order
            .iter()
            .map(|p| {
                let visibility = state.visibility_of(p.id);
                PlannedParticipant {
                    name: p.name.clone(),
                    character_id: p.character_id,
                    copy_of: p.copy_of,
                    sheet: p.copy_of.is_none().then(|| p.sheet.clone()).flatten(),
                    visibility: (!visibility.is_default()).then_some(visibility),
                }
            })
            .collect();
        PlanContents {
            notes: notes.to_string(),
            participants,
        }
    }
}
