//! Why a subcommand stopped, and how that is told: one line `rollbook: <reason>` on stderr (an
//! import's problems follow, one per line: the first 50, then how many more), or with --json one
//! JSON line holding every problem; exit status 2 for bad input, 1 for everything else.

use std::process::ExitCode;

use rollbook_roster::{Listed, Problem, RosterError};
use serde_json::json;

#[derive(Debug)]
pub enum Failure {
    /// The input was not valid (a request, an argument): exit 2 with the reason on one line.
    BadInput(String),
    /// The input is over a limit of one call (too many requests, too much text): exit 2, with
    /// the rules engine's code (`too_many_requests`, `request_too_large`).
    Limit(rollbook_rules::RulesError),
    /// Stdout could not be written (other than a closed pipe): exit 1.
    Output(std::io::Error),
    /// Something other than the input failed (writing a file): exit 1.
    Failed(String),
    /// The roster store refused or failed; its code decides the exit status.
    Store(RosterError),
    /// The answer was printed without the records that do not read: each is told as its own
    /// refusal (`damaged_record`, naming it), one line apiece, and the exit status is 1, so a
    /// script sees that the answer is not whole.
    Damaged(Vec<RosterError>),
    /// A dice expression with problems, already told (each with its caret): exit 2.
    Notation(String),
    /// A system file with problems, already told (each at its line, with its caret): exit 2.
    SystemFile(String),
}

impl Failure {
    /// Writing JSON to stdout failed: the output's own error when it had one.
    pub fn from_json(error: serde_json::Error) -> Self {
        Failure::Output(error.into())
    }
}

impl From<RosterError> for Failure {
    fn from(error: RosterError) -> Self {
        Failure::Store(error)
    }
}

/// Store errors caused by what the user typed or gave (exit 2); the rest are failures of the
/// database or the system (exit 1), including a database file that was refused.
fn is_bad_input(error: &RosterError) -> bool {
    // Every refusal of a table move is about the move the GM asked for.
    if let RosterError::Table(_) = error {
        return true;
    }
    matches!(
        error.code(),
        "invalid_sheet"
            | "invalid_roster"
            | "invalid_saved_roll"
            | "saved_roll_not_found"
            | "import_refused"
            | "invalid_system_file"
            | "system_id_taken"
            | "system_not_found"
            | "system_in_use"
            | "not_a_file_system"
            | "already_at_version"
            | "limit_reached"
            | "roster_not_found"
            | "character_not_found"
            | "ambiguous_name"
            | "system_mismatch"
            | "in_trash"
            | "nothing_to_undo"
            | "invalid_log_entry"
            | "encounter_not_found"
            | "plan_not_found"
            | "invalid_table_action"
            | "output_is_database"
            | "not_a_regular_file"
            | "backup_not_found"
            | "invalid_backup_policy"
    )
}

impl Failure {
    /// After an answer printed without the records that do not read: their refusals, if any.
    pub fn unless_damaged(damaged: Vec<RosterError>) -> Result<(), Failure> {
        match damaged.is_empty() {
            true => Ok(()),
            false => Err(Failure::Damaged(damaged)),
        }
    }

    fn exit_code(&self) -> ExitCode {
        match self {
            Failure::BadInput(_)
            | Failure::Limit(_)
            | Failure::Notation(_)
            | Failure::SystemFile(_) => ExitCode::from(2),
            Failure::Store(error) if is_bad_input(error) => ExitCode::from(2),
            _ => ExitCode::FAILURE,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Failure::BadInput(_) => "invalid_input",
            Failure::Limit(error) => error.code(),
            Failure::Output(_) => "output_failed",
            Failure::Failed(_) => "io_error",
            Failure::Store(error) => error.code(),
            Failure::Damaged(_) => "damaged_record",
            Failure::Notation(_) => "invalid_request",
            Failure::SystemFile(_) => "invalid_system_file",
        }
    }

