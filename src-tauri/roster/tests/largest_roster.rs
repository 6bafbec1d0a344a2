//! What Rollbook writes it reads back, at the largest size it allows (issue 28: an export of
//! 250,000 characters that its own import refused). An import has no limit on a file's size: it
//! reads one record at a time, and limits only how large one record is
//! (`rollbook_rules::MAX_RECORD_BYTES`) and how many rosters and characters there are
//! (`MAX_ROSTERS`, `MAX_CHARACTERS`, which Rollbook never holds more of). So an export of
//! everything imports again when (1) the largest record the limits of FORMAT.md allow, exported,
//! fits in a record's bytes, and (2) a file at the count bounds is accepted. Both are tested
//! here, at sizes that run in seconds; `scripts/bench.sh` exports and imports a whole database
//! at the count bounds.

use rollbook_roster::{
    ExportSelection, Import, ImportMode, NewCharacter, NewRoster, NewSavedRoll, RosterFile, Store,
    System,
};
use rollbook_rules::{
    HouseRules, StuntChart, TextLimits, MAX_CHARACTERS, MAX_RECORD_BYTES, MAX_ROSTERS,
    MAX_SAVED_ROLLS,
};
use serde_json::{json, Value};

/// Items in a sheet's lists, names' and notes' lengths: FORMAT.md's limits (the roster crate's
/// `LIST_MAX`, `TextLimits::FORMAT`).
const LIST: usize = 200;
const NAME: usize = 120;
const NOTES: usize = 20_000;
const TAGS: usize = 32;
const TAG: usize = 40;
/// A stunt chart's most levels and a level name's most characters (`rules/src/house_rules.rs`).
const LEVELS: usize = 40;
const LEVEL_NAME: usize = 40;

/// `len` characters of four bytes each (the most a character takes in UTF-8; a name refuses the
/// control characters JSON writes as six), told apart by `salt`.
fn wide(len: usize, salt: usize) -> String {
    let emoji = |n: usize| char::from_u32(0x1F300 + (n % 768) as u32).unwrap();
    let mut text: String = [emoji(salt), emoji(salt / 768)].into_iter().collect();
    text.extend(std::iter::repeat_n('🐉', len - 2));
    text
}

/// Free text at its longest, written as long as JSON writes anything: a control character
/// each, six bytes (`\u0001`).
fn escaped(len: usize) -> String {
    "\u{1}".repeat(len)
}

fn names(len: usize, salt: usize) -> Vec<String> {
    (0..len).map(|i| wide(NAME, salt + i)).collect()
}

/// The stunt chart with the most levels, each name as long as it may be written.
fn widest_chart() -> StuntChart {
    let levels = (0..LEVELS)
        .map(|i| format!("{}{}", escaped(LEVEL_NAME - 2), wide(2, i)))
        .collect();
    StuntChart::ruled(levels)
}

/// The saved roll that takes the most bytes in a file: its name and notes at their widest, and
/// a notation of the longest an expression may be that names as many `@names` as it can (each a
/// line of `values` in the file, at its widest number), joined by Unicode minus signs (three
/// bytes each, read as `-`).
fn widest_saved_roll(salt: usize) -> NewSavedRoll {
    let alphabet: Vec<char> = ('a'..='z').chain(['_']).collect();
    let short = alphabet.iter().map(|c| c.to_string());
    let long = alphabet
        .iter()
        .flat_map(|a| alphabet.iter().map(move |b| format!("{a}{b}")));
    let mut expr = String::new();
    let mut roll = NewSavedRoll::new(wide(NAME, salt), "");
    for name in short.chain(long) {
        let term = format!("{}@{name}", if expr.is_empty() { "" } else { "\u{2212}" });
        if expr.chars().count() + term.chars().count() > rollbook_rules::notation::MAX_EXPR_CHARS {
            break;
        }
        expr.push_str(&term);
        roll.values.insert(name, -1_000_000);
    }
    roll.expr = expr;
    roll.target = -(1 << 53);
    roll.notes = escaped(TextLimits::FORMAT.saved_roll_notes);
    roll
}

