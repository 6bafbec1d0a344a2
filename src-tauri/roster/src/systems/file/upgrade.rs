//! A sheet carried to another version of its file system (`rollbook system upgrade`): every
//! value the new version accepts stays as it is; a part it adds takes its default (a tracker
//! its start, worked out from this sheet); a value it refuses or no longer declares is kept
//! aside whole ([`KeptValue`], `kept.rs`) and the sheet takes the nearest value the version
//! accepts. So the sheet passes the new version's check and nothing is lost. Pure: the store
//! writes what this answers.

use std::collections::BTreeMap;

use rollbook_rules::system_file::{SheetField, SheetFieldKind, SystemFile};
use serde_json::{Map, Value};

use super::handle::FileSystem;
use super::kept::KeptValue;
use super::sheet::{default_of, numbers_of, typed, FileRating, FileSheet};
use super::upgrade_words::{declared, shown, ChangeKind, SheetChange};
use crate::check::{field, index};

/// The sheet being carried over, and what was done to it.
struct Carry {
    to: &'static SystemFile,
    from_version: u32,
    values: Map<String, Value>,
    kept: Vec<KeptValue>,
    changes: Vec<SheetChange>,
}

impl FileSheet {
    /// This sheet under `to` (another version of its system), with every change made to it.
    pub fn upgraded(&self, to: FileSystem) -> (FileSheet, Vec<SheetChange>) {
        let from = self.system.file();
        let mut carry = Carry {
            to: to.file(),
            from_version: from.version,
            values: Map::new(),
            kept: self.kept.clone(),
            changes: Vec::new(),
        };
        let mut added = Vec::new();
        for part in &carry.to.sheet {
            let before = from.sheet.iter().find(|p| p.name == part.name);
            match (before, self.values.get(&part.name)) {
                (Some(_), Some(old)) => match typed(part, old) {
                    Ok(value) => carry.fit(part, value),
                    Err(_) => {
                        let why = format!(
                            "version {} declares it as {}",
                            to.version(),
                            declared(&part.kind)
                        );
                        carry.keep_aside(ChangeKind::Refused, part, None, old.clone(), why);
                        added.push(part);
                    }
                },
                _ => added.push(part),
            }
        }
        // Numbers first, then trackers: a new tracker starts from this sheet's numbers.
        let (trackers, others): (Vec<_>, Vec<_>) = added
            .into_iter()
            .partition(|p| matches!(p.kind, SheetFieldKind::Tracker { .. }));
        for part in others {
            carry.fill(part);
        }
        carry.fit_trackers(&trackers);
        for part in trackers {
            carry.fill(part);
        }
        for part in &from.sheet {
            if carry.to.sheet.iter().any(|p| p.name == part.name) {
                continue;
            }
            let why = format!("version {} no longer declares it", to.version());
            match self.values.get(&part.name) {
                // An empty list or text holds nothing to keep.
                Some(Value::Array(a)) if a.is_empty() => carry.said_gone(part, why),
                Some(Value::String(s)) if s.is_empty() => carry.said_gone(part, why),
                Some(old) => carry.keep_aside(ChangeKind::Removed, part, None, old.clone(), why),
                None => {}
            }
        }
        let sheet = FileSheet {
            system: to,
            values: carry
                .to
                .sheet
                .iter()
                .filter_map(|p| Some((p.name.clone(), carry.values.get(&p.name)?.clone())))
                .collect(),
            kept: carry.kept,
        };
        (sheet, carry.changes)
    }
}

impl Carry {
    fn version(&self) -> u32 {
        self.to.version
    }

    /// `old` kept aside (the part `part`, one rating of it when `rating` is given), said why.
    fn keep_aside(
        &mut self,
        kind: ChangeKind,
        part: &SheetField,
        rating: Option<(usize, &str)>,
        old: Value,
        why: String,
    ) {
        let at = field("sheet", &part.name);
        let (path, what) = match rating {
            Some((i, name)) => (index(&at, i), format!("{} {name}", part.label)),
            None => (at, part.label.clone()),
        };
        self.changes.push(SheetChange {
            kind,
            path,
            label: part.label.clone(),
            text: format!("{what} {}: {why}; kept aside", shown(&old)),
        });
        self.kept.push(KeptValue {
            part: part.name.clone(),
            label: part.label.clone(),
            rating: rating.map(|(_, name)| name.to_string()),
            value: old,
            version: self.from_version,
            why,
        });
    }

    /// A part no longer declared that held nothing.
    fn said_gone(&mut self, part: &SheetField, why: String) {
        self.changes.push(SheetChange {
            kind: ChangeKind::Removed,
            path: field("sheet", &part.name),
            label: part.label.clone(),
            text: format!("{}: {why}; it held nothing", part.label),
        });
    }

    /// A part's value carried over, made to fit the part's limits (a tracker's come later).
    fn fit(&mut self, part: &SheetField, value: Value) {
        let v = self.version();
        let fitted = match &part.kind {
            SheetFieldKind::Number { min, max, .. } => {
                let n = value.as_i64().unwrap_or(*min);
                let near = n.clamp(*min, *max);
                (near != n).then(|| {
                    (
                        near.into(),
                        format!("version {v} takes {min} to {max}; now {near}"),
                    )
                })
            }
            SheetFieldKind::Choice { choices, default } => {
                let chosen = value.as_str().unwrap_or_default();
                (!choices.iter().any(|c| c == chosen)).then(|| {
                    let why = format!(
                        "version {v} offers {}; now \"{default}\"",
                        choices.join(", ")
                    );
                    (default.clone().into(), why)
                })
            }
            SheetFieldKind::Text { max_chars } => {
                let text = value.as_str().unwrap_or_default();
                (text.chars().count() > *max_chars as usize).then(|| {
                    let cut: String = text.chars().take(*max_chars as usize).collect();
                    (
                        cut.into(),
                        format!("version {v} takes at most {max_chars} characters; now cut there"),
                    )
                })
            }
            SheetFieldKind::Ratings { .. } => {
                let ratings = serde_json::from_value(value.clone()).unwrap_or_default();
                let fitted = self.fit_ratings(part, ratings);
                self.values.insert(
                    part.name.clone(),
                    serde_json::to_value(fitted).unwrap_or_default(),
                );
                return;
            }
            SheetFieldKind::Tracker { .. } | SheetFieldKind::Check { .. } => None,
        };
        match fitted {
            Some((now, why)) => {
                self.keep_aside(ChangeKind::Refused, part, None, value, why);
                self.values.insert(part.name.clone(), now);
            }
            None => {
                self.values.insert(part.name.clone(), value);
            }
        }
    }

