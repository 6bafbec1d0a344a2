//! The desktop window. Everything GTK/webview related starts here and only here.

mod commands;

use std::process::ExitCode;

/// The app with its commands, generic over the runtime so tests can build it on the
/// mock runtime (no display) with the real configuration and capabilities.
pub(crate) fn build_app<R: tauri::Runtime>(
    builder: tauri::Builder<R>,
) -> tauri::Result<tauri::App<R>> {
    builder
        .invoke_handler(tauri::generate_handler![
            commands::catalog,
            commands::odds,
            commands::roll
        ])
        .build(tauri::generate_context!())
}

pub fn run() -> ExitCode {
    match build_app(tauri::Builder::default()) {
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
mod tests;
