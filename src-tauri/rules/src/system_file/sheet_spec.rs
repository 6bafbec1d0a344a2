//! A file system's sheet as the catalog serves it (`files[].sheet`): each part with the limits
//! the file gives it, which the window builds the sheet form from.

use serde::Serialize;

use super::model::{SheetField, SheetFieldKind, TrackerStart};

/// One part of a file system's sheet as the catalog serves it.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SheetPartSpec {
    /// Its key in the sheet (and `@name` in the file's expressions).
    pub name: String,
    pub label: String,
    pub help: String,
    pub part: SheetPartKind,
    /// Shown on the players' view.
    pub public: bool,
}

/// What a sheet part holds, with the limits the file gives it.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SheetPartKind {
    Number {
        min: i64,
        max: i64,
        default: i64,
    },
    Ratings {
        min: i64,
        max: i64,
        default: i64,
        budget: Option<i64>,
        min_count: u32,
        max_count: u32,
        suggested: Vec<String>,
    },
    /// `max`: the expression its maximum is worked out with; `full`: whether it starts there.
    Tracker {
        max: String,
        full: bool,
    },
    Check {
        default: bool,
    },
    Choice {
        choices: Vec<String>,
        default: String,
    },
    Text {
        max_chars: u32,
    },
}

impl SheetPartSpec {
    pub(super) fn of(field: &SheetField) -> Self {
        let part = match &field.kind {
            SheetFieldKind::Number { min, max, default } => SheetPartKind::Number {
                min: *min,
                max: *max,
                default: *default,
            },
            SheetFieldKind::Ratings {
                min,
                max,
                default,
                budget,
                min_count,
                max_count,
                suggested,
            } => SheetPartKind::Ratings {
                min: *min,
                max: *max,
                default: *default,
                budget: *budget,
                min_count: *min_count,
                max_count: *max_count,
                suggested: suggested.clone(),
            },
            SheetFieldKind::Tracker { max, default } => SheetPartKind::Tracker {
                max: max.clone(),
                full: matches!(default, TrackerStart::Full),
            },
            SheetFieldKind::Check { default } => SheetPartKind::Check { default: *default },
            SheetFieldKind::Choice { choices, default } => SheetPartKind::Choice {
                choices: choices.clone(),
                default: default.clone(),
            },
            SheetFieldKind::Text { max_chars } => SheetPartKind::Text {
                max_chars: *max_chars,
            },
        };
        SheetPartSpec {
            name: field.name.clone(),
            label: field.label.clone(),
            help: field.help.clone(),
            part,
            public: field.public,
        }
    }
}
