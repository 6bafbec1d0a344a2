//! The five typed character sheets of FORMAT.md, one file each, and their validation per RULES.md.
//!
//! A [`Sheet`] serialises as the bare sheet object of the file format (the system comes from the
//! roster). Every struct refuses unknown fields; every field not given takes the blank sheet's
//! value, so a hand-written file may leave out what it does not care about. Validation reports every
//! problem with its JSON path, e.g. `sheet.abilities[1].ranks: 5 is over the limit of 4`.

mod d12;
pub(crate) mod genre;
mod marks;
pub(crate) mod report;
mod rolls;
mod stunt;
mod universe;

use rollbook_rules::sheet_limits::SheetLimit;
use rollbook_rules::text::isolated;
use rollbook_rules::HouseRules;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

use crate::check::{self, deserialize_collect, Check};
use crate::model::System;
use crate::problem::Problem;

pub use d12::{Condition, ConditionKind, D12Ability, D12Sheet, Defense, Effect};
pub use genre::{GenreSheet, GenreSkill, GenreTrackers, GENRE_ATTRIBUTES};
pub use marks::{MarksSheet, MarksSkill, MARKS_ATTRIBUTES};
pub use report::{Derived, SheetReport};
pub use rolls::{pick_roll, SheetRoll};
pub use stunt::{StuntAbility, StuntSheet, STUNT_BASESTATS};
pub(crate) use universe::POOL_MAX;
pub use universe::{is_card, Saves, UniverseSheet};

/// A character sheet of one of the five systems.
#[derive(Debug, Clone, PartialEq)]
// Serialised as the bare sheet object (see the Serialize impl below): a union of the five.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(untagged))]
pub enum Sheet {
    Stunt(StuntSheet),
    Genre(GenreSheet),
    Universe(UniverseSheet),
    Marks(MarksSheet),
    D12(D12Sheet),
}

impl Serialize for Sheet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Sheet::Stunt(s) => s.serialize(serializer),
            Sheet::Genre(s) => s.serialize(serializer),
            Sheet::Universe(s) => s.serialize(serializer),
            Sheet::Marks(s) => s.serialize(serializer),
            Sheet::D12(s) => s.serialize(serializer),
        }
    }
}

impl Sheet {
    /// The sheet a new character of `system` starts with (valid under the default rules).
    pub fn blank(system: System) -> Sheet {
        match system {
            System::Stunt => Sheet::Stunt(StuntSheet::default()),
            System::Genre => Sheet::Genre(GenreSheet::default()),
            System::Universe => Sheet::Universe(UniverseSheet::default()),
            System::Marks => Sheet::Marks(MarksSheet::default()),
            System::D12 => Sheet::D12(D12Sheet::default()),
        }
    }

    pub fn system(&self) -> System {
        match self {
            Sheet::Stunt(_) => System::Stunt,
            Sheet::Genre(_) => System::Genre,
            Sheet::Universe(_) => System::Universe,
            Sheet::Marks(_) => System::Marks,
            Sheet::D12(_) => System::D12,
        }
    }

    /// Reads and validates an untrusted sheet. Problems are located under `sheet`.
    pub fn from_json(
        system: System,
        value: &Value,
        house: &HouseRules,
    ) -> Result<Sheet, Vec<Problem>> {
        let mut problems = Vec::new();
        let sheet = Sheet::read(system, value, "sheet", &mut problems);
        if let Some(sheet) = &sheet {
            sheet.validate(house, "sheet", &mut problems);
        }
        match sheet {
            Some(sheet) if problems.is_empty() => Ok(sheet),
            _ => Err(problems),
        }
    }

    /// The structural read: types and unknown fields, problems pushed with `base` as prefix.
    pub(crate) fn read(
        system: System,
        value: &Value,
        base: &str,
        problems: &mut Vec<Problem>,
    ) -> Option<Sheet> {
        Some(match system {
            System::Stunt => Sheet::Stunt(deserialize_collect(value, base, problems)?),
            System::Genre => Sheet::Genre(deserialize_collect(value, base, problems)?),
            System::Universe => Sheet::Universe(deserialize_collect(value, base, problems)?),
            System::Marks => Sheet::Marks(deserialize_collect(value, base, problems)?),
            System::D12 => Sheet::D12(deserialize_collect(value, base, problems)?),
        })
    }

