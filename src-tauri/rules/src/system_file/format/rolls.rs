//! `[rolls.<id>]`: a roll kind, its fields, its lets and how it reads.

use super::access::Table;
use super::expr::Scope;
use super::fields::Sources;
use super::names::name_problem;
use super::problem::Problems;
use super::{fields, lets, reading, refusals};
use crate::system_file::model::RollKind;

const KEYS: [&str; 11] = [
    "name", "summary", "rulings", "fields", "refuse", "let", "value", "target", "outcomes",
    "ranked", "events",
];

pub(crate) fn read(
    id: &str,
    table: &Table,
    sources: &Sources,
    global: &Scope,
    problems: &mut Problems,
) -> Option<RollKind> {
    let before = problems.blocking();
    table.only(&KEYS, problems);
    if let Some(why) = name_problem(id) {
        problems.at(&table.at, why);
    }
    let name = table.opt_str("name", problems).map(|t| t.text.to_string());
    let summary = table
        .opt_str("summary", problems)
        .map(|t| t.text.to_string());
    let rulings = table.opt_str_list("rulings", problems).unwrap_or_default();
    let mut scope = Scope::over(global);
    let mut read_fields = Vec::new();
    // The fields declared with a problem: unreadable within this roll only.
    let mut badly: Vec<String> = Vec::new();
    if let Some(fields) = table.opt_table("fields", problems) {
        for (key, value) in fields.entries.iter() {
            let field_name = key.get_ref().to_string();
            let Some(inner) = value.get_ref().as_table() else {
                problems.at(
                    &value.span(),
                    format!(
                        "field `{field_name}` of {} is a table ([{}.fields.{field_name}])",
                        table.place,
                        table.place.trim_matches(['[', ']'])
                    ),
                );
                continue;
            };
            let inner = Table::new(
                inner,
                key.span(),
                format!(
                    "[{}.fields.{field_name}]",
                    table.place.trim_matches(['[', ']'])
                ),
            );
            match fields::read(&field_name, &inner, sources, &mut scope, problems) {
                Some(field) => read_fields.push(field),
                None => {
                    problems.declared_badly(&field_name);
                    badly.push(field_name);
                }
            }
        }
    }
    // Read before the lets: a refusal is known before the roll.
    let refusals = refusals::read(table, &read_fields, &scope, problems);
    let read_lets = match table.opt_table("let", problems) {
        Some(lets_table) => lets::read(&lets_table, &read_fields, &mut scope, problems),
        None => Vec::new(),
    };
    let has_lets = table.get("let").is_some();
    let read = reading::read(table, has_lets, &scope, problems);
    for name in &badly {
        problems.forget_badly_declared(name);
    }
    let (reading, events) = read?;
    (problems.blocking() == before).then(|| RollKind {
        id: id.to_string(),
        name: name.unwrap_or_else(|| id.to_string()),
        summary: summary.unwrap_or_default(),
        rulings: rulings.iter().map(|t| t.text.to_string()).collect(),
        fields: read_fields,
        lets: read_lets,
        reading,
        events,
        refusals,
    })
}
