//! The FORMAT.md roster file, written in a stable order (roster position, then character
//! position) so that exporting the same data twice gives the same file but for `exported_at`.

use std::io::Write;

use rollbook_rules::{HouseRuleNumber, HouseRules, MINOR_DAMAGE_DICE, MISS_MARGIN};
use serde::Serialize;
use uuid::Uuid;

use super::selection::ExportSelection;
use crate::error::{Result, RosterError};
use crate::import::{FORMAT_NAME, FORMAT_VERSION};
use crate::model::{now, Character, CharacterKind, NewSavedRoll, Roster, SavedRoll, System};
use crate::sheet::Sheet;
use crate::store::{LogEntry, LogQuery, Store};

/// A roster file (FORMAT.md), ready to serialise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RosterFile {
    pub format: &'static str,
    pub version: i64,
    pub exported_at: String,
    /// FORMAT.md's "Systems from files": each system from a file a roster of the file uses,
    /// at the version it uses, with its text; written only when there is one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub systems: Vec<FileSystemEntry>,
    pub rosters: Vec<FileRoster>,
}

/// A system from a file as a roster file carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct FileSystemEntry {
    pub id: String,
    pub version: u32,
    pub source: String,
}

impl FileSystemEntry {
    /// The systems from files `rosters` use, each version once, in the rosters' order.
    fn of<'a>(rosters: impl Iterator<Item = &'a Roster>) -> Vec<FileSystemEntry> {
        let mut entries: Vec<FileSystemEntry> = Vec::new();
        for roster in rosters {
            let System::File(file) = roster.system else {
                continue;
            };
            if !entries
                .iter()
                .any(|e| e.id == file.id() && e.version == file.version())
            {
                entries.push(FileSystemEntry {
                    id: file.id().to_string(),
                    version: file.version(),
                    source: file.file().source.clone(),
                });
            }
        }
        entries
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileRoster {
    pub id: Uuid,
    pub name: String,
    pub system: System,
    /// A system from a file's version (FORMAT.md, "Systems from files").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_version: Option<u32>,
    pub notes: String,
    pub house_rules: FileHouseRules,
    /// FORMAT.md's "Saved rolls": written only when the roster keeps any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub saved_rolls: Vec<NewSavedRoll>,
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
    /// A file system's house-rule numbers that differ from its file's defaults, by name, beside
    /// the five's (`"crit_range": 19`).
    #[serde(flatten)]
    pub file_numbers: std::collections::BTreeMap<String, i64>,
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
            file_numbers: file_numbers_changed(system, house),
            ..FileHouseRules::default()
        };
        let written_in = Sheet::rules_of(system, house);
        FileHouseRules {
            levels: written_in.map(|chart| chart.levels.clone()),
            chart: written_in.map(|chart| chart.chart.clone()),
            ..numbers
        }
    }
}

/// The roster's file numbers that differ from the file's defaults (none for the five).
fn file_numbers_changed(
    system: System,
    house: &HouseRules,
) -> std::collections::BTreeMap<String, i64> {
    let System::File(file) = system else {
        return Default::default();
    };
    file.file()
        .house_numbers
        .iter()
        .filter_map(|n| {
            let value = *house.file_numbers.get(&n.name)?;
            (value != n.default).then(|| (n.name.clone(), value))
        })
        .collect()
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

/// The roll log file's `format` and `version`.
pub const ROLL_LOG_FORMAT: &str = "rollbook-roll-log";
pub const ROLL_LOG_VERSION: i64 = 1;

/// The roll log as a file: `{"format": "rollbook-roll-log", "version": 1, "exported_at", "rolls"}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RollLogFile {
    pub format: &'static str,
    pub version: i64,
    pub exported_at: String,
    pub rolls: Vec<LogEntry>,
}

