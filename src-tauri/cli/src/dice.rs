//! `rollbook dice check EXPR`: reads a dice expression as the engine will (DICE.md) and says
//! what it can come to, or prints every problem with a caret under its column (exit 2).

use std::collections::BTreeMap;

use clap::{Args, Subcommand};
use rollbook_rules::notation::{self, Problem};
use serde_json::json;

use super::{input, output, Failure};

#[derive(Debug, Subcommand)]
pub enum DiceCommand {
    /// Check a dice expression: its range and mean, or every problem with its column.
    #[command(after_help = EXAMPLES)]
    Check(CheckArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The expression, as typed in a roll (`4d6kh3`, `8d10x cs>=8`), or `-` for stdin.
    expr: String,
    /// The values of the expression's @names, as a JSON object: '{"bonus": 2}'.
    #[arg(long, value_name = "JSON")]
    values: Option<String>,
}

pub const EXAMPLES: &str = "\
Examples:
  rollbook dice check '4d6kh3'
  rollbook dice check 'd20+@bonus >= 15' --values '{\"bonus\": 3}'
  rollbook dice check '4d6k3'        # column 4: did you mean kh3?

The notation is ../shared/DICE.md's (docs/dice.md for GMs). To roll one, or see its odds:
  rollbook odds '{\"system\":\"dice\",\"roll\":\"expr\",\"expr\":\"8d10x cs>=8\"}'
  rollbook roll '{\"system\":\"dice\",\"roll\":\"expr\",\"expr\":\"2d20kh1+5\",\"target\":15}'";

/// `--values JSON`: the values of an expression's @names, `{"bonus": 2}`.
pub fn values_arg(values: &str) -> Result<BTreeMap<String, i64>, Failure> {
    rollbook_rules::strict_json::check(values)
        .and_then(|()| serde_json::from_str(values))
        .map_err(|e| {
            Failure::BadInput(format!(
                "--values: {}; give a JSON object of whole numbers such as '{{\"bonus\": 2}}'",
                super::failure::one_line(&e.to_string())
            ))
        })
}

pub fn run(command: DiceCommand, json: bool) -> Result<(), Failure> {
    let DiceCommand::Check(args) = command;
    let text = input::text(&args.expr, "expression")?;
    let text = text.trim_end_matches(['\n', '\r']);
    let values = match &args.values {
        None => BTreeMap::new(),
        Some(values) => values_arg(values)?,
    };
    let expression = match notation::check(text, &values) {
        Ok(expression) => expression,
        Err(problems) => return Err(Failure::Notation(told(text, &problems, json))),
    };
    let outcomes = expression.distribution();
    let lowest = outcomes.first().map_or(0, |&(v, _)| v);
    let highest = outcomes.last().map_or(0, |&(v, _)| v);
    let mean: f64 = outcomes.iter().map(|&(v, p)| v as f64 * p).sum();
    if json {
        return output::json(&json!({
            "expr": text, "lowest": lowest, "highest": highest, "mean": mean,
            "values": outcomes.len(), "names": notation::names(text),
        }));
    }
    output::text(&format!(
        "{}: {lowest} to {highest}, mean {mean:.4} ({} values)\n",
        rollbook_rules::text::safe_line(text),
        outcomes.len()
    ))
}

/// Every problem as stderr shows it: with --json one line holding them all, else each on its
/// line with the expression below it and a caret under the column.
fn told(text: &str, problems: &[Problem], json: bool) -> String {
    if json {
        let listed: Vec<_> = problems
            .iter()
            .map(|p| json!({"field": p.field, "column": p.column, "message": p.message}))
            .collect();
        let first = problems.first().map(Problem::to_string).unwrap_or_default();
        return format!(
            "{}\n",
            json!({"error": {"code": "invalid_request", "message": first, "problems": listed}})
        );
    }
    let mut out = String::new();
    for problem in problems {
        out.push_str(&format!(
            "rollbook: {}\n",
            super::failure::one_line(&problem.to_string())
        ));
        if let Some(column) = problem.column {
            let (shown, caret) = around(text, column);
            out.push_str(&format!("  {shown}\n  {}^\n", " ".repeat(caret)));
        }
    }
    out
}

/// At most 60 characters of `text` around `column`, each that would not show as one character
/// (a control, a direction mark) replaced by `?` so that the caret stays under its column; and
/// where the caret goes in it.
pub(crate) fn around(text: &str, column: usize) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let start = column.saturating_sub(30).min(chars.len());
    let end = (start + 60).min(chars.len());
    let shown: String = chars[start..end]
        .iter()
        .map(|&c| {
            if c.is_control() || rollbook_rules::text::is_invisible(c) || !c.is_ascii() {
                '?'
            } else {
                c
            }
        })
        .collect();
    (shown, column - 1 - start)
}