    /// A ratings list within the new range (each value), count and budget: a value out of
    /// range takes the nearest bound, ratings past the count leave the list, the budget is met
    /// by lowering the last ratings first; each value changed kept aside.
    fn fit_ratings(&mut self, part: &SheetField, mut ratings: Vec<FileRating>) -> Vec<FileRating> {
        let SheetFieldKind::Ratings {
            min,
            max,
            default,
            budget,
            min_count,
            max_count,
            suggested,
        } = &part.kind
        else {
            return ratings;
        };
        let v = self.version();
        for (i, rating) in ratings.iter_mut().enumerate() {
            let near = rating.value.clamp(*min, *max);
            if near != rating.value {
                let why = format!("version {v} takes {min} to {max}; now {near}");
                let old = std::mem::replace(&mut rating.value, near);
                let at = Some((i, rating.name.as_str()));
                self.keep_aside(ChangeKind::Refused, part, at, old.into(), why);
            }
        }
        while ratings.len() > *max_count as usize {
            let i = ratings.len() - 1;
            let gone = ratings.remove(i);
            let why = format!("version {v} holds at most {max_count}; taken off the list");
            self.keep_aside(
                ChangeKind::Refused,
                part,
                Some((i, &gone.name)),
                gone.value.into(),
                why,
            );
        }
        if let Some(budget) = budget {
            let mut total: i64 = ratings.iter().map(|r| r.value).fold(0, i64::saturating_add);
            for i in (0..ratings.len()).rev() {
                let over = total.saturating_sub(*budget).min(ratings[i].value - min);
                if over <= 0 {
                    continue;
                }
                let now = ratings[i].value - over;
                total -= over;
                let why = format!("version {v} allows at most {budget} in all; now {now}");
                let old = std::mem::replace(&mut ratings[i].value, now);
                self.keep_aside(
                    ChangeKind::Refused,
                    part,
                    Some((i, ratings[i].name.as_str())),
                    old.into(),
                    why,
                );
            }
        }
        let at = field("sheet", &part.name);
        while ratings.len() < *min_count as usize {
            let taken = |name: &str| {
                ratings
                    .iter()
                    .any(|r| r.name.trim().eq_ignore_ascii_case(name))
            };
            let name = suggested
                .iter()
                .find(|s| !taken(s))
                .cloned()
                .unwrap_or_else(|| {
                    (ratings.len() + 1..)
                        .map(|n| format!("{} {n}", part.label))
                        .find(|n| !taken(n))
                        .unwrap_or_default()
                });
            self.changes.push(SheetChange {
                kind: ChangeKind::Added,
                path: index(&at, ratings.len()),
                label: part.label.clone(),
                text: format!(
                    "{} {name}: version {v} takes at least {min_count}; added at {default}",
                    part.label
                ),
            });
            ratings.push(FileRating {
                name,
                value: *default,
            });
        }
        ratings
    }

    /// The trackers carried over, each within the maximum the new version works out from this
    /// sheet; `new`: the trackers the version adds (left to [`Carry::fill`]).
    fn fit_trackers(&mut self, new: &[&SheetField]) {
        let worked = self.worked();
        let v = self.version();
        for part in &self.to.sheet {
            if !matches!(part.kind, SheetFieldKind::Tracker { .. })
                || new.iter().any(|n| n.name == part.name)
            {
                continue;
            }
            let Some(n) = self.values.get(&part.name).and_then(Value::as_i64) else {
                continue;
            };
            let Some(max) = worked.tracker_max.get(&part.name).copied() else {
                continue; // The sheet check names a maximum that cannot be worked out.
            };
            let near = n.clamp(0, max.max(0));
            if near != n {
                let why = format!("version {v} works its maximum out as {max}; now {near}");
                self.keep_aside(ChangeKind::Refused, part, None, n.into(), why);
                self.values.insert(part.name.clone(), near.into());
            }
        }
    }

    /// A part the version adds (or declares as another type) at its default.
    fn fill(&mut self, part: &SheetField) {
        let start = self.worked().values;
        let value = default_of(part, &start);
        let new = !self
            .changes
            .iter()
            .any(|c| c.path == field("sheet", &part.name));
        if new {
            self.changes.push(SheetChange {
                kind: ChangeKind::Added,
                path: field("sheet", &part.name),
                label: part.label.clone(),
                text: format!(
                    "{}: new in version {}, set to {}",
                    part.label,
                    self.version(),
                    shown(&value)
                ),
            });
        }
        self.values.insert(part.name.clone(), value);
    }

    /// The new version's values worked out from the sheet as it stands.
    fn worked(&self) -> rollbook_rules::system_file::SheetValues {
        self.to
            .sheet_values(&numbers_of(&self.values), &BTreeMap::new())
    }
}

#[cfg(test)]
#[path = "upgrade_tests.rs"]
mod tests;
