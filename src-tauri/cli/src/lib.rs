//! The command line, crate `rollbook-cli` (binary `rollbook`). It links nothing of the window:
//! every subcommand runs on a machine with no display and starts in milliseconds; with no
//! subcommand it starts the window's binary (`window.rs`).
//!
//! Each subcommand is a thin adapter over `rollbook-rules` or `rollbook-roster`: parse the
//! arguments, call, print, map the error to its exit status.

mod backup;
mod character;
mod dice;
mod encounter;
mod export;
mod failure;
mod global;
mod import;
mod input;
mod kinds;
mod log;
mod luck;
mod odds;
mod output;
mod plans;
mod players;
mod roll;
mod roster;
mod saved;
mod sheet;
mod store;
mod system;
mod system_upgrade;
mod table_report;
mod text_table;
mod trash;
mod visibility;
mod which;
mod window;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use failure::Failure;
pub use global::Global;
pub use window::{open_window, APP_BINARY};

const ABOUT: &str = "Exact odds, reproducible rolls and rosters for tabletop game masters.";

const LONG_ABOUT: &str = "\
Exact odds, reproducible rolls and rosters for tabletop game masters.

With no subcommand Rollbook opens its desktop window. With a subcommand it works on the
command line only (no display needed).

A roll request is one JSON object naming a system and a roll kind plus that kind's fields;
fields left out take their defaults. `rollbook kinds` lists every system, kind and field.
`odds` and `roll` also take a JSON array of requests and answer with an array (always JSON).

Rosters, characters and the roll log live in one SQLite file, the same one the window uses;
--db PATH picks another. Their commands print tables for people, or JSON with --json.";

const EXAMPLES: &str = "\
Examples:
  rollbook                       open the desktop window
  rollbook --db games.sqlite3    open the desktop window on another database file
  rollbook kinds                 list systems, roll kinds and their fields (JSON)
  rollbook odds '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":1,\"difficulty\":12}'
  rollbook odds '[{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Skilled\",\"defending\":\"Average\"},
                  {\"system\":\"marks\",\"roll\":\"pool\",\"attribute_dice\":3,\"skill_dice\":3}]'
  rollbook roll '{\"system\":\"universe\",\"roll\":\"attack\",\"bonus\":5,\"ac\":15}' --seed 42
  echo '{\"system\":\"stunt\",\"roll\":\"double_six\"}' | rollbook roll -
  rollbook import heroes.json --dry-run      preview an import, write nothing
  rollbook import heroes.json                import it (merge)
  rollbook roster list
  rollbook search tag:party
  rollbook roll '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":2}' --character Vex
  rollbook saved create --roster Heroes Fireball 8d6   a roll kept with the roster
  rollbook roll --saved Fireball --roster Heroes      roll it, logged in the roster
  rollbook log --character Vex
  rollbook export --out backup.json          every roster, as a roster file
  rollbook sheet --roster Heroes --out heroes.html   printable character sheets
  rollbook encounter new --roster Heroes \"Dockside Ambush\"   an encounter at the table
  rollbook backup list                       snapshots of the database, newest first
  rollbook --db /tmp/test.sqlite3 --json roster list

Exit status: 0 on success; 2 when the input is not valid (a request, a file, an unknown
roster or character, a bad argument); 1 for other failures (the database refused or busy,
a file that cannot be written). The reason is one line on stderr, `rollbook: <reason>`; when
an import is refused, each problem follows on its own line (`  <path>: <problem>`). With
--json the error is instead one JSON line on stderr: {\"error\": {\"code\", \"message\", \"problems\"}}.";

#[derive(Debug, Parser)]
#[command(
    name = "rollbook",
    // Not the file's name: on Windows that is `rollbook.exe`, and the usage would say so.
    bin_name = "rollbook",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXAMPLES
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the exact odds of a roll request (or of a JSON array of requests) as JSON.
    #[command(after_help = odds::EXAMPLES)]
    Odds(odds::OddsArgs),
    /// Roll a request (or a JSON array of requests) and print the dice and outcome as JSON.
    ///
    /// With --character or --roster the roster's house rules apply and each roll is logged.
    #[command(after_help = roll::EXAMPLES)]
    Roll(roll::RollArgs),
    /// Dice notation (DICE.md): check an expression, with a caret under each problem.
    #[command(subcommand, after_help = dice::EXAMPLES)]
    Dice(dice::DiceCommand),
    /// System files (docs/system-files.md): check one (every problem at its line and column),
    /// add it to the database, list, show and remove the added ones.
    #[command(subcommand, after_help = system::EXAMPLES)]
    System(system::SystemCommand),
    /// A roster's saved rolls (dice notation kept under a name): list, create, edit, move,
    /// delete. `rollbook roll --saved NAME --roster R` rolls one.
    #[command(subcommand, after_help = saved::EXAMPLES)]
    Saved(saved::SavedCommand),
    /// Print the catalog of systems, roll kinds, their fields and rulings as JSON.
    #[command(after_help = kinds::EXAMPLES)]
    Kinds,
    /// List, show, create, rename, delete and restore rosters.
    #[command(subcommand)]
    Roster(roster::RosterCommand),
    /// List and show characters, or delete one (to the trash).
    #[command(subcommand)]
    Character(character::CharacterCommand),
    /// Find characters by name, player or tag across every roster.
    #[command(after_help = character::SEARCH_EXAMPLES)]
    Search(character::SearchArgs),
    /// Import a roster file: preview with --dry-run, or write it all in one go.
    #[command(after_help = import::EXAMPLES)]
    Import(import::ImportArgs),
    /// Export rosters to a roster file (JSON) or their characters to CSV.
    #[command(after_help = export::EXAMPLES)]
    Export(export::ExportArgs),
    /// Write printable character sheets (HTML, one page per character, A4 or Letter).
    #[command(after_help = sheet::EXAMPLES)]
    Sheet(sheet::SheetArgs),
    /// Encounters at the table: participants, turn order, rounds and each system's running
    /// state (card initiative, Grunt, attack chains, …); every action logged and undoable.
    #[command(subcommand, after_help = encounter::EXAMPLES)]
    Encounter(encounter::EncounterCommand),
    /// Show the roll log, newest first, or write it as CSV or JSON.
    #[command(after_help = log::EXAMPLES)]
    Log(log::LogArgs),
    /// Show what is in the trash, or empty it for good.
    #[command(after_help = trash::EXAMPLES)]
    Trash {
        #[command(subcommand)]
        command: Option<trash::TrashCommand>,
    },
    /// Bring back the most recent deletion (a roster, or characters) from the trash.
    #[command(after_help = trash::UNDO_EXAMPLES)]
    Undo,
    /// Snapshots of the database (in `backups` beside it): take one now, list, restore, prune.
    #[command(subcommand, after_help = backup::EXAMPLES)]
    Backup(backup::BackupCommand),
    /// Serve an encounter's players' view, read-only, to the players' phones on the local
    /// network (the link is the first line printed) until stopped.
    #[command(after_help = players::EXAMPLES)]
    Players(players::PlayersArgs),
}

/// Parses the command line. Help and version print as clap prints them; a mistake is reported
/// as one line, like every other error, with exit status 2.
pub fn parse() -> Result<Cli, ExitCode> {
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(error) => Err(failure::clap_error(error)),
    }
}