/// Writes the roster file for `selection` to `out` as the database is read, one character
/// at a time, so that an export of everything Rollbook keeps holds one character in memory,
/// not the file (issue 28); the same bytes as [`RosterFile::to_json`] of `Store::export`.
/// Answers how many rosters and characters the file holds.
pub(crate) fn write_roster_file(
    store: &Store,
    selection: &ExportSelection,
    out: &mut dyn Write,
) -> Result<(usize, usize)> {
    let rosters = store.selected_rosters(selection)?;
    // Every character is read once before the first byte is written: a damaged one is
    // refused by name with nothing written (a file, or stdout, is never left half a roster).
    for roster in &rosters {
        store.each_character(roster.id, |_| Ok(()))?;
    }
    let mut characters = 0;
    put(
        out,
        &format!(
            "{{\n  \"format\": {},\n  \"version\": {FORMAT_VERSION},\n  \"exported_at\": {},",
            json_text(FORMAT_NAME),
            json_text(&now_rfc3339())
        ),
        0,
    )?;
    let systems = FileSystemEntry::of(rosters.iter());
    if !systems.is_empty() {
        put(out, "\n\"systems\": ", 2)?;
        put(out, &pretty(&systems), 2)?;
        put(out, ",", 0)?;
    }
    put(out, "\n\"rosters\": [", 2)?;
    for (i, roster) in rosters.iter().enumerate() {
        // The roster's own fields, its closing brace left for after its characters.
        let head = pretty(&FileRosterHead {
            id: roster.id,
            name: &roster.name,
            system: roster.system,
            system_version: roster.system.file_version(),
            notes: &roster.notes,
            house_rules: FileHouseRules::of(roster.system, &roster.house_rules),
            saved_rolls: file_saved_rolls(store.saved_rolls(roster.id)?),
        });
        let head = head.strip_suffix("\n}").unwrap_or(&head);
        put(out, if i == 0 { "\n" } else { ",\n" }, 4)?;
        put(out, head, 4)?;
        put(out, ",\n\"characters\": [", 6)?;
        let mut written = 0;
        store.each_character(roster.id, |c| {
            if !selection.holds(&c) {
                return Ok(());
            }
            put(out, if written == 0 { "\n" } else { ",\n" }, 8)?;
            put(out, &pretty(&FileCharacter::from(c)), 8)?;
            written += 1;
            Ok(())
        })?;
        put(out, if written == 0 { "]" } else { "\n]" }, 6)?;
        put(out, "\n}", 4)?;
        characters += written;
    }
    put(out, if rosters.is_empty() { "]" } else { "\n]" }, 2)?;
    put(out, "\n}\n", 0)?;
    Ok((rosters.len(), characters))
}

/// Writes the logged rolls matching `query` (newest first) as JSON, entry by entry as the
/// database is read (a log of any length holds one entry in memory); the same bytes as
/// [`RollLogFile`] written pretty. Every entry is read once before the first byte is written:
/// a damaged one is refused by name with nothing written.
pub(crate) fn write_log(store: &Store, query: &LogQuery, mut out: impl Write) -> Result<usize> {
    let out: &mut dyn Write = &mut out;
    store.each_log_entry(query, |_| Ok(()))?;
    put(
        out,
        &format!(
            "{{\n  \"format\": {},\n  \"version\": {ROLL_LOG_VERSION},\n  \"exported_at\": {},\n  \"rolls\": [",
            json_text(ROLL_LOG_FORMAT),
            json_text(&now_rfc3339())
        ),
        0,
    )?;
    let mut rolls = 0;
    store.each_log_entry(query, |entry| {
        put(out, if rolls == 0 { "\n" } else { ",\n" }, 4)?;
        put(out, &pretty(&entry), 4)?;
        rolls += 1;
        Ok(())
    })?;
    put(out, if rolls == 0 { "]" } else { "\n]" }, 2)?;
    put(out, "\n}\n", 0)?;
    Ok(rolls)
}

/// A roster's own fields as the file writes them: a [`FileRoster`] but its characters.
#[derive(Serialize)]
struct FileRosterHead<'a> {
    id: Uuid,
    name: &'a str,
    system: System,
    #[serde(skip_serializing_if = "Option::is_none")]
    system_version: Option<u32>,
    notes: &'a str,
    house_rules: FileHouseRules,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    saved_rolls: Vec<NewSavedRoll>,
}

/// A roster's saved rolls as the file writes them, in order.
fn file_saved_rolls(rolls: Vec<SavedRoll>) -> Vec<NewSavedRoll> {
    rolls.iter().map(SavedRoll::fields).collect()
}

impl From<Character> for FileCharacter {
    fn from(c: Character) -> Self {
        FileCharacter {
            id: c.id,
            name: c.name,
            player: c.player,
            kind: c.kind,
            tags: c.tags,
            notes: c.notes,
            sheet: c.sheet,
        }
    }
}

