//! The desktop window. Everything GTK/webview related starts here and only here.

mod commands;
mod players;
mod print_dialog;
mod rendering;
mod state;

pub use rendering::choose_rendering;

use std::path::PathBuf;
use std::process::ExitCode;

pub(crate) use state::Database;

/// The app with its plugins, commands and database, generic over the runtime so tests can build
/// it on the mock runtime (no display) with the real configuration and capabilities.
pub(crate) fn build_app<R: tauri::Runtime>(
    builder: tauri::Builder<R>,
    database: Database,
) -> tauri::Result<tauri::App<R>> {
    commands::register(builder)
        .plugin(tauri_plugin_dialog::init())
        // Size, position and maximised state; not visibility or decorations, which the app
        // decides itself.
        .plugin(
            tauri_plugin_window_state::Builder::default()
                .with_state_flags(window_state_flags())
                .build(),
        )
        .manage(database)
        .build(tauri::generate_context!())
}

fn window_state_flags() -> tauri_plugin_window_state::StateFlags {
    use tauri_plugin_window_state::StateFlags;
    StateFlags::SIZE | StateFlags::POSITION | StateFlags::MAXIMIZED
}

/// Opens the window on the database of `--db PATH`, else `$ROLLBOOK_DB`, else the per-user one.
pub fn run(db: Option<PathBuf>) -> ExitCode {
    let database = Database::open_chosen(db);
    if let Some(refusal) = database.refusal() {
        // The window shows it too; this line is for whoever started Rollbook from a terminal.
        eprintln!("rollbook: {}", refusal.message);
    }
    database.back_up_if_due();
    match build_app(tauri::Builder::default(), database) {
        Ok(app) => {
            app.run(|_, _| {});
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("rollbook: could not open the window: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod bindings;
#[cfg(test)]
mod tests;
