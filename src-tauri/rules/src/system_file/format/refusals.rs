//! `refuse = [{ when = "…", field = "…", message = "…" }, …]` of a roll: the requests it
//! refuses (a Grunt with Bust A Nut, a pool past 60 dice), each a condition over what is known
//! before the roll, told at one of its fields.

use std::collections::HashSet;

use toml::de::DeValue;

use super::access::Table;
use super::expr::{self, Scope};
use super::problem::Problems;
use crate::system_file::model::{Refusal, RollField};

/// The most of a roll's fields a refusal at an unknown field lists.
const LISTED: usize = 12;

/// Why a refusal has no dice.
const KNOWN_BEFORE: &str = "a refusal is decided before the roll, from the fields alone";

/// Reads `refuse` of the roll `table`, whose `fields` are read and whose `scope` holds them and
/// everything global (not its lets).
pub(crate) fn read(
    table: &Table,
    fields: &[RollField],
    scope: &Scope,
    problems: &mut Problems,
) -> Vec<Refusal> {
    let place = &table.place;
    let Some(list) = table.get("refuse") else {
        return Vec::new();
    };
    let DeValue::Array(items) = list.get_ref() else {
        problems.at(
            &list.span(),
            format!("`refuse` of {place} is a list: [{{ when = \"@a > @b\", field = \"a\", message = \"…\" }}, …]"),
        );
        return Vec::new();
    };
    let mut read = Vec::new();
    // Looked up, not searched: a roll may have thousands of fields and as many refusals.
    let field_names: HashSet<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    for (i, item) in items.iter().enumerate() {
        let DeValue::Table(entries) = item.get_ref() else {
            problems.at(
                &item.span(),
                format!("each of `refuse` of {place} is a table: {{ when = \"@a > @b\", field = \"a\", message = \"…\" }}"),
            );
            continue;
        };
        let refusal = Table::new(
            entries,
            item.span(),
            format!("refusal {} of {place}", i + 1),
        );
        refusal.only(&["when", "field", "message"], problems);
        let when = refusal.str("when", "the condition that refuses a request", problems);
        let field = refusal.str("field", "the field the refusal is told at", problems);
        let message = refusal.str("message", "what the refusal says", problems);
        let (Some(when), Some(field), Some(message)) = (when, field, message) else {
            continue;
        };
        let at = format!("`when` of refusal {} of {place}", i + 1);
        if let Some(names) = expr::read(problems, &when, scope, &at, Some(KNOWN_BEFORE)) {
            expr::check_bounds(problems, &when, &names, scope, &at);
        }
        if !field_names.contains(&*field.text) {
            // At most LISTED names: each bad refusal of thousands would list every field.
            let names: Vec<&str> = fields
                .iter()
                .take(LISTED)
                .map(|f| f.name.as_str())
                .collect();
            let known = match (names.as_slice(), fields.len() - names.len()) {
                ([], _) => "it has no fields".to_string(),
                (_, 0) => format!("its fields are {}", names.join(", ")),
                (_, more) => format!(
                    "its fields are {} and {} more",
                    names.join(", "),
                    crate::grouped(more)
                ),
            };
            problems.at(
                &field.span,
                format!(
                    "`field` of refusal {} of {place}: `{}` is not a field of the roll; {known}",
                    i + 1,
                    crate::text::excerpt(&field.text)
                ),
            );
            continue;
        }
        if message.text.trim().is_empty() {
            problems.at(
                &message.span,
                format!("the message of refusal {} of {place} is empty", i + 1),
            );
            continue;
        }
        read.push(Refusal {
            when: when.text.to_string(),
            field: field.text.to_string(),
            message: message.text.to_string(),
        });
    }
    read
}
