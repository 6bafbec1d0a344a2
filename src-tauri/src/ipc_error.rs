//! The error shape that crosses the IPC boundary: `{code, message}`.

use rollbook_rules::RulesError;
use serde::Serialize;

/// An error the front end can show as it is: `code` is stable for the UI to branch on,
/// `message` is a plain sentence that names the field and what to change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IpcError {
    pub code: String,
    pub message: String,
}

impl From<RulesError> for IpcError {
    fn from(error: RulesError) -> Self {
        IpcError {
            code: error.code().to_string(),
            message: error.to_string(),
        }
    }
}
