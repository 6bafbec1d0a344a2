//! Reading a roster file: a file → a fully validated [`Import`], or every problem with its path.
//!
//! The order of the checks is the order a person fixes things in: the file itself (text
//! encoding, JSON), then what kind of file it is (`format`, `version` — past those, nothing else
//! would make sense), then every roster and character, collecting all the problems.
//!
//! Memory (issue 28): the file is never held whole. It is read twice, record by record
//! (`walk.rs`): first the file's and the rosters' own fields, with the characters only checked
//! as JSON and counted (a roster may list its characters before its system); then every
//! character, checked against its roster. An [`Import`] keeps the rosters' own fields and the
//! characters' ids; the characters themselves are read from the file again when they are
//! previewed and written ([`Import::for_each_character`]), and a file that changed in between
//! is refused. So an import holds one record at a time, whatever the file's size, plus a few
//! bytes per character (`MAX_CHARACTERS` bounds how many).

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use rollbook_rules::{grouped, HouseRules, StuntChart, MAX_SAVED_ROLLS};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::source::{Source, Stamp};
use super::systems::{read_systems, ImportSystem};
use super::walk::{walk, Ended, Flow, Visit};
use crate::check::{deserialize_collect, field, index};
use crate::error::{Result, RosterError};
use crate::model::character::{check_character, clean_tags};
use crate::model::roster::{check_roster, HousePaths};
use crate::model::saved_roll::repeated_names;
use crate::model::{CharacterKind, NewSavedRoll, System};
use crate::problem::Problem;
use crate::sheet::Sheet;

/// The `format` a roster file names.
pub const FORMAT_NAME: &str = "rollbook-roster";
/// The newest file version this build reads (and the one it writes).
pub const FORMAT_VERSION: i64 = 1;
/// A refusal keeps this many problems; the file is read no further once it has them (a file
/// of 100,000 broken characters would otherwise fill memory with its problems).
pub const KEPT_PROBLEMS: usize = 10_000;

/// A roster file that passed every check, ready to preview and apply. Ids missing from the file
/// have been given new ones. The characters stay in the file: [`Import::for_each_character`]
/// reads them again.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    pub version: i64,
    pub exported_at: Option<String>,
    /// The systems from files its rosters use (FORMAT.md, "Systems from files").
    pub systems: Vec<ImportSystem>,
    pub rosters: Vec<ImportRoster>,
    source: Source,
    /// Of the whole file as it was checked.
    fingerprint: u64,
    /// Its length and modification time when the check began: a preview that reads no
    /// character again still tells that the file changed since.
    stamp: Option<Stamp>,
}

