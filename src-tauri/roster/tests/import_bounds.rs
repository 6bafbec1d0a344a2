//! An import reads a file record by record (issue 28): each record within its bytes, the
//! problems of a refused file within their count, and a file that changes between its check and
//! its writing refused with nothing written.

use crate::common;

use common::{db_hashes, seeded_db};
use rollbook_roster::{Import, ImportMode, Store, KEPT_PROBLEMS};
use rollbook_rules::MAX_RECORD_BYTES;

fn file_with(character: &str, roster_extra: &str, file_extra: &str) -> String {
    format!(
        r#"{{"format": "rollbook-roster", "version": 1{file_extra}, "rosters": [
            {{"name": "R", "system": "d12"{roster_extra}, "characters": [{{"name": "A"}}, {character}]}}]}}"#
    )
}

#[test]
fn a_record_over_its_bytes_is_refused_by_its_place() {
    // A record's bytes are counted to within the few KiB the parser reads ahead.
    let long = format!("\"{}\"", "x".repeat(MAX_RECORD_BYTES + 8 * 1024));
    let cases = [
        (
            file_with(&format!(r#"{{"name": "B", "notes": {long}}}"#), "", ""),
            "the file was not imported: rosters[0].characters[1]: this character takes more than 2 MiB of the file; a character takes at most 2 MiB (the largest one Rollbook accepts takes well under half of that)",
        ),
        (
            file_with(r#"{"name": "B"}"#, &format!(r#", "notes": {long}"#), ""),
            "the file was not imported: rosters[0]: this roster's own fields (all but its characters) take more than 2 MiB of the file; they take at most 2 MiB",
        ),
        (
            file_with(r#"{"name": "B"}"#, "", &format!(r#", "exported_at": {long}"#)),
            "the file was not imported: the file's own fields (all but its rosters) take more than 2 MiB of it; they take at most 2 MiB (is this the right file?)",
        ),
    ];
    for (file, expected) in cases {
        let err = Import::from_bytes(file.as_bytes()).unwrap_err();
        assert_eq!(err.code(), "import_refused");
        assert_eq!(err.to_string(), expected);
    }
    // Many fields, each small, count together: a roster's own fields are one record.
    let many: String = (0..MAX_RECORD_BYTES / 16)
        .map(|i| format!(r#", "x{i:08}": 12345"#))
        .collect();
    let err = Import::from_bytes(file_with(r#"{"name": "B"}"#, &many, "").as_bytes()).unwrap_err();
    assert!(
        err.to_string()
            .contains("rosters[0]: this roster's own fields"),
        "{err}"
    );
    // Just under the bytes is read (and refused for what it says, not for its size).
    let under = format!("\"{}\"", "x".repeat(MAX_RECORD_BYTES - 8 * 1024));
    let err = Import::from_bytes(
        file_with(&format!(r#"{{"name": "B", "notes": {under}}}"#), "", "").as_bytes(),
    )
    .unwrap_err();
    assert!(
        err.to_string().ends_with(
            "rosters[0].characters[1].notes: is 2088960 characters long; the limit is 20000"
        ),
        "{err}"
    );
}

#[test]
fn a_refusal_keeps_its_first_problems_and_says_it_stopped() {
    let bad = r#"{"name": ""}"#;
    let characters = vec![bad; KEPT_PROBLEMS + 500].join(",");
    let file = format!(
        r#"{{"format": "rollbook-roster", "version": 1, "rosters": [{{"name": "R", "system": "d12", "characters": [{characters}]}}]}}"#
    );
    let err = Import::from_bytes(file.as_bytes()).unwrap_err();
    let problems = err.problems();
    assert_eq!(problems.len(), KEPT_PROBLEMS + 1);
    assert_eq!(
        problems[0].to_string(),
        "rosters[0].characters[0].name: is empty; a name takes 1 to 120 characters"
    );
    assert_eq!(
        problems[KEPT_PROBLEMS].to_string(),
        "checking stopped after the first 10,000 problems; fix these and import the file again"
    );
}

#[test]
fn a_file_changed_after_its_check_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let (db, mut store) = seeded_db(dir.path());
    let path = dir.path().join("heroes.json");
    let file = |name: &str| {
        format!(
            r#"{{"format": "rollbook-roster", "version": 1, "rosters": [{{"name": "New", "system": "d12", "characters": [{{"name": "{name}"}}]}}]}}"#
        )
    };
    std::fs::write(&path, file("Vex")).unwrap();
    let import = Import::from_path(&path).unwrap();
    // Replaced after the check, with another file just as valid.
    std::fs::write(&path, file("Rook")).unwrap();
    let before = db_hashes(&db);
    for mode in [ImportMode::Merge, ImportMode::Copy] {
        let err = store.apply_import(&import, mode, |_, _| {}).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the file was not imported: the file changed while it was being imported; nothing was imported from it. Import it again"
        );
        let err = store.plan_import(&import, mode).unwrap_err();
        assert_eq!(err.code(), "import_refused");
    }
    assert_eq!(db_hashes(&db), before);
    // Read again, it imports.
    let import = Import::from_path(&path).unwrap();
    let plan = store
        .apply_import(&import, ImportMode::Merge, |_, _| {})
        .unwrap();
    assert_eq!(plan.characters[0].name, "Rook");
    drop(store);
    assert!(Store::open(&db)
        .unwrap()
        .find_character(None, "Rook")
        .is_ok());
}

#[test]
fn characters_before_their_rosters_system_are_checked_all_the_same() {
    // As Rollbook writes a roster, its system and house rules come before its characters, which
    // are checked as they are read; in any other order they are checked in a second reading.
    let bad = r#"{"id": "3e9a8b7c-6d5e-4f4a-8b3c-2d1e0f9a8b7c", "name": "A", "sheet": {"abilities": [{"name": "Guns", "ranks": 5}]}}"#;
    let orders = [
        format!(r#"{{"name": "R", "system": "d12", "house_rules": {{}}, "characters": [{bad}]}}"#),
        format!(r#"{{"characters": [{bad}], "name": "R", "system": "d12"}}"#),
        // System and house rules first, but the name after: what the characters were checked
        // against might have changed, so they are checked again.
        format!(r#"{{"system": "d12", "house_rules": {{}}, "characters": [{bad}], "name": "R"}}"#),
    ];
    for roster in &orders {
        let file = format!(
            r#"{{"format": "rollbook-roster", "version": 1, "rosters": [{roster}, {}]}}"#,
            roster.replace("\"R\"", "\"S\"")
        );
        let err = Import::from_bytes(file.as_bytes()).unwrap_err();
        assert_eq!(
            err.problems()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "rosters[0].characters[0].sheet.abilities[0].ranks: 5 is over the limit of 4",
                "rosters[1].characters[0].id: 3e9a8b7c-6d5e-4f4a-8b3c-2d1e0f9a8b7c is also the id of rosters[0].characters[0]; each character of a file needs its own id",
                "rosters[1].characters[0].sheet.abilities[0].ranks: 5 is over the limit of 4",
            ],
            "{roster}"
        );
        let good = roster.replace("\"ranks\": 5", "\"ranks\": 4");
        let file = format!(r#"{{"format": "rollbook-roster", "version": 1, "rosters": [{good}]}}"#);
        let import = Import::from_bytes(file.as_bytes()).unwrap();
        let mut store = Store::open_in_memory().unwrap();
        store
            .apply_import(&import, ImportMode::Merge, |_, _| {})
            .unwrap();
        let vex = store.find_character(None, "A").unwrap();
        assert_eq!(vex.sheet.to_value()["abilities"][0]["ranks"], 4, "{roster}");
    }
}
