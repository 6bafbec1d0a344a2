//! A file system in the catalog: each roll kind's entry built from its declarations, in the
//! shape the five's entries have, so the window's forms and Compare take it as they take theirs.

use serde::Serialize;

use super::model::{
    RollField, RollFieldKind, RollKind, SheetField, SheetFieldKind, SystemFile, TrackerStart,
};
use crate::catalog::SystemSpec;
use crate::spec::{Alternative, CompareSpec, CompareValue, FieldKind, FieldSpec, KindSpec, Pick};

impl SystemFile {
    /// The system's catalog entry: every roll kind with its fields and comparisons.
    pub fn spec(&self) -> SystemSpec {
        SystemSpec {
            id: self.id.clone(),
            name: self.name.clone(),
            kinds: self.rolls.iter().map(|kind| kind.spec(self)).collect(),
            sheet: self.sheet.iter().map(SheetPartSpec::of).collect(),
        }
    }
}

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
    fn of(field: &SheetField) -> Self {
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

impl RollKind {
    fn spec(&self, system: &SystemFile) -> KindSpec {
        KindSpec {
            id: self.id.clone(),
            name: self.name.clone(),
            summary: self.summary.clone(),
            rulings: system
                .rulings
                .iter()
                .chain(&self.rulings)
                .cloned()
                .collect(),
            contract: false,
            outcome: match self.reading {
                super::model::Reading::Number { .. } => "Total",
                super::model::Reading::Named { .. } => "Result",
            }
            .into(),
            fields: self.fields.iter().map(RollField::spec).collect(),
            compare: self.fields.iter().filter_map(RollField::compare).collect(),
            plans: Vec::new(),
        }
    }
}

impl RollField {
    fn spec(&self) -> FieldSpec {
        FieldSpec {
            name: self.name.clone(),
            label: self.label.clone(),
            help: self.help.clone(),
            kind: match &self.kind {
                RollFieldKind::Int { min, max, default } => FieldKind::Int {
                    min: *min,
                    max: *max,
                    default: *default,
                },
                RollFieldKind::Bool { default } => FieldKind::Bool { default: *default },
                RollFieldKind::Choice { options, default } => FieldKind::Choice {
                    choices: options.iter().map(|o| o.name.clone()).collect(),
                    default: default.clone(),
                },
            },
        }
    }

    /// A yes/no compared as no and yes, a choice as each of its options; a number is compared
    /// with its values typed in (Compare's own field), so it declares none here.
    fn compare(&self) -> Option<CompareSpec> {
        let set = |label: String, value: CompareValue| Alternative {
            label,
            pick: Pick::Set { value },
        };
        let alternatives = match &self.kind {
            RollFieldKind::Int { .. } => return None,
            RollFieldKind::Bool { .. } => vec![
                set(format!("Without {}", self.label), CompareValue::Bool(false)),
                set(format!("With {}", self.label), CompareValue::Bool(true)),
            ],
            RollFieldKind::Choice { options, .. } => options
                .iter()
                .map(|o| set(o.name.clone(), CompareValue::Text(o.name.clone())))
                .collect(),
        };
        Some(CompareSpec {
            id: self.name.clone(),
            field: self.name.clone(),
            label: self.label.clone(),
            help: self.help.clone(),
            alternatives,
        })
    }
}