/// `value` as the file writes it on its own: pretty, lists of numbers on one line.
fn pretty(value: &impl Serialize) -> String {
    compact_number_lists(&serde_json::to_string_pretty(value).unwrap_or_default())
}

/// `text` as a JSON string.
fn json_text(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// Writes `text` with `indent` spaces after each of its line breaks: a value written on its own
/// takes its place in the file, nested where it belongs.
fn put(out: &mut dyn Write, text: &str, indent: usize) -> Result<()> {
    let write = |out: &mut dyn Write, bytes: &[u8]| {
        out.write_all(bytes)
            .map_err(|e| RosterError::Export(e.to_string()))
    };
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            write(out, b"\n")?;
            write(out, &b" ".repeat(indent))?;
        }
        write(out, line.as_bytes())?;
    }
    Ok(())
}

/// Joins the lines of a pretty-printed list whose items are all numbers: `[12, 15, 18]`, and
/// of a saved roll's (or a typed request's) `values`: `"values": {"bonus": 5, "dc": 15}` (a
/// saved roll may name hundreds, and a roster's saved rolls are read as one record of the
/// file). Safe on any pretty JSON: a line holding only a number can only be a list item
/// (strings are escaped onto one line, object members carry their key); `"values"` names an
/// object only there.
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
        if line.trim() == "\"values\": {" {
            let mut j = i + 1;
            while j < lines.len() && is_number_member(lines[j]) {
                j += 1;
            }
            let closes = lines
                .get(j)
                .map(|l| l.trim().trim_end_matches(',') == "}")
                .unwrap_or(false);
            if j > i + 1 && closes {
                let members: Vec<&str> = lines[i + 1..j]
                    .iter()
                    .map(|l| l.trim().trim_end_matches(','))
                    .collect();
                out.push_str(line);
                out.push_str(&members.join(", "));
                out.push('}');
                if lines[j].trim().ends_with(',') {
                    out.push(',');
                }
                out.push('\n');
                i = j + 1;
                continue;
            }
        }
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

/// `"name": 12,` (a pretty object's member whose value is a whole number).
fn is_number_member(line: &str) -> bool {
    let member = line.trim().trim_end_matches(',');
    let Some(rest) = member.strip_prefix('"') else {
        return false;
    };
    match rest.rsplit_once("\": ") {
        Some((key, number)) => !key.contains('"') && number.parse::<i64>().is_ok(),
        None => false,
    }
}

