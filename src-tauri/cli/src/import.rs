//! `rollbook import FILE [--mode merge|replace|copy] [--dry-run]`.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rollbook_roster::{Action, Import, ImportMode, ImportPlan, RosterError};
use serde::Serialize;

use super::store::{self, Open};
use super::text_table::Table;
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook import heroes.json --dry-run          the preview: what would be added, updated, skipped
  rollbook import heroes.json                    merge: update stored ids, add the rest
  rollbook import heroes.json --mode replace     stored rosters become what the file says
  rollbook import heroes.json --mode copy        everything as new rosters and characters
  rollbook --json import heroes.json --dry-run

The whole file is checked first; a file with any problem imports nothing, and every problem
is listed with its place in the file (rosters[0].characters[2].sheet...). A good file is
written in one transaction: all of it or nothing.";

/// What to do with rosters and characters whose id is already stored (FORMAT.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Update the stored ones, add the rest; stored characters the file leaves out stay.
    Merge,
    /// As merge, but a stored roster's characters the file leaves out go to the trash.
    Replace,
    /// Add everything with new ids; nothing stored is touched.
    Copy,
}

impl From<Mode> for ImportMode {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::Merge => ImportMode::Merge,
            Mode::Replace => ImportMode::Replace,
            Mode::Copy => ImportMode::Copy,
        }
    }
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The roster file (FORMAT.md JSON).
    file: PathBuf,
    /// What to do with rosters and characters whose id is already stored.
    #[arg(long, value_enum, default_value_t = Mode::Merge)]
    mode: Mode,
    /// Print the preview and write nothing.
    #[arg(long)]
    dry_run: bool,
}

/// Imports with fewer rows than this finish before a progress line could be read.
const PROGRESS_FROM: usize = 500;

#[derive(Serialize)]
struct Report<'a> {
    file: &'a std::path::Path,
    dry_run: bool,
    #[serde(flatten)]
    plan: &'a ImportPlan,
}

pub fn run(args: ImportArgs, global: &Global) -> Result<(), Failure> {
    let mode = ImportMode::from(args.mode);
    // The file first: a bad file is refused before the database is even opened.
    let import = Import::from_path(&args.file).map_err(|error| match error {
        // A file that cannot be read is bad input, like one that does not parse.
        RosterError::Io { .. } => Failure::BadInput(error.to_string()),
        other => Failure::Store(other),
    })?;
    let plan = if args.dry_run {
        store::open(global, Open::Read)?.plan_import(&import, mode)?
    } else {
        let mut store = store::open(global, Open::Create)?;
        let mut progress = Progress::new(import.character_count() + import.rosters.len());
        let plan = store.apply_import(&import, mode, |done, total| progress.show(done, total));
        progress.finish();
        plan?
    };
    if global.json {
        return output::json(&Report {
            file: &args.file,
            dry_run: args.dry_run,
            plan: &plan,
        });
    }
    output::text(&preview(
        &args.file.display().to_string(),
        args.dry_run,
        &plan,
    ))
}

/// The preview (or what was done): the summary, every roster, and each stored character that
/// changes (added ones are only counted: a file may hold thousands).
fn preview(file: &str, dry_run: bool, plan: &ImportPlan) -> String {
    let mut text = if dry_run {
        format!("Dry run, nothing was written. Importing {file} would do:\n")
    } else {
        format!("Imported {file}:\n")
    };
    text.push_str(&format!("  {}\n", plan.summary()));
    if plan.is_noop() {
        text.push_str("  Everything in the file is already stored as it is.\n");
    }
    if plan.rosters.is_empty() {
        return text;
    }
    let mut rosters = Table::new(["ACTION", "ROSTER", "SYSTEM", "CHARACTERS"]);
    let mut names = HashMap::new();
    for r in &plan.rosters {
        names.insert(r.id, r.name.as_str());
        rosters.row([
            action(r.action, dry_run).into(),
            r.name.clone(),
            r.system.to_string(),
            r.characters.to_string(),
        ]);
    }
    text.push('\n');
    text.push_str(&rosters.render());
    let mut changed = Table::new(["ACTION", "CHARACTER", "ROSTER", "NOTE"]);
    for c in &plan.characters {
        if matches!(c.action, Action::Update | Action::Remove) {
            let note = match (c.action, c.moved_from) {
                (Action::Remove, _) => "not in the file: to the trash".to_string(),
                (_, Some(_)) => "moves in from another roster".to_string(),
                _ => String::new(),
            };
            changed.row([
                action(c.action, dry_run).into(),
                c.name.clone(),
                names
                    .get(&c.roster_id)
                    .copied()
                    .unwrap_or_default()
                    .to_string(),
                note,
            ]);
        }
    }
    if !changed.is_empty() {
        text.push('\n');
        text.push_str(&changed.render());
    }
    text
}

fn action(action: Action, dry_run: bool) -> &'static str {
    match (action, dry_run) {
        (Action::Add, true) => "add",
        (Action::Update, true) => "update",
        (Action::Skip, true) => "skip",
        (Action::Remove, true) => "trash",
        (Action::Add, false) => "added",
        (Action::Update, false) => "updated",
        (Action::Skip, false) => "skipped",
        (Action::Remove, false) => "trashed",
    }
}

/// `importing 1200/10004 (11%)` on stderr, redrawn in place, for large files and only when
/// stderr is a terminal (a script's log gets no carriage returns).
struct Progress {
    on: bool,
    shown: Option<usize>,
}

impl Progress {
    fn new(rows: usize) -> Self {
        Progress {
            on: rows >= PROGRESS_FROM && std::io::stderr().is_terminal(),
            shown: None,
        }
    }

    fn show(&mut self, done: usize, total: usize) {
        if !self.on {
            return;
        }
        let percent = done * 100 / total.max(1);
        if self.shown == Some(percent) {
            return;
        }
        self.shown = Some(percent);
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\rimporting {done}/{total} ({percent}%)");
        let _ = stderr.flush();
    }

    fn finish(&mut self) {
        if self.on && self.shown.is_some() {
            // Clear the line so the summary (or an error) starts clean.
            eprint!("\r\x1b[2K");
        }
    }
}
