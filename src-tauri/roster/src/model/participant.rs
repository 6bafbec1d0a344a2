//! One side of the table, as an encounter keeps it: what the system's table rules read of each
//! seat, below the encounter state that holds the table (so neither depends on the other).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// One side of the table: a stored character, a numbered copy of one, or an NPC quick-added to
/// this encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Participant {
    /// This participant's id within the encounter (a character added twice is refused).
    pub id: Uuid,
    /// The stored character, or `None` for a quick-added NPC or a copy.
    pub character_id: Option<Uuid>,
    /// Copied when added, so the encounter still reads after the character is purged.
    pub name: String,
    /// The numbers the table reads for a participant with no stored character: a sheet of the
    /// roster's system (checked as a sheet is when added, stored whole). A copy takes its
    /// character's sheet as it was when added, so each copy keeps its own health and state and
    /// nothing is written back. Absent for a quick NPC added with the system's defaults (and in
    /// every state stored by an earlier build, which read and write byte for byte as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sheet: Option<serde_json::Value>,
    /// The roster character a copy was made from ("Add ×3"), shown as "copy of …".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub copy_of: Option<Uuid>,
}
