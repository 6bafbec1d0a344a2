//! The players' view (docs/players-view.md) through the store: its JSON has the contract's shape;
//! whatever the GM plays — visibility, public and secret rolls and moves, turns, undo — in any of
//! the five systems, it never holds a hidden participant's name or id, a character's notes, a
//! player's name, a secret roll or a roll of an undone action; undoing set_visibility restores
//! the state; and every encounter of the fixture databases of earlier builds has a view.

use crate::common;

use std::collections::HashSet;
use std::path::PathBuf;

use common::table::{all_systems, fight_in};
use proptest::prelude::*;
use rollbook_roster::{
    HealthShown, LogOptions, PlayOptions, Store, System, TableAction, Visibility,
};
use serde_json::{json, Value};
use uuid::Uuid;

fn set_visibility(participant_id: Uuid, visibility: Visibility) -> TableAction {
    TableAction::SetVisibility {
        participant_id,
        visibility,
    }
}

fn hidden() -> Visibility {
    Visibility {
        hidden: true,
        ..Visibility::default()
    }
}

fn system_move(system: System, mv: Value) -> TableAction {
    let mut mv = mv;
    mv["system"] = json!(system.as_str());
    serde_json::from_value(json!({"action": "system", "move": mv})).unwrap()
}

fn roster_of(store: &Store, system: System) -> Uuid {
    store
        .rosters()
        .unwrap()
        .into_iter()
        .find(|r| r.system == system)
        .unwrap()
        .id
}

fn order(store: &Store, encounter: Uuid) -> Vec<Uuid> {
    let state = store.encounter(encounter).unwrap().state;
    state.order.iter().map(|p| p.id).collect()
}