    /// Checks every limit of RULES.md, pushing each violation (stunt levels come from `house`).
    pub fn validate(&self, house: &HouseRules, base: &str, problems: &mut Vec<Problem>) {
        let mut check = Check { problems };
        match self {
            Sheet::Stunt(s) => s.validate(house, base, &mut check),
            Sheet::Genre(s) => s.validate(base, &mut check),
            Sheet::Universe(s) => s.validate(base, &mut check),
            Sheet::Marks(s) => s.validate(base, &mut check),
            Sheet::D12(s) => s.validate(base, &mut check),
        }
    }

    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Every named rating on the sheet, in sheet order: what a roll "with a character" reads
    /// (`rollbook roll --character Vex` picks one by name and fills the request from it).
    pub fn ratings(&self) -> Vec<Rating> {
        let num = |what: &'static str, name: &str, n: i64| Rating {
            what,
            name: name.to_string(),
            value: RatingValue::Number(n),
        };
        match self {
            Sheet::Stunt(s) => s
                .basestats
                .iter()
                .map(|(k, v)| ("basestat", k, v))
                .chain(s.abilities.iter().map(|a| ("ability", &a.name, &a.level)))
                .map(|(what, name, level)| Rating {
                    what,
                    name: name.clone(),
                    value: RatingValue::Level(level.clone()),
                })
                .collect(),
            Sheet::Genre(s) => s
                .attributes
                .iter()
                .map(|(k, &v)| num("attribute", k, v))
                .chain(s.powers.iter().map(|p| num("power", &p.name, p.level)))
                .chain(s.skills.iter().map(|k| num("skill", &k.name, k.modifier)))
                .collect(),
            Sheet::Universe(s) => s
                .skills
                .iter()
                .map(|k| num("skill", &k.name, k.level))
                .chain([
                    num("combat", "Combat Skill", s.combat_skill),
                    num("combat", "Attack Bonus", s.attack_bonus),
                    num("combat", "AC", s.ac),
                    num("save", "Physical", s.saves.physical),
                    num("save", "Mental", s.saves.mental),
                    num("save", "Luck", s.saves.luck),
                ])
                .collect(),
            Sheet::Marks(s) => s
                .attributes
                .iter()
                .map(|(k, &v)| num("attribute", k, v))
                .chain(
                    s.super_attributes
                        .iter()
                        .map(|(k, &v)| num("super_attribute", k, v)),
                )
                .chain(s.skills.iter().map(|k| {
                    num(
                        if k.is_super { "super_skill" } else { "skill" },
                        &k.name,
                        k.rank,
                    )
                }))
                .chain(s.styles.iter().map(|k| num("style", &k.name, k.rank)))
                .chain(
                    s.superpowers
                        .iter()
                        .map(|k| num("superpower", &k.name, k.rank)),
                )
                .collect(),
            Sheet::D12(s) => s
                .abilities
                .iter()
                .map(|a| num("ability", &a.name, a.ranks))
                .collect(),
        }
    }

    /// The first rating named `name` (case-insensitive, trimmed).
    pub fn rating(&self, name: &str) -> Option<Rating> {
        let name = name.trim().to_lowercase();
        self.ratings()
            .into_iter()
            .find(|r| r.name.trim().to_lowercase() == name)
    }
}

/// One named rating of a sheet: a d12 ability's ranks, a genre attribute's level, a stunt
/// ability's level name…
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// `ability`, `attribute`, `power`, `skill`, `basestat`, `save`, `combat`, `style`,
    /// `superpower`, `super_attribute`, `super_skill`.
    pub what: &'static str,
    pub name: String,
    pub value: RatingValue,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RatingValue {
    Number(i64),
    /// A stunt level name of the roster's list.
    Level(String),
}

