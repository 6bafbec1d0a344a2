//! A roll-log entry or an encounter plan whose stored JSON is broken (by raw SQL, as a bad disk
//! or a hand edit would) is refused by name with `damaged_record`, never as a damaged database:
//! the rest of the log lists, exports and is judged for luck, the other plans list and start,
//! the players see the rolls that read, and `backup now` names the entry.

use crate::common;

use std::path::Path;

use common::seeded_db;
use rollbook_roster::backups::Reason;
use rollbook_roster::{FileFormat, LogQuery, RollPlace, RosterError, Store};
use rusqlite::Connection;

const SQUAD: &str = "The Uncanny Stunt Squad";
const HEROES: &str = "Friday Night Heroes";

#[track_caller]
fn refused(result: Result<impl std::fmt::Debug, RosterError>) -> String {
    let error = result.unwrap_err();
    assert_eq!(error.code(), "damaged_record", "{error}");
    error.to_string()
}

/// Rolls a stunt check for the Squad and a d12 roll for the Heroes, `n` times each; answers
/// the ids of the Squad's entries, oldest first.
fn roll(store: &mut Store, n: usize) -> Vec<i64> {
    let squad = store.find_roster(SQUAD).unwrap();
    let heroes = store.find_roster(HEROES).unwrap();
    let check = rollbook_rules::parse_request(r#"{"system":"stunt","roll":"check"}"#).unwrap();
    let d12 = rollbook_rules::parse_request(
        r#"{"system": "d12", "roll": "straight", "ranks": 2, "extra_dice": 0, "dazed": false, "difficulty": 6}"#,
    )
    .unwrap();
    let mut ids = Vec::new();
    for seed in 0..n as u64 {
        let place = RollPlace {
            roster: squad.clone(),
            character: None,
        };
        ids.push(store.roll_logged(&check, seed, Some(&place)).unwrap().1.id);
        let place = RollPlace {
            roster: heroes.clone(),
            character: None,
        };
        store.roll_logged(&d12, seed, Some(&place)).unwrap();
    }
    ids
}

/// Breaks the stored result of roll-log entry `id`, as raw bytes would.
fn break_entry(db: &Path, id: i64) {
    let n = Connection::open(db)
        .unwrap()
        .execute(
            "UPDATE roll_log SET result = '{\"dice\": [' WHERE id = ?1",
            [id],
        )
        .unwrap();
    assert_eq!(n, 1);
}

#[test]
fn a_damaged_log_entry_is_refused_by_name_and_the_rest_of_the_log_lists_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let squad = store.find_roster(SQUAD).unwrap();
    let heroes = store.find_roster(HEROES).unwrap();
    let ids = roll(&mut store, 3);
    let sound = store.back_up(Reason::Manual).unwrap();
    let broken = ids[1];
    break_entry(&path, broken);

    // Every entry but the damaged one lists, newest first; it is named apart.
    let listed = store.roll_log_readable(&LogQuery::default()).unwrap();
    assert_eq!(listed.read.len(), 5);
    assert!(listed.read.iter().all(|e| e.id != broken));
    assert_eq!(listed.damaged.len(), 1);
    let told = listed.damaged[0].to_string();
    assert_eq!(listed.damaged[0].code(), "damaged_record");
    assert!(
        told.starts_with(&format!(
            "the roll-log entry {broken} in roster \"{SQUAD}\" ({}) cannot be read (its result: ",
            squad.id
        )),
        "{told}"
    );
    assert!(
        told.ends_with(&format!(
            ". The newest snapshot that holds it sound is {}: `rollbook backup restore {0}` puts the whole database back as it was then (what is there now is snapshotted first)",
            sound.id
        )),
        "{told}"
    );
    // A page of the log counts the damaged entry in its rows and lists the rest of them.
    let page = store
        .roll_log_readable(&LogQuery {
            limit: Some(4),
            ..LogQuery::default()
        })
        .unwrap();
    assert_eq!((page.read.len(), page.damaged.len()), (3, 1));

    // Reading the whole log at once, or exporting it, names the entry instead of writing a log
    // that silently lacks it.
    assert_eq!(refused(store.roll_log(&LogQuery::default())), told);
    for format in [FileFormat::Json, FileFormat::Csv] {
        assert_eq!(
            refused(store.export_log(&LogQuery::default(), format)),
            told
        );
    }
    // Another roster's log reads and exports whole.
    let theirs = LogQuery {
        roster_id: Some(heroes.id),
        ..LogQuery::default()
    };
    assert_eq!(store.roll_log(&theirs).unwrap().len(), 3);
    let (_, count) = store.export_log(&theirs, FileFormat::Csv).unwrap();
    assert_eq!(count, 3);
    // Luck reads only requests and outcomes, which are sound; rolling and logging go on.
    store.luck(&LogQuery::default()).unwrap();
    roll(&mut store, 1);
    assert_eq!(
        store
            .roll_log_readable(&LogQuery::default())
            .unwrap()
            .read
            .len(),
        7
    );

    // The database itself is sound: it opens; `backup now` names the entry.
    drop(store);
    let store = Store::open(&path).unwrap();
    let taken = store.back_up_checked(Reason::Manual).unwrap();
    let named: Vec<String> = taken.damaged.iter().map(|e| e.to_string()).collect();
    assert_eq!(named.len(), 1, "{named:?}");
    assert!(
        named[0].starts_with(&format!("the roll-log entry {broken} in roster")),
        "{named:?}"
    );
}

