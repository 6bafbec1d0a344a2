//! Crash safety: the `import_file` example is SIGKILLed at random points of a large import, many
//! times; after each kill the database opens, passes `PRAGMA integrity_check`, and holds either
//! the whole import or none of it.
//!
//! What a kill lands in must not depend on the machine's speed: half the kills are timed (from
//! the start, anywhere), the other half are sent on a progress line the child printed from inside
//! its write transaction, and the test kills until `MID_WRITE` of those have landed before the
//! commit, however long that takes, up to `MAX_RUNS`.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use rollbook_roster::{NewCharacter, NewRoster, Store, System};
use uuid::Uuid;

const CHARACTERS: usize = 5_000;
/// Kills made at the least, half of them timed from the start.
const RUNS: usize = 20;
/// Kills that must land inside the write transaction (sent there, and before the commit).
const MID_WRITE: usize = 8;
/// Where the test gives up: a machine where this many kills never land inside the writes has
/// an import that no longer writes in steps, which is worth a clear failure.
const MAX_RUNS: usize = 200;

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

    // One run to the end: the import works, and says how many progress lines it prints.
    let db = dir.path().join("full.sqlite3");
    std::fs::copy(&base, &db).unwrap();
    let started = Instant::now();
    let out = common::wine::until_ran("import_file", || spawn(&exe, &db, &file).wait_with_output())
        .unwrap();
    assert!(out.status.success());
    let full = started.elapsed();
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let progress_lines = lines.iter().filter(|l| l.starts_with("progress ")).count();
    assert!(
        progress_lines >= 2,
        "the import printed no progress: {lines:?}"
    );
    assert_eq!(imported_after_kill(&db, regulars, army), CHARACTERS as i64);

    // xorshift seeded from the clock; the seed is printed so a failure can be replayed.
    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("full import {full:?}, {progress_lines} progress lines; kill seed {seed}");
    let (mut none, mut all, mut mid_write) = (0, 0, 0);
    let mut run = 0;
    let mut not_ran = 0;
    while run < RUNS || mid_write < MID_WRITE {
        assert!(
            run < MAX_RUNS,
            "after {run} kills only {mid_write} of the {MID_WRITE} needed landed inside the write \
             transaction (kill seed {seed})"
        );
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let db = dir.path().join(format!("run-{run}.sqlite3"));
        std::fs::copy(&base, &db).unwrap();
        let mut child = spawn(&exe, &db, &file);
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        // Odd runs: anywhere from the start (open, read, parse, plan, write, commit).
        // Even runs: on the n-th progress line, inside the write transaction, where a kill
        // hurts most; the child is between two writes then, whatever the machine's speed.
        let inside = run % 2 == 0;
        let when = if inside {
            let line = (seed % progress_lines as u64) as usize;
            if let Err(said) = wait_for_progress_line(&mut lines, line) {
                // Ended first: only a start Wine failed (common::wine) may, and is no run (its
                // stderr is not captured here: the harness shows it).
                let status = child.wait().unwrap();
                assert!(
                    said.is_empty() && common::wine::never_ran(status, b"", b"") && not_ran < 5,
                    "run {run}: the import ended ({status}) before progress line {line}: {said:?}"
                );
                common::wine::started_again("import_file", &status.to_string());
                not_ran += 1;
                continue;
            }
            format!("on progress line {line}")
        } else {
            let delay = full.mul_f64((seed % 1000) as f64 / 1000.0 * 1.05);
            std::thread::sleep(delay);
            format!("{delay:?} after the start")
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
        if inside && !finished {
            mid_write += 1;
        }
        if count == 0 {
            none += 1
        } else {
            all += 1
        }
        println!("run {run}: killed {when}: {count} characters");
        run += 1;
    }
    println!(
        "{run} kills: {none} left nothing, {all} left everything; {mid_write} landed inside the write transaction"
    );
}

fn spawn(exe: &Path, db: &Path, file: &Path) -> std::process::Child {
    common::wine::spawn(Command::new(exe).arg(db).arg(file).stdout(Stdio::piped())).unwrap()
}

/// Blocks until the child prints its `n`-th progress line (0: the writes have begun), or gives
/// what it printed when it ended first.
fn wait_for_progress_line(
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    n: usize,
) -> Result<(), Vec<String>> {
    let mut seen = 0;
    let mut said = Vec::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        if line.starts_with("progress ") {
            if seen == n {
                return Ok(());
            }
            seen += 1;
        }
        said.push(line);
    }
    Err(said)
}
