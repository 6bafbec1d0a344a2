//! The stored form of an encounter's state: its JSON with a `version`, so that an encounter
//! written by any earlier build opens and plays in this one, and one written by a later build is
//! refused as that instead of being misread. Every state the store keeps goes through here: the
//! encounter's own and the before/after of each logged table action (undo writes a "before" back).
//!
//! A change to the state's shape raises [`ENCOUNTER_STATE_VERSION`] and adds one step to
//! [`UPGRADES`] that turns the previous version's JSON into the new one; the fixture databases of
//! earlier builds (`tests/fixtures/db/`) hold their states in every old shape.

use serde_json::{Map, Value};

use crate::error::{Result, RosterError};
use crate::model::EncounterState;

/// The version of the state this build writes.
pub const ENCOUNTER_STATE_VERSION: u64 = 1;

/// `UPGRADES[v]` turns a state of version `v` into version `v + 1`.
const UPGRADES: [fn(&mut Map<String, Value>); ENCOUNTER_STATE_VERSION as usize] = [
    // 0: written before states carried a version (main up to 2026-11-25); the shape is version 1's.
    |_| {},
];

/// The JSON the store keeps for `state`.
/// States stored at this version or later differ only in their `version` field: a patch of the
/// table's history taken between states of one of these versions applies to the same state
/// stored at another (store/table_history.rs). A later version that changes the shape of a state
/// raises it, and undo then stops at the first action stored before the change.
pub(super) const SAME_SHAPE_SINCE: u64 = 0;

/// `state` (stored JSON) as it would be stored at `version`, for a patch taken at that version;
/// `None` when the two versions differ in shape.
pub(super) fn as_version(mut state: Value, version: u64) -> Option<Value> {
    let fields = state.as_object_mut()?;
    let stored = fields.get("version").and_then(Value::as_u64).unwrap_or(0);
    if stored == version {
        return Some(state);
    }
    if !(SAME_SHAPE_SINCE..).contains(&stored.min(version)) {
        return None;
    }
    if version == 0 {
        fields.remove("version");
    } else {
        fields.insert("version".into(), version.into());
    }
    Some(state)
}

pub(super) fn to_stored(state: &EncounterState) -> String {
    stored_value(state).to_string()
}

/// The JSON [`to_stored`] writes, before it becomes text (what the table history diffs).
pub(super) fn stored_value(state: &EncounterState) -> Value {
    let mut json = match serde_json::to_value(state) {
        Ok(Value::Object(fields)) => fields,
        // Plain data (strings, numbers, uuids, JSON values) always serialises to an object.
        _ => unreachable!("an encounter state serialises to a JSON object"),
    };
    json.insert("version".into(), ENCOUNTER_STATE_VERSION.into());
    Value::Object(json)
}

/// The state kept as `stored`, upgraded from the version it was written in. `what` says where it
/// was kept ("encounter", "table action") for the message.
/// Whether a stored state reads (a snapshot holding an encounter sound, `backups::sound`).
pub(crate) fn encounter_reads(stored: &str) -> bool {
    from_stored(stored, "state").is_ok()
}

pub(super) fn from_stored(stored: &str, what: &str) -> Result<EncounterState> {
    let unreadable = |detail: String| RosterError::EncounterStateUnreadable {
        what: what.to_string(),
        detail,
    };
    let mut fields = match serde_json::from_str::<Value>(stored) {
        Ok(Value::Object(fields)) => fields,
        Ok(_) => return Err(unreadable("it is not a JSON object".into())),
        Err(e) => return Err(unreadable(e.to_string())),
    };
    let version = match fields.remove("version") {
        None => 0,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| unreadable(format!("its version {v} is not a whole number")))?,
    };
    if version > ENCOUNTER_STATE_VERSION {
        return Err(RosterError::EncounterStateNewer {
            found: version,
            supported: ENCOUNTER_STATE_VERSION,
        });
    }
    for upgrade in &UPGRADES[version as usize..] {
        upgrade(&mut fields);
    }
    serde_json::from_value(Value::Object(fields)).map_err(|e| unreadable(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> EncounterState {
        EncounterState::new("Rooftop")
    }

    #[test]
    fn a_state_is_kept_with_the_version_it_was_written_in_and_reads_back_the_same() {
        let stored = to_stored(&state());
        let json: Value = serde_json::from_str(&stored).unwrap();
        assert_eq!(json["version"], ENCOUNTER_STATE_VERSION);
        assert_eq!(from_stored(&stored, "encounter").unwrap(), state());
    }

    #[test]
    fn a_state_written_before_versions_reads_as_version_zero() {
        let old = serde_json::to_string(&state()).unwrap();
        assert!(!old.contains("version"));
        assert_eq!(from_stored(&old, "encounter").unwrap(), state());
    }

    #[test]
    fn a_state_of_a_later_build_is_refused_as_that_not_misread() {
        let mut json: Value = serde_json::from_str(&to_stored(&state())).unwrap();
        json["version"] = (ENCOUNTER_STATE_VERSION + 1).into();
        let error = from_stored(&json.to_string(), "encounter").unwrap_err();
        assert_eq!(error.code(), "encounter_newer");
        assert!(error.to_string().contains("newer Rollbook"), "{error}");
    }

    #[test]
    fn a_state_that_does_not_parse_is_said_to_be_that_not_a_damaged_database() {
        for (stored, said) in [
            ("{\"name\": 7}", "invalid type"),
            ("[1, 2]", "not a JSON object"),
            ("{\"version\": \"one\"}", "not a whole number"),
            ("{not json", "key must be a string"),
        ] {
            let error = from_stored(stored, "table action").unwrap_err();
            assert_eq!(error.code(), "encounter_unreadable", "{stored}");
            let message = error.to_string();
            assert!(message.contains(said), "{stored}: {message}");
            assert!(message.contains("table action"), "{message}");
        }
    }
}
