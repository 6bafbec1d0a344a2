//! Every malformed file of `tests/fixtures/malformed/` is refused with its own message, and the
//! database is byte-for-byte unchanged afterwards (the file and its WAL hashed before and after).
//! The last two files are valid on their own but conflict with the stored rosters: they are
//! refused inside the write transaction, which must roll back to nothing.

use crate::common;

use std::collections::HashSet;
use std::path::Path;

use common::{db_hashes, fixture, seeded_db};
use rollbook_roster::{ImportMode, RosterError, Store};

/// (file, the whole message the GM sees).
const EXPECTED: &[(&str, &str)] = &[
    ("01-empty.json", "the file was not imported: the file is empty"),
    ("02-not-json.json", "the file was not imported: the file is not valid JSON: expected value (line 1, column 1)"),
    ("03-truncated.json", "the file was not imported: the file ends in the middle of the JSON (line 14, column 2); it may have been cut short"),
    ("04-bad-utf8.json", "the file was not imported: the file is not UTF-8 text: byte 375 (0xFF, line 15) is not valid UTF-8; roster files are UTF-8"),
    ("05-utf16.json", "the file was not imported: the file is UTF-16 text; roster files are UTF-8 (save it again as UTF-8)"),
    ("06-top-level-array.json", "the file was not imported: the file holds a JSON array, not a roster file (an object starting {\"format\": \"rollbook-roster\", \"version\": 1, …})"),
    ("07-wrong-format.json", "the file was not imported: format: \"rollbook-campaign\" is not a Rollbook roster file; expected \"rollbook-roster\""),
    ("08-missing-format.json", "the file was not imported: format: is missing; a roster file starts with \"format\": \"rollbook-roster\""),
    ("09-newer-version.json", "the file was not imported: version: this file is version 2; this Rollbook reads version 1 roster files. Update Rollbook to import it"),
    ("10-version-as-text.json", "the file was not imported: version: expected a whole number, found the text \"1\""),
    ("11-version-zero.json", "the file was not imported: version: 0 is not a roster file version; versions start at 1"),
    ("12-misspelt-rosters.json", "the file was not imported (2 problems):\n  roster: unknown field; did you mean \"rosters\"?\n  rosters: is missing"),
    ("13-bad-exported-at.json", "the file was not imported: exported_at: \"last Tuesday\" is not an RFC 3339 time such as 2026-11-22T19:30:00Z"),
    ("14-duplicate-key.json", "the file was not imported: the file is not valid JSON: the key \"name\" appears twice in one object (line 16, column 17)"),
    ("15-rosters-not-a-list.json", "the file was not imported: rosters: expected a list, found an object"),
    // "…": the message goes on with the systems other tests of this process added (under
    // `cargo test` they share it), after the shipped ones.
    ("16-unknown-system.json", "the file was not imported: rosters[0].system: \"dnd5e\" is not a system Rollbook knows; expected one of stunt, genre, universe, marks, d12, or a system from a file: d20-heroes, six-pool, two-dice-moves, file-stunt, file-genre, file-universe, file-marks, file-d12…"),
    ("17-roster-without-name.json", "the file was not imported: rosters[0].name: is missing"),
    ("18-blank-roster-name.json", "the file was not imported: rosters[0].name: is empty; a name takes 1 to 120 characters"),
    ("19-roster-name-too-long.json", "the file was not imported: rosters[0].name: is 137 characters long; the limit is 120"),
    ("20-bad-roster-id.json", "the file was not imported: rosters[0].id: \"roster-1\" is not a UUID (such as 0b8f6c1e-5d2a-4c4e-9a51-8f0f3b1d2c77); leave the id out to get a new one"),
    ("21-duplicate-roster-id.json", "the file was not imported: rosters[1].id: 7d1f3c2e-8a4b-4f6e-9c0d-1a2b3c4d5e6f is also the id of rosters[0]; each roster of a file needs its own id"),
    ("22-duplicate-character-id.json", "the file was not imported: rosters[0].characters[1].id: 3e9a8b7c-6d5e-4f4a-8b3c-2d1e0f9a8b7c is also the id of rosters[0].characters[0]; each character of a file needs its own id"),
    ("23-house-rules-on-d12.json", "the file was not imported: rosters[0].house_rules: a level list and chart are house rules of stunt rosters only; leave them out of house_rules"),
    ("24-stunt-chart-row-short.json", "the file was not imported: rosters[0].house_rules.chart[2]: 9 cells for 10 levels"),
    ("25-misspelt-character-field.json", "the file was not imported (2 problems):\n  rosters[0].characters[0].nmae: unknown field; did you mean \"name\"?\n  rosters[0].characters[0].name: is missing"),
    ("26-unknown-kind.json", "the file was not imported: rosters[0].characters[0].kind: \"villain\" is not one of pc, npc"),
    ("27-too-many-tags.json", "the file was not imported: rosters[0].characters[0].tags: has 33 items; the limit is 32"),
    ("28-tag-too-long.json", "the file was not imported: rosters[0].characters[0].tags[1]: is 52 characters long; the limit is 40"),
    ("29-notes-too-long.json", "the file was not imported: rosters[0].characters[0].notes: is 20001 characters long; the limit is 20000"),
    ("30-control-character-in-name.json", "the file was not imported: rosters[0].characters[0].name: contains the control character U+0007; a name is one line of text"),
    ("31-d12-ranks-over-4.json", "the file was not imported: rosters[0].characters[0].sheet.abilities[0].ranks: 5 is over the limit of 4"),
    ("32-d12-total-over-10.json", "the file was not imported: rosters[0].characters[0].sheet.abilities: 12 ranks in total is over the limit of 10"),
    ("33-d12-defense-twice.json", "the file was not imported: rosters[0].characters[0].sheet.abilities[2].defense: \"dodge\" is already the role of abilities[1] (Dodge); each defense role goes to one ability at most"),
    ("34-d12-ranks-as-text.json", "the file was not imported: rosters[0].characters[0].sheet.abilities[0].ranks: expected a whole number, found the text \"two\""),
    ("35-d12-misspelt-sheet-field.json", "the file was not imported: rosters[0].characters[0].sheet.helth: unknown field; did you mean \"health\"?"),
    ("36-marks-attributes-out-of-range.json", "the file was not imported (2 problems):\n  rosters[0].characters[0].sheet.attributes.Agility: 7 is over the limit of 6\n  rosters[0].characters[1].sheet.attributes.Cunning: 0 is under the minimum of 1"),
    ("37-genre-levels-and-modifiers.json", "the file was not imported (2 problems):\n  rosters[0].characters[0].sheet.attributes.Strength: 11 is over the limit of 10\n  rosters[0].characters[1].sheet.skills[0].modifier: -11 is under the minimum of -10"),
    ("38-universe-two-fate-cards-not-lucky.json", "the file was not imported: rosters[0].characters[1].sheet.fate: holds 2 cards; a character holds at most one fate card, two when lucky (this one is not)"),
    ("39-universe-bad-card.json", "the file was not imported: rosters[0].characters[0].sheet.fate[0]: \"11H\" is not a card; write the rank (A, 2–10, J, Q, K) then the suit (S, H, D, C), e.g. QH or 10S"),
    ("40-stunt-unknown-level-and-missing-stat.json", "the file was not imported (2 problems):\n  rosters[0].characters[0].sheet.abilities[0].level: \"Legendary\" is not a level of this roster; expected one of Poor, Average, Good, Skilled, Talented, Champion, Heroic, Mutant, Cosmic, Omega\n  rosters[0].characters[2].sheet.basestats.LUCK: is missing; a stunt sheet rates ATT, POWER and LUCK at least"),
    ("41-many-problems.json", "the file was not imported (5 problems):\n  rosters[0].name: is empty; a name takes 1 to 120 characters\n  rosters[0].characters[0].colour: unknown field; expected one of id, name, player, kind, tags, notes, sheet\n  rosters[0].characters[0].tags[1]: \"Party\" is listed twice\n  rosters[0].characters[0].sheet.abilities[0].ranks: 9 is over the limit of 4\n  rosters[0].characters[0].sheet.health.current: 13 is over the limit of 12"),
    ("42-stored-roster-of-another-system.json", "the file was not imported: rosters[0].system: the stored roster \"Friday Night Heroes\" with this id is a d12 roster and a roster's system never changes; import with mode copy to add this one as a new roster"),
    ("43-stored-character-of-another-system.json", "the file was not imported: rosters[0].characters[0].id: the stored character \"Vex\" with this id has a d12 sheet and cannot join a genre roster; import with mode copy to add this one as a new character"),
];

