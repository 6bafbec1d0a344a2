//! Figures for 10,000 characters: import time, list and search times, database size, and a
//! snapshot (`backups/`) of that database: how long taking one and restoring one take, its size.
//! Goals (issue 3): import under 2 s, search under 50 ms.
//!
//! `cargo bench -p rollbook-roster --bench roster` (release build). Without `--bench` (as
//! `cargo test --benches` runs it) it only checks itself on 200 characters.

use std::time::{Duration, Instant};

use rollbook_roster::backups::Reason;
use rollbook_roster::{ExportSelection, Import, ImportMode, Store};
use serde_json::{json, Value};

const ROSTERS: usize = 10;

const FIRST: [&str; 12] = [
    "Ada", "Brick", "Cass", "Dorian", "Esme", "Finn", "Greta", "Hugo", "Ines", "Juno", "Kaan",
    "Lena",
];
const LAST: [&str; 10] = [
    "Vale", "Moreau", "Park", "Okafor", "Quick", "Ferrous", "Ashby", "Kell", "Sable", "Stone",
];
const PLAYERS: [&str; 8] = ["Sam", "Priya", "Tom", "Mei", "Jordan", "Alex", "Rui", "Kim"];

fn sheet(system: &str, i: usize) -> Value {
    match system {
        "stunt" => json!({"basestats": {"ATT": "Good", "POWER": "Mutant", "LUCK": "Average"},
                          "abilities": [{"name": "Locksmith", "level": "Skilled"}, {"name": "Running", "level": "Talented"}],
                          "htk": {"current": 20 + i % 10, "max": 30}}),
        "genre" => {
            json!({"level": 1 + i % 5, "attributes": {"Strength": i % 11, "Agility": 2, "Stamina": 3, "Intellect": 2, "Presence": 2},
                          "powers": [{"name": "Flight", "level": 3}], "skills": [{"name": "Acrobatics", "modifier": 4}], "glory": 2,
                          "trackers": {"grunt_penalties": [], "grunts_since_rest": 0, "nuts_used": 0, "nut_rounds_left": 0}})
        }
        "universe" => {
            json!({"skills": [{"name": "Stealth", "level": 1}, {"name": "Athletics", "level": 2}], "combat_skill": 1,
                             "attack_bonus": 1, "ac": 13, "saves": {"physical": 15, "mental": 15, "luck": 15},
                             "hp": {"current": 10, "max": 10}, "sanity": {"current": 10, "max": 10}, "lucky": i % 2 == 0, "fate": ["QH"]})
        }
        "marks" => {
            json!({"attributes": {"Agility": 1 + i % 6, "Cunning": 2, "Intelligence": 3, "Fortitude": 3, "Domination": 2},
                          "super_attributes": {"Agility": 3}, "skills": [{"name": "Intimidation", "rank": 3, "super": false}],
                          "styles": [{"name": "Brawling", "rank": 2}], "superpowers": [{"name": "Flight", "rank": 2}]})
        }
        _ => {
            json!({"abilities": [{"name": "Guns", "ranks": i % 5}, {"name": "Dodge", "ranks": 1, "defense": "dodge"},
                                  {"name": "Mind", "ranks": 0, "defense": "mind"}, {"name": "Toughness", "ranks": 2, "defense": "toughness"},
                                  {"name": "Will Power", "ranks": 1, "defense": "will_power"}],
                    "health": {"current": 12, "max": 12}, "effects": [], "conditions": [], "equipment": ["Body Armor", "Laser Pistol"]})
        }
    }
}

