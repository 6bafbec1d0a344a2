//! Snapshots (`backups/` beside the database): a restore brings back exactly what the snapshot
//! held; the destructive operations leave one; a damaged, foreign or newer snapshot is refused
//! with the database unchanged; snapshots taken while another process writes are sound; a
//! SIGKILL during a restore leaves the old database or the snapshot, whole.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{db_hashes, fixture, seeded_db, version_1_db, without_exported_at};
use rollbook_roster::backups::{Policy, Reason};
use rollbook_roster::{
    ExportSelection, Import, ImportMode, NewCharacter, NewRoster, Store, System,
};
use rusqlite::Connection;

fn export(store: &Store) -> String {
    without_exported_at(&store.export(&ExportSelection::All).unwrap().to_json())
}

/// Every roster of the database, with its characters, as the CLI's export prints them, plus the
/// number of logged rolls and encounters: the whole of what a GM keeps.
fn everything(store: &Store) -> (String, usize, usize) {
    (
        export(store),
        store.roll_log(&Default::default()).unwrap().len(),
        store
            .rosters()
            .unwrap()
            .iter()
            .map(|r| store.encounters(r.id).unwrap().len())
            .sum(),
    )
}

#[test]
fn a_restore_brings_back_exactly_what_the_snapshot_held_and_saves_what_was_there() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let held = everything(&store);
    let snapshot = store.back_up(Reason::Manual).unwrap();
    assert_eq!(snapshot.reason, Reason::Manual);
    assert!(snapshot.path.starts_with(dir.path().join("backups")));

    // Changes of every kind after the snapshot.
    let first = store.rosters().unwrap()[0].clone();
    store.delete_roster(first.id).unwrap();
    store.empty_trash().unwrap();
    let added = store
        .create_roster(NewRoster::new("After the snapshot", System::Marks))
        .unwrap();
    store
        .create_character(added.id, NewCharacter::named("Newcomer"))
        .unwrap();
    let changed = everything(&store);
    assert_ne!(changed, held);

    let done = store.restore_backup(&snapshot.id).unwrap();
    assert_eq!(done.restored.id, snapshot.id);
    assert_eq!(done.saved.reason, Reason::Restore);
    // The same connection sees the snapshot, and so does a fresh one.
    assert_eq!(everything(&store), held);
    drop(store);
    let mut reopened = Store::open(&path).unwrap();
    assert_eq!(everything(&reopened), held);
    assert_eq!(reopened.integrity_check().unwrap(), "ok");
    // What was there is one restore away.
    reopened.restore_backup(&done.saved.id).unwrap();
    assert_eq!(everything(&reopened), changed);
}

#[test]
fn a_restore_is_seen_by_another_connection_that_was_open_all_along() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut window) = seeded_db(dir.path());
    let held = export(&window);
    let snapshot = window.back_up(Reason::Manual).unwrap();
    window
        .create_roster(NewRoster::new("Later", System::D12))
        .unwrap();
    let mut command_line = Store::open(&path).unwrap();
    command_line.restore_backup(&snapshot.id).unwrap();
    assert_eq!(export(&window), held);
}

