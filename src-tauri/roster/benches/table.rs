//! Figures for encounters at the table: how long one table action takes through the store (the
//! action, its hooks, its way back for undo and its rolls written in one transaction), and how
//! much each action keeps in the action log: its history (the JSON Patch back to the state before
//! it, store/table_history.rs), the whole row (with the action and what it said, packed:
//! store/table_events.rs), and what the database file grows by (its pages in use, before and
//! after, rolls logged included).
//!
//! And whether an action costs the same on an encounter with a long log as on a new one (the
//! store writes an action without reading the log back).
//!
//! `cargo bench -p rollbook-roster --bench table` (release build). Without `--bench` (as
//! `cargo test --benches` runs it) it only checks itself on a few actions.

use std::path::Path;
use std::time::{Duration, Instant};

use rollbook_roster::{CharacterKind, NewCharacter, NewRoster, Store, System, TableAction};
use serde_json::json;
use uuid::Uuid;

/// A table of `pcs` stored characters and `npcs` quick NPCs in a new encounter.
fn table(store: &mut Store, system: System, pcs: usize, npcs: u32) -> Uuid {
    let roster = store
        .create_roster(NewRoster::new(format!("{system} table"), system))
        .unwrap()
        .id;
    let ids = (0..pcs)
        .map(|i| {
            let mut new = NewCharacter::named(format!("Hero {i}"));
            new.kind = CharacterKind::Pc;
            store.create_character(roster, new).unwrap().id
        })
        .collect();
    let encounter = store.create_encounter(roster, "Bench").unwrap().id;
    let join = [
        TableAction::AddCharacters { character_ids: ids },
        TableAction::AddNpcs {
            label: "Goon".into(),
            count: npcs,
            sheet: None,
        },
    ];
    store.play_all(encounter, &join, Some(1)).unwrap();
    encounter
}

fn system_move(value: serde_json::Value) -> TableAction {
    serde_json::from_value(json!({"action": "system", "move": value})).unwrap()
}

/// What `n` actions keep in the log, on average: the history (the patches back, and forth once
/// undone) and the whole row (with the action and what it said), in bytes as stored; and the
/// database's growth per action, in bytes of the pages in use.
#[derive(Debug, Clone, Copy)]
struct Kept {
    history: f64,
    row: f64,
    growth: f64,
}

/// The bytes of the database's pages in use (its pages less the free ones).
fn used_bytes(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    let pragma = |name: &str| -> i64 { conn.pragma_query_value(None, name, |r| r.get(0)).unwrap() };
    (pragma("page_count") - pragma("freelist_count")) * pragma("page_size")
}

/// Plays `action(i)` `n` times: the median time of one, and what each keeps in the action log.
fn measure(
    store: &mut Store,
    db: &Path,
    n: usize,
    mut action: impl FnMut(usize) -> TableAction,
    encounter: Uuid,
) -> (Duration, Kept) {
    let mut times = Vec::with_capacity(n);
    let used = used_bytes(db);
    for i in 0..n {
        let a = action(i);
        let start = Instant::now();
        store.play(encounter, &a, Some(i as u64)).unwrap();
        times.push(start.elapsed());
    }
    times.sort();
    (times[n / 2], kept(db, encounter, n, used))
}