fn big_file(per_roster: usize) -> Vec<u8> {
    let systems = ["stunt", "genre", "universe", "marks", "d12"];
    let rosters: Vec<Value> = (0..ROSTERS)
        .map(|r| {
            let system = systems[r % systems.len()];
            let characters: Vec<Value> = (0..per_roster)
                .map(|c| {
                    let i = r * per_roster + c;
                    json!({
                        "id": uuid::Uuid::new_v4(),
                        "name": format!("{} {} {i:05}", FIRST[i % FIRST.len()], LAST[(i / 12) % LAST.len()]),
                        "player": if i % 4 == 0 { String::new() } else { PLAYERS[i % PLAYERS.len()].to_string() },
                        "kind": if i % 4 == 0 { "npc" } else { "pc" },
                        "tags": [format!("squad-{}", i % 40), if i % 4 == 0 { "villain" } else { "party" }],
                        "notes": "A few lines of notes about this character, as a GM would keep. ".repeat(1 + i % 3),
                        "sheet": sheet(system, i),
                    })
                })
                .collect();
            json!({"id": uuid::Uuid::new_v4(), "name": format!("Campaign {r}"), "system": system,
                   "notes": "", "house_rules": {}, "characters": characters})
        })
        .collect();
    serde_json::to_vec(&json!({"format": "rollbook-roster", "version": 1,
                               "exported_at": "2026-11-22T19:30:00Z", "rosters": rosters}))
    .unwrap()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let value = f();
    (value, started.elapsed())
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing: run a quick check.
    let full = std::env::args().any(|a| a == "--bench");
    let per_roster = if full { 1_000 } else { 20 };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let bytes = big_file(per_roster);
    println!(
        "file: {} characters, {:.1} MiB",
        ROSTERS * per_roster,
        bytes.len() as f64 / 1048576.0
    );

    let mut store = Store::open(&db).unwrap();
    let (import, parse) = timed(|| Import::from_bytes(&bytes).unwrap());
    let (plan, preview) = timed(|| store.plan_import(&import, ImportMode::Merge).unwrap());
    assert_eq!(plan.character_counts.added, ROSTERS * per_roster);
    let (_, write) = timed(|| {
        store
            .apply_import(&import, ImportMode::Merge, |_, _| {})
            .unwrap()
    });
    println!("import: parse + validate {parse:.2?}, preview {preview:.2?}, write (one transaction) {write:.2?}; total {:.2?} (goal < 2 s)", parse + preview + write);

    let runs = if full { 20 } else { 2 };
    let rosters = store.rosters().unwrap();
    let list_rosters = median(
        (0..runs)
            .map(|_| timed(|| store.rosters().unwrap()).1)
            .collect(),
    );
    let list_one = median(
        (0..runs)
            .map(|_| timed(|| store.characters(rosters[4].id).unwrap()).1)
            .collect(),
    );
    // What the window's list reads: no sheets sent, but each read to name a damaged one.
    let list_summaries = median(
        (0..runs)
            .map(|_| timed(|| store.character_summaries(rosters[4].id).unwrap()).1)
            .collect(),
    );
    println!("list: {} rosters {list_rosters:.2?}; one roster of {per_roster} characters with sheets {list_one:.2?}, as the window's list (summaries, each sheet read, none sent) {list_summaries:.2?}", rosters.len());
    for query in [
        "greta okafor 04242",
        "kaan",
        "tag:squad-7",
        "player:priya party",
        "a",
        "nobody-has-this",
    ] {
        let (hits, _) = timed(|| store.search(query, 50).unwrap());
        let t = median(
            (0..runs)
                .map(|_| timed(|| store.search(query, 50).unwrap()).1)
                .collect(),
        );
        println!(
            "search {query:>22}: {t:>9.2?} ({} hits shown, limit 50) (goal < 50 ms)",
            hits.len()
        );
    }
    let (json_out, export_json) = timed(|| store.export(&ExportSelection::All).unwrap().to_json());
    let mut csv_out = Vec::new();
    let (_, export_csv) = timed(|| {
        store
            .export_characters_csv(&ExportSelection::All, &mut csv_out)
            .unwrap()
    });
    println!(
        "export: JSON {export_json:.2?} ({:.1} MiB), CSV {export_csv:.2?} ({:.1} MiB)",
        json_out.len() as f64 / 1048576.0,
        csv_out.len() as f64 / 1048576.0
    );
    drop(store); // checkpoints the WAL into the file
    let size = std::fs::metadata(&db).unwrap().len();
    println!(
        "database: {:.1} MiB for {} characters",
        size as f64 / 1048576.0,
        ROSTERS * per_roster
    );
    let (store, reopen) = timed(|| Store::open(&db).unwrap());
    println!("open (read-only checks + quick_check): {reopen:.2?}");

    let mut store = store;
    let snapshots: Vec<_> = (0..runs.min(5))
        .map(|_| timed(|| store.back_up(Reason::Manual).unwrap()))
        .collect();
    let size = snapshots[0].0.size;
    let take = median(snapshots.iter().map(|(_, t)| *t).collect());
    let id = snapshots[0].0.id.clone();
    let restore = median(
        (0..runs.min(5))
            .map(|_| timed(|| store.restore_backup(&id).unwrap()).1)
            .collect(),
    );
    println!(
        "snapshot: take (VACUUM INTO + integrity_check + read of every record + sync) {take:.2?}, {:.1} MiB; restore (snapshot of now + check + copy in) {restore:.2?}",
        size as f64 / 1048576.0
    );
}
