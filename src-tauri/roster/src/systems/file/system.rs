//! The registry's entry for a sheet of a system from a file: its checks, ratings, derived
//! values, rolls and printed page, all read from the file's declarations.

use std::collections::BTreeMap;

use rollbook_rules::system_file::{RollKind, SheetFieldKind, SheetValues};
use rollbook_rules::HouseRules;
use serde_json::{json, Map, Value};

use super::sheet::FileSheet;
use crate::check::Check;
use crate::print::section::{heads, Cell, Column, Row, Section};
use crate::print::systems::{Layout, SystemPage, NOTE_LINES};
use crate::sheet::{Derived, Rating, SheetRoll, SystemSheet};

/// Every system from a file prints in the same frame: two columns, no boxes of its own at the
/// top or reference tables at the foot (the sections hold the whole sheet).
pub(crate) const LAYOUT: Layout = Layout {
    columns: 2,
    top: 0.0,
    reference: 0.0,
};

/// The roster's values of the file's house-rule numbers (kept beside the five's in
/// `HouseRules`; one the roster leaves out reads at the file's default).
pub(crate) fn house_numbers(house: &HouseRules) -> BTreeMap<String, i64> {
    house.file_numbers.clone()
}

impl SystemSheet for FileSheet {
    const NAME: &'static str = "System from a file";
    const PRINT_LAYOUT: Layout = LAYOUT;

    fn validate(&self, house: &HouseRules, base: &str, check: &mut Check) {
        self.check_limits(&house_numbers(house), base, check);
    }

    fn ratings(&self) -> Vec<Rating> {
        let file = self.system.file();
        let mut ratings = Vec::new();
        for part in &file.sheet {
            match &part.kind {
                SheetFieldKind::Number { .. } | SheetFieldKind::Tracker { .. } => {
                    if let Some(n) = self.values.get(&part.name).and_then(Value::as_i64) {
                        ratings.push(Rating::number("number", &part.label, n));
                    }
                }
                SheetFieldKind::Ratings { .. } => {
                    for rating in self.ratings_of(&part.name) {
                        ratings.push(Rating::number("rating", &rating.name, rating.value));
                    }
                }
                _ => {}
            }
        }
        ratings
    }

    fn derived(&self, house: &HouseRules) -> Vec<Derived> {
        let file = self.system.file();
        let worked = file.sheet_values(&self.numbers(), &house_numbers(house));
        let mut derived = Vec::new();
        for part in &file.sheet {
            match &part.kind {
                SheetFieldKind::Ratings {
                    budget: Some(budget),
                    ..
                } => {
                    let total: i64 = self
                        .ratings_of(&part.name)
                        .iter()
                        .map(|r| r.value)
                        .fold(0, i64::saturating_add);
                    derived.push(Derived::new(
                        &part.name,
                        format!("{} total", part.label),
                        format!("{total} of {budget}"),
                        "the file's budget for the list",
                    ));
                }
                SheetFieldKind::Tracker { max, .. } => {
                    let shown = worked
                        .tracker_max
                        .get(&part.name)
                        .map_or_else(|| "?".to_string(), i64::to_string);
                    derived.push(Derived::new(
                        &part.name,
                        format!("{} maximum", part.label),
                        shown,
                        format!("worked out as {max}"),
                    ));
                }
                _ => {}
            }
        }
        for value in &file.derived {
            let shown = worked
                .values
                .get(&value.name)
                .map_or_else(|| "?".to_string(), i64::to_string);
            derived.push(Derived::new(
                &value.name,
                &value.label,
                shown,
                format!("worked out as {}", value.expr),
            ));
        }
        derived
    }

    fn rolls(&self, house: &HouseRules) -> Vec<SheetRoll> {
        let file = self.system.file();
        let worked = file.sheet_values(&self.numbers(), &house_numbers(house));
        let mut rolls = Vec::new();
        for kind in &file.rolls {
            // The ratings list a field is filled from makes one roll per rating.
            let list = kind.fields.iter().find_map(|f| {
                let from = f.from_sheet.as_deref()?;
                file.sheet
                    .iter()
                    .find(|p| p.name == from && matches!(p.kind, SheetFieldKind::Ratings { .. }))
                    .map(|p| (f.name.as_str(), p))
            });
            match list {
                Some((field_name, part)) => {
                    for (i, rating) in self.ratings_of(&part.name).iter().enumerate() {
                        let mut request = self.request_of(kind, &worked.values);
                        request.insert(field_name.into(), rating.value.into());
                        rolls.push(SheetRoll::new(
                            format!("{}[{i}]", part.name),
                            &part.label,
                            format!("{} ({})", rating.name, kind.name),
                            Value::Object(request),
                            format!("{} {} → {}", rating.name, rating.value, kind.name),
                        ));
                    }
                }
                None => {
                    let request = self.request_of(kind, &worked.values);
                    rolls.push(SheetRoll::new(
                        format!("rolls.{}", kind.id),
                        "Rolls",
                        &kind.name,
                        Value::Object(request),
                        kind.summary.clone(),
                    ));
                }
            }
        }
        rolls
    }

