//! `rollbook`: the command line. With a subcommand it works here and now, with no display and
//! nothing of the window loaded; with none it starts the window (`rollbook-app`, beside it).

use std::process::ExitCode;

/// mimalloc rather than the system's malloc: see Cargo.toml (the library and its tests keep the
/// default allocator; this is the binary's choice).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
