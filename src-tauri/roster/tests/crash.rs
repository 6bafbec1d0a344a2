//! Crash safety: the `import_file` example is SIGKILLed at random points of a large import, many
//! times; after each kill the database opens, passes `PRAGMA integrity_check`, and holds either
//! the whole import or none of it.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use rollbook_roster::{NewCharacter, NewRoster, Store, System};
use uuid::Uuid;

const CHARACTERS: usize = 5_000;
const RUNS: usize = 20;

/// One d12 roster of `CHARACTERS` characters, with a fixed roster id.
fn big_file(path: &Path, roster_id: Uuid) {
    let characters: Vec<serde_json::Value> = (0..CHARACTERS)
        .map(|i| {
            serde_json::json!({
                "id": Uuid::new_v4(),
                "name": format!("Trooper {i:04}"),
                "player": format!("Player {}", i % 37),
                "kind": if i % 3 == 0 { "npc" } else { "pc" },
                "tags": ["army", format!("squad-{}", i % 50)],
                "notes": "Stands in line. ".repeat(i % 7),
                "sheet": {"abilities": [{"name": "Guns", "ranks": i % 5}, {"name": "Dodge", "ranks": 1, "defense": "dodge"},
                                        {"name": "Toughness", "ranks": 2, "defense": "toughness"}],
                          "health": {"current": 12, "max": 12}, "equipment": ["Laser Rifle"]}
            })
        })
        .collect();
    let file = serde_json::json!({
        "format": "rollbook-roster", "version": 1, "exported_at": "2026-11-22T19:30:00Z",
        "rosters": [{"id": roster_id, "name": "The Grand Army", "system": "d12", "notes": "", "house_rules": {},
                     "characters": characters}]
    });
    std::fs::write(path, serde_json::to_vec(&file).unwrap()).unwrap();
}

/// A small database that exists before the import (it must survive every kill too).
fn base_db(path: &Path) -> Uuid {
    let mut store = Store::open(path).unwrap();
    let roster = store
        .create_roster(NewRoster::new("Regulars", System::Genre))
        .unwrap();
    store
        .create_character(roster.id, NewCharacter::named("Ada"))
        .unwrap();
    roster.id
}

/// Opens the database after a kill and says how many of the imported characters are there.
fn imported_after_kill(db: &Path, regulars: Uuid, army: Uuid) -> i64 {
    let store = Store::open(db).expect("the database does not open after a kill");
    assert_eq!(store.integrity_check().unwrap(), "ok");
    assert_eq!(
        store.characters(regulars).unwrap().len(),
        1,
        "older data was hurt"
    );
    match store.roster(army) {
        Ok(roster) => roster.character_count,
        Err(e) => {
            assert_eq!(e.code(), "roster_not_found");
            0
        }
    }
}

#[test]
fn sigkill_in_the_middle_of_an_import_leaves_all_or_nothing() {
    let exe = common::example("import_file");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("army.json");
    let army = Uuid::new_v4();
    big_file(&file, army);
    let base = dir.path().join("base.sqlite3");
    let regulars = base_db(&base);

    // One run to the end: the import works; `full` is the whole run, `writing` the part from
    // the first progress line (the write transaction under way) to the exit.
    let db = dir.path().join("full.sqlite3");
    std::fs::copy(&base, &db).unwrap();
    let started = Instant::now();
    let mut child = spawn(&exe, &db, &file);
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    wait_for_writes(&mut lines);
    let writes_began = started.elapsed();
    assert!(child.wait().unwrap().success());
    let full = started.elapsed();
    let writing = full - writes_began;
    assert_eq!(imported_after_kill(&db, regulars, army), CHARACTERS as i64);

    // xorshift seeded from the clock; the seed is printed so a failure can be replayed.
    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("full import {full:?}, of which writing {writing:?}; kill seed {seed}");
    let (mut none, mut all, mut mid_write) = (0, 0, 0);
    for run in 0..RUNS {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let fraction = (seed % 1000) as f64 / 1000.0;
        let db = dir.path().join(format!("run-{run}.sqlite3"));
        std::fs::copy(&base, &db).unwrap();
        let mut child = spawn(&exe, &db, &file);
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        // Odd runs: anywhere from the start (open, read, parse, plan, write, commit).
        // Even runs: within the write transaction and its commit, where a kill hurts most.
        let when = if run % 2 == 1 {
            let delay = full.mul_f64(fraction * 1.05);
            std::thread::sleep(delay);
            format!("{delay:?} after the start")
        } else {
            wait_for_writes(&mut lines);
            let delay = writing.mul_f64(fraction * 1.1);
            std::thread::sleep(delay);
            format!("{delay:?} into the writes")
        };
        child.kill().ok(); // SIGKILL on Unix; an error means it had already finished
        child.wait().unwrap();
        let out: Vec<String> = lines.map_while(|l| l.ok()).collect();
        let finished = out.iter().any(|l| l.starts_with("imported:"));
        let count = imported_after_kill(&db, regulars, army);
        assert!(
            count == 0 || count == CHARACTERS as i64,
            "run {run} (killed {when}): {count} of {CHARACTERS} characters are there"
        );
        if finished {
            assert_eq!(
                count, CHARACTERS as i64,
                "run {run}: reported done, but not there"
            );
        }
        if run % 2 == 0 && !finished {
            mid_write += 1;
        }
        if count == 0 {
            none += 1
        } else {
            all += 1
        }
        println!("run {run}: killed {when}: {count} characters");
    }
    println!(
        "{RUNS} kills: {none} left nothing, {all} left everything; {mid_write} landed inside the write transaction"
    );
    // The point of the test is kills during the writes: make sure there were some.
    assert!(
        mid_write >= 3,
        "only {mid_write} kills landed during the writes"
    );
}

fn spawn(exe: &Path, db: &Path, file: &Path) -> std::process::Child {
    Command::new(exe)
        .arg(db)
        .arg(file)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Blocks until the child prints its first progress line (the writes have begun).
fn wait_for_writes(lines: &mut impl Iterator<Item = std::io::Result<String>>) {
    for line in lines.by_ref() {
        if line.unwrap().starts_with("progress 0/") {
            return;
        }
    }
    panic!("the import never started writing");
}
