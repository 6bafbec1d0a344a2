//! A roster: one rules system, a name, notes and house rules; it holds characters.

use rollbook_rules::HouseRules;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{System, Timestamp};
use crate::check::{field, Check, NAME_MAX, NOTES_MAX};
use crate::problem::Problem;

/// A stored roster.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Roster {
    pub id: Uuid,
    pub name: String,
    pub system: System,
    /// The version of its system from a file it uses (`None` for the five): the window builds
    /// its sheet form from that version, not the newest.
    pub system_version: Option<u32>,
    pub notes: String,
    /// The stunt level list and chart (used by stunt rosters; the default elsewhere).
    pub house_rules: HouseRules,
    /// Order among rosters, ascending.
    pub position: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Set while the roster is in the trash.
    pub deleted_at: Option<Timestamp>,
    /// Characters not in the trash.
    pub character_count: i64,
}

/// What a new roster needs; `notes` and `house_rules` may be left out.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// What may be left out is optional on the TypeScript side too.
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct NewRoster {
    pub name: String,
    pub system: System,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub notes: String,
    /// `None` takes RULES.md's default chart (`StuntChart::default()`).
    #[serde(default)]
    pub house_rules: Option<HouseRules>,
}

impl NewRoster {
    pub fn new(name: impl Into<String>, system: System) -> Self {
        NewRoster {
            name: name.into(),
            system,
            notes: String::new(),
            house_rules: None,
        }
    }
}

/// A change to a roster: each field given is replaced. The system never changes (the sheets
/// depend on it); make a new roster and import with mode `copy` instead.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct RosterPatch {
    pub name: Option<String>,
    pub notes: Option<String>,
    pub house_rules: Option<HouseRules>,
}

/// Where a roster's house rules sit: the numbers at `numbers.NAME`, the stunt level list and
/// chart at `chart.levels`, `chart.chart[a][d]` (the store's and the window's `house_rules` keep
/// the chart under `stunt`; the roster file writes it beside the numbers).
pub(crate) struct HousePaths<'a> {
    pub numbers: &'a str,
    pub chart: &'a str,
}

/// Checks a roster's name, notes and house rules, pushing problems under `base` (house rules
/// problems at `house`). A number set for another system than the roster's (`system`, when
/// known) is refused: only the roster's own rolls would read it.
pub(crate) fn check_roster(
    base: &str,
    name: &str,
    notes: &str,
    system: Option<System>,
    house: &HouseRules,
    paths: HousePaths,
    problems: &mut Vec<Problem>,
) {
    let mut check = Check { problems };
    check.name(field(base, "name"), name, NAME_MAX);
    check.text(field(base, "notes"), notes, NOTES_MAX);
    if let Err(rollbook_rules::RulesError::HouseRules { field: at, message }) =
        house.stunt.validate()
    {
        check.push(format!("{}.{at}", paths.chart), message);
    }
    for (number, value) in house.numbers() {
        let at = field(paths.numbers, number.name);
        if let Err(rollbook_rules::RulesError::HouseRules { message, .. }) = number.check(value) {
            check.push(at, message);
        } else if let Some(system) = system.filter(|s| s.as_str() != number.system) {
            if value != number.default {
                check.push(
                    at,
                    format!(
                        "{} is a house rule of {} rosters; this roster is {system}: leave it out (RULES.md's {})",
                        number.label, number.system, number.default
                    ),
                );
            }
        }
    }
    check_file_numbers(system, house, &paths, &mut check);
}

/// A file system's house-rule numbers: each one the roster's file declares
/// (`[house_rules.NAME]`) and within its range. A roster of the five, or one whose system is not
/// known yet (`None`: an import that could not read it), keeps none.
fn check_file_numbers(
    system: Option<System>,
    house: &HouseRules,
    paths: &HousePaths,
    check: &mut Check,
) {
    for (name, &value) in &house.file_numbers {
        let at = field(paths.numbers, name);
        let declared = match system {
            Some(System::File(file)) => file.file().house_numbers.iter().find(|n| &n.name == name),
            _ => None,
        };
        match (system, declared) {
            (Some(System::File(_)), Some(number)) => {
                if !(number.min..=number.max).contains(&value) {
                    check.push(
                        at,
                        format!(
                            "{value} is out of range: {} takes {} to {} (the file's default: {})",
                            number.label, number.min, number.max, number.default
                        ),
                    );
                }
            }
            (Some(System::File(file)), None) => {
                let names: Vec<&str> = file
                    .file()
                    .house_numbers
                    .iter()
                    .map(|n| n.name.as_str())
                    .collect();
                check.push(
                    at,
                    format!(
                        "{} declares no house rule `{name}`; it declares {}",
                        file.name(),
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(", ")
                        }
                    ),
                );
            }
            (system, _) => check.push(
                at,
                format!(
                    "unknown house rule `{name}`{}",
                    system.map_or(String::new(), |s| format!(" for a {s} roster"))
                ),
            ),
        }
    }
}