fn refuse(store: &mut Store, db: &Path, path: &Path, mode: ImportMode) -> RosterError {
    let before = db_hashes(db);
    assert!(before.0.is_some(), "the test database is missing");
    let err = store
        .import_file(path, mode, |_, _| {})
        .expect_err("a malformed file was imported");
    assert_eq!(
        db_hashes(db),
        before,
        "{}: the database changed",
        path.display()
    );
    err
}

#[test]
fn every_malformed_file_is_refused_with_its_own_message_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (db, mut store) = seeded_db(dir.path());
    let listed: HashSet<&str> = EXPECTED.iter().map(|(name, _)| *name).collect();
    let mut on_disk: Vec<String> = std::fs::read_dir(fixture("malformed"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    for name in &on_disk {
        assert!(
            listed.contains(name.as_str()),
            "{name} has no expected message"
        );
    }
    assert!(EXPECTED.len() >= 30);
    let messages: HashSet<&str> = EXPECTED.iter().map(|(_, m)| *m).collect();
    assert_eq!(messages.len(), EXPECTED.len(), "two files share a message");
    let rosters_before = store.export(&Default::default()).unwrap().rosters;
    for (name, expected) in EXPECTED {
        let path = fixture("malformed").join(name);
        for mode in [ImportMode::Merge, ImportMode::Replace] {
            let err = refuse(&mut store, &db, &path, mode);
            assert_eq!(err.code(), "import_refused", "{name}");
            match expected.strip_suffix('…') {
                Some(start) => {
                    assert!(err.to_string().starts_with(start), "{name} ({mode}): {err}")
                }
                None => assert_eq!(err.to_string(), *expected, "{name} ({mode})"),
            }
            assert!(!err.problems().is_empty(), "{name}");
        }
    }
    // Also through a fresh connection: nothing was committed behind the first one's back.
    drop(store);
    let store = Store::open(&db).unwrap();
    assert_eq!(
        store.export(&Default::default()).unwrap().rosters,
        rosters_before
    );
    assert_eq!(store.integrity_check().unwrap(), "ok");
}

#[test]
fn copy_mode_sidesteps_the_id_conflicts() {
    // The two conflict files are fine as new rosters: copy gives everything new ids.
    let dir = tempfile::tempdir().unwrap();
    let (_db, mut store) = seeded_db(dir.path());
    for name in [
        "42-stored-roster-of-another-system.json",
        "43-stored-character-of-another-system.json",
    ] {
        let plan = store
            .import_file(fixture("malformed").join(name), ImportMode::Copy, |_, _| {})
            .unwrap();
        assert_eq!(plan.roster_counts.added, 1, "{name}");
    }
    assert_eq!(store.rosters().unwrap().len(), 7);
}
