//! One damaged record hides nothing else: a character whose stored sheet JSON is broken and a
//! roster whose stored rules system is unknown (both written by raw SQL, as a bad disk or a
//! hand edit would) are refused by name with `damaged_record`, offering the newest snapshot
//! that holds them sound, while every other roster lists, shows, exports, rolls and is seen by
//! the players. `backup now` names them, and rotation keeps the newest snapshot without any.

use crate::common;

use std::path::Path;

use common::seeded_db;
use rollbook_roster::backups::{Policy, Reason};
use rollbook_roster::{
    ExportSelection, FileFormat, NewCharacter, RollPlace, RosterError, Store, System,
};
use rusqlite::Connection;

const HEROES: &str = "Friday Night Heroes";
const PIXEL: &str = "Pixel Vanguard";

/// Breaks Vex's stored sheet (in Friday Night Heroes) as raw bytes would.
fn break_vex(db: &Path) {
    let conn = Connection::open(db).unwrap();
    let n = conn
        .execute(
            "UPDATE characters SET sheet = '{\"ranks\": [1, 2' WHERE name = 'Vex'",
            [],
        )
        .unwrap();
    assert_eq!(n, 1);
}

/// Gives Pixel Vanguard a rules system this build does not know (past the column's CHECK).
fn unknown_system(db: &Path) {
    let conn = Connection::open(db).unwrap();
    conn.pragma_update(None, "ignore_check_constraints", true)
        .unwrap();
    let n = conn
        .execute(
            "UPDATE rosters SET system = 'chess' WHERE name = ?1",
            [PIXEL],
        )
        .unwrap();
    assert_eq!(n, 1);
}

#[track_caller]
fn refused(result: Result<impl std::fmt::Debug, RosterError>) -> String {
    let error = result.unwrap_err();
    assert_eq!(error.code(), "damaged_record", "{error}");
    error.to_string()
}

const VEX_DAMAGED: &str = "cannot be read (its sheet: ";

