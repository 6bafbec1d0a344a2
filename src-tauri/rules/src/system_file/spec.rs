//! A file system in the catalog: each roll kind's entry built from its declarations, in the
//! shape the five's entries have, so the window's forms and Compare take it as they take theirs.

use super::model::{RollField, RollFieldKind, RollKind, SystemFile};
use super::sheet_spec::{FileHouseNumber, SheetPartSpec};
use super::table_spec::{FieldSource, FileTableSpec};
use crate::catalog::SystemSpec;
use crate::spec::{Alternative, CompareSpec, CompareValue, FieldKind, FieldSpec, KindSpec, Pick};

impl SystemFile {
    /// The system's catalog entry: every roll kind with its fields (and what fills each at the
    /// table) and comparisons, its sheet, house-rule numbers and table.
    pub fn spec(&self) -> SystemSpec {
        SystemSpec {
            id: self.id.clone(),
            name: self.name.clone(),
            version: Some(self.version),
            kinds: self.rolls.iter().map(|kind| kind.spec(self)).collect(),
            sheet: self.sheet.iter().map(SheetPartSpec::of).collect(),
            house_rule_numbers: self
                .house_numbers
                .iter()
                .map(|n| FileHouseNumber::of(&self.id, n))
                .collect(),
            table: Some(FileTableSpec::of(&self.table)),
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
                // The built-in kinds' shape of a list, so the window's form and the command
                // line take it as they take `group_stealth`'s `members`.
                RollFieldKind::List {
                    min,
                    max,
                    max_items,
                    default,
                } => FieldKind::IntList {
                    min: *min,
                    max: *max,
                    max_items: *max_items as usize,
                    default: default.clone(),
                },
            },
            source: Some(FieldSource::of(self)),
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
            RollFieldKind::Int { .. } | RollFieldKind::List { .. } => return None,
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
