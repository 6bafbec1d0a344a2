//! Databases written by earlier builds keep working. Each fixture in `fixtures/db/` was written by
//! `scripts/make-fixture-db.sh` with the main of its name: five rosters, logged rolls (one of a
//! character since moved to the trash), and an encounter in each system with table actions, one
//! of them undone. `main-2026-11-25` is main at 4de1bff (encounter states without a version);
//! `main-2026-11-25-e7a0e62` is main at e7a0e62 (states at version 1, the last main before the
//! typed table layer); `main-2026-11-27-5de9447` is main at 5de9447 (schema 6: the table's
//! history as patches, typed events; the last main before the players' view and secret rolls);
//! `main-2026-11-27-782f443` is main at 782f443 (schema 7: secret rolls, rolls that name their
//! table action; the last main before the action log's events were packed);
//! `main-2026-11-28-a27ac6d` is main at a27ac6d (schema 8: packed events; the last main before
//! plans, quick NPCs with numbers and copies); `main-2026-11-29-e1a4343` is main at e1a4343
//! (schema 9: plans; the last main before saved rolls); `main-2026-11-29-03dc1ce` is main at
//! 03dc1ce (schema 10: saved rolls, two of them in "Friday Night Heroes"; the last main before
//! system files made the rosters table again). Each test opens a
//! copy, so the fixtures themselves are never changed.

use std::path::PathBuf;

use rollbook_roster::{
    ExportSelection, Import, ImportMode, LogOptions, LogQuery, NewSavedRoll, Store, TableAction,
};
use rollbook_rules::table::{Event, RulingId};

/// The fixture of main at 4de1bff, whose encounter states carry no version.
const UNVERSIONED: &str = "main-2026-11-25";

/// Every fixture database, oldest first.
const FIXTURES: [&str; 7] = [
    UNVERSIONED,
    "main-2026-11-25-e7a0e62",
    "main-2026-11-27-5de9447",
    "main-2026-11-27-782f443",
    "main-2026-11-28-a27ac6d",
    "main-2026-11-29-e1a4343",
    "main-2026-11-29-03dc1ce",
];

/// The fixtures written with saved rolls: "Friday Night Heroes" keeps these two.
const WITH_SAVED_ROLLS: [&str; 1] = ["main-2026-11-29-03dc1ce"];

/// The fixtures written before schema 8, whose action logs kept events unpacked with a summary.
const UNPACKED: [&str; 4] = [
    UNVERSIONED,
    "main-2026-11-25-e7a0e62",
    "main-2026-11-27-5de9447",
    "main-2026-11-27-782f443",
];

/// The fixtures written before schema 6, whose table actions kept whole states before and after.
const WHOLE_STATES: [&str; 2] = [UNVERSIONED, "main-2026-11-25-e7a0e62"];

fn fixture_copy(dir: &tempfile::TempDir) -> PathBuf {
    copy_of(dir, UNVERSIONED)
}

fn copy_of(dir: &tempfile::TempDir, fixture: &str) -> PathBuf {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/db")
        .join(format!("{fixture}.sqlite3"));
    let path = dir.path().join("rollbook.sqlite3");
    std::fs::copy(source, &path).unwrap();
    path
}

#[test]
fn the_databases_of_earlier_mains_open_with_everything_in_it() {
    for fixture in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(copy_of(&dir, fixture)).unwrap();
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
        // Stored before the house-rule numbers existed: they read as RULES.md's rulings, and the
        // rest of the house rules as they were.
        for roster in &rosters {
            let house = &roster.house_rules;
            assert_eq!(house.minor_damage_dice, 6, "{fixture}: {}", roster.name);
            assert_eq!(house.miss_margin, 3, "{fixture}: {}", roster.name);
            assert_eq!(
                house,
                &rollbook_rules::HouseRules::default(),
                "{fixture}: {}",
                roster.name
            );
        }
    }
}