/// A sheet of `system` with every list at its longest and every text at its widest.
fn fattest_sheet(system: System, chart: &StuntChart) -> Value {
    let map = |keys: Vec<String>, value: Value| -> Value {
        Value::Object(keys.into_iter().map(|k| (k, value.clone())).collect())
    };
    let with = |required: &[&str], salt| {
        let mut keys: Vec<String> = required.iter().map(|k| k.to_string()).collect();
        keys.extend(names(LIST - required.len(), salt));
        keys
    };
    let listed = |salt, item: &dyn Fn(String) -> Value| -> Value {
        names(LIST, salt).into_iter().map(item).collect()
    };
    let level = chart.levels.last().unwrap().clone();
    match system {
        System::File(file) => panic!("the largest sheets are written for the five, not {file:?}"),
        System::Stunt => json!({
            "basestats": map(with(&["ATT", "POWER", "LUCK"], 0), level.clone().into()),
            "abilities": listed(1000, &|name| json!({"name": name, "level": level})),
            "htk": {"current": 100, "max": 100},
        }),
        System::Genre => json!({
            "level": 10,
            "attributes": map(with(&["Strength", "Agility", "Stamina", "Intellect", "Presence"], 0), json!(10)),
            "powers": listed(1000, &|name| json!({"name": name, "level": 10})),
            "skills": listed(2000, &|name| json!({"name": name, "modifier": -10})),
            "glory": 100,
            "trackers": {"grunt_penalties": [-3, -2, -1], "grunts_since_rest": 10, "nuts_used": 0, "nut_rounds_left": 2},
        }),
        System::Universe => json!({
            "skills": listed(0, &|name| json!({"name": name, "level": 20})),
            "combat_skill": 20, "attack_bonus": -20, "ac": 40,
            "saves": {"physical": 30, "mental": 30, "luck": 30},
            "hp": {"current": 999, "max": 999}, "sanity": {"current": 999, "max": 999},
            "lucky": true, "fate": ["10H", "10S"],
        }),
        System::Marks => {
            let attributes = with(
                &[
                    "Agility",
                    "Cunning",
                    "Intelligence",
                    "Fortitude",
                    "Domination",
                ],
                0,
            );
            json!({
                "attributes": map(attributes.clone(), json!(6)),
                "super_attributes": map(attributes, json!(60)),
                "skills": listed(1000, &|name| json!({"name": name, "rank": 60, "super": false})),
                "styles": listed(2000, &|name| json!({"name": name, "rank": 60})),
                "superpowers": listed(3000, &|name| json!({"name": name, "rank": 60})),
            })
        }
        System::D12 => {
            let roles = ["dodge", "mind", "toughness", "will_power"];
            let abilities: Vec<Value> = names(LIST, 0)
                .into_iter()
                .enumerate()
                .map(|(i, name)| match roles.get(i) {
                    Some(role) => json!({"name": name, "ranks": 0, "defense": role}),
                    None => json!({"name": name, "ranks": 0}),
                })
                .collect();
            json!({
                "abilities": abilities,
                "health": {"current": 99, "max": 99},
                "effects": listed(1000, &|name| json!({"name": name.clone(), "remaining": name})),
                "conditions": listed(2000, &|name| json!({"kind": "memory_alteration", "detail": name.clone(), "remaining": name})),
                "equipment": names(LIST, 3000),
            })
        }
    }
}

/// A roster's JSON as the file writes it, nested `depth` levels in (two spaces each).
fn written_bytes(value: &Value, depth: usize) -> usize {
    let text = serde_json::to_string_pretty(value).unwrap();
    text.len() + text.lines().count().saturating_sub(1) * 2 * depth
}