#[test]
fn the_view_has_the_contract_s_shape() {
    let mut store = all_systems();
    let roster = roster_of(&store, System::Universe);
    let fight = fight_in(&mut store, roster);
    store
        .play(
            fight,
            &system_move(System::Universe, json!({"move": "deal"})),
            Some(3),
        )
        .unwrap();
    let state = store.encounter(fight).unwrap().state;
    let goon = state.order.iter().find(|p| p.name == "Goon 1").unwrap().id;
    store
        .play(
            fight,
            &set_visibility(
                goon,
                Visibility {
                    hidden: false,
                    alias: Some("Masked figure".into()),
                    health: Some(HealthShown::Words),
                },
            ),
            None,
        )
        .unwrap();
    let view: Value = serde_json::from_str(&store.players_view_json(fight).unwrap()).unwrap();
    let keys = |v: &Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    let mut top = keys(&view);
    top.sort();
    assert_eq!(
        top,
        [
            "encounter",
            "participants",
            "rolls",
            "round",
            "system",
            "table",
            "tasks",
            "turn"
        ]
    );
    assert_eq!(view["system"], "universe");
    assert_eq!(view["encounter"], "Fight");
    let mut turn = keys(&view["turn"]);
    turn.sort();
    assert_eq!(turn, ["current", "next"]);
    let first = &view["participants"][0];
    let mut fields = keys(first);
    fields.sort();
    assert_eq!(
        fields,
        ["current", "effects", "health", "id", "name", "next", "side", "stats"]
    );
    let pc = view["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Tobias Kell")
        .unwrap();
    assert_eq!(pc["side"], "pc");
    assert_eq!(pc["health"]["shown"], "numbers");
    assert_eq!(pc["health"]["label"], "hp");
    assert!(pc["health"]["value"].is_i64() && pc["health"]["max"].is_i64());
    assert!(pc["stats"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["label"] == "Card"));
    let masked = view["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == goon.to_string())
        .unwrap();
    assert_eq!(masked["name"], "Masked figure");
    assert_eq!(masked["side"], "npc");
    assert_eq!(
        masked["health"],
        json!({"shown": "words", "label": "hp", "value": null, "max": null, "word": "unhurt"})
    );
    assert!(view["table"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["label"] == "The GM's fate cards"));
    assert!(!view.to_string().contains("Goon 1"));
}

/// Game night II: the players' view announced a hidden participant's turn ("HIDDEN TURN ·
/// Waiting for the next turn"). Now the turn passing to a hidden participant changes nothing
/// the players receive, and the turn after it reads as the next shown one's.
#[test]
fn a_hidden_participants_turn_serves_the_view_of_the_turn_before() {
    let mut store = all_systems();
    let roster = roster_of(&store, System::D12);
    let fight = fight_in(&mut store, roster);
    let ids = order(&store, fight);
    assert!(ids.len() >= 3, "a fight of three at least");
    store
        .play(fight, &set_visibility(ids[1], hidden()), None)
        .unwrap();
    let before = store.players_view_json(fight).unwrap();
    store.play(fight, &TableAction::NextTurn, None).unwrap();
    assert_eq!(
        store.encounter(fight).unwrap().state.current,
        Some(ids[1]),
        "the hidden one has the turn"
    );
    let during = store.players_view_json(fight).unwrap();
    assert_eq!(during, before, "nothing new for the players");
    assert!(!during.contains(&ids[1].to_string()));
    store.play(fight, &TableAction::NextTurn, None).unwrap();
    let after = store.players_view(fight).unwrap();
    assert_eq!(after.turn.current, Some(ids[2]));
}

#[test]
fn undoing_set_visibility_restores_the_state_and_the_view() {
    let mut store = all_systems();
    let roster = roster_of(&store, System::D12);
    let fight = fight_in(&mut store, roster);
    let before = store.encounter(fight).unwrap().state;
    let view_before = store.players_view(fight).unwrap();
    let vex = order(&store, fight)[0];
    let played = store
        .play(fight, &set_visibility(vex, hidden()), None)
        .unwrap();
    assert_eq!(played.entry.summary, "Hid Vex from the players");
    let view = store.players_view_json(fight).unwrap();
    assert!(!view.contains("Vex") && !view.contains(&vex.to_string()));
    assert!(
        view.contains("\"turn\":{\"current\":null,\"next\":null}"),
        "Vex, first in round 1, has the turn: nobody has it yet for the players: {view}"
    );
    let undone = store.undo_table_action(fight).unwrap();
    assert_eq!(undone.state, before);
    assert_eq!(store.players_view(fight).unwrap(), view_before);
    assert!(store
        .table_history(fight)
        .unwrap()
        .last()
        .unwrap()
        .after
        .visibility
        .contains_key(&vex));
}

#[test]
fn an_encounter_in_the_trash_has_no_view() {
    let mut store = all_systems();
    let roster = roster_of(&store, System::Genre);
    let fight = fight_in(&mut store, roster);
    store.delete_encounter(fight).unwrap();
    let error = store.players_view(fight).unwrap_err();
    assert_eq!(error.code(), "in_trash", "{error}");
}

#[test]
fn every_encounter_of_the_fixture_databases_has_a_view() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/db");
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sqlite3"))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 3, "{fixtures:?}");
    for fixture in fixtures {
        let temp = tempfile::tempdir().unwrap();
        let path = temp.path().join("rollbook.sqlite3");
        std::fs::copy(&fixture, &path).unwrap();
        let schema: i64 = rusqlite::Connection::open(&path)
            .unwrap()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        let store = Store::open(&path).unwrap();
        let mut seen = 0;
        for roster in store.rosters().unwrap() {
            for encounter in store.encounters(roster.id).unwrap() {
                let view = store.players_view(encounter.id).unwrap_or_else(|e| {
                    panic!("{}: {}: {e}", fixture.display(), encounter.state.name)
                });
                assert_eq!(view.participants.len(), encounter.state.order.len());
                assert_eq!(view.system, roster.system);
                let json = store.players_view_json(encounter.id).unwrap();
                for c in store.characters(roster.id).unwrap() {
                    if !c.notes.is_empty() {
                        assert!(!json.contains(&c.notes), "{}", fixture.display());
                    }
                }
                seen += 1;
            }
        }
        assert_eq!(seen, 5, "{}", fixture.display());
        // Rolls logged before schema 7 are public and name no table action.
        if schema < 7 {
            let log = store.roll_log(&Default::default()).unwrap();
            assert!(log.iter().all(|e| !e.secret && e.table_action.is_none()));
        }
    }
}