/// Runs one subcommand and maps its outcome to the documented exit status.
pub fn run(command: Command, global: &Global) -> ExitCode {
    let result = match command {
        Command::Odds(args) => odds::run(&args, global),
        Command::Roll(args) => roll::run(args, global),
        Command::Kinds => kinds::run(global),
        Command::Dice(command) => dice::run(command, global.json),
        Command::System(command) => system::run(command, global),
        Command::Saved(command) => saved::run(command, global),
        Command::Roster(command) => roster::run(command, global),
        Command::Character(command) => character::run(command, global),
        Command::Search(args) => character::search(args, global),
        Command::Import(args) => import::run(args, global),
        Command::Export(args) => export::run(args, global),
        Command::Sheet(args) => sheet::run(args, global),
        Command::Encounter(command) => encounter::run(command, global),
        Command::Log(args) => log::run(args, global),
        Command::Trash { command } => trash::run(command.unwrap_or_default(), global),
        Command::Undo => trash::undo(global),
        Command::Backup(command) => backup::run(command, global),
        Command::Players(args) => players::run(args, global),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(global.json),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use std::path::PathBuf;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn help_lists_every_subcommand_with_examples() {
        let help = Cli::command().render_long_help().to_string();
        for word in [
            "odds",
            "roll",
            "saved",
            "kinds",
            "roster",
            "character",
            "search",
            "import",
            "export",
            "sheet",
            "encounter",
            "log",
            "trash",
            "undo",
            "backup",
            "--db",
            "--json",
            "Examples:",
        ] {
            assert!(help.contains(word), "help lacks {word}:\n{help}");
        }
    }

    #[test]
    fn every_subcommand_help_has_examples() {
        fn walk(command: &mut clap::Command, path: &str) {
            if command.get_name() == "help" {
                return;
            }
            let name = format!("{path} {}", command.get_name());
            {
                let help = command.render_long_help().to_string();
                assert!(
                    help.contains("Examples:"),
                    "{name} help lacks examples:\n{help}"
                );
            }
            for sub in command.get_subcommands_mut() {
                walk(sub, &name);
            }
        }
        let mut command = Cli::command();
        command.build();
        for sub in command.get_subcommands_mut() {
            walk(sub, "rollbook");
        }
    }

    #[test]
    fn global_options_go_before_or_after_the_subcommand() {
        let before =
            Cli::try_parse_from(["rollbook", "--db", "x.db", "--json", "roster", "list"]).unwrap();
        let after =
            Cli::try_parse_from(["rollbook", "roster", "list", "--db", "x.db", "--json"]).unwrap();
        for cli in [before, after] {
            assert_eq!(cli.global.db, Some(PathBuf::from("x.db")));
            assert!(cli.global.json);
        }
    }
}
