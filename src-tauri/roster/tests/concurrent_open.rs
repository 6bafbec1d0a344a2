//! A busy database is not a damaged one: while another process imports into the file in a loop
//! (the `import_file` example, a new process each time, as `rollbook import` would be), this
//! process opens the same file over and over. Every open succeeds — never "damaged", never
//! "not a Rollbook database" — and at the end the file holds exactly what the writer said it
//! wrote.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rollbook_roster::{ImportMode, Store};
use rollbook_rules::MAX_ROSTERS;
use uuid::Uuid;

const OPENS: usize = 1_000;
/// Characters in the file the writer imports (as a copy: every import adds them all again).
const PER_IMPORT: usize = 20;
/// Characters already in the database, so that every look at it takes a while.
const BASE: usize = 500;

fn roster_file(path: &Path, characters: usize) {
    let characters: Vec<serde_json::Value> = (0..characters)
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
        "format": "rollbook-roster", "version": 1, "exported_at": "2026-11-25T19:30:00Z",
        "rosters": [{"id": Uuid::new_v4(), "name": "The Grand Army", "system": "d12", "notes": "",
                     "house_rules": {}, "characters": characters}]
    });
    std::fs::write(path, serde_json::to_vec(&file).unwrap()).unwrap();
}

fn characters_in(store: &Store) -> usize {
    store
        .rosters()
        .unwrap()
        .iter()
        .map(|r| r.character_count as usize)
        .sum()
}

/// What the writer process did, import after import.
#[derive(Default, Debug)]
struct Written {
    imports: usize,
    failures: Vec<String>,
    not_started: Vec<String>,
}

#[test]
fn opening_while_another_process_imports_never_reports_damage_or_loses_a_write() {
    let exe = common::example("import_file");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let base = dir.path().join("base.json");
    roster_file(&base, BASE);
    Store::open(&db)
        .unwrap()
        .import_file(&base, ImportMode::Copy, |_, _| {})
        .unwrap();
    let file = dir.path().join("more.json");
    roster_file(&file, PER_IMPORT);

    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (stop, db, file) = (stop.clone(), db.clone(), file.clone());
        std::thread::spawn(move || {
            let mut written = Written::default();
            // Each import adds a roster: on a slow machine the opens outlast the room Rollbook
            // keeps (the base roster and MAX_ROSTERS in all), and a refused import is no
            // concurrent write. The writer stops short of it.
            let room = MAX_ROSTERS - 1;
            while !stop.load(Ordering::Relaxed) && written.imports < room {
                let out = match common::wine::output(
                    Command::new(&exe).arg(&db).arg(&file).arg("copy"),
                ) {
                    // Wine on a loaded machine failed to start the program (common::wine), and
                    // again when tried again: no import was tried, so there is nothing to count;
                    // the opens go on, and too few imports still fail the test below.
                    Err(e) if common::wine::start_failed(&e) => {
                        written.not_started.push(e.to_string());
                        continue;
                    }
                    Ok(out) if common::wine::never_ran(out.status, &out.stdout, &out.stderr) => {
                        written.not_started.push(format!("{}", out.status));
                        continue;
                    }
                    Ok(out) => out,
                    Err(e) => panic!("the writer could not start: {e}"),
                };
                let stdout = String::from_utf8_lossy(&out.stdout);
                if out.status.success() && stdout.contains("imported:") {
                    written.imports += 1;
                } else {
                    written
                        .failures
                        .push(String::from_utf8_lossy(&out.stderr).trim().to_string());
                }
            }
            written
        })
    };

    let started = Instant::now();
    let mut refused: Vec<String> = Vec::new();
    let mut seen = Vec::with_capacity(OPENS);
    for _ in 0..OPENS {
        match Store::open(&db) {
            Ok(store) => seen.push(characters_in(&store)),
            Err(e) => refused.push(format!("{} ({})", e, e.code())),
        }
    }
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let written = writer.join().unwrap();

    let damaged = refused
        .iter()
        .filter(|r| r.contains("(corrupt_database)") || r.contains("(not_a_rollbook_database)"))
        .count();
    println!(
        "{OPENS} opens in {elapsed:.1?} while the writer finished {} imports ({} not started): {} refused ({damaged} as damaged or not Rollbook's)",
        written.imports,
        written.not_started.len(),
        refused.len()
    );
    assert!(
        refused.is_empty(),
        "{} of {OPENS} opens refused: {:#?}",
        refused.len(),
        refused
    );
    assert!(
        written.failures.is_empty(),
        "the writer failed {} times: {:#?}",
        written.failures.len(),
        written.failures
    );
    assert!(
        written.imports >= 10,
        "only {} imports ran during the opens: the test proved little",
        written.imports
    );
    // Every open saw whole imports only.
    for n in &seen {
        assert_eq!((n - BASE) % PER_IMPORT, 0, "an open saw {n} characters");
    }
    // Nothing the writer reported is missing; nothing else is there.
    let store = Store::open(&db).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
    assert_eq!(
        characters_in(&store),
        BASE + written.imports * PER_IMPORT,
        "the writer reported {} imports of {PER_IMPORT}",
        written.imports
    );
}
