//! Reading a roster file: bytes → a fully validated [`Import`], or every problem with its path.
//!
//! The order of the checks is the order a person fixes things in: the file itself (size, text
//! encoding, JSON), then what kind of file it is (`format`, `version` — past those, nothing else
//! would make sense), then every roster and character, collecting all the problems.
//!
//! Memory: the file's text is read once into memory and checked whole (`rollbook_rules::strict_json`), then walked
//! as raw JSON borrowed from it (`raw.rs`): one character at a time becomes a `Value` and then its
//! typed [`ImportCharacter`]. An import holds the text, the [`Import`] and one character's tree.

use std::io::Read;
use std::path::Path;

use rollbook_rules::{HouseRules, StuntChart};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::raw::{each_element, fields, is_array, shallow, whole};
use crate::check::{deserialize_collect, field, index};
use crate::error::{Problem, Result, RosterError};
use crate::model::character::{check_character, clean_tags};
use crate::model::roster::{check_roster, HousePaths};
use crate::model::{CharacterKind, System};
use crate::sheet::Sheet;

/// The `format` a roster file names.
pub const FORMAT_NAME: &str = "rollbook-roster";
/// The newest file version this build reads (and the one it writes).
pub const FORMAT_VERSION: i64 = 1;
/// Files above this size are refused before they are read (a roster of 10,000 characters is
/// about 8 MiB).
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// A roster file that passed every check, ready to preview and apply. Ids missing from the file
/// have been given new ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    pub version: i64,
    pub exported_at: Option<String>,
    pub rosters: Vec<ImportRoster>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportRoster {
    pub id: Uuid,
    /// False when the file had no id and one was made up.
    pub id_given: bool,
    pub name: String,
    pub system: System,
    pub notes: String,
    pub house_rules: HouseRules,
    pub characters: Vec<ImportCharacter>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportCharacter {
    pub id: Uuid,
    pub id_given: bool,
    pub name: String,
    pub player: String,
    pub kind: CharacterKind,
    pub tags: Vec<String>,
    pub notes: String,
    pub sheet: Sheet,
}

/// The file's top level, each field still raw so that one bad field does not hide the others.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope {
    #[serde(default)]
    #[allow(dead_code)] // checked before the envelope is read
    format: Value,
    #[serde(default)]
    #[allow(dead_code)]
    version: Value,
    #[serde(default)]
    exported_at: Option<Value>,
    /// Only checked to be a list here; the rosters are read one by one from the raw text.
    #[allow(dead_code)]
    rosters: Vec<IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoster {
    #[serde(default)]
    id: Option<String>,
    name: String,
    system: String,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    house_rules: Value,
    /// Only checked to be a list here; the characters are read one by one from the raw text.
    #[serde(default)]
    #[allow(dead_code)]
    characters: Vec<IgnoredAny>,
}

/// `house_rules` in the file: `{}` or (stunt) `{"levels": [...], "chart": [[...], ...]}`, and
/// the numbers that differ from RULES.md's rulings (`minor_damage_dice`, `miss_margin`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawHouseRules {
    #[serde(default)]
    levels: Option<Vec<String>>,
    #[serde(default)]
    chart: Option<Vec<Vec<i64>>>,
    #[serde(default)]
    minor_damage_dice: Option<i64>,
    #[serde(default)]
    miss_margin: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharacter {
    #[serde(default)]
    id: Option<String>,
    name: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    kind: CharacterKind,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    notes: String,
    #[serde(default = "empty_object")]
    sheet: Value,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

impl Import {
    /// Reads a file, refusing one over [`MAX_FILE_BYTES`] before reading it.
    pub fn from_path(path: impl AsRef<Path>) -> Result<Import> {
        let path = path.as_ref();
        let file = crate::files::open_regular_file(path)?;
        let len = file.metadata().map_err(|e| RosterError::io(path, e))?.len();
        if len > MAX_FILE_BYTES {
            return Err(RosterError::refused(vec![too_large(len)]));
        }
        let mut bytes = Vec::with_capacity(len as usize);
        // `take` guards against a file that grows while it is read.
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| RosterError::io(path, e))?;
        Import::from_bytes(&bytes)
    }

    /// Parses and validates a whole file. Either every check passed, or
    /// [`RosterError::ImportRefused`] lists every problem found.
    pub fn from_bytes(bytes: &[u8]) -> Result<Import> {
        let text = read_json(bytes).map_err(|p| RosterError::refused(vec![p]))?;
        let mut problems = Vec::new();
        let import = read_file(text, &mut problems);
        match import {
            Some(import) if problems.is_empty() => Ok(import),
            _ => Err(RosterError::refused(problems)),
        }
    }

    /// How many characters the file holds.
    pub fn character_count(&self) -> usize {
        self.rosters.iter().map(|r| r.characters.len()).sum()
    }
}

fn too_large(len: u64) -> Problem {
    Problem::new(
        "",
        format!(
            "the file is {:.1} MiB; roster files are limited to {} MiB (is this the right file?)",
            len as f64 / (1024.0 * 1024.0),
            MAX_FILE_BYTES / (1024 * 1024)
        ),
    )
}

/// Size, encoding and JSON syntax (duplicate keys too): the file as a whole, as its text.
fn read_json(bytes: &[u8]) -> std::result::Result<&str, Problem> {
    let whole = |message: String| Problem::new("", message);
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(whole("the file is empty".into()));
    }
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(whole(
            "the file is UTF-16 text; roster files are UTF-8 (save it again as UTF-8)".into(),
        ));
    }
    // Editors on Windows often start UTF-8 files with a byte order mark; it carries no meaning.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        whole(format!(
            "the file is not UTF-8 text: byte {} (0x{:02X}, line {line}) is not valid UTF-8; roster files are UTF-8",
            at + 1,
            bytes[at]
        ))
    })?;
    rollbook_rules::strict_json::check(text).map_err(|e| {
        whole(match e.classify() {
            serde_json::error::Category::Eof => format!(
                "the file ends in the middle of the JSON (line {}, column {}); it may have been cut short",
                e.line(),
                e.column()
            ),
            _ => {
                let text = e.to_string();
                let what = text.split(" at line ").next().unwrap_or(&text);
                format!(
                    "the file is not valid JSON: {what} (line {}, column {})",
                    e.line(),
                    e.column()
                )
            }
        })
    })?;
    Ok(text)
}

