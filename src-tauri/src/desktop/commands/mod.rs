//! IPC commands (docs/ipc.md): thin adapters that parse the arguments, call `rollbook-roster` or
//! `rollbook-rules` on the blocking pool, and map errors to `{code, message, problems?}`.
//! No rules logic and no SQL live here.

#[macro_use]
mod list;

mod app;
mod backups;
mod characters;
mod encounters;
mod log;
mod plans;
mod players;
mod print;
mod rosters;
mod rules;
mod saved_rolls;
mod sheets;
mod transfer;

use std::io::Write;
use std::path::PathBuf;

use rollbook_roster::{RosterError, Store};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::desktop::Database;
use crate::ipc_error::IpcError;

// The answers of the window's own making, for the TypeScript declarations (../bindings.rs).
#[cfg(test)]
pub(super) use {
    app::AppInfo,
    characters::CharacterList,
    encounters::EncounterPreview,
    log::LogList,
    plans::PlanList,
    rosters::RosterList,
    rules::{DiceCheck, LoggedRoll},
    transfer::Progress,
};

/// `tauri::generate_handler!` over the commands `window_commands!` lists.
macro_rules! handler {
    ($($module:ident::$command:ident),* $(,)?) => {
        tauri::generate_handler![$($module::$command),*]
    };
}

/// Every command of the window, as list.rs declares them (build.rs gives each its permission
/// from the same list, and the capability grants exactly these).
pub(super) fn register<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .manage(print::PrintPreview::default())
        .manage(crate::desktop::players::Screens::default())
        .register_uri_scheme_protocol(print::SCHEME, print::protocol)
        .invoke_handler(window_commands!(handler))
}

/// The names of the commands the window may call, as list.rs declares them.
#[cfg(test)]
pub(super) const DECLARED: &[&str] = window_commands!(command_names);

/// Reads a structured argument, naming the JSON path at fault when it has the wrong shape.
/// (Tauri would reject such an argument with a bare string; the UI expects `{code, message}`.)
fn argument<T: DeserializeOwned>(name: &str, value: Value) -> Result<T, IpcError> {
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

/// Writes a file from the store where the GM chose, as the store reads it (an export of any
/// size is never held whole, nor sent to the window), whole or not at all through a temporary
/// file renamed into place and never over the open database (`rollbook_roster::files::
/// write_whole_with`, as the command line's `--out` does), with a refusal that says what to
/// change; answers how much it holds.
async fn write_export<F>(db: &Database, path: PathBuf, write: F) -> Result<usize, IpcError>
where
    F: FnOnce(&Store, &mut dyn Write) -> Result<usize, RosterError> + Send + 'static,
{
    db.run(move |store| {
        let protected = store.protected_files();
        let store: &Store = store;
        match rollbook_roster::files::write_whole_with(&path, &protected, |out| write(store, out)) {
            Ok(count) => Ok(count),
            Err(RosterError::Io { source, .. }) => Err(IpcError::io(format!(
                "{} could not be written ({source}); nothing was written there. Pick another folder or file name",
                path.display()
            ))),
            Err(refusal) => Err(refusal.into()),
        }
    })
    .await
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
