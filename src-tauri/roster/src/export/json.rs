//! The FORMAT.md roster file, written in a stable order (roster position, then character
//! position) so that exporting the same data twice gives the same file but for `exported_at`.

use std::io::Write;

use rollbook_rules::HouseRules;
use serde::Serialize;
use uuid::Uuid;

use super::ExportSelection;
use crate::error::{Result, RosterError};
use crate::import::{FORMAT_NAME, FORMAT_VERSION};
use crate::model::{now, CharacterKind, Roster, System};
use crate::sheet::Sheet;
use crate::store::{LogEntry, LogQuery, Store};

/// A roster file (FORMAT.md), ready to serialise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RosterFile {
    pub format: &'static str,
    pub version: i64,
    pub exported_at: String,
    pub rosters: Vec<FileRoster>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileRoster {
    pub id: Uuid,
    pub name: String,
    pub system: System,
    pub notes: String,
    pub house_rules: FileHouseRules,
    pub characters: Vec<FileCharacter>,
}

/// `{}`, or for stunt rosters `{"levels": [...], "chart": [[...]]}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FileHouseRules {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<Vec<Vec<i64>>>,
}

impl FileHouseRules {
    fn of(system: System, house: &HouseRules) -> Self {
        match system {
            System::Stunt => FileHouseRules {
                levels: Some(house.stunt.levels.clone()),
                chart: Some(house.stunt.chart.clone()),
            },
            _ => FileHouseRules::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileCharacter {
    pub id: Uuid,
    pub name: String,
    pub player: String,
    pub kind: CharacterKind,
    pub tags: Vec<String>,
    pub notes: String,
    pub sheet: Sheet,
}

impl RosterFile {
    /// Pretty JSON with a final newline (diff-friendly, what a GM mails or keeps).
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The roll log as a file: `{"format": "rollbook-roll-log", "version": 1, "exported_at", "rolls"}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RollLogFile {
    pub format: &'static str,
    pub version: i64,
    pub exported_at: String,
    pub rolls: Vec<LogEntry>,
}

impl Store {
    /// The selected rosters as a roster file (characters in the trash are left out).
    pub fn export(&self, selection: &ExportSelection) -> Result<RosterFile> {
        let rosters = self.selected_rosters(selection)?;
        let mut out = Vec::with_capacity(rosters.len());
        for roster in rosters {
            let characters = self
                .characters(roster.id)?
                .into_iter()
                .map(|c| FileCharacter {
                    id: c.id,
                    name: c.name,
                    player: c.player,
                    kind: c.kind,
                    tags: c.tags,
                    notes: c.notes,
                    sheet: c.sheet,
                })
                .collect();
            out.push(FileRoster {
                id: roster.id,
                house_rules: FileHouseRules::of(roster.system, &roster.house_rules),
                name: roster.name,
                system: roster.system,
                notes: roster.notes,
                characters,
            });
        }
        Ok(RosterFile {
            format: FORMAT_NAME,
            version: FORMAT_VERSION,
            exported_at: now_rfc3339(),
            rosters: out,
        })
    }

    /// Writes the roster file for `selection` to `out`.
    pub fn export_json(&self, selection: &ExportSelection, mut out: impl Write) -> Result<()> {
        let text = self.export(selection)?.to_json();
        out.write_all(text.as_bytes())
            .map_err(|e| RosterError::Export(e.to_string()))
    }

    /// Writes the logged rolls matching `query` (newest first) as JSON.
    pub fn export_log_json(&self, query: &LogQuery, mut out: impl Write) -> Result<usize> {
        let rolls = self.roll_log(query)?;
        let n = rolls.len();
        let file = RollLogFile {
            format: "rollbook-roll-log",
            version: 1,
            exported_at: now_rfc3339(),
            rolls,
        };
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        out.write_all(text.as_bytes())
            .map_err(|e| RosterError::Export(e.to_string()))?;
        Ok(n)
    }

    /// The rosters of a selection in their stored order; unknown ids are refused.
    pub(crate) fn selected_rosters(&self, selection: &ExportSelection) -> Result<Vec<Roster>> {
        match selection {
            ExportSelection::All => self.rosters(),
            ExportSelection::Rosters(ids) => {
                let mut rosters = ids
                    .iter()
                    .map(|&id| self.roster(id))
                    .collect::<Result<Vec<_>>>()?;
                rosters.sort_by_key(|r| (r.position, r.created_at));
                rosters.dedup_by_key(|r| r.id);
                Ok(rosters)
            }
        }
    }
}

/// Now, to the second, as RFC 3339 (`2026-11-22T19:30:00Z`).
fn now_rfc3339() -> String {
    now().strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}
