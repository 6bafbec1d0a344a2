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

/// A house-rule number a file declares, as the catalog serves it to the window: the shape of
/// the five's [`HouseRuleNumber`](crate::HouseRuleNumber), `system` the file's id and the help
/// saying the default is the file's.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileHouseNumber {
    pub name: String,
    pub system: String,
    pub label: String,
    pub help: String,
    pub min: i64,
    pub max: i64,
    pub default: i64,
}

impl FileHouseNumber {
    pub fn of(system: &str, number: &super::model::HouseNumber) -> Self {
        FileHouseNumber {
            name: number.name.clone(),
            system: system.to_string(),
            label: number.label.clone(),
            help: format!(
                "{} to {}; the system file's default is {}.",
                number.min, number.max, number.default
            ),
            min: number.min,
            max: number.max,
            default: number.default,
        }
    }
}