    fn message(&self) -> String {
        match self {
            Failure::BadInput(reason)
            | Failure::Failed(reason)
            | Failure::Notation(reason)
            | Failure::SystemFile(reason) => reason.clone(),
            Failure::Limit(error) => error.to_string(),
            Failure::Output(error) => format!("cannot write the output: {error}"),
            Failure::Store(error) => error.to_string(),
            Failure::Damaged(errors) => errors
                .iter()
                .map(RosterError::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        }
    }

    fn problems(&self) -> &[Problem] {
        match self {
            Failure::Store(error) => error.problems(),
            _ => &[],
        }
    }

    pub fn report(self, json: bool) -> ExitCode {
        eprint!("{}", self.render(json));
        self.exit_code()
    }

    fn render(&self, json: bool) -> String {
        match self {
            Failure::Notation(told) | Failure::SystemFile(told) => told.clone(),
            Failure::Damaged(errors) => errors
                .iter()
                .map(|e| told(e.code(), &e.to_string(), e.problems(), json))
                .collect(),
            _ => told(self.code(), &self.message(), self.problems(), json),
        }
    }
}

/// One refusal as stderr shows it.
fn told(code: &str, message: &str, problems: &[Problem], json: bool) -> String {
    if json {
        let error = json!({"error": {
            "code": code,
            "message": one_line(message),
            "problems": problems,
        }});
        return format!("{error}\n");
    }
    if problems.len() < 2 {
        return format!("rollbook: {}\n", one_line(message));
    }
    // A headline, then the problems one per line as the message lists them (the first
    // LISTED_PROBLEMS, then how many more): --json has every one.
    let headline = message.lines().next().unwrap_or_default();
    let mut text = format!("rollbook: {}\n", one_line(headline));
    for line in Listed(problems).lines() {
        text.push_str(&format!("  {}\n", one_line(&line)));
    }
    text
}

/// Scripts read the reason as one line, whatever the error text contains.
pub fn one_line(text: &str) -> String {
    // Whatever a message quotes, the line printed is bounded and shows no raw control or
    // direction character (the sources cut what they quote; this is the last guard).
    rollbook_rules::text::safe_line(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A command line clap refused: one line with the usage, exit 2. Help and version requests
/// (and a group named without its subcommand, which shows the group's help) print as clap
/// prints them.
pub fn clap_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if !error.use_stderr() || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = error.print();
        return ExitCode::from(error.exit_code() as u8);
    }
    eprintln!("rollbook: {}", clap_line(&error.render().to_string()));
    ExitCode::from(2)
}

/// `error: X\n\n  tip: Y\n\nUsage: Z\n\nFor more…` → `X; tip: Y (usage: Z)`.
fn clap_line(rendered: &str) -> String {
    let (message, rest) = match rendered.split_once("\nUsage:") {
        Some((message, rest)) => (message, Some(rest)),
        None => (rendered, None),
    };
    let message = message
        .replace("For more information, try '--help'.", "")
        .trim()
        .trim_start_matches("error:")
        .trim()
        .to_string();
    let message = one_line(&message.replace("\n\n  tip:", "; tip:"));
    let usage = rest
        .and_then(|rest| rest.split("\n\n").next())
        .map(one_line)
        .filter(|usage| !usage.is_empty());
    match usage {
        Some(usage) => format!("{message} (usage: {usage})"),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_lines() {
        assert_eq!(one_line("a:\n  b  c\n"), "a: b c");
    }

    #[test]
    fn clap_errors_become_one_line_with_the_usage() {
        let rendered = "error: unexpected argument '--foo' found\n\n  tip: to pass '--foo' as a value, use '-- --foo'\n\nUsage: rollbook roster list [OPTIONS]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_line(rendered),
            "unexpected argument '--foo' found; tip: to pass '--foo' as a value, use '-- --foo' (usage: rollbook roster list [OPTIONS])"
        );
        let missing = "error: the following required arguments were not provided:\n  --out <FILE>\n\nUsage: rollbook export --out <FILE>\n\nFor more information, try '--help'.\n";
        let value = "error: invalid value 'dnd' for '--system <SYSTEM>'\n  [possible values: stunt, d12]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_line(value),
            "invalid value 'dnd' for '--system <SYSTEM>' [possible values: stunt, d12]"
        );
        assert_eq!(
            clap_line(missing),
            "the following required arguments were not provided: --out <FILE> (usage: rollbook export --out <FILE>)"
        );
    }

    #[test]
    fn refused_imports_list_every_problem() {
        let problems: Vec<Problem> = (0..25)
            .map(|i| Problem::new(format!("rosters[{i}].name"), "is missing"))
            .collect();
        let failure = Failure::Store(RosterError::ImportRefused { problems });
        let text = failure.render(false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "rollbook: the file was not imported (25 problems):"
        );
        assert_eq!(lines.len(), 26);
        assert_eq!(lines[25], "  rosters[24].name: is missing");
        let json: serde_json::Value = serde_json::from_str(&failure.render(true)).unwrap();
        assert_eq!(json["error"]["code"], "import_refused");
        assert_eq!(json["error"]["problems"][24]["path"], "rosters[24].name");
        assert_eq!(failure.exit_code(), ExitCode::from(2));
    }

    #[test]
    fn past_fifty_problems_the_rest_are_summed_up_in_one_line_and_json_has_all() {
        // 60,000 bad characters with three problems each once printed 180,001 lines.
        let problems: Vec<Problem> = (0..180_000)
            .map(|i| Problem::new(format!("rosters[0].characters[{i}].name"), "is empty"))
            .collect();
        let failure = Failure::Store(RosterError::ImportRefused { problems });
        let text = failure.render(false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 52, "{}", &text[..text.len().min(2000)]);
        assert_eq!(
            lines[0],
            "rollbook: the file was not imported (180,000 problems):"
        );
        assert_eq!(lines[50], "  rosters[0].characters[49].name: is empty");
        assert_eq!(lines[51], "  … and 179,950 more like these");
        let json: serde_json::Value = serde_json::from_str(&failure.render(true)).unwrap();
        assert_eq!(json["error"]["problems"].as_array().unwrap().len(), 180_000);
    }

    #[test]
    fn refused_databases_exit_1() {
        let failure = Failure::Store(RosterError::NotARollbookDatabase {
            path: "x".into(),
            reason: "not an SQLite database".into(),
        });
        assert_eq!(failure.exit_code(), ExitCode::FAILURE);
        assert!(failure
            .render(false)
            .starts_with("rollbook: x is not a Rollbook database"));
    }
}