#[test]
fn the_other_rosters_list_show_export_roll_and_play_and_the_damaged_ones_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let heroes = store.find_roster(HEROES).unwrap();
    let squad = store.find_roster("The Uncanny Stunt Squad").unwrap();
    let fight = store.create_encounter(squad.id, "Warehouse").unwrap();
    let before = store
        .export_file(&ExportSelection::Rosters(vec![squad.id]), FileFormat::Json)
        .unwrap()
        .bytes;
    break_vex(&path);
    unknown_system(&path);

    // Listing: every roster but the one whose system is unknown, the one holding Vex included
    // (its count is a count, no sheet is read); that one is named apart.
    let listed = store.rosters_readable().unwrap();
    let names: Vec<&str> = listed.read.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "The Uncanny Stunt Squad",
            "Neon Genre Nights",
            "Black Meridian Crew",
            HEROES
        ]
    );
    assert_eq!(listed.read[3].character_count, 4);
    assert_eq!(listed.damaged.len(), 1);
    let pixel = listed.damaged[0].to_string();
    assert_eq!(listed.damaged[0].code(), "damaged_record");
    assert!(
        pixel.starts_with(&format!("roster \"{PIXEL}\" (")),
        "{pixel}"
    );
    assert!(
        pixel.contains("cannot be read (its rules system: \"chess\" is not a system"),
        "{pixel}"
    );
    assert_eq!(store.rosters().unwrap().len(), 4);
    let pixel_by_name = refused(store.find_roster("pixel vanguard"));
    assert_eq!(pixel_by_name, pixel);
    assert_eq!(
        store.find_roster("No Such").unwrap_err().code(),
        "roster_not_found"
    );

    // Show and export: the sound rosters as before; the roster holding Vex names Vex.
    for roster in &listed.read[..3] {
        assert_eq!(store.characters(roster.id).unwrap().len(), 4);
        store
            .export_file(&ExportSelection::Rosters(vec![roster.id]), FileFormat::Json)
            .unwrap();
    }
    let exported = store
        .export_file(&ExportSelection::Rosters(vec![squad.id]), FileFormat::Json)
        .unwrap()
        .bytes;
    assert_eq!(without_time(&exported), without_time(&before));
    let vex = refused(store.characters(heroes.id));
    assert!(vex.starts_with("the character \"Vex\" ("), "{vex}");
    assert!(
        vex.contains(&format!(") in roster \"{HEROES}\" (")),
        "{vex}"
    );
    assert!(vex.contains(VEX_DAMAGED), "{vex}");
    let readable = store.characters_readable(heroes.id).unwrap();
    let others: Vec<&str> = readable.read.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(others, ["Juno Park", "Brick", "Overseer Kaan"]);
    assert_eq!(readable.damaged.len(), 1);
    assert_eq!(readable.damaged[0].to_string(), vex);
    // The window's list (summaries, no sheets sent) names the same one apart.
    let listed = store.character_summaries(heroes.id).unwrap();
    let names: Vec<&str> = listed.read.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, others);
    assert_eq!(listed.damaged.len(), 1);
    assert_eq!(listed.damaged[0].to_string(), vex);
    refused(store.export_file(&ExportSelection::Rosters(vec![heroes.id]), FileFormat::Csv));
    // "Every roster" would silently lack one: refused, naming the damaged roster.
    let all = refused(store.export_file(&ExportSelection::All, FileFormat::Json));
    assert_eq!(all, pixel);
    let vex_id = character_id(&path, "Vex");
    assert!(vex.contains(&vex_id), "{vex}");
    refused(store.character(vex_id.parse().unwrap()));
    refused(store.find_character(None, "Vex"));
    // The others are found by name, across rosters too.
    assert_eq!(store.find_character(None, "Brick").unwrap().name, "Brick");

    // Rolling: for the roster holding Vex, and for a sound roster's character.
    let d12 = rollbook_rules::parse_request(
        r#"{"system": "d12", "roll": "straight", "ranks": 2, "extra_dice": 0, "dazed": false, "difficulty": 6}"#,
    )
    .unwrap();
    let place = RollPlace {
        roster: heroes.clone(),
        character: None,
    };
    store.roll_logged(&d12, 7, Some(&place)).unwrap();
    let marla = store.find_character(Some(squad.id), "Marla Quick").unwrap();
    let check = rollbook_rules::parse_request(r#"{"system":"stunt","roll":"check"}"#).unwrap();
    let place = RollPlace {
        roster: squad.clone(),
        character: Some(marla),
    };
    store.roll_logged(&check, 7, Some(&place)).unwrap();

    // The players see an encounter of a sound roster.
    store.players_view(fight.id).unwrap();

    // Reordering moves the sound rosters and keeps the damaged one in its own place.
    let order: Vec<String> = store
        .reorder_rosters(&[heroes.id])
        .unwrap()
        .into_iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(order[0], HEROES);
    let positions: Vec<(String, i64)> = {
        let conn = Connection::open(&path).unwrap();
        let mut stmt = conn
            .prepare("SELECT name, position FROM rosters ORDER BY position")
            .unwrap();
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
        rows.map(Result::unwrap).collect()
    };
    let numbers: Vec<i64> = positions.iter().map(|(_, p)| *p).collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4], "{positions:?}");
    assert_eq!(positions[4].0, PIXEL, "{positions:?}");

    // None of it is the database being damaged: it opens, for writing and for reading.
    drop(store);
    assert_eq!(Store::open(&path).unwrap().rosters().unwrap().len(), 4);
    let reopened = Store::open_read_only(&path).unwrap();
    assert_eq!(reopened.rosters_readable().unwrap().damaged.len(), 1);
}