#[test]
fn emptying_the_trash_and_a_replace_import_each_leave_a_snapshot_of_what_was_there() {
    let dir = tempfile::tempdir().unwrap();
    let (_path, mut store) = seeded_db(dir.path());
    let reasons = |store: &Store| -> Vec<Reason> {
        store.backups().unwrap().iter().map(|s| s.reason).collect()
    };
    // Nothing in the trash: nothing to delete, no snapshot.
    store.empty_trash().unwrap();
    assert_eq!(reasons(&store), []);

    let doomed = store.rosters().unwrap()[0].clone();
    store.delete_roster(doomed.id).unwrap();
    let before = export(&store);
    store.empty_trash().unwrap();
    assert_eq!(reasons(&store), [Reason::Trash]);
    // The snapshot still has the roster (in its trash): restoring it brings it back.
    let trash_snapshot = store.backups().unwrap()[0].id.clone();
    store.restore_backup(&trash_snapshot).unwrap();
    assert_eq!(export(&store), before);
    store.undo_delete().unwrap();
    assert!(store.roster(doomed.id).is_ok());

    // A replace import the file refuses changes nothing, not even the backups folder.
    let count = store.backups().unwrap().len();
    let bad = Import::from_bytes(
        br#"{"format": "rollbook-roster", "version": 1, "rosters": [{"name": ""}]}"#,
    );
    if let Ok(bad) = bad {
        assert!(store
            .apply_import(&bad, ImportMode::Replace, |_, _| {})
            .is_err());
    }
    assert_eq!(store.backups().unwrap().len(), count);

    let before = export(&store);
    store
        .import_file(fixture("d12.json"), ImportMode::Replace, |_, _| {})
        .unwrap();
    let newest = store.backups().unwrap()[0].clone();
    assert_eq!(newest.reason, Reason::Import);
    store.restore_backup(&newest.id).unwrap();
    assert_eq!(export(&store), before);
}

#[test]
fn a_database_in_memory_takes_no_snapshot_and_says_so_when_asked() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Gone", System::D12))
        .unwrap();
    store.delete_roster(roster.id).unwrap();
    store.empty_trash().unwrap();
    assert_eq!(store.backups().unwrap(), []);
    let err = store.back_up(Reason::Manual).unwrap_err();
    assert_eq!(err.code(), "no_database_file", "{err}");
}

/// Restoring `id` is refused with `code` and changes neither the database nor the snapshots.
fn assert_refused_unchanged(store: &mut Store, path: &Path, id: &str, code: &str) -> String {
    let before = (db_hashes(path), export(store), store.backups().unwrap());
    let err = store.restore_backup(id).unwrap_err();
    assert_eq!(err.code(), code, "{err}");
    assert_eq!(
        (db_hashes(path), export(store), store.backups().unwrap()),
        before,
        "the refused restore of {id} changed something"
    );
    err.to_string()
}

#[test]
fn a_damaged_foreign_newer_or_unknown_snapshot_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let good = store.back_up(Reason::Manual).unwrap();
    // Close the store's WAL into the file, so that the file's hash says everything.
    store
        .create_roster(NewRoster::new("Now", System::Genre))
        .unwrap();
    let backups = dir.path().join("backups");

    // Damaged: a stretch of pages overwritten in the middle.
    let damaged = backups.join("20260101T000000Z-manual.sqlite3");
    let mut bytes = std::fs::read(&good.path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 8192].fill(0x5a);
    std::fs::write(&damaged, bytes).unwrap();
    let message = assert_refused_unchanged(
        &mut store,
        &path,
        "20260101T000000Z-manual",
        "backup_damaged",
    );
    assert!(
        message.starts_with("snapshot 20260101T000000Z-manual cannot be restored:"),
        "{message}"
    );
    assert!(
        message.ends_with("Nothing was changed; pick another snapshot"),
        "{message}"
    );

    // Not SQLite at all.
    std::fs::write(backups.join("20260102T000000Z-manual.sqlite3"), [7u8; 4096]).unwrap();
    let message = assert_refused_unchanged(
        &mut store,
        &path,
        "20260102T000000Z-manual",
        "backup_damaged",
    );
    assert!(message.contains("not an SQLite database"), "{message}");

    // Another program's SQLite file.
    let foreign = Connection::open(backups.join("20260103T000000Z-manual.sqlite3")).unwrap();
    foreign
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    drop(foreign);
    let message = assert_refused_unchanged(
        &mut store,
        &path,
        "20260103T000000Z-manual",
        "backup_damaged",
    );
    assert!(message.contains("not a Rollbook database"), "{message}");

    // Written by a newer Rollbook.
    let newer = backups.join("20260104T000000Z-manual.sqlite3");
    std::fs::copy(&good.path, &newer).unwrap();
    Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let message =
        assert_refused_unchanged(&mut store, &path, "20260104T000000Z-manual", "backup_newer");
    assert!(message.contains("database version 99"), "{message}");

    assert_refused_unchanged(
        &mut store,
        &path,
        "20991231T000000Z-manual",
        "backup_not_found",
    );
    // The good one still restores.
    store.restore_backup(&good.id).unwrap();
}

