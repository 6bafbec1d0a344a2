//! A roll request of a system from a file (`{"system": "d20-heroes", "roll": "check", …}`):
//! the kind found in its file, its fields read into values once, then answered by the file's
//! own odds and roll ([`super::odds`]) wherever a request of the five is answered.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::{Map, Value};

use super::kept::Kept;
use super::lists;
use super::model::{Reading, RollFieldKind, RollKind, SystemFile};
use super::odds::{self, FileRoll};
use crate::answer::{Odds, Rolled};
use crate::text::excerpt;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// A checked request of a file system's roll kind.
#[derive(Debug, Clone)]
pub struct FileRequest {
    system: Arc<SystemFile>,
    /// The kind's place in `system.rolls`.
    kind: usize,
    /// The request's fields as given, each missing one at its default (what the log keeps).
    fields: Map<String, Value>,
    /// Every `@name` the kind's expressions read without dice: its fields, the system's
    /// house-rule numbers and sheet numbers at their defaults (no sheet: a Quick roll).
    values: BTreeMap<String, i64>,
    /// How many combinations of its lets' values its odds read, once checked.
    combinations: OnceLock<usize>,
    /// What the check built (the kind made ready, its lets worked out where it had to), taken
    /// by the odds that follow it so that a request is made ready once, not twice.
    checked: CheckedKept,
}

/// The check's work kept for the odds: taken by the first odds call (a second one makes the
/// kind ready again), empty in a clone, and never part of what a request is. Boxed: a request
/// stays small while it waits in a batch.
#[derive(Clone, Default, Debug)]
struct CheckedKept(Kept<Mutex<Option<Box<odds::Checked>>>>);

impl CheckedKept {
    fn put(&self, checked: odds::Checked) {
        if let Ok(mut kept) = self.0.lock() {
            *kept = Some(Box::new(checked));
        }
    }

    fn take(&self) -> Option<odds::Checked> {
        self.0.lock().ok()?.take().map(|checked| *checked)
    }
}

impl PartialEq for FileRequest {
    fn eq(&self, other: &Self) -> bool {
        self.system.id == other.system.id
            && self.system.version == other.system.version
            && self.kind == other.kind
            && self.values == other.values
    }
}

impl FileRequest {
    /// The request of `roll` of `system` with the request's other fields `given`; an unknown
    /// roll or a field out of range, of the wrong type or unknown is refused, naming it.
    pub fn new(
        system: Arc<SystemFile>,
        roll: &str,
        given: Map<String, Value>,
    ) -> Result<Self, RulesError> {
        let Some(kind) = system.rolls.iter().position(|k| k.id == roll) else {
            let rolls: Vec<&str> = system.rolls.iter().map(|k| k.id.as_str()).collect();
            return Err(RulesError::invalid(
                "roll",
                format!(
                    "\"{}\" is not a {} roll; expected one of {}",
                    excerpt(roll),
                    system.id,
                    rolls.join(", ")
                ),
            ));
        };
        let of_kind = &system.rolls[kind];
        let values = of_kind.values_with(&given, system.blank_values())?;
        let mut fields = given;
        for field in &of_kind.fields {
            fields
                .entry(field.name.clone())
                .or_insert_with(|| default_of(&field.kind));
        }
        Ok(Self {
            system,
            kind,
            fields,
            values,
            combinations: OnceLock::new(),
            checked: CheckedKept::default(),
        })
    }

