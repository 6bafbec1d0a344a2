//! `rollbook backup now|list|restore|prune|policy` as a user runs them: a restore brings back
//! the export as it was; an unknown id exits 2 and a damaged snapshot 1, both changing nothing;
//! emptying the trash and a replace import leave a snapshot; snapshots taken while another
//! `rollbook` imports in a loop are sound.

use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{fixture_str, without_exported_at, Sandbox};

fn export(sandbox: &Sandbox) -> String {
    without_exported_at(&sandbox.run(&["export", "--out", "-"]).ok().stdout)
}

fn ids(sandbox: &Sandbox) -> Vec<(String, String)> {
    let list = sandbox.run(&["--json", "backup", "list"]).ok().json();
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_string(),
                s["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn now_list_and_restore_bring_back_what_was_exported() {
    let sandbox = Sandbox::seeded();
    assert_eq!(
        sandbox.run(&["backup", "list"]).ok().stdout,
        "No snapshots yet; `rollbook backup now` takes one.\n"
    );
    let before = export(&sandbox);
    let taken = sandbox.run(&["backup", "now"]).ok().stdout;
    assert!(taken.starts_with("Snapshot "), "{taken}");
    assert!(taken.contains("-manual taken ("), "{taken}");

    let list = sandbox.run(&["--json", "backup", "list"]).ok().json();
    let first = &list[0];
    let mut keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort();
    assert_eq!(keys, ["at", "id", "reason", "size"]);
    assert_eq!(first["reason"], "manual");
    assert!(first["size"].as_u64().unwrap() > 4096);
    let id = first["id"].as_str().unwrap().to_string();
    let table = sandbox.run(&["backup", "list"]).ok().stdout;
    assert!(table.starts_with("ID "), "{table}");
    assert!(table.contains(&id), "{table}");

    sandbox
        .run(&["roster", "delete", "Friday Night Heroes"])
        .ok();
    sandbox
        .run(&["roster", "create", "Later", "--system", "genre"])
        .ok();
    let changed = export(&sandbox);
    assert_ne!(changed, before);

    let restored = sandbox.run(&["backup", "restore", &id]).ok().stdout;
    assert!(
        restored.starts_with(&format!("Restored snapshot {id} (taken ")),
        "{restored}"
    );
    assert_eq!(export(&sandbox), before);
    // What was there is the newest snapshot, reason restore, and restoring it undoes.
    let (saved, reason) = ids(&sandbox)[0].clone();
    assert_eq!(reason, "restore");
    assert!(
        restored.contains(&format!("`rollbook backup restore {saved}`")),
        "{restored}"
    );
    let json = sandbox
        .run(&["--json", "backup", "restore", &saved])
        .ok()
        .json();
    assert_eq!(json["restored"]["id"], saved.as_str());
    assert_eq!(export(&sandbox), changed);
}

#[test]
fn an_unknown_id_exits_2_and_a_damaged_snapshot_1_and_neither_changes_anything() {
    let sandbox = Sandbox::seeded();
    sandbox.run(&["backup", "now"]).ok();
    let (id, _) = ids(&sandbox)[0].clone();
    let before = (sandbox.db_bytes(), ids(&sandbox));

    let err = sandbox
        .run(&["backup", "restore", "20200101T000000.000Z-manual"])
        .fails(2);
    assert_eq!(
        err,
        "rollbook: no snapshot 20200101T000000.000Z-manual; `rollbook backup list` shows them (the id is the first column). Nothing was changed"
    );
    assert_eq!((sandbox.db_bytes(), ids(&sandbox)), before);

    // Damage the snapshot in the middle.
    let path = sandbox.path(&format!("backups/{id}.sqlite3"));
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0xee);
    std::fs::write(&path, bytes).unwrap();
    let err = sandbox.run(&["backup", "restore", &id]).fails(1);
    assert!(
        err.starts_with(&format!("rollbook: snapshot {id} cannot be restored: ")),
        "{err}"
    );
    assert_eq!((sandbox.db_bytes(), ids(&sandbox)), before);
    let json = sandbox.run(&["--json", "backup", "restore", &id]);
    assert_eq!(json.code, 1);
    let error: serde_json::Value = serde_json::from_str(&json.stderr).unwrap();
    assert_eq!(error["error"]["code"], "backup_damaged");
    assert_eq!((sandbox.db_bytes(), ids(&sandbox)), before);
}

