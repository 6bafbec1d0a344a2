//! A system from a file as the store keeps it (issue 31; `docs/system-files.md`): one version
//! of a GM's own system, what it declares in brief, and how many rosters use it.

use rollbook_rules::system_file::{FileProblem, SystemFile};
use serde::Serialize;

use super::Timestamp;
use crate::problem::Problem;

/// One stored version of a system file.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredSystem {
    /// How rosters and requests name it (`"system": "pbta"`).
    pub id: String,
    pub version: u32,
    pub name: String,
    pub summary: String,
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub added_at: Timestamp,
    /// Rosters made with this version, the trash included.
    pub rosters: u32,
    /// What it declares, in brief (the list and the preview of an add).
    pub declares: Declares,
}

/// What a system file declares, counted: the preview of an add and the list's line.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Declares {
    /// Sheet parts, in the file's order: `label (kind)`.
    pub sheet: Vec<String>,
    pub derived: Vec<String>,
    pub house_numbers: Vec<String>,
    pub rulings: u32,
    /// Roll kinds: their names.
    pub rolls: Vec<String>,
    /// The roll kind rolled for turn order, if it declares one.
    pub initiative: Option<String>,
    pub trackers: Vec<String>,
}

impl Declares {
    pub(crate) fn of(file: &SystemFile) -> Self {
        use rollbook_rules::system_file::SheetFieldKind as K;
        let kind = |k: &K| match k {
            K::Number { .. } => "number",
            K::Ratings { .. } => "ratings",
            K::Tracker { .. } => "tracker",
            K::Check { .. } => "check",
            K::Choice { .. } => "choice",
            K::Text { .. } => "text",
        };
        Declares {
            sheet: file
                .sheet
                .iter()
                .map(|f| format!("{} ({})", f.label, kind(&f.kind)))
                .collect(),
            derived: file.derived.iter().map(|d| d.label.clone()).collect(),
            house_numbers: file.house_numbers.iter().map(|h| h.label.clone()).collect(),
            rulings: u32::try_from(file.rulings.len()).unwrap_or(u32::MAX),
            rolls: file.rolls.iter().map(|r| r.name.clone()).collect(),
            initiative: file.table.initiative.clone(),
            trackers: file.table.trackers.clone(),
        }
    }
}

/// What adding a system file did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AddedSystem {
    pub system: StoredSystem,
    /// `false`: this very text was already there (adding it again changes nothing).
    pub added: bool,
    /// The versions of the same id held before, ascending.
    pub earlier_versions: Vec<u32>,
}

/// A reader's problem as a refusal tells it: path `LINE:COLUMN`.
pub(crate) fn file_problem(problem: &FileProblem) -> Problem {
    Problem::new(
        format!("{}:{}", problem.line, problem.column),
        problem.message.clone(),
    )
}
