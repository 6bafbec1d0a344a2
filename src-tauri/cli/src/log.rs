//! `rollbook log [--roster NAME] [--character NAME] [--format csv|json] [--limit N] [--luck]`.

use std::path::Path;

use clap::{Args, ValueEnum};
use rollbook_roster::{FileFormat, LogEntry, LogQuery, Timestamp};

use super::store::{self, Open};
use super::text_table::{self, Table};
use super::{character, luck};
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook log                                   every logged roll, newest first
  rollbook log --roster \"Friday Night Heroes\" --limit 10
  rollbook log --character Vex --format json
  rollbook log --since 2026-11-22 --format csv > friday.csv
  rollbook log --luck --roster \"Friday Night Heroes\"   how lucky the dice were

Rolls are logged by `rollbook roll ... --character NAME` (or --roster NAME) and by the window.
--since and --until take a date (your time zone) or an RFC 3339 time.
--luck judges the rolls picked: where each stood in its exact odds (its percentile), and whether
they ran hot or cold overall, per character and per evening (6 am to 6 am); --json prints it all.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One row per roll, for spreadsheets.
    Csv,
    /// {"format": "rollbook-roll-log", "version": 1, "exported_at", "rolls": [...]}.
    Json,
}

impl From<Format> for FileFormat {
    fn from(format: Format) -> FileFormat {
        match format {
            Format::Csv => FileFormat::Csv,
            Format::Json => FileFormat::Json,
        }
    }
}

#[derive(Debug, Args)]
pub struct LogArgs {
    /// Only rolls made in this roster (name or id).
    #[arg(long, value_name = "NAME")]
    roster: Option<String>,
    /// Only rolls made for this character (name or id; within --roster when given).
    #[arg(long, value_name = "NAME")]
    character: Option<String>,
    /// Write the log as CSV or JSON instead of a table (--json is --format json).
    #[arg(long, value_enum, conflicts_with = "luck")]
    format: Option<Format>,
    /// Only the newest N rolls.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Only rolls from this time on (a date such as 2026-11-22, or 2026-11-22T19:30:00Z).
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    since: Option<Timestamp>,
    /// Only rolls before this time.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    until: Option<Timestamp>,
    /// How lucky the dice were: the rolls' percentiles in their exact odds, judged overall,
    /// per character and per evening (with --json, the whole report).
    #[arg(long)]
    luck: bool,
}

/// An RFC 3339 time, or a date meaning its start in the user's time zone.
fn parse_time(text: &str) -> Result<Timestamp, String> {
    if let Ok(at) = text.parse::<Timestamp>() {
        return Ok(at);
    }
    text.parse::<jiff::civil::Date>()
        .and_then(|date| date.to_zoned(jiff::tz::TimeZone::system()))
        .map(|zoned| zoned.timestamp())
        .map_err(|_| {
            format!("\"{text}\" is not a date (2026-11-22) or a time (2026-11-22T19:30:00Z)")
        })
}

pub fn run(args: LogArgs, global: &Global) -> Result<(), Failure> {
    let format = match (args.format, global.json) {
        (Some(Format::Csv), true) => {
            return Err(Failure::BadInput(
                "--json and --format csv disagree; give one of them".into(),
            ))
        }
        (Some(format), _) => Some(format),
        (None, true) => Some(Format::Json),
        (None, false) => None,
    };
    let store = store::open(global, Open::Read)?;
    let roster = args
        .roster
        .as_deref()
        .map(|name| store::roster(&store, name))
        .transpose()?;
    let character = args
        .character
        .as_deref()
        .map(|name| character::find(&store, name, args.roster.as_deref()))
        .transpose()?;
    let query = LogQuery {
        roster_id: roster.map(|r| r.id),
        character_id: character.map(|c| c.id),
        since: args.since,
        until: args.until,
        limit: args.limit,
        before: None,
    };
    if args.luck {
        let report = store.luck(&query)?;
        return if global.json {
            output::json(&report)
        } else {
            output::text(&luck::text(&report))
        };
    }
    match format {
        // Streamed to stdout as the log is read: a log of any length is never held whole.
        Some(format) => output::file_with(Path::new("-"), &store, |out| {
            store.export_log_to(&query, format.into(), out)
        })
        .map(|_| ()),
        None => {
            // An entry that does not read is told apart, after the others (which it must not
            // hide).
            let listed = store.roll_log_readable(&query)?;
            print_entries(listed.read, listed.damaged.is_empty())?;
            Failure::unless_damaged(listed.damaged)
        }
    }
}

fn print_entries(entries: Vec<LogEntry>, whole: bool) -> Result<(), Failure> {
    if entries.is_empty() {
        return match whole {
            true => output::text("No rolls logged.\n"),
            false => Ok(()),
        };
    }
    let mut table = Table::new([
        "TIME",
        "ROSTER",
        "CHARACTER",
        "ROLL",
        "OUTCOME",
        "DICE",
        "SEED",
        "DETAIL",
    ]);
    for e in entries {
        let dice: Vec<String> = e.dice.iter().map(u32::to_string).collect();
        let roll = roll_name(&e);
        table.row([
            text_table::local_time(e.at),
            e.roster_name.unwrap_or_default(),
            e.character_name.unwrap_or_default(),
            if e.secret {
                format!("{roll} (secret)")
            } else {
                roll
            },
            e.outcome,
            dice.join(" "),
            // Dice typed in have no seed to replay them.
            if e.by_hand {
                "by hand".to_string()
            } else {
                e.seed.to_string()
            },
            e.detail,
        ]);
    }
    output::text(&table.render())
}

/// A roll as the log's table names it: `d12 straight`, or a typed roll's notation (`8d6`).
fn roll_name(entry: &LogEntry) -> String {
    match entry.notation() {
        Some(notation) => notation.to_string(),
        None => format!("{} {}", entry.system, entry.roll),
    }
}
