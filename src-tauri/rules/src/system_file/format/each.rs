//! `failed = { each = "members", count = "2d6 + @item < @difficulty" }`: a let that rolls
//! `count` once per item of a list field of the roll, `@item` reading the item, and counts
//! the rolls that come to other than 0 (the conditions that hold).

use super::access::{backticked, nearest, Table};
use super::derived::clash;
use super::expr::{self, Known, Scope};
use super::problem::Problems;
use super::scope::ITEM;
use crate::system_file::model::{LetKind, RollField, RollFieldKind};

/// Reads an `each` let against `outer` (what the let may read); its count's range, 0 to the
/// list's most items, for the lets after it.
pub(crate) fn read(
    table: &Table,
    fields: &[RollField],
    outer: &Scope,
    problems: &mut Problems,
) -> Option<(LetKind, (i64, i64))> {
    table.only(&["each", "count"], problems);
    let list = table.str("each", "the list field rolled for, item by item", problems);
    let count = table.str(
        "count",
        "what is rolled for each item, `@item` reading it: a condition (\"2d6 + @item >= 8\")",
        problems,
    );
    let list = list?;
    let field = fields.iter().find(|f| f.name == list.text);
    let (min, max, most) = match field.map(|f| &f.kind) {
        Some(RollFieldKind::List {
            min,
            max,
            max_items,
            ..
        }) => (*min, *max, i64::from(*max_items)),
        Some(_) => {
            problems.at(
                &list.span,
                format!(
                    "`each` of {} names `{}`, a field that is not a list (`type = \"list\"`)",
                    table.place, list.text
                ),
            );
            return None;
        }
        None => {
            let lists: Vec<&str> = fields
                .iter()
                .filter(|f| matches!(f.kind, RollFieldKind::List { .. }))
                .map(|f| f.name.as_str())
                .collect();
            let hint = match (nearest(&list.text, &lists), lists.is_empty()) {
                (Some(near), _) => format!("; did you mean `{near}`?"),
                (None, true) => {
                    "; declare one with `type = \"list\"` under the roll's fields".into()
                }
                (None, false) => {
                    format!("; the lists here are {}", backticked(&lists))
                }
            };
            problems.at(
                &list.span,
                format!(
                    "`each` of {} names `{}`, which is not a list field of the roll{hint}",
                    table.place,
                    crate::text::excerpt(&list.text)
                ),
            );
            return None;
        }
    };
    let count = count?;
    let mut scope = Scope::over(outer);
    if let Some(known) = outer.get(ITEM) {
        // `@item` would read two things: the name must go.
        clash(ITEM, known, &table.at, "the item of `each`", problems);
        return None;
    }
    scope.insert(
        ITEM.into(),
        Known {
            what: "the item of `each`",
            lo: min,
            hi: max,
            span: list.span.clone(),
        },
    );
    let place = format!("`count` of {}", table.place);
    let names = expr::read(problems, &count, &scope, &place, None)?;
    // Each item rolls it once: checked at the ends of the items' range like any roll.
    expr::check_bounds(problems, &count, &names, &scope, &place);
    Some((
        LetKind::Each {
            list: list.text.to_string(),
            count: count.text.to_string(),
        },
        (0, most),
    ))
}
