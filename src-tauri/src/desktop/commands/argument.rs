//! Structured arguments of the commands, read with the JSON path at fault named.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::ipc_error::IpcError;

/// Reads a structured argument, naming the JSON path at fault when it has the wrong shape.
/// (Tauri would reject such an argument with a bare string; the UI expects `{code, message}`.)
pub(super) fn argument<T: DeserializeOwned>(name: &str, value: Value) -> Result<T, IpcError> {
    serde_path_to_error::deserialize(value).map_err(|error| {
        let path = error.path().to_string();
        let at = if path == "." {
            name.to_string()
        } else {
            format!("{name}.{path}")
        };
        IpcError::invalid_argument(format!("{at}: {}", error.into_inner()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rollbook_roster::NewRoster;
    use serde_json::json;

    #[test]
    fn a_malformed_argument_names_its_path() {
        let error =
            argument::<NewRoster>("roster", json!({"name": "A", "system": "dnd"})).unwrap_err();
        assert_eq!(error.code, "invalid_argument");
        assert!(
            error
                .message
                .starts_with("roster.system: unknown variant `dnd`"),
            "{}",
            error.message
        );
        let error = argument::<NewRoster>("roster", json!(7)).unwrap_err();
        assert!(
            error.message.starts_with("roster: invalid type"),
            "{}",
            error.message
        );
    }
}
