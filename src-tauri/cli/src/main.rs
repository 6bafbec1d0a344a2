//! `rollbook`: the command line. With a subcommand it works here and now, with no display and
//! nothing of the window loaded; with none it starts the window (`rollbook-app`, beside it).

use std::process::ExitCode;

fn main() -> ExitCode {
    // Parse first: `--help`, `--version` and every subcommand finish without looking for the app.
    let args = match rollbook_cli::parse() {
        Ok(args) => args,
        Err(status) => return status,
    };
    match args.command {
        Some(command) => rollbook_cli::run(command, &args.global),
        None => rollbook_cli::open_window(&args.global),
    }
}