/// The envelope, then every roster.
fn read_file(text: &str, problems: &mut Vec<Problem>) -> Option<Import> {
    // The text was checked: it is one JSON value.
    let file: &RawValue = serde_json::from_str(text).ok()?;
    let Some(top) = fields(file) else {
        problems.push(Problem::new(
            "",
            format!(
                "the file holds {}, not a roster file (an object starting {{\"format\": \"{FORMAT_NAME}\", \"version\": 1, …}})",
                describe(&shallow(file))
            ),
        ));
        return None;
    };
    let get = |key: &str| top.iter().find(|(k, _)| k == key).map(|(_, raw)| *raw);
    match get("format").map(shallow).as_ref() {
        Some(Value::String(f)) if f == FORMAT_NAME => {}
        Some(Value::String(f)) => {
            problems.push(Problem::new(
                "format",
                format!("\"{f}\" is not a Rollbook roster file; expected \"{FORMAT_NAME}\""),
            ));
            return None;
        }
        Some(other) => {
            problems.push(Problem::new(
                "format",
                format!(
                    "expected the text \"{FORMAT_NAME}\", found {}",
                    describe(other)
                ),
            ));
            return None;
        }
        None => {
            problems.push(Problem::new(
                "format",
                format!("is missing; a roster file starts with \"format\": \"{FORMAT_NAME}\""),
            ));
            return None;
        }
    }
    let version = match get("version").map(shallow).as_ref() {
        Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64().unwrap_or_default(),
        Some(Value::Number(n)) if n.as_u64().is_some() => i64::MAX,
        Some(other) => {
            problems.push(Problem::new(
                "version",
                format!("expected a whole number, found {}", describe(other)),
            ));
            return None;
        }
        None => {
            problems.push(Problem::new(
                "version",
                format!("is missing; this Rollbook reads version {FORMAT_VERSION} roster files"),
            ));
            return None;
        }
    };
    if version > FORMAT_VERSION {
        problems.push(Problem::new(
            "version",
            format!(
                "this file is version {}; this Rollbook reads version {FORMAT_VERSION} roster files. Update Rollbook to import it",
                n_or_huge(version)
            ),
        ));
        return None;
    }
    if version < 1 {
        problems.push(Problem::new(
            "version",
            format!("{version} is not a roster file version; versions start at 1"),
        ));
        return None;
    }
    // The rosters are left out of the envelope's value (read one by one below).
    let envelope_value = Value::Object(
        top.iter()
            .map(|(key, raw)| {
                let value = if key == "rosters" && is_array(raw) {
                    Value::Array(Vec::new())
                } else {
                    shallow(raw)
                };
                (key.clone(), value)
            })
            .collect(),
    );
    let envelope: Envelope = deserialize_collect(&envelope_value, "", problems)?;
    let exported_at = match envelope.exported_at {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) => {
            if t.parse::<jiff::Timestamp>().is_err() {
                problems.push(Problem::new(
                    "exported_at",
                    format!("\"{t}\" is not an RFC 3339 time such as 2026-11-22T19:30:00Z"),
                ));
            }
            Some(t)
        }
        Some(other) => {
            problems.push(Problem::new(
                "exported_at",
                format!("expected a time as text, found {}", describe(&other)),
            ));
            None
        }
    };
    let mut ids = Ids::default();
    let mut rosters = Vec::new();
    if let Some(raw) = get("rosters") {
        each_element(raw, |i, r| {
            rosters.extend(read_roster(r, i, &mut ids, problems));
        });
    }
    Some(Import {
        version,
        exported_at,
        rosters,
    })
}

