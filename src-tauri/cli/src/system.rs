//! `rollbook system check FILE`: reads a system file as Rollbook will (docs/system-files.md)
//! and says what it declares, or prints every problem as `FILE:LINE:COLUMN: message` with the
//! line below it and a caret under the column (exit 2).

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rollbook_rules::system_file::{self, format::MAX_FILE_BYTES, FileProblem, SystemFile};
use serde_json::json;

use super::{output, Failure};

#[derive(Debug, Subcommand)]
pub enum SystemCommand {
    /// Check a system file: what it declares, or every problem with its line and column.
    #[command(after_help = EXAMPLES)]
    Check(CheckArgs),
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

The format is docs/system-files.md; systems/ holds example games to copy.";

pub fn run(command: SystemCommand, json: bool) -> Result<(), Failure> {
    let SystemCommand::Check(args) = command;
    let text = read_file(&args.file)?;
    match system_file::read(&text) {
        Ok(file) => summary(&file, json),
        Err(problems) => Err(Failure::SystemFile(told(
            &args.file, &text, &problems, json,
        ))),
    }
}

/// The file's text: at most one byte past the limit is read, so a huge file is refused without
/// being loaded.
fn read_file(path: &Path) -> Result<String, Failure> {
    let shown = path.display();
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::BadInput(format!("cannot open {shown}: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::BadInput(format!("cannot read {shown}: {e}")))?;
    if bytes.len() > MAX_FILE_BYTES {
        // Past the limit: the reader refuses it from its size (the text need not be whole).
        bytes.truncate(MAX_FILE_BYTES + 1);
        return Ok(String::from_utf8_lossy(&bytes).into_owned());
    }
    String::from_utf8(bytes)
        .map_err(|_| Failure::BadInput(format!("{shown} is not UTF-8 text: save it as UTF-8")))
}

fn summary(file: &SystemFile, json: bool) -> Result<(), Failure> {
    let rolls: Vec<&str> = file.rolls.iter().map(|r| r.id.as_str()).collect();
    if json {
        return output::json(&json!({
            "id": file.id, "version": file.version, "name": file.name, "summary": file.summary,
            "sheet_fields": file.sheet.len(), "derived": file.derived.len(),
            "house_numbers": file.house_numbers.len(), "rulings": file.rulings.len(),
            "rolls": rolls,
        }));
    }
    output::text(&format!(
        "{} {} (version {}): {} sheet fields, {} derived, {} house numbers, {} rolls ({})\n",
        rollbook_rules::text::safe_line(&file.id),
        rollbook_rules::text::safe_line(&file.name),
        file.version,
        file.sheet.len(),
        file.derived.len(),
        file.house_numbers.len(),
        rolls.len(),
        rolls.join(", ")
    ))
}

/// Every problem as stderr shows it: with --json one line holding them all, else
/// `FILE:LINE:COLUMN: message`, the line, and a caret under the column.
fn told(path: &Path, text: &str, problems: &[FileProblem], json: bool) -> String {
    if json {
        let listed: Vec<_> = problems
            .iter()
            .map(|p| json!({"line": p.line, "column": p.column, "message": p.message}))
            .collect();
        let message = format!("{} has {} problem(s)", path.display(), problems.len());
        return format!(
            "{}\n",
            json!({"error": {"code": "invalid_system_file", "message": message, "problems": listed}})
        );
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = String::new();
    for problem in problems {
        out.push_str(&format!(
            "{}:{}:{}: {}\n",
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
