//! The options every subcommand takes, apart from the command tree in lib.rs so the
//! subcommands can read them without importing the crate root that declares them.

use std::path::PathBuf;

use clap::Args;

/// Options every subcommand accepts, before or after its name.
#[derive(Debug, Clone, Default, Args)]
pub struct Global {
    /// The database file (created by `roster create` or `import` when missing); with no
    /// subcommand, the file the window opens. Default: $ROLLBOOK_DB for the window, else the
    /// window's own, in the per-user data directory.
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Print JSON for scripts instead of tables (errors too, as one JSON line on stderr).
    #[arg(long, global = true)]
    pub json: bool,
}