#[test]
fn an_older_snapshot_is_upgraded_on_the_way_in() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    // A version-1 database, as the first release wrote it.
    version_1_db(&path);
    let mut store = Store::open(&path).unwrap();
    // The copy the upgrade kept is listed as a snapshot, reason upgrade.
    let upgrade = store.backups().unwrap();
    assert_eq!(upgrade.len(), 1);
    assert_eq!(upgrade[0].reason, Reason::Upgrade);
    assert!(upgrade[0].id.contains("-upgrade-v1"), "{}", upgrade[0].id);
    store
        .create_roster(NewRoster::new("Newer", System::Stunt))
        .unwrap();
    store.restore_backup(&upgrade[0].id).unwrap();
    let names = |path: &Path| -> Vec<String> {
        let conn = Connection::open(path).unwrap();
        let mut stmt = conn
            .prepare("SELECT name FROM rosters ORDER BY name")
            .unwrap();
        let names = stmt.query_map([], |r| r.get(0)).unwrap();
        names.map(|n| n.unwrap()).collect()
    };
    assert_eq!(names(&path), ["Old Friends"]);
    assert_eq!(store.integrity_check().unwrap(), "ok");
    // Upgraded: the newer tables are there and work.
    store
        .create_roster(NewRoster::new("After", System::Genre))
        .unwrap();
    assert!(store.roll_log(&Default::default()).unwrap().is_empty());
    drop(store);
    assert_eq!(Store::open(&path).unwrap().opened().migrated_from, None);
    assert_eq!(names(&path), ["After", "Old Friends"]);
}

#[test]
fn a_damaged_database_is_refused_and_offered_its_newest_sound_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let (path, store) = seeded_db(dir.path());
    store.back_up(Reason::Manual).unwrap();
    let newest = store.back_up(Reason::Manual).unwrap();
    drop(store);
    // A damaged snapshot taken later is not offered.
    std::fs::write(
        dir.path().join("backups/29990101T000000Z-manual.sqlite3"),
        [1u8; 8192],
    )
    .unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[4096..n].fill(0x33);
    std::fs::write(&path, bytes).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert_eq!(err.code(), "corrupt_database", "{err}");
    assert!(
        err.to_string().ends_with(&format!(
            "Its newest sound snapshot is {}: `rollbook backup restore {}` puts it in place (the damaged file is kept in the backups folder)",
            newest.path.display(),
            newest.id
        )),
        "{err}"
    );
    // Following the advice works; the damaged file is kept, byte for byte.
    let damaged = std::fs::read(&path).unwrap();
    let done = Store::restore_damaged(&path, &newest.id).unwrap();
    assert_eq!(done.restored.id, newest.id);
    assert_eq!(done.saved.reason, Reason::Damaged);
    assert_eq!(std::fs::read(&done.saved.path).unwrap(), damaged);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
    assert_eq!(
        export(&store),
        export(&Store::open_read_only(&newest.path).unwrap())
    );
    // A database that is not damaged is not replaced.
    drop(store);
    let before = db_hashes(&path);
    let err = Store::restore_damaged(&path, &newest.id).unwrap_err();
    assert_eq!(err.code(), "not_damaged", "{err}");
    assert_eq!(db_hashes(&path), before);
}

