//! Databases written by earlier builds keep working. `fixtures/db/main-2026-11-25.sqlite3` was
//! written by main at 4de1bff (`scripts/make-fixture-db.sh`): five rosters, logged rolls (one of
//! a character since moved to the trash), and an encounter in each system with table actions,
//! one of them undone. Each test opens a copy, so the fixture itself is never changed.

use std::path::PathBuf;

use rollbook_roster::{LogQuery, Store, TableAction};

fn fixture_copy(dir: &tempfile::TempDir) -> PathBuf {
    let source =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/db/main-2026-11-25.sqlite3");
    let path = dir.path().join("rollbook.sqlite3");
    std::fs::copy(source, &path).unwrap();
    path
}

#[test]
fn the_database_of_main_2026_11_25_opens_with_everything_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(fixture_copy(&dir)).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
    let rosters = store.rosters().unwrap();
    assert_eq!(rosters.len(), 5);
    let characters: usize = rosters
        .iter()
        .map(|r| store.characters(r.id).unwrap().len())
        .sum();
    assert_eq!(characters, 19, "20 characters, one of them in the trash");
    assert_eq!(store.trash().unwrap().characters[0].name, "Gutterball");
    let log = store.roll_log(&LogQuery::default()).unwrap();
    assert_eq!(log.len(), 6);
    assert!(log
        .iter()
        .any(|e| e.character_name.as_deref() == Some("Vex") && e.seed == 7));
    let encounters: usize = rosters
        .iter()
        .map(|r| store.encounters(r.id).unwrap().len())
        .sum();
    assert_eq!(encounters, 5);
}

#[test]
fn every_encounter_of_main_2026_11_25_plays_on_and_undoes() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(fixture_copy(&dir)).unwrap();
    for roster in store.rosters().unwrap() {
        for encounter in store.encounters(roster.id).unwrap() {
            let before = store.encounter(encounter.id).unwrap();
            let actions = store.table_actions(encounter.id).unwrap().len();
            store
                .play(encounter.id, &TableAction::NextRound, Some(21))
                .unwrap_or_else(|e| panic!("{} ({}): {e}", encounter.state.name, roster.system));
            let after = store.encounter(encounter.id).unwrap();
            assert_eq!(after.state.round, before.state.round + 1);
            assert_eq!(
                store.table_actions(encounter.id).unwrap().len(),
                actions + 1
            );
            let undone = store.undo_table_action(encounter.id).unwrap();
            assert_eq!(undone.state, before.state, "{}", encounter.state.name);
            // And the actions stored by the earlier build undo exactly too.
            store.undo_table_action(encounter.id).unwrap();
        }
    }
}

#[test]
fn a_roll_of_main_2026_11_25_keeps_its_trashed_character_s_name_once_the_trash_is_emptied() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(fixture_copy(&dir)).unwrap();
    let log = store.roll_log(&LogQuery::default()).unwrap();
    let before: Vec<_> = log
        .iter()
        .filter(|e| e.character_name.as_deref() == Some("Gutterball"))
        .collect();
    assert_eq!(before.len(), 1, "the fixture logged one roll of Gutterball");
    assert!(before[0].character_id.is_some());
    store.empty_trash().unwrap();
    assert!(store.trash().unwrap().characters.is_empty());
    let after = store.roll_log(&LogQuery::default()).unwrap();
    assert_eq!(after.len(), log.len());
    let entry = after.iter().find(|e| e.id == before[0].id).unwrap();
    assert_eq!(entry.character_id, None);
    assert_eq!(entry.character_name.as_deref(), Some("Gutterball"));
    assert_eq!(entry.roster_name, before[0].roster_name);
    let mut csv = Vec::new();
    store
        .export_log_csv(&LogQuery::default(), &mut csv)
        .unwrap();
    assert!(String::from_utf8(csv).unwrap().contains(",Gutterball,"));
}