    fn print(&self, house: &HouseRules, notes: &str) -> SystemPage {
        let file = self.system.file();
        let worked = file.sheet_values(&self.numbers(), &house_numbers(house));
        let mut parts = Vec::new();
        let mut lists = Vec::new();
        for part in &file.sheet {
            if let SheetFieldKind::Ratings { .. } = part.kind {
                let rows = self
                    .ratings_of(&part.name)
                    .into_iter()
                    .map(|r| Row::new(vec![Cell::new(r.name), Cell::new(r.value.to_string())]))
                    .collect();
                lists.push(Section::table(
                    part.label.clone(),
                    vec![Column::new(0.0, "l"), Column::new(16.0, "r")],
                    heads(&["Rating", "Value"]),
                    rows,
                ));
            }
        }
        for (label, shown) in self.in_words(&worked) {
            parts.push(Row::new(vec![Cell::new(label), Cell::new(shown)]));
        }
        let mut sections = vec![Section::table(
            file.name.clone(),
            vec![Column::new(0.0, "l"), Column::new(24.0, "r")],
            heads(&["", ""]),
            parts,
        )];
        sections.extend(lists);
        if !file.rulings.is_empty() {
            sections.push(Section::notes("Rulings", &file.rulings.join("\n"), 0));
        }
        if !self.kept.is_empty() {
            // What an upgrade kept aside is the GM's to settle: printed so it is not forgotten.
            let lines: Vec<String> = self.kept.iter().map(|k| k.line()).collect();
            sections.push(Section::notes("Kept by an upgrade", &lines.join("\n"), 0));
        }
        sections.push(Section::notes("Notes", notes, NOTE_LINES));
        SystemPage {
            top: json!({}),
            reference: json!({}),
            sections,
        }
    }
}

impl FileSheet {
    /// Every part but the ratings lists, then every derived value, each as its label and its
    /// value in words ("Hit points" "7 of 9", "Wounded" "no"), as the printed sheet and
    /// `rollbook character show` give them; `worked` is this sheet's worked-out values.
    pub(crate) fn in_words(&self, worked: &SheetValues) -> Vec<(String, String)> {
        let file = self.system.file();
        let mut words = Vec::new();
        for part in &file.sheet {
            let value = self.values.get(&part.name);
            let shown = match (&part.kind, value) {
                (SheetFieldKind::Ratings { .. }, _) => continue,
                (SheetFieldKind::Tracker { .. }, Some(v)) => {
                    let max = worked
                        .tracker_max
                        .get(&part.name)
                        .map_or_else(|| "?".to_string(), i64::to_string);
                    format!("{} of {max}", v.as_i64().unwrap_or(0))
                }
                (SheetFieldKind::Check { .. }, Some(v)) => if v.as_bool() == Some(true) {
                    "yes"
                } else {
                    "no"
                }
                .to_string(),
                (_, Some(Value::String(s))) => s.clone(),
                (_, Some(v)) => v.to_string(),
                (_, None) => String::new(),
            };
            words.push((part.label.clone(), shown));
        }
        for value in &file.derived {
            let shown = worked
                .values
                .get(&value.name)
                .map_or_else(|| "?".to_string(), i64::to_string);
            words.push((value.label.clone(), shown));
        }
        words
    }

    /// [`FileSheet::in_words`] under `house`, then each value an upgrade kept aside.
    pub fn parts_in_words(&self, house: &HouseRules) -> Vec<(String, String)> {
        let worked = self
            .system
            .file()
            .sheet_values(&self.numbers(), &house_numbers(house));
        let mut words = self.in_words(&worked);
        words.extend(
            self.kept
                .iter()
                .map(|k| ("Kept by an upgrade".to_string(), k.line())),
        );
        words
    }

    /// The request of `kind` with its `from_sheet` fields filled from this sheet's worked-out
    /// `values` (a ratings list is not among them: its field keeps its default until a rating
    /// is chosen). The sheet's rolls and the table's rolls start from it.
    pub(super) fn request_of(
        &self,
        kind: &RollKind,
        values: &BTreeMap<String, i64>,
    ) -> Map<String, Value> {
        let mut request = Map::new();
        request.insert("system".into(), self.system.id().into());
        request.insert("system_version".into(), self.system.version().into());
        request.insert("roll".into(), kind.id.clone().into());
        for field in &kind.fields {
            let Some(from) = field.from_sheet.as_deref() else {
                continue;
            };
            if let Some(value) = values.get(from) {
                request.insert(field.name.clone(), (*value).into());
            }
        }
        request
    }
}