#[test]
fn the_policy_is_kept_in_the_database_and_a_policy_keeping_nothing_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    assert_eq!(store.backup_policy().unwrap(), Policy::default());
    let mine = Policy {
        keep_last: 3,
        days: 0,
        months: 0,
    };
    assert_eq!(store.set_backup_policy(mine).unwrap(), mine);
    for bad in [
        Policy {
            keep_last: 0,
            ..mine
        },
        Policy { days: 5000, ..mine },
    ] {
        let err = store.set_backup_policy(bad).unwrap_err();
        assert_eq!(err.code(), "invalid_backup_policy", "{err}");
    }
    drop(store);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.backup_policy().unwrap(), mine);
    // Rotation follows it: five snapshots, three kept, the newest.
    let taken: Vec<String> = (0..5)
        .map(|_| store.back_up(Reason::Manual).unwrap().id)
        .collect();
    let kept: Vec<String> = store.backups().unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(
        kept,
        taken.iter().rev().take(3).cloned().collect::<Vec<_>>()
    );
    // The window's preferences do not touch it.
    let mut store = store;
    store.save_settings(&Default::default()).unwrap();
    assert_eq!(store.backup_policy().unwrap(), mine);
}

#[test]
fn a_daily_snapshot_is_taken_once_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let (_path, store) = seeded_db(dir.path());
    let first = store.back_up_if_due().unwrap().expect("none yet: due");
    assert_eq!(first.reason, Reason::Daily);
    assert_eq!(store.back_up_if_due().unwrap(), None);
    // Make the newest a day and a minute old.
    let old = dir.path().join("backups/20200101T000000Z-daily.sqlite3");
    std::fs::rename(&first.path, &old).unwrap();
    let second = store.back_up_if_due().unwrap().expect("a day old: due");
    assert_eq!(second.reason, Reason::Daily);
}

/// Characters in the database (from a snapshot file read directly).
fn characters_in(path: &Path) -> i64 {
    let conn = Connection::open(path).unwrap();
    let verdict: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(verdict, "ok", "{}", path.display());
    conn.query_row("SELECT count(*) FROM characters", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn snapshots_taken_while_another_process_imports_in_a_loop_are_sound() {
    let exe = common::example("import_file");
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    store
        .set_backup_policy(Policy {
            keep_last: 1000,
            days: 0,
            months: 0,
        })
        .unwrap();
    let base = characters_in(&path);
    let per_import = Import::from_path(fixture("all-systems.json"))
        .unwrap()
        .rosters
        .iter()
        .map(|r| r.character_ids.len() as i64)
        .sum::<i64>();
    // The writer imports the file as a copy, again and again (every commit adds `per_import`),
    // each time in a new process, until told to stop or an import fails.
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (stop, path) = (stop.clone(), path.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let imported = common::wine::output(
                    Command::new(&exe)
                        .arg(&path)
                        .arg(fixture("all-systems.json"))
                        .arg("copy"),
                )
                .unwrap();
                if !imported.status.success() {
                    break;
                }
            }
        })
    };
    // Snapshots until the writer has been caught in three different states (whatever the
    // machine's speed), at least 20 and for at least 6 s; a writer that never commits fails.
    let started = Instant::now();
    let mut counts = Vec::new();
    let mut distinct = std::collections::BTreeSet::new();
    while started.elapsed() < Duration::from_secs(6) || counts.len() < 20 || distinct.len() < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "in 180 s of snapshots the writer was seen in only {} states: {distinct:?}",
            distinct.len()
        );
        let snapshot = store.back_up(Reason::Manual).unwrap();
        let count = characters_in(&snapshot.path);
        assert_eq!(
            (count - base) % per_import,
            0,
            "snapshot {} holds part of an import ({count} characters)",
            snapshot.id
        );
        counts.push(count);
        distinct.insert(count);
        if counts.len() >= 200 && distinct.len() >= 3 {
            break;
        }
    }
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    println!(
        "{} snapshots while importing, {} different states",
        counts.len(),
        distinct.len()
    );
}

/// A roster file of one d12 roster with `n` characters.
fn big_roster(n: usize) -> Vec<u8> {
    let characters: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            serde_json::json!({
                "name": format!("Trooper {i:04}"),
                "player": format!("Player {}", i % 37),
                "tags": ["army", format!("squad-{}", i % 50)],
                "notes": "Stands in line. ".repeat(i % 7),
                "sheet": {"abilities": [{"name": "Guns", "ranks": i % 5}],
                          "health": {"current": 12, "max": 12}, "equipment": ["Laser Rifle"]}
            })
        })
        .collect();
    serde_json::to_vec(&serde_json::json!({
        "format": "rollbook-roster", "version": 1,
        "rosters": [{"name": "The Grand Army", "system": "d12", "characters": characters}]
    }))
    .unwrap()
}