fn n_or_huge(version: i64) -> String {
    if version == i64::MAX {
        "(a huge number)".into()
    } else {
        version.to_string()
    }
}

/// Ids seen so far, to refuse duplicates with the path of the first use.
#[derive(Default)]
struct Ids {
    rosters: std::collections::HashMap<Uuid, String>,
    characters: std::collections::HashMap<Uuid, String>,
}

fn read_id(
    text: Option<&str>,
    path: &str,
    seen: &mut std::collections::HashMap<Uuid, String>,
    what: &str,
    problems: &mut Vec<Problem>,
) -> (Uuid, bool) {
    let Some(text) = text else {
        return (Uuid::new_v4(), false);
    };
    let at = field(path, "id");
    match Uuid::parse_str(text.trim()) {
        Ok(id) => {
            if let Some(first) = seen.get(&id) {
                problems.push(Problem::new(
                    at,
                    format!(
                        "{id} is also the id of {first}; each {what} of a file needs its own id"
                    ),
                ));
            } else {
                seen.insert(id, path.to_string());
            }
            (id, true)
        }
        Err(_) => {
            problems.push(Problem::new(
                at,
                format!("\"{text}\" is not a UUID (such as 0b8f6c1e-5d2a-4c4e-9a51-8f0f3b1d2c77); leave the id out to get a new one"),
            ));
            (Uuid::nil(), false)
        }
    }
}

fn read_roster(
    roster: &RawValue,
    i: usize,
    ids: &mut Ids,
    problems: &mut Vec<Problem>,
) -> Option<ImportRoster> {
    let path = index("rosters", i);
    // Everything but the characters, which are read one by one below.
    let mut characters_raw = None;
    let value = match fields(roster) {
        Some(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, raw)| {
                    let value = match key.as_str() {
                        "characters" if is_array(raw) => {
                            characters_raw = Some(raw);
                            Value::Array(Vec::new())
                        }
                        // Read whole: an empty stand-in would pass as no house rules.
                        "house_rules" => whole(raw),
                        _ => shallow(raw),
                    };
                    (key, value)
                })
                .collect::<Map<String, Value>>(),
        ),
        None => shallow(roster),
    };
    let raw: RawRoster = deserialize_collect(&value, &path, problems)?;
    let (id, id_given) = read_id(
        raw.id.as_deref(),
        &path,
        &mut ids.rosters,
        "roster",
        problems,
    );
    let system = match raw.system.parse::<System>() {
        Ok(system) => Some(system),
        Err(message) => {
            problems.push(Problem::new(field(&path, "system"), message));
            None
        }
    };
    let house_rules = read_house_rules(&raw.house_rules, system, &path, problems);
    // The file writes the chart at `house_rules.chart`, without the engine's `stunt` level.
    let house_path = field(&path, "house_rules");
    let house = house_rules.clone().unwrap_or_default();
    let paths = HousePaths {
        numbers: &house_path,
        chart: &house_path,
    };
    check_roster(
        &path, &raw.name, &raw.notes, system, &house, paths, problems,
    );
    let characters_path = field(&path, "characters");
    let mut characters: Vec<ImportCharacter> = Vec::new();
    if let Some(list) = characters_raw {
        each_element(list, |j, c| {
            let at = index(&characters_path, j);
            let value = whole(c);
            characters.extend(read_character(
                &value,
                &at,
                system,
                house_rules.as_ref(),
                ids,
                problems,
            ));
        });
    }
    Some(ImportRoster {
        id,
        id_given,
        name: raw.name.trim().to_string(),
        system: system?,
        notes: raw.notes,
        house_rules: house_rules?,
        characters,
    })
}

