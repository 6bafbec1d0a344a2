//! A saved roll: a GM's own roll kept with a roster (FORMAT.md, "Saved rolls"), written in the
//! dice notation of DICE.md, with the values of its `@names` and the value it must reach. Rolled,
//! it is the `dice` system's `expr` request, so it rolls and logs as any typed roll does.
//!
//! Names are unique within a roster **ignoring case**: "Fireball" and "fireball" are one name
//! (compared trimmed and lower-cased, [`name_key`]), so `roll --saved fireball` finds it.

use std::collections::BTreeMap;

use rollbook_rules::kinds::dice::Expr;
use rollbook_rules::{HouseRules, RollRequest, TextLimits};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Timestamp;
use crate::check::{field, Check, NAME_MAX};
use crate::problem::Problem;

/// The longest notes a saved roll keeps.
pub(crate) const SAVED_ROLL_NOTES_MAX: usize = TextLimits::FORMAT.saved_roll_notes;

/// A stored saved roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SavedRoll {
    pub id: Uuid,
    pub roster_id: Uuid,
    pub name: String,
    /// The notation as the GM typed it (DICE.md).
    pub expr: String,
    /// The value of each `@name` the notation uses.
    pub values: BTreeMap<String, i64>,
    /// The roll succeeds when its value is at least this.
    pub target: i64,
    pub notes: String,
    /// Order within the roster, ascending from 0.
    pub position: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// What a saved roll is made of: its fields in a roster file, and what a new one needs
/// (`values`, `target` and `notes` may be left out).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct NewSavedRoll {
    pub name: String,
    pub expr: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<BTreeMap<String, i64>>", optional))]
    pub values: BTreeMap<String, i64>,
    #[serde(default = "default_target")]
    #[cfg_attr(feature = "ts", ts(as = "Option<i64>", optional))]
    pub target: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub notes: String,
}

fn default_target() -> i64 {
    Expr::default().target
}

/// A change to a saved roll: each field given is replaced.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct SavedRollPatch {
    pub name: Option<String>,
    pub expr: Option<String>,
    pub values: Option<BTreeMap<String, i64>>,
    pub target: Option<i64>,
    pub notes: Option<String>,
}

impl NewSavedRoll {
    /// A saved roll of `expr` named `name`, with no values, the default target and no notes.
    pub fn new(name: impl Into<String>, expr: impl Into<String>) -> Self {
        NewSavedRoll {
            name: name.into(),
            expr: expr.into(),
            values: BTreeMap::new(),
            target: default_target(),
            notes: String::new(),
        }
    }

    /// The roll request it makes: the `dice` system's `expr`.
    pub fn request(&self) -> RollRequest {
        RollRequest::DiceExpr(Expr {
            expr: self.expr.clone(),
            values: self.values.clone(),
            target: self.target,
        })
    }

    /// Every problem of its fields, each at `base.FIELD`: the name, the notes, and the notation
    /// checked with its values as a roll request is (a problem of `expr` with its column, one of
    /// a value at `values.NAME`), then the target.
    pub(crate) fn check(&self, base: &str, problems: &mut Vec<Problem>) {
        // The notation's fields are paths already (`expr`, `values.bonus`).
        let at = |path: &str| match base {
            "" => path.to_string(),
            _ => format!("{base}.{path}"),
        };
        let mut check = Check {
            problems: &mut *problems,
        };
        check.name(field(base, "name"), &self.name, NAME_MAX);
        check.text(field(base, "notes"), &self.notes, SAVED_ROLL_NOTES_MAX);
        if let Err(found) = rollbook_rules::notation::check(&self.expr, &self.values) {
            for problem in found {
                let message = match problem.column {
                    Some(column) => format!("column {column}: {}", problem.message),
                    None => problem.message,
                };
                problems.push(Problem::new(at(&problem.field), message));
            }
            return;
        }
        if let Err(error) = rollbook_rules::check_odds(&self.request(), HouseRules::ruled()) {
            let (at, message) = match &error {
                rollbook_rules::RulesError::Invalid { field, message } => {
                    (at(field), message.clone())
                }
                other => (base.to_string(), other.to_string()),
            };
            problems.push(Problem::new(at, message));
        }
    }
}