/// A roster of the file: its own fields, and the ids of its characters in the file's order.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportRoster {
    pub id: Uuid,
    /// False when the file had no id and one was made up.
    pub id_given: bool,
    pub name: String,
    pub system: System,
    pub notes: String,
    pub house_rules: HouseRules,
    /// The roster's saved rolls, in order; `None` when the file leaves them out (a merge then
    /// keeps the stored roster's).
    pub saved_rolls: Option<Vec<NewSavedRoll>>,
    /// Each character's id (made up where the file gives none), in the file's order.
    pub character_ids: Vec<Uuid>,
    /// Each character's name, in the same order: what a preview lists, kept from the check so
    /// that planning reads the file again only for characters already stored.
    pub character_names: Vec<String>,
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
    /// Read as it comes, before the rosters that use it (`systems.rs`).
    #[serde(default)]
    #[allow(dead_code)]
    systems: Option<Value>,
    /// Only checked to be a list here; the rosters are read one by one.
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
    system_version: Option<u32>,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    house_rules: Value,
    #[serde(default)]
    saved_rolls: Option<Vec<Value>>,
    /// Only checked to be a list here; the characters are read one by one.
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
    /// Reads and checks a file (a folder, a FIFO or a device is refused at once).
    pub fn from_path(path: impl AsRef<Path>) -> Result<Import> {
        Import::read(Source::File(path.as_ref().to_path_buf()))
    }

    /// Parses and validates a whole file held in memory. Either every check passed, or
    /// [`RosterError::ImportRefused`] lists every problem found (the first [`KEPT_PROBLEMS`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Import> {
        Import::read(Source::Bytes(bytes.to_vec()))
    }

    /// How many characters the file holds.
    pub fn character_count(&self) -> usize {
        self.rosters.iter().map(|r| r.character_ids.len()).sum()
    }

    /// Reads the file's characters again, in the file's order, handing each to `each` with its
    /// place (`rosters[i].characters[j]`): the same characters, with the same ids, as were
    /// checked. A file that changed since is refused; an error of `each` ends the reading and
    /// is returned.
    pub fn for_each_character(
        &self,
        each: impl FnMut(usize, usize, ImportCharacter) -> Result<()>,
    ) -> Result<()> {
        let mut reader = self.source.open()?;
        let mut replay = Replay {
            import: self,
            each,
            failed: None,
        };
        let ended = walk(&mut reader, &mut replay);
        if let Some(error) = replay.failed {
            return Err(error);
        }
        match ended {
            Ended::Whole if reader.fingerprint() == self.fingerprint => Ok(()),
            Ended::Failed(e) => Err(self.source.io_error(e)),
            _ => Err(changed()),
        }
    }

    /// Refused as [`changed`] when the file's length or modification time is not what it was
    /// when checked (the bytes themselves are compared whenever the file is read again).
    pub(super) fn unchanged(&self) -> Result<()> {
        match self.source.stamp() == self.stamp {
            true => Ok(()),
            false => Err(changed()),
        }
    }

    fn read(source: Source) -> Result<Import> {
        let stamp = source.stamp();
        let mut reader = source.open()?;
        let mut checking = Checking::default();
        let refuse = |problems| Err(RosterError::refused(problems));
        match walk(&mut reader, &mut checking) {
            Ended::Whole => {}
            Ended::Failed(e) => return Err(source.io_error(e)),
            Ended::Broken(problem) => return refuse(vec![problem]),
            Ended::NotAnObject(value) => return refuse(vec![not_a_roster_file(&value)]),
            Ended::Stopped(problem) => {
                // What kind of file it is outranks the rest, as far as it was read.
                let mut problems = Vec::new();
                if kind_of_file(&checking.top, false, &mut problems).is_none() {
                    return refuse(problems);
                }
                return refuse(checking.into_problems(Vec::new(), Some(problem)));
            }
        }
        let fingerprint = reader.fingerprint();
        let mut problems = Vec::new();
        let Some(version) = kind_of_file(&checking.top, true, &mut problems) else {
            return refuse(problems);
        };
        let exported_at = read_envelope(std::mem::take(&mut checking.top), &mut problems);
        checking.kept += problems.len();
        // The characters of a roster whose system or house rules came after them are checked
        // in a second reading.
        let mut stopped = None;
        if checking.done.iter().any(|done| !done) {
            checking.second = true;
            let mut reader = source.open()?;
            stopped = match walk(&mut reader, &mut checking) {
                Ended::Whole if reader.fingerprint() == fingerprint => None,
                Ended::Whole | Ended::NotAnObject(_) => return Err(changed()),
                Ended::Failed(e) => return Err(source.io_error(e)),
                Ended::Broken(problem) => return refuse(vec![problem]),
                Ended::Stopped(problem) => Some(problem),
            };
        }
        let ids = std::mem::take(&mut checking.ids);
        let names = std::mem::take(&mut checking.names);
        let heads = std::mem::take(&mut checking.heads);
        let systems = std::mem::take(&mut checking.systems);
        let problems = checking.into_problems(problems, stopped);
        if !problems.is_empty() {
            return refuse(problems);
        }
        let rosters = heads
            .into_iter()
            .zip(ids.into_iter().chain(std::iter::repeat(Vec::new())))
            .zip(names.into_iter().chain(std::iter::repeat(Vec::new())))
            .map(|((head, character_ids), character_names)| {
                head.roster.map(|roster| ImportRoster {
                    character_ids,
                    character_names,
                    ..roster
                })
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| RosterError::refused(vec![Problem::new("", "a roster was not read")]))?;
        Ok(Import {
            version,
            exported_at,
            systems,
            rosters,
            source,
            fingerprint,
            stamp,
        })
    }
}