#[test]
fn every_encounter_of_earlier_mains_plays_on_and_undoes() {
    for fixture in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(copy_of(&dir, fixture)).unwrap();
        for roster in store.rosters().unwrap() {
            for encounter in store.encounters(roster.id).unwrap() {
                let before = store.encounter(encounter.id).unwrap();
                let actions = store.table_actions(encounter.id).unwrap().len();
                store
                    .play(encounter.id, &TableAction::NextRound, Some(21))
                    .unwrap_or_else(|e| {
                        panic!(
                            "{fixture}: {} ({}): {e}",
                            encounter.state.name, roster.system
                        )
                    });
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
}

#[test]
fn a_roll_of_earlier_mains_keeps_its_trashed_character_s_name_once_the_trash_is_emptied() {
    for fixture in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(copy_of(&dir, fixture)).unwrap();
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
}

/// The states main 2026-11-25 stored carry no version; what this build stores does, and both
/// read back: played on, the encounter's state is written at the current version, and undoing
/// further back puts the earlier build's own state back, which still reads.
#[test]
fn encounter_states_of_main_2026_11_25_read_as_version_0_and_new_ones_are_versioned() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(&dir);
    let stored_version = |path: &PathBuf, name: &str| -> Option<i64> {
        let conn = rusqlite::Connection::open(path).unwrap();
        let state: String = conn
            .query_row(
                "SELECT state FROM encounters WHERE json_extract(state, '$.name') = ?1",
                [name],
                |r| r.get(0),
            )
            .unwrap();
        serde_json::from_str::<serde_json::Value>(&state).unwrap()["version"].as_i64()
    };
    assert_eq!(
        stored_version(&path, "Rooftop"),
        None,
        "main 2026-11-25 kept no version"
    );
    let mut store = Store::open(&path).unwrap();
    let genre = store.find_roster("Neon Genre Nights").unwrap();
    let rooftop = store.encounters(genre.id).unwrap()[0].id;
    let before = store.encounter(rooftop).unwrap();
    store
        .play(rooftop, &TableAction::NextRound, Some(3))
        .unwrap();
    drop(store);
    assert_eq!(stored_version(&path, "Rooftop"), Some(1));
    let mut store = Store::open(&path).unwrap();
    assert_eq!(
        store.undo_table_action(rooftop).unwrap().state,
        before.state
    );
    drop(store);
    assert_eq!(
        stored_version(&path, "Rooftop"),
        Some(1),
        "kept by this build"
    );
    // One further back is the state before main's own last action, as main wrote it.
    let mut store = Store::open(&path).unwrap();
    let older = store.undo_table_action(rooftop).unwrap();
    assert_eq!(older.state.round, before.state.round - 1);
    drop(store);
    assert_eq!(
        stored_version(&path, "Rooftop"),
        None,
        "main's own JSON, read as version 0"
    );
    let store = Store::open(&path).unwrap();
    assert_eq!(store.encounter(rooftop).unwrap().state, older.state);
}

/// A state a later build wrote, or one that does not parse, refuses that encounter with its own
/// code and message; the database is not called damaged and everything else opens.
#[test]
fn an_encounter_state_of_a_later_build_or_unreadable_refuses_that_encounter_only() {
    for (state, code) in [
        ("json_set(state, '$.version', 99)", "encounter_newer"),
        (
            "json_set(state, '$.round', 'three')",
            "encounter_unreadable",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = fixture_copy(&dir);
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            let changed = conn
                .execute(
                    &format!(
                        "UPDATE encounters SET state = {state} WHERE json_extract(state, '$.name') = 'Rooftop'"
                    ),
                    [],
                )
                .unwrap();
            assert_eq!(changed, 1);
        }
        let mut store = Store::open(&path).unwrap();
        let genre = store.find_roster("Neon Genre Nights").unwrap();
        let error = store.encounters(genre.id).unwrap_err();
        assert_eq!(error.code(), code, "{error}");
        assert!(!error.to_string().contains("damaged"), "{error}");
        // The rest of the database is as it was: the other rosters' encounters play on.
        let stunt = store.find_roster("The Uncanny Stunt Squad").unwrap();
        let brawl = store.encounters(stunt.id).unwrap()[0].id;
        store.play(brawl, &TableAction::NextRound, Some(1)).unwrap();
        assert_eq!(store.rosters().unwrap().len(), 5);
    }
}

/// The upgrade to the small table history keeps every action's states: what the earlier builds
/// stored whole before and after each action is what the history tells again from its patches.
#[test]
fn the_table_history_of_earlier_mains_is_told_again_exactly_after_the_upgrade() {
    for fixture in WHOLE_STATES {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_of(&dir, fixture);
        let whole: Vec<(i64, String, String)> = {
            let conn = rusqlite::Connection::open(&path).unwrap();
            let mut stmt = conn
                .prepare("SELECT id, before, after FROM table_actions ORDER BY id")
                .unwrap();
            let rows = stmt
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .unwrap();
            rows.collect::<Result<_, _>>().unwrap()
        };
        assert!(whole.len() >= 10, "{fixture}: {} actions", whole.len());
        let state = |text: &str| -> rollbook_roster::EncounterState {
            let mut json: serde_json::Value = serde_json::from_str(text).unwrap();
            json.as_object_mut().unwrap().remove("version");
            serde_json::from_value(json).unwrap()
        };
        let store = Store::open(&path).unwrap();
        let mut told = std::collections::HashMap::new();
        for roster in store.rosters().unwrap() {
            for encounter in store.encounters(roster.id).unwrap() {
                for entry in store.table_history(encounter.id).unwrap() {
                    told.insert(entry.id, (entry.before, entry.after));
                }
            }
        }
        assert_eq!(told.len(), whole.len(), "{fixture}");
        for (id, before, after) in &whole {
            assert_eq!(
                told[id],
                (state(before), state(after)),
                "{fixture}: action {id}"
            );
        }
    }
}

/// Main 2026-11-25 logged each action's events as lines of `summary` only (schema 4). They read
/// back as events, one per line, none naming a ruling (not even the lines that say "Ruling:":
/// words never make a ruling); what this build logs names its rulings by id, and the old
/// entries are listed beside the new ones unchanged.
#[test]
fn table_actions_of_main_2026_11_25_read_as_untyped_events_and_new_ones_are_typed() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(&dir);
    let mut store = Store::open(&path).unwrap();
    let mut old_lines = 0;
    let mut said_ruling = 0;
    for roster in store.rosters().unwrap() {
        for encounter in store.encounters(roster.id).unwrap() {
            for entry in store.table_actions(encounter.id).unwrap() {
                let lines: Vec<Event> = entry.summary.lines().map(Event::said).collect();
                assert_eq!(entry.events, lines, "{}", entry.summary);
                old_lines += lines.len();
                said_ruling += lines
                    .iter()
                    .filter(|l| l.text.starts_with("Ruling: "))
                    .count();
            }
        }
    }
    assert!(
        old_lines >= 20,
        "the fixture's 20 actions, each with its lines"
    );
    assert!(said_ruling > 0, "some old lines state a ruling in words");

    // The universe encounter plays on: its new round deals, with rulings named by id.
    let universe = store.find_roster("Black Meridian Crew").unwrap();
    let deck = store.encounters(universe.id).unwrap()[0].id;
    let before = store.table_actions(deck).unwrap();
    let played = store.play(deck, &TableAction::NextRound, Some(5)).unwrap();
    assert!(played
        .entry
        .events
        .contains(&Event::ruling(RulingId::UniverseInitiative)));
    let after = store.table_actions(deck).unwrap();
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "the old entries as they were"
    );
    assert_eq!(after.last().unwrap().events, played.entry.events);
    drop(store);
    // Read again from the file: the events were stored typed, and the summary is their text.
    let store = Store::open(&path).unwrap();
    let last = store.table_actions(deck).unwrap().pop().unwrap();
    assert_eq!(last.events, played.entry.events);
    let lines: Vec<String> = last.events.iter().map(ToString::to_string).collect();
    assert_eq!(last.summary, lines.join("\n"));
}

