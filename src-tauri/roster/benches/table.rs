//! Figures for encounters at the table: how long one table action takes through the store (the
//! action, its hooks, the state before and after and its rolls written in one transaction), and
//! how much the database grows per action — each action keeps the whole state twice, so a big
//! table (a 54-card deck, many participants) costs the most.
//!
//! `cargo bench -p rollbook-roster --bench table` (release build). Without `--bench` (as
//! `cargo test --benches` runs it) it only checks itself on a few actions.

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
        },
    ];
    store.play_all(encounter, &join, Some(1)).unwrap();
    encounter
}

fn system_move(value: serde_json::Value) -> TableAction {
    serde_json::from_value(json!({"action": "system", "move": value})).unwrap()
}

/// Plays `action(i)` `n` times: the median time of one, and the bytes of state each keeps in
/// the action log (the state before and after, as stored).
fn measure(
    store: &mut Store,
    n: usize,
    mut action: impl FnMut(usize) -> TableAction,
    encounter: Uuid,
) -> (Duration, f64) {
    let mut times = Vec::with_capacity(n);
    for i in 0..n {
        let a = action(i);
        let start = Instant::now();
        store.play(encounter, &a, Some(i as u64)).unwrap();
        times.push(start.elapsed());
    }
    times.sort();
    let log = store.table_actions(encounter).unwrap();
    let kept: usize = log[log.len() - n..]
        .iter()
        .map(|e| {
            serde_json::to_string(&e.before).unwrap().len()
                + serde_json::to_string(&e.after).unwrap().len()
        })
        .sum();
    (times[n / 2], kept as f64 / n as f64)
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
    let (deal, deal_bytes) = measure(&mut store, rounds, |_| TableAction::NextRound, universe);
    println!(
        "universe, {participants} participants: a new round (deal {participants} cards, order by card, fate) {deal:.2?}; the action log keeps {:.1} KiB of state per action",
        deal_bytes / 1024.0
    );

    let genre = table(
        &mut store,
        System::Genre,
        participants / 2,
        (participants / 2) as u32,
    );
    let rex = store.encounter(genre).unwrap().state.order[0].id;
    let request = json!({"system": "genre", "roll": "action", "dice": 4, "difficulty": 3});
    let (act, act_bytes) = measure(
        &mut store,
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
        "genre, {participants} participants: an action roll (modifiers, roll, logged) {act:.2?}; the action log keeps {:.1} KiB of state per action",
        act_bytes / 1024.0
    );

    let start = Instant::now();
    for _ in 0..rounds {
        store.undo_table_action(universe).unwrap();
    }
    let undo = start.elapsed() / rounds as u32;
    println!("undo of a universe round: {undo:.2?}");
    let log = store.table_actions(universe).unwrap().len();
    assert_eq!(log, rounds + 3, "every action is logged, undone ones kept");
}
