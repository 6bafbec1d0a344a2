//! IPC commands (docs/ipc.md): thin adapters that parse the arguments, call `rollbook-roster` or
//! `rollbook-rules` on the blocking pool, and map errors to `{code, message, problems?}`.
//! No rules logic and no SQL live here.

#[macro_use]
mod list;

mod app;
mod argument;
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
mod systems;
mod transfer;
mod write_export;

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
    systems::SystemShown,
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