#[test]
fn the_refusal_names_the_newest_snapshot_that_holds_the_record_sound() {
    let dir = tempfile::tempdir().unwrap();
    let (path, store) = seeded_db(dir.path());
    let heroes = store.find_roster(HEROES).unwrap();
    // Nothing to offer yet.
    break_vex(&path);
    let none = refused(store.characters(heroes.id));
    assert!(
        none.ends_with(". No snapshot beside the database holds it sound"),
        "{none}"
    );
    repair_vex(&path);
    let sound = store.back_up(Reason::Manual).unwrap();
    let newest_sound = store.back_up(Reason::Daily).unwrap();
    assert!(newest_sound.at >= sound.at);
    break_vex(&path);
    unknown_system(&path);
    // A snapshot taken now holds Vex damaged: not offered. A file that is not a database is
    // not either.
    let taken = store.back_up_checked(Reason::Manual).unwrap();
    std::fs::write(
        dir.path().join("backups/29990101T000000Z-manual.sqlite3"),
        [7u8; 8192],
    )
    .unwrap();
    let offer = |id: &str| {
        format!(". The newest snapshot that holds it sound is {id}: `rollbook backup restore {id}` puts the whole database back as it was then (what is there now is snapshotted first)")
    };
    let vex = refused(store.characters(heroes.id));
    assert!(vex.ends_with(&offer(&newest_sound.id)), "{vex}");
    let pixel = refused(store.find_roster(PIXEL));
    assert!(pixel.ends_with(&offer(&newest_sound.id)), "{pixel}");
    // `backup now` names both, by name, each with its offer.
    let told: Vec<String> = taken.damaged.iter().map(|e| e.to_string()).collect();
    assert_eq!(taken.damaged.len(), 2, "{told:?}");
    assert!(
        told[0].starts_with(&format!("roster \"{PIXEL}\"")),
        "{told:?}"
    );
    assert!(told[1].starts_with("the character \"Vex\""), "{told:?}");
    assert!(
        told.iter().all(|t| t.ends_with(&offer(&newest_sound.id))),
        "{told:?}"
    );
    // A character added after every snapshot is in none of them.
    let mut store = store;
    let squad = store.find_roster("The Uncanny Stunt Squad").unwrap();
    store
        .create_character(squad.id, NewCharacter::named("Newcomer"))
        .unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE characters SET tags = 'not json' WHERE name = 'Newcomer'",
        [],
    )
    .unwrap();
    let newcomer = refused(store.characters(squad.id));
    assert!(newcomer.contains("(its tags: "), "{newcomer}");
    let listed = store.character_summaries(squad.id).unwrap();
    assert_eq!(listed.read.len(), 4, "the others are listed");
    let told: Vec<String> = listed.damaged.iter().map(|e| e.to_string()).collect();
    assert_eq!(told, std::slice::from_ref(&newcomer));
    assert!(
        newcomer.ends_with(". No snapshot beside the database holds it sound"),
        "{newcomer}"
    );
}

/// The id of the character named `name`, read straight from the file.
fn character_id(db: &Path, name: &str) -> String {
    Connection::open(db)
        .unwrap()
        .query_row("SELECT id FROM characters WHERE name = ?1", [name], |r| {
            r.get(0)
        })
        .unwrap()
}

/// Vex's sheet as a blank d12 sheet again.
fn repair_vex(db: &Path) {
    let blank = rollbook_roster::Sheet::blank(System::D12)
        .to_value()
        .to_string();
    Connection::open(db)
        .unwrap()
        .execute(
            "UPDATE characters SET sheet = ?1 WHERE name = 'Vex'",
            [blank],
        )
        .unwrap();
}

/// An export's bytes without its `exported_at` line.
fn without_time(bytes: &[u8]) -> String {
    common::without_exported_at(std::str::from_utf8(bytes).unwrap())
}

#[test]
fn rotation_never_deletes_the_newest_snapshot_without_damage() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    store
        .set_backup_policy(Policy {
            keep_last: 1,
            days: 0,
            months: 0,
        })
        .unwrap();
    let ids = |store: &Store| -> Vec<String> {
        store.backups().unwrap().into_iter().map(|s| s.id).collect()
    };
    let sound = store.back_up(Reason::Manual).unwrap();
    break_vex(&path);
    let first = store.back_up_checked(Reason::Manual).unwrap();
    assert_eq!(first.damaged.len(), 1);
    assert_eq!(ids(&store), [first.snapshot.id.clone(), sound.id.clone()]);
    let second = store.back_up_checked(Reason::Manual).unwrap();
    // The policy keeps one: the damaged one before it goes, the sound one stays.
    assert_eq!(ids(&store), [second.snapshot.id.clone(), sound.id.clone()]);
    // Pruning on its own (which reads the snapshots to know) agrees.
    assert!(store.prune_backups().unwrap().is_empty());
    assert_eq!(ids(&store), [second.snapshot.id.clone(), sound.id.clone()]);
    // Once a sound one is taken, the policy alone decides again.
    repair_vex(&path);
    let repaired = store.back_up_checked(Reason::Manual).unwrap();
    assert!(repaired.damaged.is_empty());
    assert_eq!(ids(&store), [repaired.snapshot.id]);
}

