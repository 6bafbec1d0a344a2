//! `rollbook export [--roster NAME…] --out FILE [--format json|csv]`.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use rollbook_roster::{ExportSelection, FileFormat};
use serde_json::json;

use super::store::{self, Open};
use super::text_table;
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

impl From<Format> for FileFormat {
    fn from(format: Format) -> FileFormat {
        match format {
            Format::Json => FileFormat::Json,
            Format::Csv => FileFormat::Csv,
        }
    }
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
    let format = args
        .format
        .map_or_else(|| by_name(&args.out), FileFormat::from);
    // Written as the database is read: an export of everything Rollbook keeps is never held
    // whole (issue 28).
    let (destination, (rosters, characters)) = output::file_with(&args.out, &store, |out| {
        store.export_file_to(&selection, format, out)
    })?;
    if destination == output::Destination::Stdout {
        return Ok(());
    }
    let format_name = format.as_str();
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
        text_table::count(rosters, "roster"),
        text_table::count(characters, "character"),
        args.out.display()
    ))
}

/// The format a file name asks for: .csv is CSV, anything else JSON.
fn by_name(out: &Path) -> FileFormat {
    if out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
    {
        FileFormat::Csv
    } else {
        FileFormat::Json
    }
}