/// Migration 8 packs the action log's events and drops the plain-text summary and the unpacked
/// events: every earlier main's log reads the same after it, events and summary alike (the
/// oldest from its summary's lines), and the file keeps neither column.
#[test]
fn the_action_log_of_earlier_mains_reads_the_same_once_its_events_are_packed() {
    for fixture in UNPACKED {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_of(&dir, fixture);
        let stored: std::collections::HashMap<i64, (String, Option<String>)> = {
            let conn = rusqlite::Connection::open(&path).unwrap();
            // Schema 4 had no `events` (its summary's lines are its events).
            let typed = columns_of_table_actions(&conn).contains(&"events".to_string());
            let events = if typed { "events" } else { "NULL" };
            let mut stmt = conn
                .prepare(&format!("SELECT id, summary, {events} FROM table_actions"))
                .unwrap();
            let rows = stmt
                .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))
                .unwrap();
            rows.collect::<Result<_, _>>().unwrap()
        };
        assert!(stored.len() >= 10, "{fixture}: {} actions", stored.len());
        let store = Store::open(&path).unwrap();
        let mut read = 0;
        for roster in store.rosters().unwrap() {
            for encounter in store.encounters(roster.id).unwrap() {
                for entry in store.table_actions(encounter.id).unwrap() {
                    let (summary, events) = &stored[&entry.id];
                    let expected: Vec<Event> = match events {
                        Some(json) => serde_json::from_str(json).unwrap(),
                        None => summary.lines().map(Event::said).collect(),
                    };
                    assert_eq!(entry.events, expected, "{fixture}: action {}", entry.id);
                    assert_eq!(&entry.summary, summary, "{fixture}: action {}", entry.id);
                    read += 1;
                }
            }
        }
        assert_eq!(read, stored.len(), "{fixture}");
        drop(store);
        let columns = columns_of_table_actions(&rusqlite::Connection::open(&path).unwrap());
        assert!(
            columns.contains(&"packed_events".to_string()),
            "{columns:?}"
        );
        assert!(
            !columns.iter().any(|c| c == "summary" || c == "events"),
            "{columns:?}"
        );
    }
}

