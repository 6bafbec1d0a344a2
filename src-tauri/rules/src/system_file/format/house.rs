//! `[house_rules.<name>]`: numbers a roster may house-rule, each readable as `@name`.

use super::access::Table;
use super::derived::clash;
use super::expr::{Known, Scope};
use super::names::{label_of_name, name_problem};
use super::problem::Problems;
use super::ranges::read_range;
use crate::system_file::model::HouseNumber;

pub(crate) fn read(
    name: &str,
    table: &Table,
    scope: &mut Scope,
    problems: &mut Problems,
) -> Option<HouseNumber> {
    table.only(&["label", "min", "max", "default"], problems);
    if let Some(why) = name_problem(name) {
        problems.at(&table.at, why);
        return None;
    }
    if let Some(known) = scope.get(name) {
        clash(name, known, &table.at, "a house-rule number", problems);
        return None;
    }
    let label = table.opt_str("label", problems).map(|t| t.text.to_string());
    let (min, max, default) = read_range(table, 0, problems)?;
    scope.insert(
        name.to_string(),
        Known {
            what: "a house-rule number",
            lo: min,
            hi: max,
            span: table.at.clone(),
        },
    );
    Some(HouseNumber {
        name: name.to_string(),
        label: label.unwrap_or_else(|| label_of_name(name)),
        min,
        max,
        default,
    })
}