#[test]
fn a_damaged_entry_of_no_roster_is_named_by_its_id_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let check = rollbook_rules::parse_request(r#"{"system":"stunt","roll":"check"}"#).unwrap();
    let (_, entry) = store.roll_logged(&check, 3, None).unwrap();
    Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE roll_log SET seed = 'many' WHERE id = ?1",
            [entry.id],
        )
        .unwrap();
    let told = refused(store.roll_log(&LogQuery::default()));
    assert!(
        told.starts_with(&format!(
            "the roll-log entry {} cannot be read (its seed: ",
            entry.id
        )),
        "{told}"
    );
}

#[test]
fn a_damaged_plan_is_refused_by_name_and_the_other_plans_list_and_start() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let squad = store.find_roster(SQUAD).unwrap();
    let fight = store.create_encounter(squad.id, "Warehouse").unwrap();
    let ambush = store.save_plan(fight.id, Some("Ambush"), "").unwrap();
    let chase = store.save_plan(fight.id, Some("Chase"), "").unwrap();
    let n = Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE encounter_plans SET plan = 'not json' WHERE id = ?1",
            [ambush.id.to_string()],
        )
        .unwrap();
    assert_eq!(n, 1);

    let listed = store.plans_readable(squad.id).unwrap();
    let names: Vec<&str> = listed.read.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Chase"]);
    assert_eq!(listed.damaged.len(), 1);
    let told = listed.damaged[0].to_string();
    assert!(
        told.starts_with(&format!(
            "the plan \"Ambush\" ({}) in roster \"{SQUAD}\" ({}) cannot be read (its participants: ",
            ambush.id, squad.id
        )),
        "{told}"
    );
    // Asked for by id or by name, it is refused by name; the other is found and starts.
    assert_eq!(refused(store.plan(ambush.id)), told);
    assert_eq!(refused(store.find_plan(squad.id, "ambush")), told);
    assert_eq!(refused(store.start_plan(ambush.id, None)), told);
    assert_eq!(refused(store.plans(squad.id)), told);
    assert_eq!(store.find_plan(squad.id, "Chase").unwrap().id, chase.id);
    store.start_plan(chase.id, None).unwrap();
    assert_eq!(
        store.find_plan(squad.id, "No such").unwrap_err().code(),
        "plan_not_found"
    );
}