#[test]
fn emptying_the_trash_and_a_replace_import_leave_a_snapshot() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&["roster", "delete", "Friday Night Heroes"])
        .ok();
    sandbox.run(&["trash", "empty", "--yes"]).ok();
    assert_eq!(ids(&sandbox)[0].1, "trash");
    sandbox
        .run(&["import", &fixture_str("d12.json"), "--mode", "replace"])
        .ok();
    let reasons: Vec<String> = ids(&sandbox).into_iter().map(|(_, r)| r).collect();
    assert_eq!(reasons, ["import", "trash"]);
    // A merge import deletes nothing: no snapshot.
    sandbox.run(&["import", &fixture_str("genre.json")]).ok();
    assert_eq!(ids(&sandbox).len(), 2);
}

#[test]
fn prune_follows_the_policy_and_a_policy_keeping_nothing_exits_2() {
    let sandbox = Sandbox::seeded();
    for _ in 0..4 {
        sandbox.run(&["backup", "now"]).ok();
    }
    assert_eq!(ids(&sandbox).len(), 4);
    let newest: Vec<String> = ids(&sandbox)
        .into_iter()
        .take(2)
        .map(|(id, _)| id)
        .collect();
    let err = sandbox
        .run(&["backup", "policy", "--keep-last", "0"])
        .fails(2);
    assert!(
        err.starts_with("rollbook: the backup policy was not saved: keep_last is 0"),
        "{err}"
    );
    let policy = sandbox
        .run(&[
            "backup",
            "policy",
            "--keep-last",
            "2",
            "--days",
            "0",
            "--months",
            "0",
        ])
        .ok()
        .stdout;
    assert_eq!(
        policy,
        "Rotation keeps the newest 2 snapshots, the newest of each of the last 0 days and of each of the last 0 months.\n"
    );
    let pruned = sandbox.run(&["--json", "backup", "prune"]).ok().json();
    assert_eq!(pruned.as_array().unwrap().len(), 2);
    let left: Vec<String> = ids(&sandbox).into_iter().map(|(id, _)| id).collect();
    assert_eq!(left, newest);
    assert_eq!(
        sandbox.run(&["backup", "prune"]).ok().stdout,
        "Nothing to prune: every snapshot is one the policy keeps.\n"
    );
}

#[test]
fn with_no_database_file_there_is_nothing_to_back_up() {
    let sandbox = Sandbox::new();
    let err = sandbox.run(&["backup", "now"]).fails(1);
    assert!(
        err.starts_with("rollbook: there is no database file to back up yet"),
        "{err}"
    );
    assert!(!sandbox.db.exists());
    assert_eq!(ids(&sandbox), []);
}

#[test]
fn snapshots_taken_while_another_rollbook_imports_in_a_loop_are_sound() {
    let sandbox = Sandbox::seeded();
    // Another Rollbook imports the file as a copy, again and again, until told to stop.
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        let db = sandbox.db.clone();
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let _ = common::wine::output(
                    std::process::Command::new(env!("CARGO_BIN_EXE_rollbook"))
                        .arg("--db")
                        .arg(&db)
                        .args(["import", &fixture_str("d12.json"), "--mode", "copy"]),
                );
            }
        })
    };
    let started = Instant::now();
    let mut counts = std::collections::BTreeSet::new();
    let mut taken = 0;
    // Until the writer has been caught in two states (whatever the machine's speed), at least
    // 10 snapshots and 5 s; a writer that never commits fails clearly.
    while started.elapsed() < Duration::from_secs(5) || taken < 10 || counts.len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "in 180 s of snapshots the writer was seen in only one state: {counts:?}"
        );
        let snapshot = sandbox.run(&["--json", "backup", "now"]).ok().json();
        let path = sandbox.path(&format!(
            "backups/{}.sqlite3",
            snapshot["id"].as_str().unwrap()
        ));
        let conn = rusqlite::Connection::open(&path).unwrap();
        let verdict: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(verdict, "ok", "{}", path.display());
        let rosters: i64 = conn
            .query_row("SELECT count(*) FROM rosters", [], |r| r.get(0))
            .unwrap();
        let characters: i64 = conn
            .query_row("SELECT count(*) FROM characters", [], |r| r.get(0))
            .unwrap();
        counts.insert((rosters, characters));
        taken += 1;
        if taken >= 60 && counts.len() >= 2 {
            break;
        }
    }
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    // Each copy import adds the file's rosters and characters together: a snapshot holds
    // whole imports only.
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture_str("d12.json")).unwrap()).unwrap();
    let file_rosters = file["rosters"].as_array().unwrap().len() as i64;
    let file_characters: i64 = file["rosters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["characters"].as_array().unwrap().len() as i64)
        .sum();
    let (r0, c0) = *counts.iter().next().unwrap();
    for &(r, c) in &counts {
        assert_eq!((r - r0) % file_rosters, 0, "part of an import: {r} rosters");
        assert_eq!(
            (r - r0) / file_rosters * file_characters,
            c - c0,
            "part of an import: {r} rosters, {c} characters"
        );
    }
    println!(
        "{taken} snapshots while importing, {} different states",
        counts.len()
    );
    assert!(
        counts.len() >= 2,
        "the writer wrote nothing meanwhile: {counts:?}"
    );
}

