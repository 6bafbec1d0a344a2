//! Field specifications: one declaration per request field gives its default, its range (used by
//! validation) and its label and help (used by the front end to build the form). Nothing about a
//! field's limits is written twice.

use serde::Serialize;

use crate::RulesError;

/// An integer field with an inclusive range.
#[derive(Debug, Clone, Copy)]
pub struct IntField {
    pub name: &'static str,
    pub label: &'static str,
    pub help: &'static str,
    pub min: i64,
    pub max: i64,
    pub default: i64,
}

impl IntField {
    /// Checks `value` against the range; the error names the field and the allowed range.
    pub fn check(&self, value: i64) -> Result<i64, RulesError> {
        self.check_at(self.name, value)
    }

    /// As [`IntField::check`], reported at another path (an element of a list).
    pub fn check_at(&self, path: &str, value: i64) -> Result<i64, RulesError> {
        if value < self.min || value > self.max {
            return Err(RulesError::invalid(
                path,
                format!(
                    "{value} is out of range: {} takes {} to {}",
                    self.label, self.min, self.max
                ),
            ));
        }
        Ok(value)
    }
}

/// A yes/no field.
#[derive(Debug, Clone, Copy)]
pub struct BoolField {
    pub name: &'static str,
    pub label: &'static str,
    pub help: &'static str,
    pub default: bool,
}

/// A field taking one of a fixed list of words.
#[derive(Debug, Clone, Copy)]
pub struct ChoiceField {
    pub name: &'static str,
    pub label: &'static str,
    pub help: &'static str,
    pub choices: &'static [&'static str],
    pub default: &'static str,
}

/// A list of integers, each within a range.
#[derive(Debug, Clone, Copy)]
pub struct IntListField {
    pub item: IntField,
    pub max_items: usize,
    pub default: &'static [i64],
}

impl IntListField {
    /// Checks the length and every element (`members[2]: ...`).
    pub fn check(&self, values: &[i64]) -> Result<(), RulesError> {
        if values.len() > self.max_items {
            return Err(RulesError::invalid(
                self.item.name,
                format!(
                    "{} entries is over the limit of {}",
                    values.len(),
                    self.max_items
                ),
            ));
        }
        for (i, &v) in values.iter().enumerate() {
            self.item.check_at(&format!("{}[{i}]", self.item.name), v)?;
        }
        Ok(())
    }
}

/// The front end's view of one field (`{"name", "label", "help", "type", ...}`).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldSpec {
    pub name: String,
    pub label: String,
    pub help: String,
    #[serde(flatten)]
    pub kind: FieldKind,
    /// A field of a system from a file: what fills it at the table (the roller's sheet, the
    /// opponent's, or the GM). The five's fields have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source: Option<crate::system_file::table_spec::FieldSource>,
}

/// The type-specific part of a [`FieldSpec`].
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FieldKind {
    Int {
        min: i64,
        max: i64,
        default: i64,
    },
    Bool {
        default: bool,
    },
    Choice {
        choices: Vec<String>,
        default: String,
    },
    IntList {
        min: i64,
        max: i64,
        max_items: usize,
        default: Vec<i64>,
    },
}

impl From<IntField> for FieldSpec {
    fn from(f: IntField) -> Self {
        Self {
            source: None,
            name: f.name.into(),
            label: f.label.into(),
            help: f.help.into(),
            kind: FieldKind::Int {
                min: f.min,
                max: f.max,
                default: f.default,
            },
        }
    }
}

impl From<BoolField> for FieldSpec {
    fn from(f: BoolField) -> Self {
        Self {
            source: None,
            name: f.name.into(),
            label: f.label.into(),
            help: f.help.into(),
            kind: FieldKind::Bool { default: f.default },
        }
    }
}

impl From<ChoiceField> for FieldSpec {
    fn from(f: ChoiceField) -> Self {
        Self {
            source: None,
            name: f.name.into(),
            label: f.label.into(),
            help: f.help.into(),
            kind: FieldKind::Choice {
                choices: f.choices.iter().map(|c| c.to_string()).collect(),
                default: f.default.into(),
            },
        }
    }
}

impl From<IntListField> for FieldSpec {
    fn from(f: IntListField) -> Self {
        Self {
            source: None,
            name: f.item.name.into(),
            label: f.item.label.into(),
            help: f.item.help.into(),
            kind: FieldKind::IntList {
                min: f.item.min,
                max: f.item.max,
                max_items: f.max_items,
                default: f.default.to_vec(),
            },
        }
    }
}

/// A choice worth comparing on a kind's roll (the window's Compare, `rollbook odds --vary`):
/// the request field it varies and the alternatives to set side by side. Declared next to the
/// kind, from the field's own declaration, so it names only fields the kind takes.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CompareSpec {
    /// Unique within the kind: two comparisons may vary the same field ("penalty", "next_try").
    pub id: String,
    /// The request field varied.
    pub field: String,
    /// What is compared ("Grunt", "The next try after a failure").
    pub label: String,
    pub help: String,
    pub alternatives: Vec<Alternative>,
}

/// One alternative of a [`CompareSpec`]: its label and the field's value with it.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Alternative {
    /// "Grunt +2", "Advantage", "After 1 failure".
    pub label: String,
    #[serde(flatten)]
    pub pick: Pick,
}

