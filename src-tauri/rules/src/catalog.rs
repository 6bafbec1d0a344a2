//! The catalog: every system and roll kind with its fields, and every limit, range and ruling the
//! front ends build their forms from (`rollbook kinds`, the window's `catalog`).

use serde::Serialize;

use crate::app_limits::{Limits, TextLimits};
use crate::house_rules::HouseRules;
use crate::move_ranges::TABLE_RANGES;
use crate::request::kind_specs;
use crate::sheet_limits::SHEET_LIMITS;
use crate::spec::KindSpec;
use crate::system::Family;
use crate::systems::registry;

/// One rules system with its roll kinds.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SystemSpec {
    pub id: String,
    pub name: String,
    pub kinds: Vec<KindSpec>,
    /// A system from a file: the version this entry is of (a roster's own may be older than
    /// the newest, which `files` lists).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub version: Option<u32>,
    /// A system from a file: its sheet's parts as the file declares them, which the window
    /// builds the sheet form from (the five's forms are written in `ui/js/sheet/systems/`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(
        feature = "ts",
        ts(
            as = "Option<Vec<crate::system_file::sheet_spec::SheetPartSpec>>",
            optional
        )
    )]
    pub sheet: Vec<crate::system_file::sheet_spec::SheetPartSpec>,
    /// A system from a file: the numbers a roster of it may house-rule, in the shape of the
    /// five's `house_rule_numbers` (the window's house-rules form reads both alike).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(
        feature = "ts",
        ts(
            as = "Option<Vec<crate::system_file::sheet_spec::FileHouseNumber>>",
            optional
        )
    )]
    pub house_rule_numbers: Vec<crate::system_file::sheet_spec::FileHouseNumber>,
    /// A system from a file: what its table rolls for turn order, for the one panel every
    /// file system shares (the five's panels are each written for its system).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub table: Option<crate::system_file::table_spec::FileTableSpec>,
}

/// Every system and roll kind the engine answers, with the fields of each.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalog {
    /// The rules systems a roster is made for.
    pub systems: Vec<SystemSpec>,
    /// The roll requests that are no roster's system: dice notation (`../shared/DICE.md`),
    /// which Quick roll offers beside the systems.
    pub notation: Vec<SystemSpec>,
    /// The systems Rollbook ships as files (`systems/*.toml`, `docs/system-files.md`): Quick
    /// roll offers them after the five.
    pub files: Vec<SystemSpec>,
    /// Every other version of a system from a file this process holds, oldest first: a roster
    /// keeps the version it was made with until it is upgraded, and its sheet form is built
    /// from that version's entry here.
    pub file_versions: Vec<SystemSpec>,
    /// The limits of one call (requests, their text, a batch's work) and of what Rollbook keeps
    /// (rosters, characters, one record of a roster file).
    pub limits: Limits,
    /// How long a roster's texts may be (names, notes, tags, labels).
    pub text_limits: TextLimits,
    /// The range of every number a table move takes outside its roll requests.
    pub table_ranges: Vec<crate::move_ranges::MoveRange>,
    /// Every ruling the table applies, in words, by the id its events name
    /// (`Event.ruling`): the one place the window reads a ruling's text from.
    #[cfg_attr(feature = "ts", ts(type = "{ [key in RulingId]: string }"))]
    pub table_rulings: indexmap::IndexMap<crate::table::RulingId, String>,
    /// The range of every number on a character sheet, and how long its bounded lists are: the
    /// sheet forms take their limits from here (the sheet checks enforce the same declarations).
    pub sheet_limits: Vec<crate::sheet_limits::SheetLimit>,
    /// The rulings that are numbers a roster may change (house rules): default, range, label and
    /// help, declared once beside `HouseRules`.
    pub house_rule_numbers: Vec<crate::house_rules::HouseRuleNumber>,
}

/// Every system and roll kind with its fields, ranges, defaults and rulings (default rules).
pub fn catalog() -> Catalog {
    catalog_with(HouseRules::ruled())
}

/// The catalog with a roster's house rules (its stunt levels as the level choices, its numbers in
/// the rulings' words and the fields' defaults).
pub fn catalog_with(house: &HouseRules) -> Catalog {
    let specs = kind_specs(house);
    let listed = |family| {
        registry::of_family(family)
            .map(|system| SystemSpec {
                sheet: Vec::new(),
                version: None,
                house_rule_numbers: Vec::new(),
                table: None,
                id: system.id.into(),
                name: system.name.into(),
                kinds: specs
                    .iter()
                    .filter(|(s, _)| *s == system.id)
                    .map(|(_, k)| k.clone())
                    .collect(),
            })
            .collect()
    };
    Catalog {
        systems: listed(Family::Rules),
        notation: listed(Family::Notation),
        files: crate::system_file::known::newest()
            .iter()
            .map(|file| file.spec())
            .collect(),
        file_versions: crate::system_file::known::older()
            .iter()
            .map(|file| file.spec())
            .collect(),
        limits: Limits::ALL,
        text_limits: TextLimits::FORMAT,
        table_ranges: TABLE_RANGES.to_vec(),
        table_rulings: crate::table::table_rulings(),
        sheet_limits: SHEET_LIMITS.to_vec(),
        house_rule_numbers: registry::REGISTRY
            .iter()
            .flat_map(|system| system.house_rule_numbers.iter().copied())
            .collect(),
    }
}