/// The roster file of `selected` (rosters with their characters, in order).
pub(crate) fn roster_file(selected: Vec<(Roster, Vec<SavedRoll>, Vec<Character>)>) -> RosterFile {
    let systems = FileSystemEntry::of(selected.iter().map(|(roster, _, _)| roster));
    let mut out = Vec::with_capacity(selected.len());
    for (roster, saved_rolls, characters) in selected {
        let characters = characters.into_iter().map(FileCharacter::from).collect();
        out.push(FileRoster {
            id: roster.id,
            house_rules: FileHouseRules::of(roster.system, &roster.house_rules),
            name: roster.name,
            system: roster.system,
            system_version: roster.system.file_version(),
            notes: roster.notes,
            saved_rolls: file_saved_rolls(saved_rolls),
            characters,
        });
    }
    RosterFile {
        format: FORMAT_NAME,
        version: FORMAT_VERSION,
        exported_at: now_rfc3339(),
        systems,
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
    use crate::{ExportSelection, NewCharacter, NewRoster, Store, System};
    use serde_json::json;

    #[test]
    fn the_file_written_as_it_is_read_is_the_file_made_whole() {
        let mut store = Store::open_in_memory().unwrap();
        let without_time = |text: &str| -> String {
            text.lines()
                .filter(|l| !l.contains("\"exported_at\""))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let streamed = |store: &Store, selection: &ExportSelection| {
            let mut bytes = Vec::new();
            let counts = super::write_roster_file(store, selection, &mut bytes).unwrap();
            (String::from_utf8(bytes).unwrap(), counts)
        };
        let (empty, counts) = streamed(&store, &ExportSelection::All);
        assert_eq!(counts, (0, 0));
        assert_eq!(
            without_time(&empty),
            without_time(&store.export(&ExportSelection::All).unwrap().to_json())
        );
        let mut picked = Vec::new();
        for (name, system, sheet) in [
            ("Stunts", System::Stunt, None),
            (
                "Genre",
                System::Genre,
                Some(json!({"attributes": {"Strength": 3, "Stamina": 3},
                            "trackers": {"grunt_penalties": [-2, -1], "grunts_since_rest": 1}})),
            ),
            ("Empty", System::D12, None),
        ] {
            let roster = store.create_roster(NewRoster::new(name, system)).unwrap();
            if name == "Empty" {
                continue;
            }
            for n in 0..3 {
                let c = store
                    .create_character(
                        roster.id,
                        NewCharacter {
                            notes: "two\nlines \"quoted\" \u{1}".into(),
                            tags: vec!["a".into(), "b".into()],
                            sheet: sheet.clone(),
                            ..NewCharacter::named(format!("{name} {n}"))
                        },
                    )
                    .unwrap();
                if n == 1 {
                    store.delete_character(c.id).unwrap();
                } else {
                    picked.push(c.id);
                }
            }
        }
        for selection in [
            ExportSelection::All,
            ExportSelection::Characters(picked[1..].to_vec()),
        ] {
            let (text, counts) = streamed(&store, &selection);
            let whole = store.export(&selection).unwrap();
            let characters = whole.rosters.iter().map(|r| r.characters.len()).sum();
            assert_eq!(counts, (whole.rosters.len(), characters));
            assert_eq!(without_time(&text), without_time(&whole.to_json()));
            assert!(text.ends_with("}\n"));
        }
    }

    #[test]
    fn the_log_written_as_it_is_read_is_the_log_file_made_whole() {
        use crate::{LogQuery, NewLogEntry};
        let mut store = Store::open_in_memory().unwrap();
        let streamed = |store: &Store| {
            let mut bytes = Vec::new();
            let rolls = store
                .export_log_json(&LogQuery::default(), &mut bytes)
                .unwrap();
            (String::from_utf8(bytes).unwrap(), rolls)
        };
        let whole = |store: &Store, exported_at: &str| {
            let file = super::RollLogFile {
                format: super::ROLL_LOG_FORMAT,
                version: super::ROLL_LOG_VERSION,
                exported_at: exported_at.to_string(),
                rolls: store.roll_log(&LogQuery::default()).unwrap(),
            };
            compact_number_lists(&serde_json::to_string_pretty(&file).unwrap()) + "\n"
        };
        let at = |text: &str| -> String {
            let file: serde_json::Value = serde_json::from_str(text).unwrap();
            file["exported_at"].as_str().unwrap().to_string()
        };
        let (empty, rolls) = streamed(&store);
        assert_eq!((rolls, empty.clone()), (0, whole(&store, &at(&empty))));
        for (n, request) in [
            r#"{"system":"dice","roll":"expr","expr":"4d6kh3"}"#,
            r#"{"system":"d12","roll":"straight","ranks":2}"#,
            r#"{"system":"dice","roll":"expr","expr":"d20+@bonus","values":{"bonus":2}}"#,
        ]
        .into_iter()
        .enumerate()
        {
            let request = rollbook_rules::parse_request(request).unwrap();
            let result = rollbook_rules::roll(&request, n as u64).unwrap();
            store.log_roll(NewLogEntry::new(&request, &result)).unwrap();
        }
        let (text, rolls) = streamed(&store);
        assert_eq!(rolls, 3);
        assert_eq!(text, whole(&store, &at(&text)));
    }

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

    #[test]
    fn values_of_whole_numbers_fold_onto_one_line_and_stay_the_same_json() {
        let value = json!({"saved_rolls": [{"name": "Hit", "values": {"bonus": 5, "dc": -15}},
                                           {"name": "Other", "values": {"a": "x", "b": 1}},
                                           {"values": {}}],
                           "attributes": {"Strength": 3, "Agility": 2}});
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let compact = compact_number_lists(&pretty);
        assert!(
            compact.contains("\"values\": {\"bonus\": 5, \"dc\": -15}\n"),
            "{compact}"
        );
        // Only `values` of whole numbers: a sheet's object stays as it was.
        assert!(compact.contains("\"b\": 1\n"), "{compact}");
        assert!(compact.contains("\"Strength\": 3,\n"), "{compact}");
        let back: serde_json::Value = serde_json::from_str(&compact).unwrap();
        assert_eq!(back, value);
    }
}
