//! `rollbook system …`: the GM's own system files (docs/system-files.md). `check FILE` reads
//! one as Rollbook will and says what it declares, or prints every problem as
//! `FILE:LINE:COLUMN: message` with the line below it and a caret under the column (exit 2);
//! `add FILE` checks it the same way and keeps it in the database; `list`, `show ID` and
//! `remove ID` are the store's calls the window's Systems dialog makes too; `upgrade --roster R`
//! is `system_upgrade.rs`.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rollbook_roster::operations::system_file as system_file_op;
use rollbook_roster::{ReadSystemFile, StoredSystem};
use rollbook_rules::system_file::{FileProblem, SystemFile};
use rollbook_rules::text::safe_line;
use serde_json::json;

use super::store::{self, Open};
use super::text_table::{count, fields, local_time, Table};
use super::{output, Failure, Global};

#[derive(Debug, Subcommand)]
pub enum SystemCommand {
    /// Check a system file: what it declares, or every problem with its line and column.
    #[command(after_help = EXAMPLES)]
    Check(CheckArgs),
    /// Add a system file to the database (checked first: nothing is kept from a bad file).
    /// A changed file is a new version: raise its `version`; rosters keep theirs.
    #[command(after_help = EXAMPLES)]
    Add(CheckArgs),
    /// List the systems added, every version, with how many rosters use each.
    #[command(after_help = EXAMPLES)]
    List,
    /// Show what an added system declares, or its file's text with --source.
    #[command(after_help = EXAMPLES)]
    Show {
        /// The system's id (`id` in its file).
        id: String,
        /// A version other than the newest.
        #[arg(long, value_name = "N")]
        version: Option<u32>,
        /// Print the file's text as added (to edit it and add it again).
        #[arg(long)]
        source: bool,
    },
    /// Remove every version of an added system; refused while a roster uses it.
    #[command(visible_alias = "delete", after_help = EXAMPLES)]
    Remove {
        /// The system's id.
        id: String,
    },
    /// Move a roster to a newer version of its system: prints what changes for each character;
    /// with --yes makes the change (a snapshot first). Nothing is lost: a value the new
    /// version refuses or no longer declares is kept on the sheet, marked.
    #[command(after_help = EXAMPLES)]
    Upgrade(super::system_upgrade::UpgradeArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The system file (TOML).
    file: PathBuf,
}

pub const EXAMPLES: &str = "\
Examples:
  rollbook system check systems/two-dice-moves.toml
  rollbook system check my-game.toml --json
  rollbook system add my-game.toml
  rollbook system list
  rollbook system show my-game
  rollbook system show my-game --source > my-game.toml
  rollbook system remove my-game
  rollbook system upgrade --roster \"Tuesday group\"          (what would change)
  rollbook system upgrade --roster \"Tuesday group\" --yes    (to the newest version)
  rollbook system upgrade --roster \"Tuesday group\" --to 2 --yes

The format is docs/system-files.md; systems/ holds example games to copy.";

pub fn run(command: SystemCommand, global: &Global) -> Result<(), Failure> {
    let json = global.json;
    match command {
        SystemCommand::Check(args) => {
            let (read, advice) = checked(&args.file, json)?;
            summary(read.file(), &args.file, read.text(), &advice, json)
        }
        SystemCommand::Add(args) => {
            let (read, advice) = checked(&args.file, json)?;
            let told = advised(&args.file, read.text(), &advice);
            let mut store = store::open(global, Open::Create)?;
            let added = store.add_read_system_file(read)?;
            if json {
                let mut shown = serde_json::to_value(&added).map_err(Failure::from_json)?;
                shown["advice"] = advice_json(&advice);
                return output::json(&shown);
            }
            let system = &added.system;
            let what = match (added.added, added.earlier_versions.last()) {
                (false, _) => "was already added (the same text): nothing changed".to_string(),
                (true, Some(before)) => format!(
                    "added; version {before} stays for the rosters made with it \
                     (a roster moves to this version when the GM upgrades it)"
                ),
                (true, None) => "added".to_string(),
            };
            output::text(&format!(
                "{} {} (version {}) {what}.\n{}{told}",
                safe_line(&system.id),
                safe_line(&system.name),
                system.version,
                declared(system)
            ))
        }
        SystemCommand::List => {
            let store = store::open(global, Open::Read)?;
            let systems = store.system_files()?;
            if json {
                return output::json(&systems);
            }
            if systems.is_empty() {
                return output::text(
                    "No system files added yet: `rollbook system add FILE` (docs/system-files.md).\n",
                );
            }
            let mut table = Table::new(["ID", "VERSION", "NAME", "ROLLS", "ROSTERS", "ADDED"]);
            for s in &systems {
                table.row([
                    s.id.clone(),
                    s.version.to_string(),
                    s.name.clone(),
                    s.declares.rolls.len().to_string(),
                    s.rosters.to_string(),
                    local_time(s.added_at),
                ]);
            }
            output::text(&table.render())
        }
        SystemCommand::Show {
            id,
            version,
            source,
        } => {
            let store = store::open(global, Open::Read)?;
            let (system, text) = store.system_file(&id, version)?;
            match (json, source) {
                (true, true) => output::json(&json!({"system": system, "source": text})),
                (true, false) => output::json(&system),
                (false, true) => output::text(&text),
                (false, false) => output::text(&format!(
                    "{} {} (version {}), used by {}\n{}{}",
                    safe_line(&system.id),
                    safe_line(&system.name),
                    system.version,
                    count(system.rosters as usize, "roster"),
                    summary_line(&system.summary),
                    declared(&system)
                )),
            }
        }
        SystemCommand::Upgrade(args) => super::system_upgrade::run(args, global),
        SystemCommand::Remove { id } => {
            let mut store = store::open(global, Open::Existing)?;
            let gone = store.remove_system_file(&id)?;
            if json {
                return output::json(&gone);
            }
            let versions: Vec<String> = gone.iter().map(|s| s.version.to_string()).collect();
            output::text(&format!(
                "Removed {} (version {}).\n",
                safe_line(&id),
                versions.join(", ")
            ))
        }
    }
}

/// The file's text and what it declares, with the reader's advice, or its problems told as
/// `check` tells them (exit 2). The roster crate reads it, as for the window's Systems dialog.
fn checked(path: &Path, json: bool) -> Result<(ReadSystemFile, Vec<FileProblem>), Failure> {
    // A file that cannot be opened is the GM's input at fault, as a bad file is (exit 2).
    let mut checked = system_file_op::check(path).map_err(|e| Failure::BadInput(e.to_string()))?;
    if let Err(problems) = &checked.read {
        return Err(Failure::SystemFile(told(
            path,
            &checked.text,
            problems,
            json,
        )));
    }
    let advice = std::mem::take(&mut checked.advice);
    Ok((checked.into_read()?, advice))
}

fn summary_line(summary: &str) -> String {
    if summary.is_empty() {
        String::new()
    } else {
        format!("{}\n", safe_line(summary))
    }
}

/// How many names of one part `declared` lists before it counts the rest: a file may declare
/// thousands, which would be one line of tens of kilobytes.
const LISTED_NAMES: usize = 24;

/// What a stored system declares, one line a part (the first [`LISTED_NAMES`] of each part
/// named, the rest counted; `--json` lists them all).
fn declared(system: &StoredSystem) -> String {
    let d = &system.declares;
    let list = |items: &[String]| {
        if items.is_empty() {
            return "none".to_string();
        }
        let mut named: Vec<String> = items
            .iter()
            .take(LISTED_NAMES)
            .map(|i| safe_line(i))
            .collect();
        if items.len() > LISTED_NAMES {
            named.push(format!(
                "and {} more (--json lists them all)",
                rollbook_rules::grouped(items.len() - LISTED_NAMES)
            ));
        }
        named.join(", ")
    };
    let mut lines = vec![
        ("Sheet", list(&d.sheet)),
        ("Derived", list(&d.derived)),
        ("House rules", list(&d.house_numbers)),
        ("Rolls", list(&d.rolls)),
        ("Rulings", d.rulings.to_string()),
    ];
    if let Some(initiative) = &d.initiative {
        lines.push(("Initiative", safe_line(initiative)));
    }
    lines.push(("Trackers", list(&d.trackers)));
    fields(&lines)
}

fn summary(
    file: &SystemFile,
    path: &Path,
    text: &str,
    advice: &[FileProblem],
    json: bool,
) -> Result<(), Failure> {
    let rolls: Vec<&str> = file.rolls.iter().map(|r| r.id.as_str()).collect();
    if json {
        return output::json(&json!({
            "id": file.id, "version": file.version, "name": file.name, "summary": file.summary,
            "sheet_fields": file.sheet.len(), "derived": file.derived.len(),
            "house_numbers": file.house_numbers.len(), "rulings": file.rulings.len(),
            "rolls": rolls, "advice": advice_json(advice),
        }));
    }
    output::text(&format!(
        "{} {} (version {}): {} sheet fields, {} derived, {} house numbers, {} rolls ({})\n{}",
        safe_line(&file.id),
        safe_line(&file.name),
        file.version,
        file.sheet.len(),
        file.derived.len(),
        file.house_numbers.len(),
        rolls.len(),
        rolls.join(", "),
        advised(path, text, advice)
    ))
}

/// Each problem or piece of advice as `{line, column, message}`.
fn advice_json(told: &[FileProblem]) -> serde_json::Value {
    told.iter()
        .map(|p| json!({"line": p.line, "column": p.column, "message": p.message}))
        .collect()
}

/// Every problem as stderr shows it: with --json one line holding them all, else
/// `FILE:LINE:COLUMN: message`, the line, and a caret under the column.
fn told(path: &Path, text: &str, problems: &[FileProblem], json: bool) -> String {
    if json {
        let message = format!("{} has {} problem(s)", path.display(), problems.len());
        return format!(
            "{}\n",
            json!({"error": {"code": "invalid_system_file", "message": message, "problems": advice_json(problems)}})
        );
    }
    placed(path, text, problems, "")
}

/// The advice on a file that reads, after what it declares: told as a problem is, each
/// `FILE:LINE:COLUMN: advice: message` over its line and caret (nothing when there is none).
fn advised(path: &Path, text: &str, advice: &[FileProblem]) -> String {
    placed(path, text, advice, "advice: ")
}

/// Each of `told` as `FILE:LINE:COLUMN: {kind}message`, its line, and a caret under the column.
fn placed(path: &Path, text: &str, told: &[FileProblem], kind: &str) -> String {
    if told.is_empty() {
        return String::new();
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = String::new();
    for problem in told {
        out.push_str(&format!(
            "{}:{}:{}: {kind}{}\n",
            path.display(),
            problem.line,
            problem.column,
            super::failure::one_line(&problem.message)
        ));
        let line = lines.get(problem.line - 1).copied().unwrap_or_default();
        let line = line.trim_end_matches('\r');
        let (shown, caret) = super::dice::around(line, problem.column);
        out.push_str(&format!("  {shown}\n  {}^\n", " ".repeat(caret)));
    }
    out
}