#[test]
fn a_damaged_database_is_refused_with_its_newest_sound_snapshot_which_restore_puts_in_place() {
    let sandbox = Sandbox::seeded();
    sandbox.run(&["backup", "now"]).ok();
    let held = export(&sandbox);
    let (id, _) = ids(&sandbox)[0].clone();
    // Damage every page but the first.
    let mut bytes = std::fs::read(&sandbox.db).unwrap();
    let n = bytes.len();
    bytes[4096..n].fill(0x42);
    std::fs::write(&sandbox.db, &bytes).unwrap();
    let err = sandbox.run(&["roster", "list"]).fails(1);
    assert!(
        err.starts_with("rollbook: ") && err.contains("is a damaged Rollbook database"),
        "{err}"
    );
    assert!(
        err.ends_with(&format!(
            "`rollbook backup restore {id}` puts it in place (the damaged file is kept in the backups folder)"
        )),
        "{err}"
    );
    // The snapshots can still be listed.
    assert_eq!(ids(&sandbox)[0].0, id);
    // An unknown id changes nothing, even here.
    sandbox
        .run(&["backup", "restore", "20200101T000000.000Z-manual"])
        .fails(2);
    assert_eq!(std::fs::read(&sandbox.db).unwrap(), bytes);

    let out = sandbox.run(&["backup", "restore", &id]).ok().stdout;
    assert!(
        out.starts_with(&format!("Restored snapshot {id} (taken ")),
        "{out}"
    );
    assert!(out.contains("The damaged file is kept as "), "{out}");
    assert_eq!(export(&sandbox), held);
    let kept: Vec<(String, String)> = ids(&sandbox);
    assert_eq!(kept[0].1, "damaged");
    let copy = sandbox.path(&format!("backups/{}.sqlite3", kept[0].0));
    assert_eq!(std::fs::read(copy).unwrap(), bytes);
}

#[test]
fn a_database_whose_header_is_damaged_keeps_its_backups_listable_and_restorable() {
    let sandbox = Sandbox::seeded();
    sandbox.run(&["backup", "now"]).ok();
    let held = export(&sandbox);
    let (id, _) = ids(&sandbox)[0].clone();
    // The first 16 bytes ("SQLite format 3\0") overwritten: SQLite no longer knows the file.
    let mut bytes = std::fs::read(&sandbox.db).unwrap();
    bytes[..16].fill(b'X');
    std::fs::write(&sandbox.db, &bytes).unwrap();
    // With Rollbook's snapshots beside it, it is a damaged Rollbook database, not a stranger's
    // file: the refusal names its newest sound snapshot.
    let err = sandbox.run(&["roster", "list"]).fails(1);
    assert!(err.contains("is a damaged Rollbook database"), "{err}");
    assert!(
        err.ends_with(&format!(
            "`rollbook backup restore {id}` puts it in place (the damaged file is kept in the backups folder)"
        )),
        "{err}"
    );
    assert_eq!(ids(&sandbox)[0].0, id, "the snapshots are listed");
    let out = sandbox.run(&["backup", "restore", &id]).ok().stdout;
    assert!(out.contains("The damaged file is kept as "), "{out}");
    assert_eq!(export(&sandbox), held);
    // Wholly overwritten, even Rollbook's mark in the header is gone: the file is not taken
    // for a Rollbook database, but the snapshots beside it are still listed and put in place
    // on request (the file it replaces is kept).
    let mut bytes = std::fs::read(&sandbox.db).unwrap();
    bytes[..100].fill(b'X');
    std::fs::write(&sandbox.db, &bytes).unwrap();
    let err = sandbox.run(&["roster", "list"]).fails(1);
    assert!(err.contains("is not a Rollbook database"), "{err}");
    assert!(
        ids(&sandbox).iter().any(|(listed, _)| *listed == id),
        "the snapshots are listed"
    );
    let out = sandbox.run(&["backup", "restore", &id]).ok().stdout;
    assert!(out.contains("The damaged file is kept as "), "{out}");
    assert_eq!(export(&sandbox), held);
}