#[test]
fn each_system_s_table_rolls_reach_the_view_by_the_shown_name_and_secret_ones_do_not() {
    for system in System::ALL {
        let mut store = all_systems();
        let roster = roster_of(&store, system);
        let fight = fight_in(&mut store, roster);
        let ids = order(&store, fight);
        let (first, goon) = (ids[0], *ids.last().unwrap());
        let alias = Visibility {
            alias: Some("Masked figure".into()),
            ..Visibility::default()
        };
        store
            .play(fight, &set_visibility(first, alias), None)
            .unwrap();
        store
            .play(
                fight,
                &system_move(system, setup_move(system, first, goon)),
                Some(1),
            )
            .unwrap();
        let public = store
            .play(
                fight,
                &system_move(system, rolling_move(system, first, 0)),
                Some(2),
            )
            .unwrap_or_else(|e| panic!("{system}: {e}"));
        assert!(!public.rolls.is_empty(), "{system}");
        let view = store.players_view(fight).unwrap();
        let newest = &view.rolls[0];
        assert_eq!(newest.id, public.rolls.last().unwrap().id, "{system}");
        if public.rolls.last().unwrap().participant_id == Some(first) {
            assert_eq!(newest.who.as_deref(), Some("Masked figure"), "{system}");
        }
        assert!(!newest.roll.is_empty() && !newest.outcome.is_empty());
        let again = if system == System::D12 { 1 } else { 0 };
        let secret = store
            .play(
                fight,
                &system_move(system, rolling_move(system, first, again)),
                PlayOptions {
                    seed: Some(3),
                    secret: true,
                    ..PlayOptions::default()
                },
            )
            .unwrap_or_else(|e| panic!("{system}: {e}"));
        let view = store.players_view(fight).unwrap();
        for roll in &secret.rolls {
            assert!(view.rolls.iter().all(|r| r.id != roll.id), "{system}");
        }
        assert_eq!(view.rolls[0].id, newest.id, "{system}");
        // Undone, the public move's rolls leave the view.
        store.undo_table_action(fight).unwrap();
        store.undo_table_action(fight).unwrap();
        let view = store.players_view(fight).unwrap();
        assert!(view.rolls.iter().all(|r| r.id != newest.id), "{system}");
    }
}

/// One thing the GM does, with indexes picked into the participants when played.
#[derive(Debug, Clone)]
enum Op {
    /// Hide, or show with an alias or not and a health setting.
    Visibility {
        who: prop::sample::Index,
        hidden: bool,
        alias: Option<usize>,
        health: Option<usize>,
    },
    /// A roll logged away from the table for a participant's character.
    Roll {
        who: prop::sample::Index,
        secret: bool,
    },
    /// A system move that sets something up (may roll).
    Setup {
        who: prop::sample::Index,
        secret: bool,
    },
    /// A system move that rolls.
    Move {
        who: prop::sample::Index,
        pick: usize,
        secret: bool,
    },
    NextTurn,
    Undo,
}

const ALIASES: [&str; 3] = ["Masked figure", "Hooded stranger", "The Shadow"];

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (any::<prop::sample::Index>(), any::<bool>(), prop::option::of(0..ALIASES.len()),
              prop::option::of(0..3usize))
            .prop_map(|(who, hidden, alias, health)| Op::Visibility { who, hidden, alias, health }),
        2 => (any::<prop::sample::Index>(), any::<bool>())
            .prop_map(|(who, secret)| Op::Roll { who, secret }),
        1 => (any::<prop::sample::Index>(), any::<bool>())
            .prop_map(|(who, secret)| Op::Setup { who, secret }),
        3 => (any::<prop::sample::Index>(), 0..4usize, any::<bool>())
            .prop_map(|(who, pick, secret)| Op::Move { who, pick, secret }),
        2 => Just(Op::NextTurn),
        1 => Just(Op::Undo),
    ]
}

