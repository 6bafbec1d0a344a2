//! The command line. Nothing here may touch GTK or the webview: every subcommand must run
//! on a machine with no display and start fast.

mod input;
mod kinds;
mod odds;
mod output;
mod roll;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

const ABOUT: &str = "Exact odds and reproducible rolls for tabletop game masters.";

const LONG_ABOUT: &str = "\
Exact odds and reproducible rolls for tabletop game masters.

With no subcommand Rollbook opens its desktop window. With a subcommand it works on the
command line only (no display needed) and prints JSON on stdout.

A roll request is one JSON object naming a system and a roll kind plus that kind's fields;
fields left out take their defaults. `rollbook kinds` lists every system, kind and field.
`odds` and `roll` also take a JSON array of requests and answer with an array.";

const EXAMPLES: &str = "\
Examples:
  rollbook                       open the desktop window
  rollbook kinds                 list systems, roll kinds and their fields (JSON)
  rollbook odds '{\"system\":\"d12\",\"roll\":\"straight\",\"ranks\":1,\"difficulty\":12}'
  rollbook odds '[{\"system\":\"stunt\",\"roll\":\"check\",\"active\":\"Skilled\",\"defending\":\"Average\"},
                  {\"system\":\"marks\",\"roll\":\"pool\",\"attribute_dice\":3,\"skill_dice\":3}]'
  rollbook roll '{\"system\":\"universe\",\"roll\":\"attack\",\"bonus\":5,\"ac\":15}' --seed 42
  echo '{\"system\":\"stunt\",\"roll\":\"double_six\"}' | rollbook roll -

Exit status: 0 on success, 2 when the request is not valid (a one-line reason is printed
on stderr, naming the field), 1 when the output cannot be written.";

#[derive(Debug, Parser)]
#[command(
    name = "rollbook",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXAMPLES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the exact odds of a roll request (or of a JSON array of requests) as JSON.
    #[command(after_help = odds::EXAMPLES)]
    Odds {
        /// The roll request as JSON, or `-` to read it from stdin.
        request: String,
    },
    /// Roll a request (or a JSON array of requests) and print the dice and outcome as JSON.
    #[command(after_help = roll::EXAMPLES)]
    Roll {
        /// The roll request as JSON, or `-` to read it from stdin.
        request: String,
        /// Seed for reproducible dice; the i-th request of an array uses seed + i.
        /// Without it a fresh seed is drawn and printed in each result.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Print the catalog of systems, roll kinds, their fields and rulings as JSON.
    #[command(after_help = kinds::EXAMPLES)]
    Kinds,
}

/// Runs one subcommand and maps its outcome to the documented exit status.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Odds { request } => odds::run(&request),
        Command::Roll { request, seed } => roll::run(&request, seed),
        Command::Kinds => kinds::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}

/// Why a subcommand stopped.
#[derive(Debug)]
pub enum Failure {
    /// The request was not valid: exit 2 with the reason on one line.
    BadInput(String),
    /// Stdout could not be written (other than a closed pipe): exit 1.
    Output(std::io::Error),
}

impl Failure {
    fn report(self) -> ExitCode {
        match self {
            Failure::BadInput(reason) => {
                eprintln!("rollbook: {}", one_line(&reason));
                ExitCode::from(2)
            }
            Failure::Output(error) => {
                eprintln!("rollbook: cannot write the output: {error}");
                ExitCode::FAILURE
            }
        }
    }
}

/// Scripts read the reason as one line, whatever the error text contains.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn one_line_joins_lines() {
        assert_eq!(one_line("a:\n  b  c\n"), "a: b c");
    }

    #[test]
    fn help_lists_every_subcommand_with_examples() {
        let help = Cli::command().render_long_help().to_string();
        for word in ["odds", "roll", "kinds", "--seed", "Examples:"] {
            assert!(help.contains(word), "help lacks {word}:\n{help}");
        }
    }
}
