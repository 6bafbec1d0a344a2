//! `rollbook export [--roster NAME…] --out FILE [--format json|csv]`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rollbook_roster::{ExportSelection, Store};
use serde_json::json;

use super::store::{self, Open};
use super::table;
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook export --out backup.json                          every roster, as a roster file
  rollbook export --roster \"Friday Night Heroes\" --out heroes.json
  rollbook export --roster Heroes --roster Villains --out two.json
  rollbook export --out characters.csv                       one row per character, for spreadsheets
  rollbook export --format csv --out - | head -3             to stdout

The format follows the file name (.csv is CSV, anything else JSON) unless --format says.
The file is written whole or not at all: an existing file is only replaced once the new
one is complete.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The roster file of FORMAT.md, which `rollbook import` reads back.
    Json,
    /// Characters, one row each, the sheet flattened into columns.
    Csv,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A roster to export (name or id); repeat for several. Every roster when left out.
    #[arg(long = "roster", value_name = "NAME", num_args = 1..)]
    rosters: Vec<String>,
    /// The file to write, or `-` for stdout.
    #[arg(long, short, value_name = "FILE")]
    out: PathBuf,
    /// json or csv; by default from the file name.
    #[arg(long, value_enum)]
    format: Option<Format>,
}

pub fn run(args: ExportArgs, global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    let selection = if args.rosters.is_empty() {
        ExportSelection::All
    } else {
        let ids = args
            .rosters
            .iter()
            .map(|name| store::roster(&store, name).map(|r| r.id))
            .collect::<Result<Vec<_>, _>>()?;
        ExportSelection::Rosters(ids)
    };
    let format = args.format.unwrap_or_else(|| {
        let csv = args
            .out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        if csv {
            Format::Csv
        } else {
            Format::Json
        }
    });
    let (bytes, rosters, characters) = render(&store, &selection, format)?;
    if output::file(&args.out, &bytes, &store)? == output::Destination::Stdout {
        return Ok(());
    }
    let format_name = match format {
        Format::Json => "json",
        Format::Csv => "csv",
    };
    if global.json {
        return output::json(&json!({
            "out": args.out,
            "format": format_name,
            "rosters": rosters,
            "characters": characters,
        }));
    }
    output::text(&format!(
        "Exported {}, {} to {} ({format_name})\n",
        table::count(rosters, "roster"),
        table::count(characters, "character"),
        args.out.display()
    ))
}

/// The file's bytes, with how many rosters and characters it holds.
fn render(
    store: &Store,
    selection: &ExportSelection,
    format: Format,
) -> Result<(Vec<u8>, usize, usize), Failure> {
    match format {
        Format::Json => {
            let file = store.export(selection)?;
            let characters = file.rosters.iter().map(|r| r.characters.len()).sum();
            Ok((file.to_json().into_bytes(), file.rosters.len(), characters))
        }
        Format::Csv => {
            let mut bytes = Vec::new();
            let characters = store.export_characters_csv(selection, &mut bytes)?;
            let rosters = match selection {
                ExportSelection::All => store.rosters()?.len(),
                ExportSelection::Rosters(ids) => {
                    let mut ids = ids.clone();
                    ids.sort();
                    ids.dedup();
                    ids.len()
                }
                // The command line names rosters only; counted like the JSON file would be.
                ExportSelection::Characters(_) => store.export(selection)?.rosters.len(),
            };
            Ok((bytes, rosters, characters))
        }
    }
}