#[test]
fn the_largest_records_fit_in_a_record_and_come_back_whole() {
    let mut store = Store::open_in_memory().unwrap();
    let chart = widest_chart();
    for (r, system) in [
        System::Stunt,
        System::Genre,
        System::Universe,
        System::Marks,
        System::D12,
    ]
    .into_iter()
    .enumerate()
    {
        let house_rules = match system {
            System::Stunt => HouseRules {
                stunt: chart.clone(),
                ..HouseRules::default()
            },
            _ => HouseRules::default(),
        };
        let roster = store
            .create_roster(NewRoster {
                notes: escaped(NOTES),
                house_rules: Some(house_rules),
                ..NewRoster::new(wide(NAME, r), system)
            })
            .unwrap();
        let character = NewCharacter {
            player: wide(NAME, 1),
            tags: (0..TAGS).map(|t| wide(TAG, t)).collect(),
            notes: escaped(NOTES),
            sheet: Some(fattest_sheet(system, &chart)),
            ..NewCharacter::named(wide(NAME, 0))
        };
        for i in 0..MAX_SAVED_ROLLS {
            store
                .create_saved_roll(roster.id, widest_saved_roll(i))
                .unwrap_or_else(|e| panic!("{system}: saved roll {i}: {e}"));
        }
        store
            .create_character(roster.id, character.clone())
            .unwrap_or_else(|e| panic!("{system}: {e}"));
        store.create_character(roster.id, character).unwrap();
    }

    let exported = store
        .export_file(&ExportSelection::All, rollbook_roster::FileFormat::Json)
        .unwrap();
    let file: Value = serde_json::from_slice(&exported.bytes).unwrap();
    let half = MAX_RECORD_BYTES / 2;
    // Each roster's own fields as the file holds them: from its opening brace to its
    // characters (a saved roll's values are written on one line, which a value printed again
    // here would not be).
    let text = std::str::from_utf8(&exported.bytes).unwrap();
    let heads: Vec<usize> = text
        .split("\n    {\n")
        .skip(1)
        .map(|roster| roster.find("\"characters\": [").unwrap())
        .collect();
    assert_eq!(heads.len(), 5);
    for (roster, bytes) in file["rosters"].as_array().unwrap().iter().zip(heads) {
        // With its saved rolls (FORMAT.md: at most 200 of them), a roster's own fields take
        // more than half a record: they fit in one still, which is what an import needs.
        println!(
            "{}: a roster's own fields of {bytes} bytes",
            roster["system"]
        );
        assert!(bytes > 1_000_000, "{bytes} bytes: not the largest roster");
        assert!(
            bytes < MAX_RECORD_BYTES,
            "a roster's own fields take {bytes} bytes, over a record's {MAX_RECORD_BYTES}"
        );
        for character in roster["characters"].as_array().unwrap() {
            let bytes = written_bytes(character, 4);
            println!("{}: a character of {bytes} bytes", roster["system"]);
            assert!(bytes > 200_000, "{bytes} bytes: not the largest character");
            assert!(
                bytes < half,
                "{} character of {bytes} bytes: over half of a record's {MAX_RECORD_BYTES}",
                roster["system"]
            );
        }
    }

    // And back, whole: the same rosters and characters in a fresh database.
    let import = Import::from_bytes(&exported.bytes).unwrap();
    let mut fresh = Store::open_in_memory().unwrap();
    fresh
        .apply_import(&import, ImportMode::Merge, |_, _| {})
        .unwrap();
    let again = fresh.export(&ExportSelection::All).unwrap();
    let before = store.export(&ExportSelection::All).unwrap();
    assert_eq!(without_time(again), without_time(before));
}

fn without_time(file: RosterFile) -> RosterFile {
    RosterFile {
        exported_at: String::new(),
        ..file
    }
}

/// A file of `rosters` rosters of `characters` characters in all (the smallest of each), as
/// text.
fn counted_file(rosters: usize, characters: usize) -> String {
    let per = characters / rosters;
    let mut extra = characters % rosters;
    let mut text = String::from(r#"{"format": "rollbook-roster", "version": 1, "rosters": ["#);
    for r in 0..rosters {
        let n = per + usize::from(extra > 0);
        extra = extra.saturating_sub(1);
        if r > 0 {
            text.push(',');
        }
        text.push_str(&format!(
            r#"{{"name": "R{r}", "system": "genre", "characters": ["#
        ));
        for c in 0..n {
            if c > 0 {
                text.push(',');
            }
            text.push_str(&format!(r#"{{"name": "C{c}"}}"#));
        }
        text.push_str("]}");
    }
    text.push_str("]}");
    text
}

#[test]
fn a_file_at_the_count_bounds_is_accepted_and_one_more_is_refused() {
    let import = Import::from_bytes(counted_file(MAX_ROSTERS, MAX_CHARACTERS).as_bytes()).unwrap();
    assert_eq!(import.rosters.len(), MAX_ROSTERS);
    assert_eq!(import.character_count(), MAX_CHARACTERS);

    let err = Import::from_bytes(counted_file(MAX_ROSTERS + 1, 0).as_bytes()).unwrap_err();
    assert_eq!(err.code(), "import_refused");
    assert_eq!(
        err.to_string(),
        "the file was not imported: rosters: the file holds more than 1,000 rosters; Rollbook keeps at most 1,000 (the trash included)"
    );
    let err = Import::from_bytes(counted_file(10, MAX_CHARACTERS + 1).as_bytes()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the file was not imported: rosters[9].characters[9999]: the file holds more than 100,000 characters; Rollbook keeps at most 100,000 (the trash included)"
    );
}
