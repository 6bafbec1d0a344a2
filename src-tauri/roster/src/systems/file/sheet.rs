//! A sheet of a system from a file: one value per part the file declares (`[sheet.NAME]`),
//! kept as JSON under the part's name (a number, a list of named ratings, a tracker's current
//! value, a check, a choice, a text) and checked against the declaration exactly as the five's
//! sheets are against RULES.md: ranges, a ratings list's count and budget, a tracker within its
//! maximum (worked out from the sheet), a choice among its options, a text's length.

use std::collections::BTreeMap;

use rollbook_rules::system_file::{SheetField, SheetFieldKind, SystemFile};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use super::handle::FileSystem;
use super::kept::{check_kept, read_kept, KeptValue, KEPT_KEY};
use crate::check::{field, Check, NAME_MAX};
use crate::problem::Problem;

/// A character sheet of a system from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileSheet {
    pub system: FileSystem,
    /// Every declared part's value, by name (each present: a missing one reads at its default).
    pub values: Map<String, Value>,
    /// What an upgrade to this version kept aside (`kept-by-upgrade`; `kept.rs`), oldest first.
    pub kept: Vec<KeptValue>,
}

/// One rating of a ratings list: `{"name": "climb", "value": 2}`.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileRating {
    pub name: String,
    pub value: i64,
}

impl FileSheet {
    /// The sheet a new character starts with: every part at its default (a ratings list with
    /// its suggested ratings at their default, a tracker at its start).
    pub fn blank(system: FileSystem) -> FileSheet {
        let file = system.file();
        let start = file.sheet_values(&BTreeMap::new(), &BTreeMap::new());
        let values = file
            .sheet
            .iter()
            .map(|part| (part.name.clone(), default_of(part, &start.values)))
            .collect();
        FileSheet {
            system,
            values,
            kept: Vec::new(),
        }
    }

    /// The structural read of an untrusted sheet: every key a declared part, every value of its
    /// part's type; a part left out takes its default, a tracker left out its start worked out
    /// from this sheet under the roster's house-rule numbers `house` (a "full" tracker starts at
    /// this character's maximum, not a blank sheet's). Problems are pushed under `base`. A key
    /// no part declares is a problem that still leaves the sheet read (without it), so that
    /// the check of its values can follow; a value of the wrong type leaves none.
    pub fn read(
        system: FileSystem,
        value: &Value,
        house: &BTreeMap<String, i64>,
        base: &str,
        problems: &mut Vec<Problem>,
    ) -> Option<FileSheet> {
        let Value::Object(given) = value else {
            problems.push(Problem::new(
                base,
                "expected an object of the sheet's parts",
            ));
            return None;
        };
        let file = system.file();
        for key in given.keys() {
            if key != KEPT_KEY && !file.sheet.iter().any(|p| &p.name == key) {
                let names: Vec<&str> = file.sheet.iter().map(|p| p.name.as_str()).collect();
                problems.push(Problem::new(
                    field(base, key),
                    format!(
                        "{} declares no part `{key}`; its sheet has {}",
                        file.name,
                        if names.is_empty() {
                            "none".into()
                        } else {
                            names.join(", ")
                        }
                    ),
                ));
            }
        }
        // A key the file does not declare is told but reads nothing: the sheet is still read
        // from the parts it declares, so that the sheet's other problems (a value of the wrong
        // type here, one out of range in the check after) are told with it.
        let before = problems.len();
        let mut sheet = FileSheet::blank(system);
        if let Some(kept) = given.get(KEPT_KEY) {
            sheet.kept = read_kept(kept, &field(base, KEPT_KEY), problems).unwrap_or_default();
        }
        for part in &file.sheet {
            let Some(given) = given.get(&part.name) else {
                continue;
            };
            match typed(part, given) {
                Ok(value) => {
                    sheet.values.insert(part.name.clone(), value);
                }
                Err(message) => problems.push(Problem::new(field(base, &part.name), message)),
            }
        }
        sheet.start_trackers_left_out(given, house);
        (problems.len() == before).then_some(sheet)
    }

