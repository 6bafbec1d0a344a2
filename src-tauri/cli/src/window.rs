//! `rollbook` with no subcommand opens the window: it hands over to the app binary installed
//! beside it (`rollbook-app`, what the .deb, the .rpm and `cargo build` put next to it), so the
//! command line itself never links GTK or WebKit.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::Global;

/// The window's binary: a sibling of this one, named as Cargo and the installers name it.
pub const APP_BINARY: &str = "rollbook-app";

/// Starts the window on `--db PATH` (else `$ROLLBOOK_DB`, else the per-user database). On Unix
/// the app replaces this process (same pid, same terminal, its exit status is ours); elsewhere
/// it runs as a child and its status is passed on.
pub fn open_window(global: &Global) -> ExitCode {
    let app = match app_path() {
        Ok(app) => app,
        Err(message) => {
            eprintln!("rollbook: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut command = Command::new(&app);
    if let Some(db) = &global.db {
        command.arg("--db").arg(db);
    }
    run(command, &app)
}

#[cfg(unix)]
fn run(mut command: Command, app: &Path) -> ExitCode {
    use std::os::unix::process::CommandExt;
    // exec only returns when it failed.
    let error = command.exec();
    eprintln!(
        "rollbook: could not start the window ({}): {error}",
        app.display()
    );
    ExitCode::FAILURE
}

#[cfg(not(unix))]
fn run(mut command: Command, app: &Path) -> ExitCode {
    match command.status() {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => ExitCode::from(status.code().map_or(1, |c| c.clamp(1, 255) as u8)),
        Err(error) => {
            eprintln!(
                "rollbook: could not start the window ({}): {error}",
                app.display()
            );
            ExitCode::FAILURE
        }
    }
}

/// Where the window's binary is, or why it cannot be found.
fn app_path() -> Result<PathBuf, String> {
    let me = std::env::current_exe()
        .map_err(|e| format!("could not tell where rollbook is installed: {e}"))?;
    let app = sibling(&me);
    if app.is_file() {
        Ok(app)
    } else {
        Err(format!(
            "the window is not installed beside the command line (no {}); install Rollbook's \
             package, or build it with `cargo build -p rollbook`",
            app.display()
        ))
    }
}

/// The app binary in the same folder as `me`, with this platform's executable suffix.
fn sibling(me: &Path) -> PathBuf {
    me.with_file_name(format!("{APP_BINARY}{}", std::env::consts::EXE_SUFFIX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_is_looked_for_beside_the_command_line() {
        let app = sibling(Path::new("/usr/bin/rollbook"));
        assert_eq!(
            app,
            PathBuf::from(format!(
                "/usr/bin/rollbook-app{}",
                std::env::consts::EXE_SUFFIX
            ))
        );
    }
}