/// The average bytes of the last `n` actions of an encounter, as stored, and the database's
/// growth per action since it used `used_before` bytes.
fn kept(db: &Path, encounter: Uuid, n: usize, used_before: i64) -> Kept {
    let conn = rusqlite::Connection::open(db).unwrap();
    let (history, row): (i64, i64) = conn
        .query_row(
            "SELECT sum(history), sum(history + length(action) + length(packed_events)
                                      + length(encounter_id) + 24) FROM (
                 SELECT length(coalesce(back, '')) + length(coalesce(forth, '')) AS history,
                        action, packed_events, encounter_id
                 FROM table_actions WHERE encounter_id = ?1 ORDER BY id DESC LIMIT ?2)",
            rusqlite::params![encounter.to_string(), n as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    Kept {
        history: history as f64 / n as f64,
        row: row as f64 / n as f64,
        growth: (used_bytes(db) - used_before) as f64 / n as f64,
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing: run a quick check.
    let full = std::env::args().any(|a| a == "--bench");
    // 20 at the table: a big fight. (54 cards cannot deal 40 combatants once PCs hold fate.)
    let (participants, rounds) = if full { (20, 200) } else { (4, 3) };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.sqlite3");
    let mut store = Store::open(&path).unwrap();

    let universe = table(
        &mut store,
        System::Universe,
        participants / 2,
        (participants / 2) as u32,
    );
    store
        .play(
            universe,
            &system_move(json!({"system": "universe", "move": "deal"})),
            Some(0),
        )
        .unwrap();
    let (deal, deal_kept) = measure(
        &mut store,
        &path,
        rounds,
        |_| TableAction::NextRound,
        universe,
    );
    println!(
        "universe, {participants} participants: a new round (deal {participants} cards, order by card, fate) {deal:.2?}; each action keeps {:.2} KiB of history ({:.2} KiB with the rest of its row); the database grows {:.2} KiB an action",
        deal_kept.history / 1024.0,
        deal_kept.row / 1024.0,
        deal_kept.growth / 1024.0
    );

    let genre = table(
        &mut store,
        System::Genre,
        participants / 2,
        (participants / 2) as u32,
    );
    let rex = store.encounter(genre).unwrap().state.order[0].id;
    let request = json!({"system": "genre", "roll": "action", "dice": 4, "difficulty": 3});
    let (act, act_kept) = measure(
        &mut store,
        &path,
        rounds,
        |_| {
            system_move(
                json!({"system": "genre", "move": "act", "participant_id": rex,
                               "request": request}),
            )
        },
        genre,
    );
    println!(
        "genre, {participants} participants: an action roll (modifiers, roll, logged) {act:.2?}; each action keeps {:.2} KiB of history ({:.2} KiB with the rest of its row); the database grows {:.2} KiB an action (its roll logged too)",
        act_kept.history / 1024.0,
        act_kept.row / 1024.0,
        act_kept.growth / 1024.0
    );

    let used = used_bytes(&path);
    let start = Instant::now();
    for _ in 0..rounds {
        store.undo_table_action(universe).unwrap();
    }
    let undo = start.elapsed() / rounds as u32;
    let undone = kept(&path, universe, rounds, used);
    println!(
        "undo of a universe round: {undo:.2?}; an undone round keeps {:.2} KiB of history (the patch forth too); the database grows {:.2} KiB an undo",
        undone.history / 1024.0,
        undone.growth / 1024.0
    );
    let log = store.table_actions(universe).unwrap().len();
    assert_eq!(log, rounds + 3, "every action is logged, undone ones kept");

    long_log(
        &mut store,
        participants,
        if full { 10_000 } else { 50 },
        rounds,
    );
}

/// One action (the next turn) on a new genre encounter and on one with `length` actions in its
/// log, the median of `n` each: flat when the store writes an action in O(1) of the log.
fn long_log(store: &mut Store, participants: usize, length: usize, n: usize) {
    let half = participants / 2;
    let fresh = table(store, System::Genre, half, half as u32);
    let long = table(store, System::Genre, half, half as u32);
    let turns = vec![TableAction::NextTurn; 500];
    let mut logged = store.table_actions(long).unwrap().len();
    while logged < length {
        let more = (length - logged).min(turns.len());
        store.play_all(long, &turns[..more], Some(0)).unwrap();
        logged += more;
    }
    assert_eq!(store.table_actions(long).unwrap().len(), length);
    let median = |store: &mut Store, encounter: Uuid| {
        let mut times: Vec<Duration> = (0..n)
            .map(|i| {
                let start = Instant::now();
                store
                    .play(encounter, &TableAction::NextTurn, Some(i as u64))
                    .unwrap();
                start.elapsed()
            })
            .collect();
        times.sort();
        times[n / 2]
    };
    let on_new = median(store, fresh);
    let on_long = median(store, long);
    println!(
        "genre, {participants} participants: the next turn on a new encounter {on_new:.2?}, on one with {length} actions in its log {on_long:.2?}"
    );
}