/// The file's house rules as the engine's; `None` when they are unusable (problems pushed).
fn read_house_rules(
    value: &Value,
    system: Option<System>,
    path: &str,
    problems: &mut Vec<Problem>,
) -> Option<HouseRules> {
    let at = field(path, "house_rules");
    let raw: RawHouseRules = match value {
        Value::Null => RawHouseRules::default(),
        v => deserialize_collect(v, &at, problems)?,
    };
    // The numbers left out are RULES.md's rulings; their ranges are checked with the roster.
    let ruled = HouseRules::default();
    let numbers = HouseRules {
        minor_damage_dice: raw.minor_damage_dice.unwrap_or(ruled.minor_damage_dice),
        miss_margin: raw.miss_margin.unwrap_or(ruled.miss_margin),
        ..ruled
    };
    if raw.levels.is_none() && raw.chart.is_none() {
        return Some(numbers);
    }
    if system.is_some_and(|s| s != System::Stunt) {
        problems.push(Problem::new(
            at,
            "a level list and chart are house rules of stunt rosters only; leave them out of house_rules",
        ));
        return None;
    }
    let levels = raw.levels.unwrap_or_else(|| StuntChart::default().levels);
    let stunt = match raw.chart {
        Some(chart) => StuntChart { levels, chart },
        // A level list alone gets the ruled chart for it (RULES.md section 1).
        None => StuntChart::ruled(levels),
    };
    Some(HouseRules { stunt, ..numbers })
}

fn read_character(
    value: &Value,
    path: &str,
    system: Option<System>,
    house: Option<&HouseRules>,
    ids: &mut Ids,
    problems: &mut Vec<Problem>,
) -> Option<ImportCharacter> {
    let raw: RawCharacter = deserialize_collect(value, path, problems)?;
    let (id, id_given) = read_id(
        raw.id.as_deref(),
        path,
        &mut ids.characters,
        "character",
        problems,
    );
    let tags = clean_tags(&raw.tags);
    check_character(
        path,
        &raw.name,
        &raw.player,
        &raw.tags,
        &raw.notes,
        problems,
    );
    // Without a known system (or usable house rules) the sheet cannot be read; that problem is
    // already reported on the roster.
    let sheet_path = field(path, "sheet");
    let sheet = Sheet::read(system?, &raw.sheet, &sheet_path, problems)?;
    match house {
        Some(house) => sheet.validate(house, &sheet_path, problems),
        // Unusable stunt house rules: level names cannot be checked against them.
        None if system == Some(System::Stunt) => {}
        None => sheet.validate(&HouseRules::default(), &sheet_path, problems),
    }
    Some(ImportCharacter {
        id,
        id_given,
        name: raw.name.trim().to_string(),
        player: raw.player.trim().to_string(),
        kind: raw.kind,
        tags,
        notes: raw.notes,
        sheet,
    })
}

/// A JSON value named for a message: `an array`, `the number 2.5`, `the text "x"`.
fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text \"{s}\""),
        Value::Array(_) => "a JSON array".into(),
        Value::Object(_) => "a JSON object".into(),
    }
}
