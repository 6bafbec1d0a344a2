//! `rollbook-app`: the desktop window. The command line is its own binary, `rollbook` (crate
//! `rollbook-cli`), which starts this one when it is given no subcommand.

// A release build on Windows is a GUI program: no console window opens behind it. (Debug
// builds keep the console for their logs; Linux and macOS have no such subsystem.)
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

mod desktop;
mod ipc_error;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Rollbook's window. `rollbook --help` lists the command line's subcommands.
#[derive(Debug, Parser)]
#[command(name = "rollbook-app", version)]
struct AppArgs {
    /// The database file the window opens. Default: $ROLLBOOK_DB, else the per-user one.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

fn main() -> ExitCode {
    // Before anything else: it changes the environment, sound only while there is one thread.
    desktop::choose_rendering();
    let args = AppArgs::parse();
    desktop::run(args.db)
}
