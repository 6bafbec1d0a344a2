//! The GM's own system files in the store (issue 31): added whole and checked first (nothing
//! kept from a bad file), a version kept per text, read back as added, removed only when no
//! roster uses it, and made known to the request parser on add and on open.

use rollbook_roster::{RosterError, Store};
use rollbook_rules::system_file::known;

/// A small system file of `id` at `version`, its roll reading `d6 + @bonus`.
fn text(id: &str, version: u32, name: &str) -> String {
    format!(
        "format = 1\nid = \"{id}\"\nversion = {version}\nname = \"{name}\"\nsummary = \"A test.\"\n\n\
         [sheet.grit]\ntype = \"number\"\nmin = 0\nmax = 3\ndefault = 1\n\n\
         [rolls.go]\nname = \"Go\"\nvalue = \"d6 + @grit\"\ntarget = \"5\"\n"
    )
}

fn odds_of(id: &str) -> Result<f64, rollbook_rules::RulesError> {
    let request = rollbook_rules::parse_request(&format!(r#"{{"system":"{id}","roll":"go"}}"#))?;
    Ok(rollbook_rules::odds(&request)?.success)
}

#[test]
fn a_system_file_is_added_listed_shown_and_answers_requests() {
    let id = "store-test-added";
    let mut store = Store::open_in_memory().unwrap();
    assert!(store.system_files().unwrap().is_empty());
    let added = store.add_system_file(&text(id, 1, "Added")).unwrap();
    assert!(added.added);
    assert!(added.earlier_versions.is_empty());
    assert_eq!(added.system.id, id);
    assert_eq!(added.system.version, 1);
    assert_eq!(added.system.name, "Added");
    assert_eq!(added.system.rosters, 0);
    assert_eq!(added.system.declares.sheet, ["Grit (number)"]);
    assert_eq!(added.system.declares.rolls, ["Go"]);
    // d6 + 1 against 5: 4, 5 or 6 on the die.
    assert_eq!(odds_of(id).unwrap(), 0.5);

    // The same text again changes nothing; a new version is kept beside the first.
    let again = store.add_system_file(&text(id, 1, "Added")).unwrap();
    assert!(!again.added);
    let second = store.add_system_file(&text(id, 2, "Added again")).unwrap();
    assert!(second.added);
    assert_eq!(second.earlier_versions, [1]);
    let listed: Vec<(String, u32)> = store
        .system_files()
        .unwrap()
        .into_iter()
        .map(|s| (s.id, s.version))
        .collect();
    assert_eq!(listed, [(id.to_string(), 2), (id.to_string(), 1)]);
    let (newest, source) = store.system_file(id, None).unwrap();
    assert_eq!((newest.version, source), (2, text(id, 2, "Added again")));
    let (first, source) = store.system_file(id, Some(1)).unwrap();
    assert_eq!((first.version, source), (1, text(id, 1, "Added")));
    let missing = store.system_file(id, Some(3)).unwrap_err();
    assert_eq!(missing.code(), "system_not_found");
    assert!(missing.to_string().contains("it has 1, 2"), "{missing}");

    // A request names a version, or gets the newest.
    let request = rollbook_rules::parse_request(&format!(
        r#"{{"system":"{id}","roll":"go","system_version":1}}"#
    ))
    .unwrap();
    let logged = serde_json::to_value(&request).unwrap();
    assert_eq!(logged["system_version"], 1, "{logged}");
    let refused = rollbook_rules::parse_request(&format!(
        r#"{{"system":"{id}","roll":"go","system_version":7}}"#
    ))
    .unwrap_err();
    assert_eq!(refused.field(), Some("system_version"));

    let gone = store.remove_system_file(id).unwrap();
    assert_eq!(gone.len(), 2);
    assert!(store.system_files().unwrap().is_empty());
    assert!(odds_of(id).is_err(), "a removed system is forgotten");
    assert_eq!(
        store.remove_system_file(id).unwrap_err().code(),
        "system_not_found"
    );
}

#[test]
fn a_bad_file_is_refused_with_its_lines_and_nothing_is_kept() {
    let mut store = Store::open_in_memory().unwrap();
    let bad = "format = 1\nid = \"store-test-bad\"\nversion = 1\nname = \"B\"\n[sheet.grit]\ntype = \"number\"\nmin = 3\nmax = 0\n[rolls.go]\nvalue = \"d6 + @gritt\"\ntarget = \"5\"\n";
    let error = store.add_system_file(bad).unwrap_err();
    assert_eq!(error.code(), "invalid_system_file");
    let paths: Vec<&str> = error.problems().iter().map(|p| p.path.as_str()).collect();
    assert!(paths.len() >= 2, "every problem at once: {paths:?}");
    assert!(
        paths.iter().all(|p| {
            let (line, column) = p.split_once(':').unwrap();
            line.parse::<usize>().unwrap() >= 5 && column.parse::<usize>().unwrap() >= 1
        }),
        "{paths:?}"
    );
    assert!(store.system_files().unwrap().is_empty());
    assert!(known::find("store-test-bad").is_none());
}

#[test]
fn a_shipped_id_or_a_held_version_with_other_text_is_refused() {
    let mut store = Store::open_in_memory().unwrap();
    for shipped in ["d20-heroes", "genre"] {
        let error = store
            .add_system_file(&text(shipped, 1, "Mine"))
            .unwrap_err();
        assert!(
            matches!(&error, RosterError::SystemIdTaken { version: None, .. }),
            "{error}"
        );
    }
    let id = "store-test-held";
    store.add_system_file(&text(id, 3, "First")).unwrap();
    let error = store.add_system_file(&text(id, 3, "Changed")).unwrap_err();
    assert_eq!(error.code(), "system_id_taken");
    assert!(error.to_string().contains("to 4 or more"), "{error}");
    let (kept, source) = store.system_file(id, None).unwrap();
    assert_eq!(
        (kept.name.as_str(), source),
        ("First", text(id, 3, "First"))
    );
    store.remove_system_file(id).unwrap();
}

#[test]
fn a_system_used_by_a_roster_cannot_be_removed_and_the_database_holds_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    let id = "store-test-used";
    let mut store = Store::open(&path).unwrap();
    store.add_system_file(&text(id, 1, "Used")).unwrap();
    drop(store);
    // Until rosters of file systems are made by Rollbook itself, one is written as a later
    // build writes it: the system's id with its version.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.pragma_update(None, "foreign_keys", true).unwrap();
    let insert = |version: u32| {
        conn.execute(
            "INSERT INTO rosters (id, name, system, system_version, house_rules, position, created_at, updated_at)
             VALUES (?1, 'Table', ?2, ?3, '{}', 9, 0, 0)",
            rusqlite::params![uuid::Uuid::new_v4().to_string(), id, version],
        )
    };
    assert!(
        insert(2).is_err(),
        "a roster may not name a version never added"
    );
    insert(1).unwrap();
    drop(conn);
    let mut store = Store::open(&path).unwrap();
    let error = store.remove_system_file(id).unwrap_err();
    assert_eq!(error.code(), "system_in_use");
    assert!(error.to_string().contains("\"Table\""), "{error}");
    assert_eq!(store.system_files().unwrap()[0].rosters, 1);
}

#[test]
fn the_systems_of_a_database_are_known_once_it_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    let id = "store-test-reopened";
    Store::open(&path)
        .unwrap()
        .add_system_file(&text(id, 1, "Reopened"))
        .unwrap();
    known::forget(id);
    assert!(odds_of(id).is_err());
    let _store = Store::open(&path).unwrap();
    assert_eq!(odds_of(id).unwrap(), 0.5);
    known::forget(id);
    let _read = Store::open_read_only(&path).unwrap();
    assert_eq!(odds_of(id).unwrap(), 0.5);
}
