//! The FORMAT.md roster file, written in a stable order (roster position, then character
//! position) so that exporting the same data twice gives the same file but for `exported_at`.

use std::io::Write;

use rollbook_rules::{HouseRuleNumber, HouseRules, MINOR_DAMAGE_DICE, MISS_MARGIN};
use serde::Serialize;
use uuid::Uuid;

use super::ExportSelection;
use crate::error::{Result, RosterError};
use crate::import::{FORMAT_NAME, FORMAT_VERSION};
use crate::model::{now, Character, CharacterKind, Roster, System};
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

/// `{}`, or for stunt rosters `{"levels": [...], "chart": [[...]]}`; a number of the roster's
/// system (`minor_damage_dice`, `miss_margin`) only when it differs from RULES.md's ruling, so a
/// file without house-ruled numbers reads the same in an older Rollbook.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FileHouseRules {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<Vec<Vec<i64>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minor_damage_dice: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub miss_margin: Option<i64>,
}

impl FileHouseRules {
    fn of(system: System, house: &HouseRules) -> Self {
        let changed = |number: HouseRuleNumber| {
            let value = number.of(house);
            (number.system == system.as_str() && value != number.default).then_some(value)
        };
        let numbers = FileHouseRules {
            minor_damage_dice: changed(MINOR_DAMAGE_DICE),
            miss_margin: changed(MISS_MARGIN),
            ..FileHouseRules::default()
        };
        match system {
            System::Stunt => FileHouseRules {
                levels: Some(house.stunt.levels.clone()),
                chart: Some(house.stunt.chart.clone()),
                ..numbers
            },
            _ => numbers,
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
    /// Pretty JSON with a final newline (diff-friendly, what a GM mails or keeps); lists of
    /// numbers (a stunt chart row, grunt penalties) stay on one line.
    pub fn to_json(&self) -> String {
        let mut text =
            compact_number_lists(&serde_json::to_string_pretty(self).unwrap_or_default());
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
        Ok(roster_file(self.selected(selection)?))
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
        let mut text =
            compact_number_lists(&serde_json::to_string_pretty(&file).unwrap_or_default());
        text.push('\n');
        out.write_all(text.as_bytes())
            .map_err(|e| RosterError::Export(e.to_string()))?;
        Ok(n)
    }
}

/// Joins the lines of a pretty-printed list whose items are all numbers: `[12, 15, 18]`.
/// Safe on any pretty JSON: a line holding only a number can only be a list item (strings are
/// escaped onto one line, object members carry their key).
fn compact_number_lists(pretty: &str) -> String {
    let lines: Vec<&str> = pretty.lines().collect();
    let is_number = |l: &str| {
        let t = l.trim().trim_end_matches(',');
        !t.is_empty() && t.parse::<f64>().is_ok()
    };
    let mut out = String::with_capacity(pretty.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.ends_with('[') {
            let mut j = i + 1;
            while j < lines.len() && is_number(lines[j]) {
                j += 1;
            }
            let closes = lines
                .get(j)
                .map(|l| l.trim().trim_end_matches(',') == "]")
                .unwrap_or(false);
            if j > i + 1 && closes {
                let items: Vec<&str> = lines[i + 1..j]
                    .iter()
                    .map(|l| l.trim().trim_end_matches(','))
                    .collect();
                out.push_str(line);
                out.push_str(&items.join(", "));
                out.push(']');
                if lines[j].trim().ends_with(',') {
                    out.push(',');
                }
                out.push('\n');
                i = j + 1;
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
        i += 1;
    }
    out.pop(); // the text came without a final newline
    out
}

/// The roster file of `selected` (rosters with their characters, in order).
pub(super) fn roster_file(selected: Vec<(Roster, Vec<Character>)>) -> RosterFile {
    let mut out = Vec::with_capacity(selected.len());
    for (roster, characters) in selected {
        let characters = characters
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
    RosterFile {
        format: FORMAT_NAME,
        version: FORMAT_VERSION,
        exported_at: now_rfc3339(),
        rosters: out,
    }
}

/// Now, to the second, as RFC 3339 (`2026-11-22T19:30:00Z`).
fn now_rfc3339() -> String {
    now().strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::compact_number_lists;
    use serde_json::json;

    #[test]
    fn number_lists_fold_onto_one_line_and_stay_the_same_json() {
        let value = json!({"chart": [[12, 15], [-8, 2]], "tags": ["1", "x"], "empty": [], "n": 3,
                           "mixed": [1, "a"], "text": "[\n1\n]"});
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let compact = compact_number_lists(&pretty);
        assert!(
            compact.contains("\"chart\": [\n    [12, 15],\n    [-8, 2]\n  ],"),
            "{compact}"
        );
        assert!(
            compact.contains("\"mixed\": [\n    1,\n    \"a\"\n  ]"),
            "{compact}"
        );
        let back: serde_json::Value = serde_json::from_str(&compact).unwrap();
        assert_eq!(back, value);
    }
}