fn quick_request(system: System) -> rollbook_rules::RollRequest {
    let json = match system {
        System::File(file) => panic!("written for the five, not {file:?}"),
        System::D12 => json!({"system": "d12", "roll": "straight", "ranks": 2, "difficulty": 12}),
        System::Marks => json!({"system": "marks", "roll": "pool", "attribute_dice": 3,
                                "skill_dice": 2}),
        System::Stunt => json!({"system": "stunt", "roll": "double_six"}),
        System::Genre => json!({"system": "genre", "roll": "action", "dice": 4, "difficulty": 2}),
        System::Universe => json!({"system": "universe", "roll": "skill", "skill": 3,
                                   "difficulty": 12}),
    };
    rollbook_rules::request_from_value(json).unwrap()
}

fn setup_move(system: System, p: Uuid, goon: Uuid) -> Value {
    match system {
        System::File(file) => panic!("written for the five, not {file:?}"),
        System::Stunt => json!({"move": "task_start", "participant_id": p,
            "label": "Pick the lock", "kind": "doubles_only", "needed": 2}),
        System::Marks => json!({"move": "task_start", "participant_id": p,
            "label": "Crack the vault", "pool": {"attribute_dice": 3, "skill_dice": 2},
            "needed": 5}),
        System::D12 => json!({"move": "attack_start", "attacker_id": goon, "defender_id": p,
            "kind": "physical", "ability": "Attack", "ranks": 3, "weapon": "Unarmed"}),
        System::Universe => json!({"move": "deal"}),
        System::Genre => json!({"move": "gain_glory", "participant_id": p, "points": 1}),
    }
}

fn rolling_move(system: System, p: Uuid, pick: usize) -> Value {
    match system {
        System::File(file) => panic!("written for the five, not {file:?}"),
        System::Stunt if pick % 2 == 0 => json!({"move": "minor_damage", "participant_id": p}),
        System::Stunt => json!({"move": "task_throw", "task_id": 1 + pick / 2}),
        System::Marks => json!({"move": "task_attempt", "task_id": 1 + pick}),
        System::D12 if pick % 2 == 0 => json!({"move": "attack_roll"}),
        System::D12 => json!({"move": "damage_roll"}),
        System::Universe => json!({"move": "save", "participant_id": p, "save": "physical"}),
        System::Genre => json!({"move": "act", "participant_id": p, "plan": {"grunt": 0},
            "request": {"system": "genre", "roll": "action", "dice": 4, "difficulty": 2}}),
    }
}

/// What the GM played that the players may not learn of.
#[derive(Default)]
struct Kept {
    secret_rolls: HashSet<i64>,
    /// Every play not undone, newest last, with its rolls.
    live: Vec<Vec<i64>>,
    undone_rolls: HashSet<i64>,
}