#[test]
fn sigkill_during_a_restore_leaves_the_old_database_or_the_snapshot_whole() {
    const RUNS: usize = 24;
    let exe = common::example("backup_restore");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    let mut store = Store::open(&path).unwrap();
    store
        .set_backup_policy(Policy {
            keep_last: 1000,
            days: 0,
            months: 0,
        })
        .unwrap();
    // State A: a big roster (the copy takes long enough for kills to land in it); state B:
    // something else entirely.
    let army = big_roster(4_000);
    store
        .apply_import(
            &Import::from_bytes(&army).unwrap(),
            ImportMode::Copy,
            |_, _| {},
        )
        .unwrap();
    store
        .import_file(fixture("all-systems.json"), ImportMode::Merge, |_, _| {})
        .unwrap();
    let a = export(&store);
    let snap_a = store.back_up(Reason::Manual).unwrap();
    let grand_army = store.find_roster("The Grand Army").unwrap();
    store.delete_roster(grand_army.id).unwrap();
    store.empty_trash().unwrap();
    store
        .create_roster(NewRoster::new("Only in B", System::Universe))
        .unwrap();
    let b = export(&store);
    let snap_b = store.back_up(Reason::Manual).unwrap();
    drop(store);
    let run = |id: &str| {
        common::wine::spawn(
            Command::new(&exe)
                .arg(&path)
                .arg(id)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .unwrap()
    };
    // One restore to the end, timed: kills land anywhere from the start to a little past it.
    // (A kill below may land before the program runs, as may a start Wine fails: the database is
    // the old one either way.)
    let started = Instant::now();
    let out =
        common::wine::until_ran("backup_restore", || run(&snap_a.id).wait_with_output()).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let full = started.elapsed();
    let mut state_is_a = true;
    assert_eq!(export(&Store::open(&path).unwrap()), a);

    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("a whole restore takes {full:?}; kill seed {seed}");
    // At least RUNS kills, and on until one has landed before a restore finished (a machine
    // slower than the timed run would otherwise see every kill land after it), up to MAX_RUNS.
    const MAX_RUNS: usize = 200;
    let (mut old, mut new) = (0, 0);
    let mut round = 0;
    while round < RUNS || old == 0 {
        assert!(
            round < MAX_RUNS,
            "after {round} kills none landed before the restore finished (kill seed {seed})"
        );
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let fraction = (seed % 1000) as f64 / 1000.0;
        let (target, target_text, other_text) = match state_is_a {
            true => (&snap_b.id, &b, &a),
            false => (&snap_a.id, &a, &b),
        };
        let mut child = run(target);
        let delay = full.mul_f64(fraction * 1.1);
        std::thread::sleep(delay);
        child.kill().ok();
        let finished = child.wait_with_output().unwrap();
        let reported = String::from_utf8_lossy(&finished.stdout).starts_with("restored");
        let store = Store::open(&path).expect("the database does not open after a kill");
        assert_eq!(store.integrity_check().unwrap(), "ok", "round {round}");
        let now = export(&store);
        drop(store);
        if &now == target_text {
            new += 1;
            state_is_a = !state_is_a;
        } else {
            assert!(
                &now == other_text,
                "round {round} (killed {delay:?} in): the database is neither the old one nor the snapshot"
            );
            assert!(!reported, "round {round}: reported restored, but it is not");
            old += 1;
        }
        round += 1;
    }
    println!("{round} kills: {old} left the old database, {new} the snapshot");
}

#[test]
fn the_backups_folder_is_protected_from_exports() {
    let dir = tempfile::tempdir().unwrap();
    let (_path, store) = seeded_db(dir.path());
    let snapshot = store.back_up(Reason::Manual).unwrap();
    let before = std::fs::read(&snapshot.path).unwrap();
    let (bytes, _) = store
        .export_file(&ExportSelection::All, rollbook_roster::FileFormat::Json)
        .map(|e| (e.bytes, e.rosters))
        .unwrap();
    for target in [
        snapshot.path.clone(),
        dir.path().join("backups/new-file.json"),
    ] {
        let err = rollbook_roster::files::write_whole(&target, &bytes, &store.protected_files())
            .unwrap_err();
        assert_eq!(
            err.code(),
            "output_is_database",
            "{}: {err}",
            target.display()
        );
    }
    assert_eq!(std::fs::read(&snapshot.path).unwrap(), before);
    assert!(!dir.path().join("backups/new-file.json").exists());
}

#[test]
fn the_overview_says_what_each_snapshot_holds_and_what_the_database_holds_now() {
    let dir = tempfile::tempdir().unwrap();
    let (_path, mut store) = seeded_db(dir.path());
    let before = store.backups_overview().unwrap().now;
    let doomed = store.rosters().unwrap()[0].clone();
    store.delete_roster(doomed.id).unwrap();
    store.empty_trash().unwrap();
    // A snapshot that is not a database at all is listed with its problem, not its counts.
    std::fs::write(
        dir.path()
            .join("backups/20200101T000000.000Z-manual.sqlite3"),
        [9u8; 4096],
    )
    .unwrap();
    let overview = store.backups_overview().unwrap();
    assert_eq!(overview.now.rosters, before.rosters - 1);
    assert_eq!(
        overview.now.characters,
        before.characters - doomed.character_count
    );
    assert_eq!(overview.now.in_trash, 0);
    assert_eq!(overview.snapshots.len(), 2);
    let trash = &overview.snapshots[0];
    assert_eq!(trash.snapshot.reason, Reason::Trash);
    let holds = trash.holds.unwrap();
    // The roster was in the trash when the snapshot was taken: there, not counted as live.
    assert_eq!((holds.rosters, holds.in_trash), (before.rosters - 1, 1));
    assert_eq!(holds.characters, overview.now.characters);
    let broken = &overview.snapshots[1];
    assert_eq!(broken.holds, None);
    assert!(
        broken
            .problem
            .as_deref()
            .unwrap()
            .contains("not an SQLite database"),
        "{:?}",
        broken.problem
    );
    assert_eq!(overview.policy, Policy::default());
}

/// A snapshot killed midway leaves its hidden partial file and the empty file that reserved its
/// name; the next snapshot sweeps up such leftovers once they are an hour old, and never touches
/// one that may still be being written.
#[test]
fn what_a_killed_snapshot_left_is_swept_up_by_a_later_one() {
    let dir = tempfile::tempdir().unwrap();
    let (_, store) = seeded_db(dir.path());
    store.back_up(Reason::Manual).unwrap();
    let folder = dir.path().join("backups");
    let hours_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 60 * 60);
    let leftover = |name: &str, old: bool| {
        let path = folder.join(name);
        let file = std::fs::File::create(&path).unwrap();
        if old {
            file.set_modified(hours_ago).unwrap();
        }
        path
    };
    let old_partial = leftover(".20200101T000000.000Z-manual.partial", true);
    let old_reserved = leftover("20200101T000000.000Z-manual.sqlite3", true);
    let fresh_partial = leftover(".20991231T000000.000Z-manual.partial", false);
    let listed = store.backups().unwrap().len();

    store.back_up(Reason::Manual).unwrap();

    assert!(
        !old_partial.exists(),
        "an hour-old partial file is a leftover"
    );
    assert!(
        !old_reserved.exists(),
        "an hour-old empty name is a leftover"
    );
    assert!(
        fresh_partial.exists(),
        "a fresh one may be another Rollbook's, being written"
    );
    assert_eq!(store.backups().unwrap().len(), listed + 1);
}
