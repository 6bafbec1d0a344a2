//! `type = "list"` of a roll field: a list of whole numbers the request gives (a group's
//! levels), `min` and `max` of each item, `max_items`, and a `default` list.

use toml::de::DeValue;

use super::access::Table;
use super::problem::Problems;
use super::ranges::reversed;
use crate::system_file::model::RollFieldKind;

/// The most items a list field may take: as many as a pool's dice (DICE.md), so an `each`
/// let rolls at most that many times.
pub(crate) const MAX_LIST_ITEMS: i64 = 100;

/// How many items a list takes when the file does not say.
const DEFAULT_MAX_ITEMS: i64 = 20;

pub(crate) fn read(table: &Table, problems: &mut Problems) -> Option<RollFieldKind> {
    let min = table.int("min", "the lowest value of an item", problems);
    let max = table.int("max", "the highest value of an item", problems);
    let max_items = match table.opt_int("max_items", problems) {
        Some((n, span)) if !(1..=MAX_LIST_ITEMS).contains(&n) => {
            problems.at(
                &span,
                format!(
                    "`max_items` of {} is {n}: a list takes 1 to {MAX_LIST_ITEMS} items",
                    table.place
                ),
            );
            None
        }
        Some((n, _)) => Some(n),
        None if table.get("max_items").is_some() => None,
        None => Some(DEFAULT_MAX_ITEMS),
    };
    let default = default_items(table, problems);
    let ((min, _), (max, max_span), max_items, default) = (min?, max?, max_items?, default?);
    if min > max {
        reversed(&max_span, min, max, &table.place, problems);
        return None;
    }
    let mut good = true;
    if default.len() as i64 > max_items {
        let span = table.get("default").map_or(table.at.clone(), |v| v.span());
        problems.at(
            &span,
            format!(
                "the default of {} lists {} items, more than its `max_items` {max_items}",
                table.place,
                default.len()
            ),
        );
        good = false;
    }
    for (item, span) in &default {
        if !(min..=max).contains(item) {
            problems.at(
                span,
                format!(
                    "the default item {item} of {} is outside its range {min} to {max}",
                    table.place
                ),
            );
            good = false;
        }
    }
    good.then(|| RollFieldKind::List {
        min,
        max,
        max_items: max_items as u32,
        default: default.into_iter().map(|(n, _)| n).collect(),
    })
}

/// `default = [0, 0]`: each item a whole number, where it is (an empty list when absent).
#[allow(clippy::type_complexity)]
fn default_items(
    table: &Table,
    problems: &mut Problems,
) -> Option<Vec<(i64, std::ops::Range<usize>)>> {
    let Some(value) = table.get("default") else {
        return Some(Vec::new());
    };
    let DeValue::Array(items) = value.get_ref() else {
        problems.at(
            &value.span(),
            format!(
                "`default` in {} must be a list of whole numbers ([0, 0]), not {} {}",
                table.place,
                super::access::article(value.get_ref().type_str()),
                value.get_ref().type_str()
            ),
        );
        return None;
    };
    let mut read = Vec::new();
    for item in items.iter() {
        match item.get_ref() {
            DeValue::Integer(int) => match i64::from_str_radix(int.as_str(), int.radix()) {
                Ok(n) if n.abs() <= super::access::MAX_NUMBER => read.push((n, item.span())),
                _ => problems.at(
                    &item.span(),
                    format!(
                        "an item of `default` in {} is out of range: a number is -1,000,000 to 1,000,000",
                        table.place
                    ),
                ),
            },
            other => problems.at(
                &item.span(),
                format!(
                    "`default` in {} lists whole numbers, not {} {}",
                    table.place,
                    super::access::article(other.type_str()),
                    other.type_str()
                ),
            ),
        }
    }
    (read.len() == items.len()).then_some(read)
}
