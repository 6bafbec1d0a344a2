//! What an upgrade says: a change to one sheet ([`SheetChange`]), a value in words, a part's
//! declaration in words, and what the new version declares differently from the old.

use rollbook_rules::system_file::{SheetFieldKind, SystemFile};
use serde::Serialize;
use serde_json::Value;

use crate::check::field;

/// What an upgrade does at one place of a sheet (or, for the roster, of the declarations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// A part (or a rating) the new version adds: filled with its default.
    Added,
    /// A part the new version no longer declares: its value is kept aside.
    Removed,
    /// A value the new version refuses (its range, choices, length, count or budget): the
    /// sheet takes the nearest value it accepts and the old one is kept aside.
    Refused,
    /// A part declared differently (the roster's list only).
    Changed,
}

/// One change an upgrade makes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SheetChange {
    pub kind: ChangeKind,
    /// Where: `sheet.grit`, `sheet.skills[2]`.
    pub path: String,
    /// The part's label (in the version that declares it).
    pub label: String,
    /// What happens, in a sentence.
    pub text: String,
}

/// A value in words: `7`, `"elf"`, `yes`, `3 ratings`.
pub(super) fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => format!("\"{}\"", rollbook_rules::text::excerpt(s)),
        Value::Bool(true) => "yes".into(),
        Value::Bool(false) => "no".into(),
        Value::Array(items) => match items.len() {
            1 => "1 rating".into(),
            n => format!("{n} ratings"),
        },
        other => other.to_string(),
    }
}

/// A part's declaration in words: `a number 1 to 5 (default 2)`.
pub(super) fn declared(kind: &SheetFieldKind) -> String {
    match kind {
        SheetFieldKind::Number { min, max, default } => {
            format!("a number {min} to {max} (default {default})")
        }
        SheetFieldKind::Ratings {
            min,
            max,
            budget,
            min_count,
            max_count,
            ..
        } => {
            let budget = budget.map_or(String::new(), |b| format!(", at most {b} in all"));
            format!("{min_count} to {max_count} ratings of {min} to {max}{budget}")
        }
        SheetFieldKind::Tracker { max, .. } => format!("a tracker up to {max}"),
        SheetFieldKind::Check { .. } => "a check".into(),
        SheetFieldKind::Choice { choices, default } => {
            format!("a choice of {} (default {default})", choices.join(", "))
        }
        SheetFieldKind::Text { max_chars } => format!("a text of at most {max_chars} characters"),
    }
}

/// The sheet parts `to` adds, removes or declares otherwise than `from`, in `to`'s order and
/// then the removed ones in `from`'s.
pub fn declared_changes(from: &SystemFile, to: &SystemFile) -> Vec<SheetChange> {
    let mut changes = Vec::new();
    for part in &to.sheet {
        let path = field("sheet", &part.name);
        let now = declared(&part.kind);
        match from.sheet.iter().find(|p| p.name == part.name) {
            None => changes.push(SheetChange {
                kind: ChangeKind::Added,
                path,
                label: part.label.clone(),
                text: format!("{}: new, {now}", part.label),
            }),
            Some(before) if before.kind != part.kind => changes.push(SheetChange {
                kind: ChangeKind::Changed,
                path,
                label: part.label.clone(),
                text: format!("{}: {} → {now}", part.label, declared(&before.kind)),
            }),
            Some(_) => {}
        }
    }
    for part in &from.sheet {
        if !to.sheet.iter().any(|p| p.name == part.name) {
            changes.push(SheetChange {
                kind: ChangeKind::Removed,
                path: field("sheet", &part.name),
                label: part.label.clone(),
                text: format!(
                    "{}: no longer declared (each sheet's value is kept aside)",
                    part.label
                ),
            });
        }
    }
    changes
}