    /// This request under a roster's house rules: the file's house-rule numbers the roster
    /// changed read at the roster's values (derived values and tracker maxima of the blank
    /// sheet worked out again with them). Unchanged when the roster changed none.
    pub fn under(&self, house: &HouseRules) -> Result<Cow<'_, FileRequest>, RulesError> {
        let changed: BTreeMap<String, i64> = self
            .system
            .house_numbers
            .iter()
            .filter_map(|n| Some((n.name.clone(), *house.file_numbers.get(&n.name)?)))
            .collect();
        if changed.is_empty() {
            return Ok(Cow::Borrowed(self));
        }
        let extra = self.system.sheet_values(&BTreeMap::new(), &changed).values;
        // Sheet values a roster's roll carries (its `from_sheet` fields) are fields, so they
        // stay as given; only what the request did not give is worked out again.
        let values = self.kind().values_with(&self.fields, &extra)?;
        // Made field by field: `..self.clone()` would copy the values only to drop them.
        Ok(Cow::Owned(Self {
            system: self.system.clone(),
            kind: self.kind,
            fields: self.fields.clone(),
            values,
            combinations: OnceLock::new(),
            checked: CheckedKept::default(),
        }))
    }

    pub fn system(&self) -> &SystemFile {
        &self.system
    }

    pub fn kind(&self) -> &RollKind {
        &self.system.rolls[self.kind]
    }

    /// The outcomes of `odds` (this request's) worst first, the order a roll's luck is read
    /// in: as the odds list them when the file ranks them (`ranked`), else the general rule.
    pub(crate) fn worst_first<'a>(&self, odds: &'a Odds) -> Vec<&'a str> {
        match &self.kind().reading {
            Reading::Named {
                ranked: Some(_), ..
            } => odds.outcomes.keys().map(String::as_str).collect(),
            _ => crate::outcome_order::order(odds),
        }
    }

    /// The request's fields as a request carries them: [`Self::fields`], and the system's
    /// version when it is one the GM added (a shipped system has one version per build).
    pub(crate) fn fields_value(&self) -> Value {
        let mut fields = self.fields.clone();
        if super::shipped::find(&self.system.id).is_none() {
            fields.insert("system_version".into(), self.system.version.into());
        }
        Value::Object(fields)
    }

    /// The request's fields with defaults filled in, `system` and `roll` left out.
    pub fn fields(&self) -> &Map<String, Value> {
        &self.fields
    }

    /// Checks the request against its kind (names, counts, the bound of its work) without
    /// working its odds out; the combinations it reads are kept for [`work`](Self::work).
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.combinations.get().is_none() {
            let system = &self.system;
            let names = || lists::named(&self.values).map(|(name, _)| name);
            let layout = system
                .layouts
                .get(system.rolls.len(), self.kind, names(), || {
                    odds::layout(self.kind(), names())
                });
            let checked = odds::checked(self.kind(), &self.values, layout)?;
            let _ = self.combinations.set(checked.combinations);
            self.checked.put(checked);
        }
        Ok(())
    }

    /// The exact odds of a validated request (refused only if its reading cannot be read for
    /// some roll: a division by a value that came to 0).
    pub fn odds(&self) -> Result<Odds, RulesError> {
        match self.checked.take() {
            Some(checked) => odds::odds_of(self.kind(), checked),
            None => odds::odds(self.kind(), &self.values),
        }
    }

    /// The work of its odds in the units of `work.rs` (about a microsecond): each combination
    /// of its lets read costs about a tenth of one, and each outcome's condition and event
    /// read for it a twentieth more (about 40 ns each, measured: 9,000 events read over 400
    /// combinations took 149 ms, where the combinations alone were estimated at 56 units). A
    /// reading read once per value of `@value` is charged as if per combination: the values
    /// may be as many.
    pub fn work(&self) -> u64 {
        let combinations = match self.combinations.get() {
            Some(n) => *n,
            None => odds::combinations(self.kind(), &self.values).unwrap_or(0),
        };
        16 + (combinations as u64).saturating_mul(2 + reads_of(self.kind())) / 20
    }

    /// One roll with the tray's dice.
    pub(crate) fn roll(&self, tray: &mut Tray) -> Result<Rolled, RulesError> {
        let FileRoll {
            value,
            outcome,
            success,
            groups,
            detail,
            ..
        } = odds::roll(self.kind(), &self.values, tray)?;
        Ok(Rolled {
            outcome,
            success,
            detail,
            total: value,
            groups,
        })
    }
}

/// How many expressions a kind's reading reads for each combination at most: its outcomes'
/// conditions and its events.
fn reads_of(kind: &RollKind) -> u64 {
    let outcomes = match &kind.reading {
        Reading::Named { outcomes, .. } => outcomes.len(),
        Reading::Number { .. } => 0,
    };
    (outcomes + kind.events.len()) as u64
}

fn default_of(kind: &RollFieldKind) -> Value {
    match kind {
        RollFieldKind::Int { default, .. } => Value::from(*default),
        RollFieldKind::Bool { default } => Value::from(*default),
        RollFieldKind::Choice { default, .. } => Value::from(default.clone()),
        RollFieldKind::List { default, .. } => Value::from(default.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"
format = 1
id = "derived-test"
version = 1
name = "Derived"
summary = "A roll reading a derived value and a tracker."

[sheet.might]
type = "number"
min = 1
max = 10
default = 4

[sheet.hp]
type = "tracker"
max = "2 * @might"

[derived]
bonus = "@might / 2"

[rolls.hit]
name = "Hit"
summary = "d6 + bonus against hp."
value = "d6 + @bonus"
target = "@hp"
"#;

    #[test]
    fn lists_of_every_length_share_one_layout() {
        let system = super::super::shipped::find("file-universe").expect("shipped");
        let kind = system.rolls.iter().position(|k| k.id == "group_stealth");
        let kind = kind.expect("a group stealth roll");
        let ask = |members: &[i64]| {
            let given: Map<String, Value> =
                serde_json::from_value(serde_json::json!({ "members": members })).unwrap();
            let request = FileRequest::new(system.clone(), "group_stealth", given).unwrap();
            request.validate().unwrap();
            let names: Vec<&String> = lists::named(&request.values).map(|(n, _)| n).collect();
            let layout = system
                .layouts
                .get(system.rolls.len(), kind, names.iter(), || {
                    unreachable!("laid out by the first request")
                });
            (request, layout.expect("the kept layout serves it"))
        };
        let (two, first) = ask(&[1, 2]);
        let (three, again) = ask(&[3, -1, 0]);
        assert!(Arc::ptr_eq(&first, &again), "one layout for both lengths");
        // Each answered from its own items: as a fresh layout answers them.
        for request in [two, three] {
            let fresh = odds::odds(request.kind(), &request.values).unwrap();
            assert_eq!(request.odds().unwrap(), fresh);
        }
    }

    #[test]
    fn a_quick_roll_reads_derived_values_and_full_trackers_of_a_blank_sheet() {
        let system = Arc::new(super::super::read(FILE).expect("the test file reads"));
        let request = FileRequest::new(system, "hit", Map::new()).unwrap();
        // might 4: bonus 2, hp 8; d6 + 2 >= 8 only on a 6.
        let odds = request.odds().unwrap();
        assert_eq!(odds.target, Some(8));
        assert!((odds.success - 1.0 / 6.0).abs() < 1e-12, "{}", odds.success);
    }
}