/// The refusal of a file that is not what it was when it was checked.
pub(crate) fn changed() -> RosterError {
    RosterError::refused(vec![Problem::new(
        "",
        "the file changed while it was being imported; nothing was imported from it. Import it again",
    )])
}

fn not_a_roster_file(value: &Value) -> Problem {
    Problem::new(
        "",
        format!(
            "the file holds {}, not a roster file (an object starting {{\"format\": \"{FORMAT_NAME}\", \"version\": 1, …}})",
            describe(value)
        ),
    )
}

/// A roster's own fields as read, and what its characters are checked against.
struct Head {
    /// `None` when the roster has a problem.
    roster: Option<ImportRoster>,
    system: Option<System>,
    /// `None` when they are unusable (a problem of the roster).
    house: Option<HouseRules>,
}

/// The checking of a file. The first reading takes the file's and each roster's own fields,
/// and checks a roster's characters as they come when its system and house rules came before
/// them (as Rollbook writes a file); a second reading (`second`) checks the characters of the
/// other rosters, once every roster's own fields are known.
#[derive(Default)]
struct Checking {
    second: bool,
    top: Map<String, Value>,
    heads: Vec<Head>,
    /// Each roster's problems: its own fields', then its characters'.
    head_problems: Vec<Vec<Problem>>,
    character_problems: Vec<Vec<Problem>>,
    roster_ids: HashMap<Uuid, Place>,
    character_ids: HashMap<Uuid, Place>,
    /// Each roster's characters' ids and names, in order.
    ids: Vec<Vec<Uuid>>,
    names: Vec<Vec<String>>,
    /// Whether a roster's characters have been checked.
    done: Vec<bool>,
    /// The roster whose characters are being checked, and what they are checked against.
    current: Option<(usize, Option<System>, Option<HouseRules>)>,
    kept: usize,
    /// The file's systems from files, and their problems.
    systems: Vec<ImportSystem>,
    system_problems: Vec<Problem>,
}

impl Checking {
    /// Makes room for roster `i` in the per-roster lists.
    fn room_for(&mut self, i: usize) {
        if self.ids.len() <= i {
            self.ids.resize(i + 1, Vec::new());
            self.names.resize(i + 1, Vec::new());
            self.character_problems.resize(i + 1, Vec::new());
            self.done.resize(i + 1, false);
        }
    }

    /// Every problem, in the file's order (each roster's own fields before its characters),
    /// `first` before them and `stop` (why the reading stopped) at the end.
    fn into_problems(self, first: Vec<Problem>, stop: Option<Problem>) -> Vec<Problem> {
        let mut problems = self.system_problems;
        problems.extend(first);
        let mut of_characters = self.character_problems.into_iter();
        for of_roster in self.head_problems {
            problems.extend(of_roster);
            problems.extend(of_characters.next().unwrap_or_default());
        }
        problems.extend(of_characters.flatten());
        if let Some(stop) = stop {
            problems.truncate(KEPT_PROBLEMS);
            problems.push(stop);
        }
        problems
    }
}

impl Visit for Checking {
    fn wants_characters(&mut self, i: usize, before: &Map<String, Value>) -> bool {
        self.room_for(i);
        self.current = None;
        if self.second {
            if self.done[i] {
                return false;
            }
            let head = &self.heads[i];
            self.current = Some((i, head.system, head.house.clone()));
            return true;
        }
        if !(before.contains_key("system") && before.contains_key("house_rules")) {
            return false;
        }
        // What the characters are checked against, from the fields so far; the roster's end
        // tells whether that was all of it.
        let mut fields = before.clone();
        fields.insert("characters".into(), Value::Array(Vec::new()));
        let head = read_roster(
            Value::Object(fields),
            i,
            &mut HashMap::new(),
            &mut Vec::new(),
        );
        self.current = Some((i, head.system, head.house));
        true
    }