fn columns_of_table_actions(conn: &rusqlite::Connection) -> Vec<String> {
    conn.prepare("SELECT name FROM pragma_table_info('table_actions')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Every earlier main's encounters can be saved as plans and started, their quick NPCs (stored
/// with no numbers) joining with the system's defaults as before.
#[test]
fn the_encounters_of_earlier_mains_are_saved_as_plans_and_started() {
    for fixture in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(copy_of(&dir, fixture)).unwrap();
        let roster = store.find_roster("Black Meridian Crew").unwrap();
        let salvage = store
            .find_encounter(Some(roster.id), "Salvage Rights")
            .unwrap();
        let plan = store.save_plan(salvage.id, None, "from {fixture}").unwrap();
        let started = store.start_plan(plan.id, None).unwrap();
        let names = |e: &rollbook_roster::Encounter| -> Vec<String> {
            e.state.order.iter().map(|p| p.name.clone()).collect()
        };
        let mut want = names(&salvage);
        let mut got = names(&started);
        want.sort();
        got.sort();
        assert_eq!(got, want, "{fixture}");
        assert!(
            started.state.order.iter().all(|p| p.sheet.is_none()),
            "{fixture}"
        );
        store
            .play(started.id, &TableAction::NextTurn, Some(1))
            .unwrap_or_else(|e| panic!("{fixture}: {e}"));
    }
}

#[test]
fn the_rosters_of_earlier_mains_keep_saved_rolls_and_roll_them() {
    for fixture in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(copy_of(&dir, fixture)).unwrap();
        let rosters = store.rosters().unwrap();
        let heroes = rosters
            .iter()
            .find(|r| r.name == "Friday Night Heroes")
            .unwrap();
        let kept: Vec<(String, String)> = store
            .saved_rolls(heroes.id)
            .unwrap()
            .into_iter()
            .map(|r| (r.name, r.expr))
            .collect();
        let expected: &[(&str, &str)] = if WITH_SAVED_ROLLS.contains(&fixture) {
            &[("Fireball", "8d6"), ("Sneak attack", "d20+@bonus")]
        } else {
            &[]
        };
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(n, e)| (n.to_string(), e.to_string()))
            .collect();
        assert_eq!(kept, expected, "{fixture}");
        let others: usize = rosters
            .iter()
            .filter(|r| r.id != heroes.id)
            .map(|r| store.saved_rolls(r.id).unwrap().len())
            .sum();
        assert_eq!(others, 0, "{fixture}");
        let saved = store
            .create_saved_roll(heroes.id, NewSavedRoll::new("Firebolt", "8d6"))
            .unwrap_or_else(|e| panic!("{fixture}: {e}"));
        let (_, entry) = store
            .roll_saved(
                saved.id,
                rollbook_rules::Dice::Seeded(5),
                LogOptions::default(),
            )
            .unwrap();
        assert_eq!(entry.roster_id, Some(heroes.id), "{fixture}");
        assert_eq!(store.roll_log(&LogQuery::default()).unwrap().len(), 7);
        // Out with the roster and back into a fresh database.
        let mut bytes = Vec::new();
        store
            .export_json(&ExportSelection::All, &mut bytes)
            .unwrap();
        let mut fresh = Store::open_in_memory().unwrap();
        let import = Import::from_bytes(&bytes).unwrap();
        fresh
            .apply_import(&import, ImportMode::Merge, |_, _| {})
            .unwrap();
        let back = fresh.saved_rolls(heroes.id).unwrap();
        assert_eq!(back.len(), expected.len() + 1, "{fixture}");
        assert_eq!(back.last().unwrap().fields(), saved.fields(), "{fixture}");
    }
}
