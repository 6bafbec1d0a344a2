//! Rollbook: with no arguments it opens the desktop window; with a subcommand it is a
//! command-line tool that never touches GTK or the webview (so it runs with no display).

// Only the window is a GUI; on Linux there is no console subsystem to hide, and the
// command line must keep its stdout, so no `windows_subsystem` attribute here.

mod cli;
mod desktop;
mod ipc_error;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Parse first: `--help`, `--version` and every subcommand finish before any GUI code runs.
    let args = match cli::parse() {
        Ok(args) => args,
        Err(status) => return status,
    };
    match args.command {
        Some(command) => cli::run(command, &args.global),
        None => desktop::run(args.global.db),
    }
}
