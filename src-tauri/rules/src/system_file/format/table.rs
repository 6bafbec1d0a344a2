//! `[table]`: what the table keeps of a participant: the roll for turn order, the trackers it
//! changes in place.

use std::collections::HashMap;

use super::access::Table;
use super::problem::Problems;
use crate::system_file::model::{RollKind, SheetField, SheetFieldKind, TableDecl};

pub(crate) fn read(
    table: &Table,
    sheet: &[SheetField],
    rolls: &[RollKind],
    declared: Vec<String>,
    problems: &mut Problems,
) -> Option<TableDecl> {
    let before = problems.blocking();
    table.only(&["initiative", "trackers"], problems);
    let initiative = table.opt_str("initiative", problems);
    if let Some(id) = &initiative {
        if !declared.iter().any(|d| *d == id.text) {
            let ids: Vec<&str> = declared.iter().map(String::as_str).collect();
            let hint = super::access::nearest(&id.text, &ids)
                .map_or(String::new(), |n| format!("; did you mean `{n}`?"));
            problems.at(
                &id.span,
                format!(
                    "`initiative` names the roll `{}`, which the file does not declare{hint}",
                    crate::text::excerpt(&id.text)
                ),
            );
        } else if let Some(roll) = rolls.iter().find(|r| r.id == id.text) {
            if !matches!(
                roll.reading,
                crate::system_file::model::Reading::Number { .. }
            ) {
                problems.at(&id.span, format!("`initiative` names `{}`, which reads as outcomes: turn order needs a roll with a `value` and a `target`", id.text));
            }
        }
    }
    let trackers = table.opt_str_list("trackers", problems).unwrap_or_default();
    // The sheet by name: the list may name a tracker a hundred thousand times.
    let mut by_name: HashMap<&str, &SheetField> = HashMap::new();
    for field in sheet {
        by_name.entry(&field.name).or_insert(field);
    }
    for tracker in &trackers {
        match by_name.get(&*tracker.text).copied() {
            Some(SheetField {
                kind: SheetFieldKind::Tracker { .. },
                ..
            }) => {}
            Some(_) => problems.at(
                &tracker.span,
                format!(
                    "`{}` in `trackers` is on the sheet but is not a tracker (type = \"tracker\")",
                    tracker.text
                ),
            ),
            None if problems.unreadable(&tracker.text) => {}
            None => problems.at(
                &tracker.span,
                format!(
                    "`{}` in `trackers` is not on the sheet",
                    crate::text::excerpt(&tracker.text)
                ),
            ),
        }
    }
    (problems.blocking() == before).then(|| TableDecl {
        initiative: initiative.map(|t| t.text.to_string()),
        trackers: trackers.iter().map(|t| t.text.to_string()).collect(),
    })
}