    fn field(&mut self, key: String, value: Value) -> Flow {
        if self.second {
            return Ok(());
        }
        if key == "systems" {
            self.systems = read_systems(&value, &mut self.system_problems);
            self.kept += self.system_problems.len();
        }
        self.top.insert(key, value);
        // A file of another kind is told so as soon as its format is read.
        let mut problems = Vec::new();
        match kind_of_file(&self.top, false, &mut problems) {
            Some(_) => Ok(()),
            None => Err(problems.remove(0)),
        }
    }

    fn roster(&mut self, i: usize, value: Value, characters: usize) -> Flow {
        if self.second {
            return Ok(());
        }
        self.room_for(i);
        let mut problems = Vec::new();
        let head = read_roster(value, i, &mut self.roster_ids, &mut problems);
        self.kept += problems.len();
        let checked = match self.current.take() {
            Some((at, system, house)) if at == i => system == head.system && house == head.house,
            _ => false,
        };
        self.done[i] = checked || characters == 0;
        if !checked && !self.ids[i].is_empty() {
            // Checked against fields that were not all of the roster's: again in the second
            // reading, and their ids forgotten until then.
            self.character_ids
                .retain(|_, place| !(place.0 == i && place.1.is_some()));
            self.kept -= self.character_problems[i].len();
            self.ids[i].clear();
            self.names[i].clear();
            self.character_problems[i].clear();
        }
        self.heads.push(head);
        self.head_problems.push(problems);
        if self.kept >= KEPT_PROBLEMS {
            return Err(too_many_problems());
        }
        Ok(())
    }

    fn character(&mut self, i: usize, j: usize, value: Value) -> Flow {
        let Some((at, system, house)) = &self.current else {
            return Ok(());
        };
        if *at != i {
            return Ok(());
        }
        let problems = &mut self.character_problems[i];
        let before = problems.len();
        let character = read_character(
            &value,
            Place(i, Some(j)),
            *system,
            house.as_ref(),
            true,
            &mut self.character_ids,
            problems,
        );
        self.kept += problems.len() - before;
        let (id, name) = character.map_or((Uuid::nil(), String::new()), |c| (c.id, c.name));
        self.ids[i].push(id);
        self.names[i].push(name);
        if self.kept >= KEPT_PROBLEMS {
            return Err(too_many_problems());
        }
        Ok(())
    }
}

fn too_many_problems() -> Problem {
    Problem::new(
        "",
        format!(
            "checking stopped after the first {} problems; fix these and import the file again",
            grouped(KEPT_PROBLEMS)
        ),
    )
}

fn changed_problem() -> Problem {
    changed().problems()[0].clone()
}

/// A later reading: each character checked again and handed on with the id it was given.
struct Replay<'i, F> {
    import: &'i Import,
    each: F,
    failed: Option<RosterError>,
}

impl<F: FnMut(usize, usize, ImportCharacter) -> Result<()>> Visit for Replay<'_, F> {
    fn wants_characters(&mut self, _: usize, _: &Map<String, Value>) -> bool {
        true
    }

    fn field(&mut self, _: String, _: Value) -> Flow {
        Ok(())
    }

    fn roster(&mut self, _: usize, _: Value, _: usize) -> Flow {
        Ok(())
    }

    fn character(&mut self, i: usize, j: usize, value: Value) -> Flow {
        let Some(roster) = self.import.rosters.get(i) else {
            return Err(changed_problem());
        };
        let Some(&id) = roster.character_ids.get(j) else {
            return Err(changed_problem());
        };
        let mut problems = Vec::new();
        // The bytes were checked (the fingerprint at the end tells whether they are the same):
        // read again, not checked again; ids were checked for repeats then too.
        let mut seen = HashMap::new();
        let character = read_character(
            &value,
            Place(i, Some(j)),
            Some(roster.system),
            Some(&roster.house_rules),
            false,
            &mut seen,
            &mut problems,
        );
        match character {
            Some(c) if problems.is_empty() && (!c.id_given || c.id == id) => {
                match (self.each)(i, j, ImportCharacter { id, ..c }) {
                    Ok(()) => Ok(()),
                    Err(error) => {
                        self.failed = Some(error);
                        Err(Problem::new("", "stopped"))
                    }
                }
            }
            _ => Err(changed_problem()),
        }
    }
}

