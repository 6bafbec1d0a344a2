//! A roster file's `systems` (FORMAT.md, "Systems from files"): each system from a file its
//! rosters use, at the version they use, with the file's whole text. Each text is checked as
//! `rollbook system add` checks one; a problem refuses the whole file, told at
//! `systems[i].source` with the system file's own line and column. A version this Rollbook
//! holds with other text is refused, never replaced.

use std::sync::Arc;

use rollbook_rules::system_file::{self, known};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::check::{deserialize_collect, field, index};
use crate::problem::Problem;

/// A system from a file as a roster file carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportSystem {
    pub id: String,
    pub version: u32,
    pub source: String,
}

/// The refusal of a carried system whose version is held with other text (by this process
/// while the file is read, by the database when it is planned).
pub(crate) fn held_with_other_text(id: &str, version: u32) -> String {
    format!(
        "{id} version {version} is held here with other text; a changed system is a new version: raise `version` in its text"
    )
}

/// The file's `systems`, each checked; the good ones are made known to the process so that
/// the rosters read after them find their system.
pub(super) fn read_systems(value: &Value, problems: &mut Vec<Problem>) -> Vec<ImportSystem> {
    let Some(listed) = deserialize_collect::<Vec<Value>>(value, "systems", problems) else {
        return Vec::new();
    };
    let mut systems = Vec::new();
    for (i, entry) in listed.iter().enumerate() {
        let path = index("systems", i);
        let Some(entry) = deserialize_collect::<ImportSystem>(entry, &path, problems) else {
            continue;
        };
        let file = match system_file::read(&entry.source) {
            Ok(file) => file,
            Err(found) => {
                for p in found {
                    problems.push(Problem::new(
                        field(&path, "source"),
                        format!("{}:{}: {}", p.line, p.column, p.message),
                    ));
                }
                continue;
            }
        };
        if file.id != entry.id || file.version != entry.version {
            problems.push(Problem::new(
                path,
                format!(
                    "says {} version {}, but its text declares {} version {}",
                    entry.id, entry.version, file.id, file.version
                ),
            ));
            continue;
        }
        if let Some(held) = known::find_version(&file.id, file.version) {
            if held.source != entry.source {
                problems.push(Problem::new(
                    field(&path, "source"),
                    held_with_other_text(&file.id, file.version),
                ));
                continue;
            }
        } else {
            known::register(Arc::new(file));
        }
        systems.push(entry);
    }
    systems
}