/// Current and maximum of a pool that goes down and comes back (HTK, hp, Sanity, health).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub current: i64,
    pub max: i64,
}

impl Track {
    pub const fn full(max: i64) -> Track {
        Track { current: max, max }
    }

    /// `max` within its limit, `current` within its own and at most `max`.
    fn validate(&self, path: &str, limits: [&SheetLimit; 2], check: &mut Check) {
        let [current, max] = limits;
        check.limit(check::field(path, "max"), self.max, max);
        check.range(
            check::field(path, "current"),
            self.current,
            current.min,
            current.max_or(self.max.max(0)),
        );
    }
}

/// A name and a level: genre powers, universe skills.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Leveled {
    pub name: String,
    pub level: i64,
}

/// A name and a rank: marks combat styles and superpowers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    pub name: String,
    pub rank: i64,
}

/// Names of a list's items: each 1–120 characters, none listed twice (case-insensitive).
fn check_names<'a>(check: &mut Check, path: &str, names: impl ExactSizeIterator<Item = &'a str>) {
    check.count(path, names.len(), check::LIST_MAX);
    let mut seen: Vec<String> = Vec::new();
    for (i, name) in names.enumerate() {
        let at = check::field(&check::index(path, i), "name");
        check.name(at.clone(), name, check::NAME_MAX);
        let key = name.trim().to_lowercase();
        if seen.contains(&key) && !key.is_empty() {
            check.push(at, format!("\"{}\" is listed twice", isolated(name.trim())));
        }
        seen.push(key);
    }
}

/// Keys of a name → value map (attributes): the same rules as list names.
fn check_keys<'a>(check: &mut Check, path: &str, keys: impl ExactSizeIterator<Item = &'a String>) {
    check.count(path, keys.len(), check::LIST_MAX);
    let mut seen: Vec<String> = Vec::new();
    for key in keys {
        let at = check::field(path, key);
        check.name(at.clone(), key, check::NAME_MAX);
        let folded = key.trim().to_lowercase();
        if seen.contains(&folded) {
            check.push(at, format!("\"{}\" is listed twice", isolated(key.trim())));
        }
        seen.push(folded);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_blank_sheet_is_valid_and_reads_back() {
        for system in System::ALL {
            let blank = Sheet::blank(system);
            let value = blank.to_value();
            let back = Sheet::from_json(system, &value, &HouseRules::default());
            assert_eq!(back, Ok(blank), "{system}");
        }
    }

    #[test]
    fn a_sheet_of_another_system_is_refused_with_its_fields() {
        let d12 = Sheet::blank(System::D12).to_value();
        let problems = Sheet::from_json(System::Genre, &d12, &HouseRules::default()).unwrap_err();
        assert!(problems.len() >= 2, "{problems:?}");
        assert!(problems[0].path.starts_with("sheet."), "{problems:?}");
    }

    #[test]
    fn ratings_are_found_by_name_in_every_system() {
        let d12 = Sheet::blank(System::D12);
        assert_eq!(
            d12.rating("will power"),
            Some(Rating {
                what: "ability",
                name: "Will Power".into(),
                value: RatingValue::Number(0)
            })
        );
        let stunt = Sheet::blank(System::Stunt);
        assert_eq!(
            stunt.rating("att").unwrap().value,
            RatingValue::Level("Average".into())
        );
        assert_eq!(
            Sheet::blank(System::Genre).rating("Stamina").unwrap().value,
            RatingValue::Number(2)
        );
        assert_eq!(
            Sheet::blank(System::Universe).rating("ac").unwrap().what,
            "combat"
        );
        assert_eq!(Sheet::blank(System::Marks).ratings().len(), 5);
        assert_eq!(d12.rating("Lasers"), None);
    }

    #[test]
    fn an_empty_object_is_the_blank_sheet() {
        for system in System::ALL {
            let sheet = Sheet::from_json(system, &serde_json::json!({}), &HouseRules::default());
            assert_eq!(sheet, Ok(Sheet::blank(system)));
        }
    }
}
