//! A request's fields for a file roll kind, read into the values its expressions use: each
//! field given or its default, checked as the five systems' fields are, with the same codes
//! and wording (`invalid_request`, "3 is out of range: Modifier takes -5 to 5", serde's
//! "unknown field", "invalid type", "unknown variant").

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::error::plain_serde_message;
use crate::notation::{Formula, Lookup};
use crate::system_file::lists;
use crate::system_file::model::{RollField, RollFieldKind, RollKind};
use crate::text::{excerpt, excerpt_quoted};
use crate::RulesError;

use super::lets::refused_at;

impl RollKind {
    /// Every field's value by its name: the value given, or the field's default; a yes/no as
    /// 1 or 0, a choice as its option's `value`. A field out of range, of the wrong type, or
    /// not a field of the kind is refused, naming it.
    pub fn values(&self, given: &Map<String, Value>) -> Result<BTreeMap<String, i64>, RulesError> {
        if let Some(unknown) = given
            .keys()
            .find(|key| !self.fields.iter().any(|f| &f.name == *key))
        {
            let names: Vec<&str> = self.fields.iter().map(|f| f.name.as_str()).collect();
            return Err(RulesError::invalid(
                excerpt(unknown),
                excerpt_quoted(&format!(
                    "unknown field `{unknown}`, {}",
                    one_of(&names, "fields")
                )),
            ));
        }
        let mut values = BTreeMap::new();
        for field in &self.fields {
            let given = given.get(&field.name);
            match &field.kind {
                RollFieldKind::List { .. } => {
                    // Its length under its name, each item under a key of its own.
                    let items = field.items(given)?;
                    for (i, item) in items.iter().enumerate() {
                        values.insert(lists::item_key(&field.name, i), *item);
                    }
                    values.insert(field.name.clone(), items.len() as i64);
                }
                _ => {
                    values.insert(field.name.clone(), field.value(given)?);
                }
            }
        }
        Ok(values)
    }

    /// [`RollKind::values`] with the names the caller knows beside the request (sheet values,
    /// derived values, house-rule numbers), read alike by the kind's expressions. A file's
    /// names are one namespace per roll kind, so none of `extra` is a field. A request one of
    /// the kind's refusals holds for is refused at its field, with its message.
    pub fn values_with(
        &self,
        given: &Map<String, Value>,
        extra: &BTreeMap<String, i64>,
    ) -> Result<BTreeMap<String, i64>, RulesError> {
        let mut values = extra.clone();
        values.extend(self.values(given)?);
        for refusal in &self.refusals {
            let holds = Formula::parse(&refusal.when, |n| values.get(n).map(|v| Lookup::Known(*v)))
                .map_err(|mut problems| refused_at("refuse", problems.remove(0)))?
                .eval(&[])
                .map_err(|_| {
                    RulesError::invalid(
                        refusal.field.clone(),
                        "a refusal's condition divides by 0 with these values",
                    )
                })?;
            if holds != 0 {
                return Err(RulesError::invalid(
                    refusal.field.clone(),
                    refusal.message.clone(),
                ));
            }
        }
        Ok(values)
    }
}

impl RollField {
    /// A list field's items: the list given or its default, its length and every item
    /// checked with the built-in kinds' words ("61 entries is over the limit of 60",
    /// `members[2]`: "41 is out of range: …").
    fn items(&self, given: Option<&Value>) -> Result<Vec<i64>, RulesError> {
        let RollFieldKind::List {
            min,
            max,
            max_items,
            default,
        } = &self.kind
        else {
            unreachable!("only a list field has items")
        };
        let items = match given {
            None => default.clone(),
            Some(v) => Vec::<i64>::deserialize(v).map_err(|err| {
                RulesError::invalid(self.name.clone(), plain_serde_message(&err.to_string()))
            })?,
        };
        if items.len() > *max_items as usize {
            return Err(RulesError::invalid(
                self.name.clone(),
                format!("{} entries is over the limit of {max_items}", items.len()),
            ));
        }
        for (i, &item) in items.iter().enumerate() {
            if item < *min || item > *max {
                return Err(RulesError::invalid(
                    format!("{}[{i}]", self.name),
                    format!(
                        "{item} is out of range: {} takes {min} to {max}",
                        self.label
                    ),
                ));
            }
        }
        Ok(items)
    }

    fn value(&self, given: Option<&Value>) -> Result<i64, RulesError> {
        let refused = |message: String| RulesError::invalid(self.name.clone(), message);
        let wrong = |err: serde_json::Error| refused(plain_serde_message(&err.to_string()));
        match &self.kind {
            RollFieldKind::Int { min, max, default } => {
                let value = match given {
                    None => *default,
                    Some(v) => i64::deserialize(v).map_err(wrong)?,
                };
                if value < *min || value > *max {
                    return Err(refused(format!(
                        "{value} is out of range: {} takes {min} to {max}",
                        self.label
                    )));
                }
                Ok(value)
            }
            RollFieldKind::Bool { default } => {
                let value = match given {
                    None => *default,
                    Some(v) => bool::deserialize(v).map_err(wrong)?,
                };
                Ok(i64::from(value))
            }
            RollFieldKind::List { .. } => unreachable!("a list is read by `items`"),
            RollFieldKind::Choice { options, default } => {
                let chosen = match given {
                    None => default.clone(),
                    Some(v) => String::deserialize(v).map_err(wrong)?,
                };
                options
                    .iter()
                    .find(|o| o.name == chosen)
                    .map(|o| o.value)
                    .ok_or_else(|| {
                        let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
                        refused(excerpt_quoted(&format!(
                            "unknown variant `{chosen}`, {}",
                            one_of(&names, "variants")
                        )))
                    })
            }
        }
    }
}

/// serde's words for what was expected: "expected `a`", "expected `a` or `b`", "expected one
/// of `a`, `b`, `c`", "there are no fields".
fn one_of(names: &[&str], what: &str) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [] => format!("there are no {what}"),
        [one] => format!("expected {one}"),
        [a, b] => format!("expected {a} or {b}"),
        all => format!("expected one of {}", all.join(", ")),
    }
}