    /// Each tracker `given` leaves out set to its start as this sheet works it out (the blank
    /// sheet's start was worked out from the defaults and the file's own house numbers).
    fn start_trackers_left_out(
        &mut self,
        given: &Map<String, Value>,
        house: &BTreeMap<String, i64>,
    ) {
        let file = self.system.file();
        let left_out: Vec<&SheetField> = file
            .sheet
            .iter()
            .filter(|p| matches!(p.kind, SheetFieldKind::Tracker { .. }))
            .filter(|p| !given.contains_key(&p.name))
            .collect();
        if left_out.is_empty() {
            return;
        }
        let mut numbers = self.numbers();
        for part in &left_out {
            numbers.remove(&part.name);
        }
        let worked = file.sheet_values(&numbers, house);
        for part in left_out {
            self.values
                .insert(part.name.clone(), default_of(part, &worked.values));
        }
    }

    /// The sheet's numbers, checks (1 or 0) and trackers, as its expressions read them.
    pub(crate) fn numbers(&self) -> BTreeMap<String, i64> {
        numbers_of(&self.values)
    }

    /// The ratings of the list `name`.
    pub(crate) fn ratings_of(&self, name: &str) -> Vec<FileRating> {
        self.values
            .get(name)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    /// Checks every limit the file declares, pushing each violation under `base`.
    pub(crate) fn check_limits(
        &self,
        house: &BTreeMap<String, i64>,
        base: &str,
        check: &mut Check,
    ) {
        let file = self.system.file();
        let worked = file.sheet_values(&self.numbers(), house);
        check_kept(&self.kept, base, check);
        for part in &file.sheet {
            let at = field(base, &part.name);
            let value = self.values.get(&part.name);
            match &part.kind {
                SheetFieldKind::Number { min, max, .. } => {
                    let n = value.and_then(Value::as_i64).unwrap_or(*min);
                    in_range(check, &at, &part.label, n, *min, *max);
                }
                SheetFieldKind::Ratings {
                    min,
                    max,
                    budget,
                    min_count,
                    max_count,
                    ..
                } => {
                    let ratings = self.ratings_of(&part.name);
                    let count = ratings.len() as u32;
                    if count < *min_count || count > *max_count {
                        check.push(
                            at.clone(),
                            format!(
                                "{} holds {count}; it takes {min_count} to {max_count}",
                                part.label
                            ),
                        );
                    }
                    let mut seen: Vec<String> = Vec::new();
                    for (i, rating) in ratings.iter().enumerate() {
                        let here = format!("{at}[{i}]");
                        check.name(format!("{here}.name"), &rating.name, NAME_MAX);
                        let key = rating.name.trim().to_lowercase();
                        if seen.contains(&key) {
                            check.push(
                                format!("{here}.name"),
                                format!("\"{}\" is listed twice", rating.name.trim()),
                            );
                        }
                        seen.push(key);
                        in_range(
                            check,
                            &format!("{here}.value"),
                            &rating.name,
                            rating.value,
                            *min,
                            *max,
                        );
                    }
                    if let Some(budget) = budget {
                        let total: i64 =
                            ratings.iter().map(|r| r.value).fold(0, i64::saturating_add);
                        if total > *budget {
                            check.push(
                                at,
                                format!("{} total {total}; at most {budget}", part.label),
                            );
                        }
                    }
                }
                SheetFieldKind::Tracker { .. } => {
                    let n = value.and_then(Value::as_i64).unwrap_or(0);
                    match worked.tracker_max.get(&part.name) {
                        Some(max) => in_range(check, &at, &part.label, n, 0, (*max).max(0)),
                        None => check.push(
                            at,
                            format!(
                                "{}'s maximum cannot be worked out from this sheet",
                                part.label
                            ),
                        ),
                    }
                }
                SheetFieldKind::Check { .. } => {}
                SheetFieldKind::Choice { choices, .. } => {
                    let chosen = value.and_then(Value::as_str).unwrap_or_default();
                    if !choices.iter().any(|c| c == chosen) {
                        check.push(
                            at,
                            format!(
                                "\"{chosen}\" is not a choice of {}; expected one of {}",
                                part.label,
                                choices.join(", ")
                            ),
                        );
                    }
                }
                SheetFieldKind::Text { max_chars } => {
                    let text = value.and_then(Value::as_str).unwrap_or_default();
                    check.text(at, text, *max_chars as usize);
                }
            }
        }
    }
}

/// The numbers, checks (1 or 0) and trackers among a sheet's values.
pub(super) fn numbers_of(values: &Map<String, Value>) -> BTreeMap<String, i64> {
    values
        .iter()
        .filter_map(|(name, value)| match value {
            Value::Number(n) => n.as_i64().map(|n| (name.clone(), n)),
            Value::Bool(b) => Some((name.clone(), i64::from(*b))),
            _ => None,
        })
        .collect()
}

pub(super) fn in_range(check: &mut Check, at: &str, label: &str, n: i64, min: i64, max: i64) {
    if n < min || n > max {
        check.push(at, format!("{label} is {n}; it takes {min} to {max}"));
    }
}

/// A part's value on a blank sheet (`start`: the blank sheet's worked-out values).
pub(super) fn default_of(part: &SheetField, start: &BTreeMap<String, i64>) -> Value {
    match &part.kind {
        SheetFieldKind::Number { default, .. } => (*default).into(),
        SheetFieldKind::Ratings {
            default, suggested, ..
        } => Value::Array(
            suggested
                .iter()
                .map(|name| serde_json::json!({"name": name, "value": default}))
                .collect(),
        ),
        SheetFieldKind::Tracker { .. } => start.get(&part.name).copied().unwrap_or(0).into(),
        SheetFieldKind::Check { default } => (*default).into(),
        SheetFieldKind::Choice { default, .. } => default.clone().into(),
        SheetFieldKind::Text { .. } => "".into(),
    }
}

/// `given` read as the part's type, or what is wrong with it.
pub(super) fn typed(part: &SheetField, given: &Value) -> Result<Value, String> {
    let wrong = |expected: &str| {
        format!(
            "{} takes {expected}, not {}",
            part.label,
            rollbook_rules::text::excerpt(&given.to_string())
        )
    };
    match &part.kind {
        SheetFieldKind::Number { .. } | SheetFieldKind::Tracker { .. } => given
            .as_i64()
            .map(Value::from)
            .ok_or_else(|| wrong("a whole number")),
        SheetFieldKind::Ratings { .. } => serde_json::from_value::<Vec<FileRating>>(given.clone())
            .map(|ratings| serde_json::to_value(ratings).unwrap_or(Value::Null))
            .map_err(|_| wrong("a list of {\"name\": …, \"value\": …}")),
        SheetFieldKind::Check { .. } => given
            .as_bool()
            .map(Value::from)
            .ok_or_else(|| wrong("true or false")),
        SheetFieldKind::Choice { .. } | SheetFieldKind::Text { .. } => {
            given.as_str().map(Value::from).ok_or_else(|| wrong("text"))
        }
    }
}

/// The bare object of the parts, in the file's order, then what an upgrade kept, if anything.
impl Serialize for FileSheet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let file: &SystemFile = self.system.file();
        let mut map = serializer.serialize_map(None)?;
        for part in &file.sheet {
            if let Some(value) = self.values.get(&part.name) {
                map.serialize_entry(&part.name, value)?;
            }
        }
        if !self.kept.is_empty() {
            map.serialize_entry(KEPT_KEY, &self.kept)?;
        }
        map.end()
    }
}