/// Where a roster (`Place(i, None)`) or a character (`Place(i, Some(j))`) sits in the file.
#[derive(Debug, Clone, Copy)]
struct Place(usize, Option<usize>);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            None => write!(f, "rosters[{}]", self.0),
            Some(j) => write!(f, "rosters[{}].characters[{j}]", self.0),
        }
    }
}

/// `format` and `version`: the file's version, or `None` with the problem pushed. Until the
/// file has been read to its end (`whole`), a missing field is not a problem yet.
fn kind_of_file(top: &Map<String, Value>, whole: bool, problems: &mut Vec<Problem>) -> Option<i64> {
    match top.get("format") {
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
        None if !whole => {}
        None => {
            problems.push(Problem::new(
                "format",
                format!("is missing; a roster file starts with \"format\": \"{FORMAT_NAME}\""),
            ));
            return None;
        }
    }
    let version = match top.get("version") {
        Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64().unwrap_or_default(),
        Some(Value::Number(n)) if n.as_u64().is_some() => i64::MAX,
        Some(other) => {
            problems.push(Problem::new(
                "version",
                format!("expected a whole number, found {}", describe(other)),
            ));
            return None;
        }
        None if !whole => return Some(FORMAT_VERSION),
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
    Some(version)
}

/// The rest of the file's own fields (unknown ones, `exported_at`, `rosters` being a list).
fn read_envelope(top: Map<String, Value>, problems: &mut Vec<Problem>) -> Option<String> {
    let envelope: Envelope = deserialize_collect(&Value::Object(top), "", problems)?;
    match envelope.exported_at {
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
    }
}

fn n_or_huge(version: i64) -> String {
    if version == i64::MAX {
        "(a huge number)".into()
    } else {
        version.to_string()
    }
}

/// The id at `place`: the file's, or a new one when it gives none; a repeat is refused with
/// the place of the first use.
fn read_id(
    text: Option<&str>,
    place: Place,
    seen: &mut HashMap<Uuid, Place>,
    what: &str,
    problems: &mut Vec<Problem>,
) -> (Uuid, bool) {
    let Some(text) = text else {
        return (Uuid::new_v4(), false);
    };
    let at = field(&place.to_string(), "id");
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
                seen.insert(id, place);
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

/// A roster's own fields (its characters stand in as `[]`): what its characters are checked
/// against, and the roster when it has no problem.
fn read_roster(
    value: Value,
    i: usize,
    seen: &mut HashMap<Uuid, Place>,
    problems: &mut Vec<Problem>,
) -> Head {
    let path = index("rosters", i);
    let before = problems.len();
    let Some(raw) = deserialize_collect::<RawRoster>(&value, &path, problems) else {
        return Head {
            roster: None,
            system: None,
            house: None,
        };
    };
    let (id, id_given) = read_id(raw.id.as_deref(), Place(i, None), seen, "roster", problems);
    let system = match System::of(&raw.system, raw.system_version) {
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
    let saved_rolls = raw
        .saved_rolls
        .map(|rolls| read_saved_rolls(&rolls, &field(&path, "saved_rolls"), problems));
    let roster = match (system, &house_rules) {
        (Some(system), Some(house)) if problems.len() == before => Some(ImportRoster {
            id,
            id_given,
            name: raw.name.trim().to_string(),
            system,
            notes: raw.notes,
            house_rules: house.clone(),
            saved_rolls,
            character_ids: Vec::new(),
            character_names: Vec::new(),
        }),
        _ => None,
    };
    Head {
        roster,
        system,
        house: house_rules,
    }
}

/// A roster's saved rolls (FORMAT.md, "Saved rolls"), each checked as the store checks one:
/// at most [`MAX_SAVED_ROLLS`], names unique ignoring case, notation valid with its values (a
/// problem of `expr` names its column). Problems pushed at `path[k].FIELD`.
fn read_saved_rolls(rolls: &[Value], path: &str, problems: &mut Vec<Problem>) -> Vec<NewSavedRoll> {
    if rolls.len() > MAX_SAVED_ROLLS {
        problems.push(Problem::new(
            path,
            format!(
                "has {} saved rolls; a roster keeps at most {MAX_SAVED_ROLLS}",
                rolls.len()
            ),
        ));
        return Vec::new();
    }
    let mut read = Vec::with_capacity(rolls.len());
    for (k, value) in rolls.iter().enumerate() {
        let at = index(path, k);
        if let Some(roll) = deserialize_collect::<NewSavedRoll>(value, &at, problems) {
            roll.check(&at, problems);
            read.push((at, roll));
        }
    }
    repeated_names(
        read.iter()
            .map(|(at, roll)| (at.clone(), roll.name.as_str())),
        problems,
    );
    read.into_iter()
        .map(|(_, mut roll)| {
            roll.name = roll.name.trim().to_string();
            roll
        })
        .collect()
}

/// The file's house rules as the engine's; `None` when they are unusable (problems pushed).
fn read_house_rules(
    value: &Value,
    system: Option<System>,
    path: &str,
    problems: &mut Vec<Problem>,
) -> Option<HouseRules> {
    let at = field(path, "house_rules");
    // A file system's numbers are the names its file declares, whole numbers, beside the
    // five's; any other name is an unknown field as before.
    let (value, file_numbers) = file_numbers_of(value, system);
    let raw: RawHouseRules = match &value {
        Value::Null => RawHouseRules::default(),
        v => deserialize_collect(v, &at, problems)?,
    };
    // The numbers left out are RULES.md's rulings; their ranges are checked with the roster.
    let ruled = HouseRules::default();
    let numbers = HouseRules {
        minor_damage_dice: raw.minor_damage_dice.unwrap_or(ruled.minor_damage_dice),
        miss_margin: raw.miss_margin.unwrap_or(ruled.miss_margin),
        file_numbers,
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

/// `house_rules` without the whole numbers a file system's roster declares (taken out, by name).
fn file_numbers_of(
    value: &Value,
    system: Option<System>,
) -> (Value, std::collections::BTreeMap<String, i64>) {
    let mut numbers = std::collections::BTreeMap::new();
    let (Some(System::File(file)), Value::Object(map)) = (system, value) else {
        return (value.clone(), numbers);
    };
    let mut rest = map.clone();
    for declared in &file.file().house_numbers {
        if let Some(n) = rest.get(&declared.name).and_then(Value::as_i64) {
            rest.remove(&declared.name);
            numbers.insert(declared.name.clone(), n);
        }
    }
    (Value::Object(rest), numbers)
}

/// A character of the file, checked against its roster's system and house rules (`house`;
/// `None` when those are unusable); with `check` false only read, for a file read again that
/// was checked already (its fingerprint is the same).
fn read_character(
    value: &Value,
    place: Place,
    system: Option<System>,
    house: Option<&HouseRules>,
    check: bool,
    seen: &mut HashMap<Uuid, Place>,
    problems: &mut Vec<Problem>,
) -> Option<ImportCharacter> {
    let path = &place.to_string();
    let raw: RawCharacter = deserialize_collect(value, path, problems)?;
    let (id, id_given) = read_id(raw.id.as_deref(), place, seen, "character", problems);
    let tags = clean_tags(&raw.tags);
    if check {
        check_character(
            path,
            &raw.name,
            &raw.player,
            &raw.tags,
            &raw.notes,
            problems,
        );
    }
    // Without a known system (or usable house rules) the sheet cannot be read; that problem is
    // already reported on the roster.
    let sheet_path = field(path, "sheet");
    let default_house = HouseRules::default();
    let sheet = Sheet::read(
        system?,
        &raw.sheet,
        house.unwrap_or(&default_house),
        &sheet_path,
        problems,
    )?;
    match house {
        _ if !check => {}
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