impl SavedRoll {
    /// Its fields, as a new roll or a file's entry takes them.
    pub fn fields(&self) -> NewSavedRoll {
        NewSavedRoll {
            name: self.name.clone(),
            expr: self.expr.clone(),
            values: self.values.clone(),
            target: self.target,
            notes: self.notes.clone(),
        }
    }

    /// The roll request it makes: the `dice` system's `expr`.
    pub fn request(&self) -> RollRequest {
        self.fields().request()
    }

    /// Its fields with `patch` applied.
    pub fn patched(&self, patch: SavedRollPatch) -> NewSavedRoll {
        let now = self.fields();
        NewSavedRoll {
            name: patch.name.unwrap_or(now.name),
            expr: patch.expr.unwrap_or(now.expr),
            values: patch.values.unwrap_or(now.values),
            target: patch.target.unwrap_or(now.target),
            notes: patch.notes.unwrap_or(now.notes),
        }
    }
}

/// The key two names are compared by: trimmed and lower-cased.
pub(crate) fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Pushes a problem at `at` for each name of `names` (with its path) that repeats an earlier
/// one, ignoring case.
pub(crate) fn repeated_names<'a>(
    names: impl IntoIterator<Item = (String, &'a str)>,
    problems: &mut Vec<Problem>,
) {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (at, name) in names {
        let key = name_key(name);
        if let Some(first) = seen.get(&key) {
            problems.push(Problem::new(
                field(&at, "name"),
                format!(
                    "\"{}\" is also the name of {first}; a roster's saved rolls each need their \
                     own name (ignoring case)",
                    name.trim()
                ),
            ));
        } else {
            seen.insert(key, at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(roll: &NewSavedRoll) -> Vec<String> {
        let mut found = Vec::new();
        roll.check("saved_rolls[3]", &mut found);
        found.iter().map(Problem::to_string).collect()
    }

    #[test]
    fn a_bad_notation_is_a_problem_at_its_path_with_its_column() {
        assert!(problems(&NewSavedRoll::new("Fireball", "8d6")).is_empty());
        let found = problems(&NewSavedRoll::new("Stat", "4d6k3"));
        assert_eq!(found.len(), 1);
        assert!(
            found[0].starts_with("saved_rolls[3].expr: column 4: "),
            "{found:?}"
        );
        assert!(found[0].contains("kh3"), "{found:?}");
        let mut unused = NewSavedRoll::new("Hit", "d20");
        unused.values.insert("bonus".into(), 2);
        let found = problems(&unused);
        assert!(
            found[0].starts_with("saved_rolls[3].values.bonus: "),
            "{found:?}"
        );
    }

    #[test]
    fn the_name_the_notes_and_the_target_are_bounded() {
        let mut roll = NewSavedRoll::new(" ", "2d6");
        roll.notes = "n".repeat(SAVED_ROLL_NOTES_MAX + 1);
        roll.target = i64::MAX;
        let found = problems(&roll);
        assert!(found[0].starts_with("saved_rolls[3].name: is empty"));
        assert!(found[1].starts_with("saved_rolls[3].notes: is 101 characters"));
        assert!(found[2].starts_with("saved_rolls[3].target: "), "{found:?}");
    }

    #[test]
    fn names_repeat_ignoring_case() {
        let mut found = Vec::new();
        repeated_names(
            [
                ("saved_rolls[0]".to_string(), "Fireball"),
                ("saved_rolls[1]".to_string(), "Stat"),
                ("saved_rolls[2]".to_string(), " FIREBALL "),
            ],
            &mut found,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].path, "saved_rolls[2].name");
        assert!(found[0].message.contains("saved_rolls[0]"));
    }
}