#[test]
fn a_damaged_record_in_the_trash_hides_nothing_else_there_and_the_trash_still_empties() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let heroes = store.find_roster(HEROES).unwrap();
    let pixel = store.find_roster(PIXEL).unwrap();
    let neon = store.find_roster("Neon Genre Nights").unwrap();
    let vex = store.find_character(Some(heroes.id), "Vex").unwrap();
    let brick = store.find_character(Some(heroes.id), "Brick").unwrap();
    store.delete_character(vex.id).unwrap();
    store.delete_character(brick.id).unwrap();
    store.delete_roster(pixel.id).unwrap();
    store.delete_roster(neon.id).unwrap();
    break_vex(&path);
    unknown_system(&path);

    // The trash lists what reads and names the rest, each by name.
    let listed = store.trash_readable().unwrap();
    let rosters: Vec<&str> = listed
        .trash
        .rosters
        .iter()
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(rosters, ["Neon Genre Nights"]);
    let characters: Vec<&str> = listed
        .trash
        .characters
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(characters, ["Brick"]);
    let told: Vec<String> = listed.damaged.iter().map(|e| e.to_string()).collect();
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(
        told[0].starts_with(&format!("roster \"{PIXEL}\" (")),
        "{told:?}"
    );
    assert!(told[1].starts_with("the character \"Vex\" ("), "{told:?}");
    assert!(listed.damaged.iter().all(|e| e.code() == "damaged_record"));
    // Reading the whole trash at once names the first one instead of hiding it.
    assert_eq!(refused(store.trash()), told[0]);

    // What reads is restored as usual.
    assert_eq!(
        store.restore_roster(neon.id).unwrap().name,
        "Neon Genre Nights"
    );
    assert_eq!(store.restore_character(brick.id).unwrap().name, "Brick");

    // Emptying deletes the damaged ones too (nothing of them is read), after a snapshot.
    assert_eq!(store.trash_count().unwrap(), 2);
    let purged = store.empty_trash().unwrap();
    assert_eq!((purged.rosters, purged.characters), (1, 1 + 4));
    assert_eq!(store.trash_count().unwrap(), 0);
    let listed = store.trash_readable().unwrap();
    assert!(listed.damaged.is_empty() && listed.trash.rosters.is_empty());
    assert_eq!(
        store.backups().unwrap().len(),
        1,
        "the snapshot taken first"
    );
    assert_eq!(store.rosters_readable().unwrap().damaged.len(), 0);
}

#[test]
fn an_encounter_in_the_trash_whose_state_does_not_read_is_named_with_its_roster() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let heroes = store.find_roster(HEROES).unwrap();
    let sound = store.create_encounter(heroes.id, "Docks").unwrap();
    let broken = store.create_encounter(heroes.id, "Rooftop").unwrap();
    store.delete_encounter(sound.id).unwrap();
    store.delete_encounter(broken.id).unwrap();
    let snapshot = store.back_up(Reason::Manual).unwrap();
    let conn = Connection::open(&path).unwrap();
    let n = conn
        .execute(
            "UPDATE encounters SET state = json_set(state, '$.round', 'three') WHERE id = ?1",
            [broken.id.to_string()],
        )
        .unwrap();
    assert_eq!(n, 1);

    let listed = store.trash_readable().unwrap();
    let names: Vec<&str> = listed
        .trash
        .encounters
        .iter()
        .map(|e| e.state.name.as_str())
        .collect();
    assert_eq!(names, ["Docks"]);
    let told: Vec<String> = listed.damaged.iter().map(|e| e.to_string()).collect();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with(&format!(
            "the encounter \"Rooftop\" ({}) in roster \"{HEROES}\" ({})",
            broken.id, heroes.id
        )),
        "{told:?}"
    );
    assert!(told[0].contains(&snapshot.id), "{told:?}");
    assert_eq!(refused(store.trash()), told[0]);

    // A state whose JSON no longer parses at all is named by its id alone.
    conn.execute(
        "UPDATE encounters SET state = '{\"name\": \"Roof' WHERE id = ?1",
        [broken.id.to_string()],
    )
    .unwrap();
    let told = refused(store.trash());
    assert!(
        told.starts_with(&format!("the encounter {} in roster", broken.id)),
        "{told}"
    );
}

#[test]
fn backup_now_names_an_encounter_whose_state_does_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let heroes = store.find_roster(HEROES).unwrap();
    let fight = store.create_encounter(heroes.id, "Rooftop").unwrap();
    assert!(store
        .back_up_checked(Reason::Manual)
        .unwrap()
        .damaged
        .is_empty());
    Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE encounters SET state = json_set(state, '$.round', 'three') WHERE id = ?1",
            [fight.id.to_string()],
        )
        .unwrap();
    let taken = store.back_up_checked(Reason::Manual).unwrap();
    let told: Vec<String> = taken.damaged.iter().map(|d| d.to_string()).collect();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with(&format!("the encounter \"Rooftop\" ({})", fight.id)),
        "{told:?}"
    );
}
