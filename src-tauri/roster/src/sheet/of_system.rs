//! [`Sheet`]: a sheet of any system, one variant per line of the registry
//! (`systems/registry.rs`), each call handed to the system's own sheet ([`SystemSheet`]).

use std::collections::BTreeMap;

use rollbook_rules::{HouseRules, StuntChart};
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::contract::{SystemSheet, Unfitted};
use super::derived::Derived;
use super::rating::Rating;
use super::roll::SheetRoll;
use crate::check::{deserialize_collect, Check};
use crate::model::System;
use crate::problem::Problem;
use crate::systems;
use crate::systems::registry::{of_system, on_each, with_systems};

macro_rules! sheet_enum {
    (() $($name:ident $module:ident,)*) => {
        /// A character sheet of one of the five systems, or of a system from a file.
        #[derive(Debug, Clone, PartialEq)]
        // Serialised as the bare sheet object (see the Serialize impl below): a union of the five.
        #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(untagged))]
        pub enum Sheet {
            $($name(systems::$module::Sheet),)*
            /// A sheet of a system from a file: its parts by name (`docs/system-files.md`).
            File(
                #[cfg_attr(feature = "ts", ts(type = "{ [part in string]?: unknown }"))]
                systems::file::Sheet,
            ),
        }

        impl Sheet {
            /// The sheet a new character of `system` starts with (valid under the default rules).
            pub fn blank(system: System) -> Sheet {
                match system {
                    $(System::$name => Sheet::$name(Default::default()),)*
                    System::File(file) => Sheet::File(systems::file::Sheet::blank(file)),
                }
            }

            pub fn system(&self) -> System {
                match self {
                    $(Sheet::$name(_) => System::$name,)*
                    Sheet::File(sheet) => System::File(sheet.system),
                }
            }

            /// A sheet as this crate wrote it (trusted: parsed without collecting problems).
            pub(crate) fn stored(system: System, json: &str) -> serde_json::Result<Sheet> {
                Ok(match system {
                    $(System::$name => Sheet::$name(serde_json::from_str(json)?),)*
                    System::File(file) => {
                        let value: Value = serde_json::from_str(json)?;
                        let mut problems = Vec::new();
                        // A stored sheet holds every part: no tracker is left to start.
                        let sheet = systems::file::Sheet::read(
                            file,
                            &value,
                            &BTreeMap::new(),
                            "sheet",
                            &mut problems,
                        );
                        // Any problem refuses it, an unknown key too (which `read` still
                        // reads past for the check that follows an edit).
                        match (sheet, problems.first()) {
                            (Some(sheet), None) => Sheet::File(sheet),
                            (_, problem) => {
                                return Err(<serde_json::Error as serde::de::Error>::custom(
                                    problem.map(ToString::to_string).unwrap_or_default(),
                                ))
                            }
                        }
                    }
                })
            }

            /// The structural read: types and unknown fields, problems pushed with `base` as prefix.
            /// A part left out takes its default; a system from a file starts a tracker left out
            /// from this sheet under `house`.
            pub(crate) fn read(
                system: System,
                value: &Value,
                house: &HouseRules,
                base: &str,
                problems: &mut Vec<Problem>,
            ) -> Option<Sheet> {
                Some(match system {
                    $(System::$name => Sheet::$name(deserialize_collect(value, base, problems)?),)*
                    System::File(file) => Sheet::File(systems::file::Sheet::read(
                        file,
                        value,
                        &systems::file::house_numbers(house),
                        base,
                        problems,
                    )?),
                })
            }
        }
    };
}
with_systems!([sheet_enum]());

impl Serialize for Sheet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        on_each!(Sheet, self, s => s.serialize(serializer))
    }
}

impl Sheet {
    /// Reads and validates an untrusted sheet. Problems are located under `sheet`.
    pub fn from_json(
        system: System,
        value: &Value,
        house: &HouseRules,
    ) -> Result<Sheet, Vec<Problem>> {
        let mut problems = Vec::new();
        let sheet = Sheet::read(system, value, house, "sheet", &mut problems);
        if let Some(sheet) = &sheet {
            sheet.validate(house, "sheet", &mut problems);
        }
        match sheet {
            Some(sheet) if problems.is_empty() => Ok(sheet),
            _ => Err(problems),
        }
    }

    /// Checks every limit of RULES.md, pushing each violation (stunt levels come from `house`).
    pub fn validate(&self, house: &HouseRules, base: &str, problems: &mut Vec<Problem>) {
        let mut check = Check { problems };
        on_each!(Sheet, self, s => s.validate(house, base, &mut check))
    }

    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Every named rating on the sheet, in sheet order: what a roll "with a character" reads
    /// (`rollbook roll --character Vex` picks one by name and fills the request from it).
    pub fn ratings(&self) -> Vec<Rating> {
        on_each!(Sheet, self, s => s.ratings())
    }

    /// The first rating named `name` (case-insensitive, trimmed).
    pub fn rating(&self, name: &str) -> Option<Rating> {
        let name = name.trim().to_lowercase();
        self.ratings()
            .into_iter()
            .find(|r| r.name.trim().to_lowercase() == name)
    }

    /// Every value RULES.md computes from this sheet and every budget, in sheet order.
    pub fn derived(&self, house: &HouseRules) -> Vec<Derived> {
        on_each!(Sheet, self, s => s.derived(house))
    }

    /// Every roll this sheet offers, in sheet order; stunt levels are read on `house`'s chart.
    pub fn rolls(&self, house: &HouseRules) -> Vec<SheetRoll> {
        on_each!(Sheet, self, s => s.rolls(house))
    }

    /// The part of `house` the sheets of `system` are written in (a stunt roster's chart), if
    /// any: a roster file carries it whole; a change to it refits every sheet.
    pub(crate) fn rules_of(system: System, house: &HouseRules) -> Option<&StuntChart> {
        of_system!(system, S => <S as SystemSheet>::sheet_rules(house))
    }

    /// The sheet carried from the `old` house rules to the `new` (renamed stunt levels renamed).
    pub(crate) fn refit(&mut self, old: &HouseRules, new: &HouseRules) -> Result<(), Unfitted> {
        on_each!(Sheet, self, s => s.refit(old, new))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::RatingValue;

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