fn play_op(store: &mut Store, system: System, fight: Uuid, op: &Op, seed: u64, kept: &mut Kept) {
    let ids = order(store, fight);
    let pick =
        |who: &prop::sample::Index| -> Option<Uuid> { (!ids.is_empty()).then(|| *who.get(&ids)) };
    let goon = ids.last().copied().unwrap_or_else(Uuid::nil);
    let mut play = |store: &mut Store, action: TableAction, secret: bool| {
        let options = PlayOptions {
            seed: Some(seed),
            secret,
            ..PlayOptions::default()
        };
        if let Ok(played) = store.play(fight, &action, options) {
            let rolls: Vec<i64> = played.rolls.iter().map(|r| r.id).collect();
            if secret {
                kept.secret_rolls.extend(&rolls);
            }
            kept.live.push(rolls);
        }
    };
    match op {
        Op::Visibility {
            who,
            hidden,
            alias,
            health,
        } => {
            let Some(p) = pick(who) else { return };
            let visibility = Visibility {
                hidden: *hidden,
                alias: alias.map(|a| ALIASES[a].to_string()),
                health: health.map(|h| {
                    [
                        HealthShown::Numbers,
                        HealthShown::Words,
                        HealthShown::Hidden,
                    ][h]
                }),
            };
            play(store, set_visibility(p, visibility), false);
        }
        Op::Roll { who, secret } => {
            let Some(p) = pick(who) else { return };
            let state = store.encounter(fight).unwrap().state;
            let character = state.order.iter().find(|x| x.id == p).unwrap().character_id;
            let Some(place) = store.roll_place(None, character).unwrap() else {
                return;
            };
            let request = quick_request(system);
            let options = LogOptions { secret: *secret };
            let logged = store.roll_logged_with_options(&request, seed, Some(&place), options);
            let (_, entry) = logged.unwrap();
            if *secret {
                kept.secret_rolls.insert(entry.id);
            }
        }
        Op::Setup { who, secret } => {
            let Some(p) = pick(who) else { return };
            play(
                store,
                system_move(system, setup_move(system, p, goon)),
                *secret,
            );
        }
        Op::Move {
            who,
            pick: n,
            secret,
        } => {
            let Some(p) = pick(who) else { return };
            play(
                store,
                system_move(system, rolling_move(system, p, *n)),
                *secret,
            );
        }
        Op::NextTurn => play(store, TableAction::NextTurn, false),
        Op::Undo => {
            if store.undo_table_action(fight).is_ok() {
                if let Some(rolls) = kept.live.pop() {
                    kept.undone_rolls.extend(rolls);
                }
            }
        }
    }
}

/// The view holds nothing the players may not see.
fn check_view(store: &Store, roster: Uuid, fight: Uuid, kept: &Kept) -> Result<(), TestCaseError> {
    let json = store.players_view_json(fight).unwrap();
    let view = store.players_view(fight).unwrap();
    let state = store.encounter(fight).unwrap().state;
    for p in &state.order {
        let hidden = state.visibility_of(p.id).hidden;
        prop_assert_eq!(
            view.participants.iter().any(|x| x.id == p.id),
            !hidden,
            "{} hidden: {}",
            &p.name,
            hidden
        );
        if hidden {
            prop_assert!(!json.contains(&p.name), "{} is hidden: {}", p.name, json);
            prop_assert!(
                !json.contains(&p.id.to_string()),
                "{} is hidden: {}",
                p.name,
                json
            );
        }
    }
    for c in store.characters(roster).unwrap() {
        if !c.notes.is_empty() {
            prop_assert!(!json.contains(&c.notes), "notes of {}: {}", c.name, json);
        }
        if !c.player.is_empty() {
            prop_assert!(!json.contains(&c.player), "player of {}: {}", c.name, json);
        }
    }
    prop_assert!(view.rolls.len() <= 6);
    for roll in &view.rolls {
        prop_assert!(
            !kept.secret_rolls.contains(&roll.id),
            "secret roll {}",
            roll.id
        );
        prop_assert!(
            !kept.undone_rolls.contains(&roll.id),
            "undone roll {}",
            roll.id
        );
    }
    prop_assert!(view
        .rolls
        .windows(2)
        .all(|w| (w[0].at, w[0].id) > (w[1].at, w[1].id)));
    if let Some(current) = state.current {
        if state.visibility_of(current).hidden {
            prop_assert_ne!(view.turn.current, Some(current));
        } else {
            prop_assert_eq!(view.turn.current, Some(current));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_view_never_shows_what_the_gm_keeps(ops in prop::collection::vec(op(), 1..24)) {
        for system in System::ALL {
            let mut store = all_systems();
            let roster = roster_of(&store, system);
            let fight = fight_in(&mut store, roster);
            let mut kept = Kept::default();
            for (n, op) in ops.iter().enumerate() {
                play_op(&mut store, system, fight, op, 100 + n as u64, &mut kept);
                check_view(&store, roster, fight, &kept)?;
            }
        }
    }
}