/// How an [`Alternative`] sets its field.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "how", rename_all = "snake_case")]
pub enum Pick {
    /// The field set to `value`.
    Set { value: CompareValue },
    /// The roll's own value of the (number) field plus `by`: a fate card added to the bonus,
    /// one penalty die more per failed try. An alternative that would leave the field's range
    /// is left out.
    Add { by: i64 },
}

/// A field's value in a comparison: a number, yes/no, or one of a choice field's words.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum CompareValue {
    Int(i64),
    Bool(bool),
    Text(String),
}

impl CompareValue {
    /// The value as the request's JSON takes it.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Self::Int(v) => (*v).into(),
            Self::Bool(v) => (*v).into(),
            Self::Text(v) => v.as_str().into(),
        }
    }
}

fn compare_spec(
    id: &str,
    field: &str,
    label: &str,
    help: &str,
    alternatives: Vec<Alternative>,
) -> CompareSpec {
    CompareSpec {
        id: id.into(),
        field: field.into(),
        label: label.into(),
        help: help.into(),
        alternatives,
    }
}

impl IntField {
    /// Compares the roll with this field at each of `values` (`(value, label)`).
    pub fn compare_at(&self, label: &str, help: &str, values: &[(i64, &str)]) -> CompareSpec {
        let alternatives = values
            .iter()
            .map(|&(value, text)| Alternative {
                label: text.into(),
                pick: Pick::Set {
                    value: CompareValue::Int(value),
                },
            })
            .collect();
        compare_spec(self.name, self.name, label, help, alternatives)
    }

    /// Compares the roll with this field raised by each of `steps` (`(by, label)`) from the
    /// roll's own value; `id` tells it from another comparison of the same field.
    pub fn compare_by(
        &self,
        id: &str,
        label: &str,
        help: &str,
        steps: &[(i64, &str)],
    ) -> CompareSpec {
        compare_steps(id, self.name, label, help, steps)
    }
}

/// Compares the roll with the number at `field` raised by each of `steps` (`(by, label)`) from
/// the roll's own value. `field` may be a path into the request (`values.bonus`, a dice
/// expression's value): [`crate::odds_varied`] sets it there.
pub fn compare_steps(
    id: &str,
    field: &str,
    label: &str,
    help: &str,
    steps: &[(i64, &str)],
) -> CompareSpec {
    let alternatives = steps
        .iter()
        .map(|&(by, text)| Alternative {
            label: text.into(),
            pick: Pick::Add { by },
        })
        .collect();
    compare_spec(id, field, label, help, alternatives)
}

impl BoolField {
    /// Compares the roll without and with this field (`[off, on]` are their labels).
    pub fn compare(&self, help: &str, [off, on]: [&str; 2]) -> CompareSpec {
        let alternatives = [(false, off), (true, on)]
            .into_iter()
            .map(|(value, text)| Alternative {
                label: text.into(),
                pick: Pick::Set {
                    value: CompareValue::Bool(value),
                },
            })
            .collect();
        compare_spec(self.name, self.name, self.label, help, alternatives)
    }
}

/// Compares the roll at each of a choice field's words (the stunt levels of a roster).
pub fn compare_choices(field: &FieldSpec, help: &str) -> CompareSpec {
    let FieldKind::Choice { choices, .. } = &field.kind else {
        panic!("{} is not a choice field", field.name);
    };
    let alternatives = choices
        .iter()
        .map(|choice| Alternative {
            label: choice.clone(),
            pick: Pick::Set {
                value: CompareValue::Text(choice.clone()),
            },
        })
        .collect();
    compare_spec(&field.name, &field.name, &field.label, help, alternatives)
}

/// One roll kind as the catalog shows it.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KindSpec {
    /// The `roll` value of the request.
    pub id: String,
    pub name: String,
    pub summary: String,
    /// The **[ruling]**s of RULES.md that decide this roll, in words, for the app to show as such.
    pub rulings: Vec<String>,
    /// True for the kinds of RULES.md's "Roll requests"; false for the table extras.
    pub contract: bool,
    /// What the outcome keys of this kind's odds are ("Total", "Damage Dice", "Result"): the
    /// label of the odds chart's axis.
    pub outcome: String,
    pub fields: Vec<FieldSpec>,
    /// The choices worth comparing side by side (Compare), each with its alternatives.
    pub compare: Vec<CompareSpec>,
    /// The choices compared that are not one field (a fate card on the attack or kept for AC,
    /// augmentation before or after the roll): asked with `odds_plan`.
    pub plans: Vec<crate::plan::PlanSpec>,
}

/// The text of a kind's entry in the catalog.
pub struct KindText {
    pub name: &'static str,
    pub summary: &'static str,
    pub rulings: &'static [&'static str],
    pub contract: bool,
    /// What the outcome keys of the kind's odds are ("Total", "Damage Dice", "Result").
    pub outcome: &'static str,
}

/// Shorthand for the largest dice pool a request may roll (RULES.md: "pools over 60 dice").
pub const MAX_POOL: i64 = 60;

/// Refuses a pool whose dice add up to more than [`MAX_POOL`].
pub fn check_pool(field: &str, dice: i64) -> Result<(), RulesError> {
    if dice > MAX_POOL {
        return Err(RulesError::invalid(
            field,
            format!("{dice} dice in all is over the limit of {MAX_POOL} dice in one pool"),
        ));
    }
    Ok(())
}
