//! Every number of every table move has a range: random whole numbers (the extremes of i64
//! among them) in every numeric field of every system's moves never panic, a refusal names the
//! field or says what to change and writes nothing, and what is stored stays within its range.

use crate::common;

use common::table;
use proptest::prelude::*;
use rollbook_roster::table::SystemTable;
use rollbook_roster::{Encounter, Store, TableAction};
use rollbook_rules::table::genre_state::GLORY_MAX;
use serde_json::Value;
use uuid::Uuid;

/// Moves with `N` where a number goes, `P` / `Q` for two participants (a PC first).
const MOVES: &[(&str, &str)] = &[
    (
        "Neon Genre Nights",
        r#"{"move":"gain_glory","participant_id":"P","points":N}"#,
    ),
    (
        "Neon Genre Nights",
        r#"{"move":"spend_opposing_glory","participant_id":"P","points":N}"#,
    ),
    (
        "Neon Genre Nights",
        r#"{"move":"set_stats","participant_id":"Q","level":N,"stamina":N}"#,
    ),
    (
        "Neon Genre Nights",
        r#"{"move":"act","participant_id":"P","plan":{"grunt":N,"glory":N},"request":{"system":"genre","roll":"action","dice":N,"difficulty":N}}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"heal_days","participant_id":"P","days":N}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"elapse","amount":N,"unit":"day"}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"elapse","amount":N,"unit":"turn"}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"set_npc","participant_id":"Q","health":N,"dodge":N,"mind":1,"toughness":N,"will_power":1}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"attack_start","attacker_id":"P","defender_id":"Q","kind":"physical","ability":"Guns","ranks":N,"weapon":"Gun","cap":N,"column":"damage"}"#,
    ),
    ("Friday Night Heroes", r#"{"move":"choose_row","row":N}"#),
    (
        "Pixel Vanguard",
        r#"{"move":"task_start","participant_id":"P","label":"Vault","pool":{"attribute_dice":N,"skill_dice":N},"difficulty":N,"needed":N}"#,
    ),
    (
        "Pixel Vanguard",
        r#"{"move":"extended_start","participant_id":"P","label":"Climb","pool":{"attribute_dice":3},"penalty":N,"plateau":N,"min_steps":N,"max_steps":N}"#,
    ),
    ("Pixel Vanguard", r#"{"move":"task_attempt","task_id":N}"#),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"heal","participant_id":"P","points":N}"#,
    ),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"set_htk","participant_id":"Q","current":N,"max":N}"#,
    ),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"damage","participant_id":"P","points":N}"#,
    ),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"damage","participant_id":"P","dice":{"dice":N,"sides":N,"bonus":N}}"#,
    ),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"task_start","participant_id":"P","label":"Leap","kind":"doubles_only","needed":N}"#,
    ),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"adjust","participant_id":"P","track":"htk","by":N}"#,
    ),
    (
        "The Uncanny Stunt Squad",
        r#"{"move":"adjust","participant_id":"Q","track":"htk","to":N}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"adjust","participant_id":"P","track":"health","by":N}"#,
    ),
    (
        "Friday Night Heroes",
        r#"{"move":"adjust","participant_id":"Q","track":"health","to":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"adjust","participant_id":"P","track":"hp","by":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"adjust","participant_id":"Q","track":"sanity","to":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"save","participant_id":"P","save":"physical","dc":N,"before":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"attack","attacker_id":"P","target_id":"Q","ac":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"group_stealth","leader_id":"P","member_ids":["Q"],"difficulty":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"chase_round","first_id":"P","second_id":"Q","first_move_feet":N,"second_move_feet":N}"#,
    ),
    (
        "Black Meridian Crew",
        r#"{"move":"damage","participant_id":"Q","points":N}"#,
    ),
];

struct Table {
    store: Store,
    /// Per roster: the encounter, its first participant (a PC) and a quick NPC.
    seats: Vec<(String, Uuid, Uuid, Uuid)>,
}

fn table() -> Table {
    let mut store = table::all_systems();
    let mut seats = Vec::new();
    for roster in store.rosters().unwrap() {
        let encounter = table::fight_in(&mut store, roster.id);
        if roster.system.to_string() == "universe" {
            let deal = serde_json::from_value(serde_json::json!({
                "action": "system", "move": {"system": "universe", "move": "deal"}
            }))
            .unwrap();
            store.play(encounter, &deal, Some(3)).unwrap();
        }
        let order = store.encounter(encounter).unwrap().state.order;
        let npc = order.last().unwrap().id;
        seats.push((roster.name, encounter, order[0].id, npc));
    }
    Table { store, seats }
}

/// Every number stored in the encounter's running state is within what its system allows.
fn stored_values_in_range(e: &Encounter) {
    let Some(table) = &e.state.system_state else {
        return;
    };
    let json = serde_json::to_value(table).unwrap();
    match table {
        SystemTable::Genre(_) => {
            for part in json["parts"].as_object().unwrap().values() {
                let glory = part["state"]["glory"].as_i64().unwrap();
                assert!((0..=GLORY_MAX).contains(&glory), "glory {glory}");
            }
        }
        SystemTable::D12(_) => {
            for part in json["parts"].as_object().unwrap().values() {
                let health = &part["wounds"]["health"];
                let (current, max) = (
                    health["current"].as_i64().unwrap(),
                    health["max"].as_i64().unwrap(),
                );
                assert!(
                    (1..=99).contains(&max) && (0..=max).contains(&current),
                    "{health}"
                );
            }
        }
        SystemTable::Stunt(_) => {
            for part in json["parts"].as_object().unwrap().values() {
                let htk = &part["htk"];
                let (current, max) = (
                    htk["current"].as_i64().unwrap(),
                    htk["max"].as_i64().unwrap(),
                );
                assert!((0..=max).contains(&current), "{htk}");
            }
        }
        SystemTable::Universe(_) => {
            for part in json["parts"].as_object().unwrap().values() {
                for track in ["hp", "sanity"] {
                    let value = part[track].as_i64().unwrap();
                    assert!((0..=999).contains(&value), "{track} {value}");
                }
            }
        }
        _ => {}
    }
    // No number wrapped round to a huge negative (or positive) value anywhere.
    fn walk(v: &Value) {
        match v {
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    assert!(i.abs() < 1 << 40, "a stored number ran away: {i}");
                }
            }
            Value::Array(a) => a.iter().for_each(walk),
            Value::Object(o) => o.values().for_each(walk),
            _ => {}
        }
    }
    walk(&json);
}

fn number() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(i64::MIN),
        Just(i64::MAX),
        Just(-1i64),
        Just(0i64),
        Just(1i64),
        Just(u32::MAX as i64 + 1),
        -10i64..200,
        any::<i64>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_numbers_in_every_move_never_panic_nor_leave_a_value_out_of_range(
        plays in proptest::collection::vec((0..MOVES.len(), number(), any::<u64>()), 1..12)
    ) {
        let mut t = table();
        for (index, n, seed) in plays {
            let (roster, template) = MOVES[index];
            let (_, encounter, p, q) = t.seats.iter().find(|s| s.0 == roster).cloned().unwrap();
            let system = t.store.find_roster(roster).unwrap().system.to_string();
            let text = template
                .replace('N', &n.to_string())
                .replace("\"P\"", &format!("\"{p}\""))
                .replace("\"Q\"", &format!("\"{q}\""));
            let mut r#move: Value = serde_json::from_str(&text).unwrap();
            r#move["system"] = Value::String(system);
            // A number the move's type cannot hold is refused when the JSON is read.
            let Ok(action) = serde_json::from_value::<TableAction>(
                serde_json::json!({"action": "system", "move": r#move}),
            ) else {
                continue;
            };
            let before = t.store.encounter(encounter).unwrap();
            let actions = t.store.table_actions(encounter).unwrap().len();
            match t.store.play(encounter, &action, Some(seed & rollbook_rules::MAX_PORTABLE_SEED)) {
                Ok(_) => {
                    let after = t.store.encounter(encounter).unwrap();
                    stored_values_in_range(&after);
                    let undone = t.store.undo_table_action(encounter).unwrap();
                    prop_assert_eq!(&undone.state, &before.state, "undo of {}", text);
                    t.store.play(encounter, &action, Some(seed & rollbook_rules::MAX_PORTABLE_SEED)).unwrap();
                }
                Err(error) => {
                    let message = error.to_string();
                    prop_assert!(message.ends_with("nothing was changed"), "{}: {}", text, message);
                    prop_assert!(!error.code().is_empty());
                    prop_assert_eq!(t.store.encounter(encounter).unwrap().state, before.state);
                    prop_assert_eq!(t.store.table_actions(encounter).unwrap().len(), actions);
                }
            }
        }
    }
}

/// Each template is a real move: with a small number it reads, and most play (so the random
/// test above is not skipping them all).
#[test]
fn every_template_reads_and_the_named_overflows_are_refused_by_range() {
    let mut t = table();
    let mut played = 0;
    for (roster, template) in MOVES {
        let (_, encounter, p, q) = t.seats.iter().find(|s| s.0 == *roster).cloned().unwrap();
        let system = t.store.find_roster(roster).unwrap().system.to_string();
        let text = template
            .replace('N', "1")
            .replace("\"P\"", &format!("\"{p}\""))
            .replace("\"Q\"", &format!("\"{q}\""));
        let mut r#move: Value = serde_json::from_str(&text).unwrap();
        r#move["system"] = Value::String(system);
        let action: TableAction =
            serde_json::from_value(serde_json::json!({"action": "system", "move": r#move}))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
        if t.store.play(encounter, &action, Some(5)).is_ok() {
            played += 1;
        }
    }
    assert!(
        played >= MOVES.len() / 2,
        "only {played} of {} played",
        MOVES.len()
    );

    // The two overflows the issue names: a huge Glory award and a huge rest.
    let genre = t
        .seats
        .iter()
        .find(|s| s.0 == "Neon Genre Nights")
        .unwrap()
        .clone();
    let award = serde_json::from_value(serde_json::json!({"action": "system", "move": {
        "system": "genre", "move": "gain_glory", "participant_id": genre.2, "points": i64::MAX}}))
    .unwrap();
    let error = t.store.play(genre.1, &award, Some(1)).unwrap_err();
    assert_eq!(error.code(), "out_of_range");
    assert!(
        error.to_string().starts_with(
            "points: 9223372036854775807 is out of range: Glory Points gained is 0 to 9999"
        ),
        "{error}"
    );
    let d12 = t
        .seats
        .iter()
        .find(|s| s.0 == "Friday Night Heroes")
        .unwrap()
        .clone();
    let rest = serde_json::from_value(serde_json::json!({"action": "system", "move": {
        "system": "d12", "move": "heal_days", "participant_id": d12.2, "days": i64::MAX}}))
    .unwrap();
    let error = t.store.play(d12.1, &rest, Some(1)).unwrap_err();
    assert_eq!(error.code(), "out_of_range");
    assert!(error.to_string().starts_with("days: "), "{error}");
}

/// A valid move of each (system, move) a declared range belongs to: the range's field is then
/// set to a value at and past each end. `P` is a PC, `Q` a quick NPC, `C` P's character.
fn valid_move(system: &str, r#move: &str) -> Value {
    match (system, r#move) {
        ("table", "add_npcs") => {
            serde_json::json!({"action": "add_npcs", "label": "Thug", "count": 1})
        }
        ("table", "add_copies") => {
            serde_json::json!({"action": "add_copies", "character_id": "C", "count": 1})
        }
        ("genre", "gain_glory") => serde_json::json!({"participant_id": "P", "points": 1}),
        ("genre", "spend_opposing_glory") => {
            serde_json::json!({"participant_id": "P", "points": 0})
        }
        ("genre", "set_stats") => {
            serde_json::json!({"participant_id": "Q", "level": 1, "stamina": 1})
        }
        ("genre", "act") => serde_json::json!({"participant_id": "P", "plan": {"grunt": 0},
            "request": {"system": "genre", "roll": "action", "dice": 2, "difficulty": 2}}),
        ("d12", "heal_days") => serde_json::json!({"participant_id": "P", "days": 1}),
        ("d12", "elapse") => serde_json::json!({"amount": 1, "unit": "day"}),
        ("d12", "set_npc") => serde_json::json!({"participant_id": "Q", "health": 12,
            "dodge": 1, "mind": 1, "toughness": 1, "will_power": 1}),
        ("d12", "attack_start") => serde_json::json!({"attacker_id": "Q", "defender_id": "P",
            "kind": "physical", "ability": "Claws", "ranks": 1, "weapon": "Claws", "cap": 3,
            "column": "damage"}),
        ("d12", "remove") => serde_json::json!({"participant_id": "Q", "index": 0,
            "ability": "Brawn", "ranks": 1}),
        ("stunt", "damage") => serde_json::json!({"participant_id": "Q", "points": 1}),
        ("stunt", "heal") => serde_json::json!({"participant_id": "Q", "points": 1}),
        ("stunt", "set_htk") => {
            serde_json::json!({"participant_id": "Q", "current": 1, "max": 9999})
        }
        ("universe", "chase_round") => serde_json::json!({"first_id": "P", "second_id": "Q"}),
        ("universe", "damage") => serde_json::json!({"participant_id": "Q", "points": 1}),
        _ => panic!("no valid move to try the range of {system} {move} on: add one here"),
    }
}

fn roster_of(system: &str) -> &'static str {
    match system {
        "genre" | "table" => "Neon Genre Nights",
        "d12" => "Friday Night Heroes",
        "stunt" => "The Uncanny Stunt Squad",
        "universe" => "Black Meridian Crew",
        "marks" => "Pixel Vanguard",
        _ => unreachable!("{system}"),
    }
}

/// Every range the catalog serves is the one the table holds to: one past either end is refused
/// naming the field and its range, and nothing is written; either end itself is not refused as
/// out of range (it may still be refused for another reason, such as Glory not held).
#[test]
fn every_declared_range_is_the_one_the_table_refuses_past() {
    let served = rollbook_rules::catalog().table_ranges;
    assert_eq!(served, rollbook_rules::table::ranges::TABLE_RANGES);
    let mut tried = 0;
    for range in &served {
        let base = valid_move(range.system, range.r#move);
        for (value, inside) in [
            (range.min - 1, false),
            (range.min, true),
            (range.max, true),
            (range.max + 1, false),
        ] {
            // A fresh table each time: an end that plays must not change the next try.
            let mut t = table();
            let (_, encounter, p, q) = t
                .seats
                .iter()
                .find(|s| s.0 == roster_of(range.system))
                .cloned()
                .unwrap();
            if range.system == "universe" {
                let start = serde_json::from_value(serde_json::json!({"action": "system",
                    "move": {"system": "universe", "move": "start_chase",
                    "participant_ids": [p, q]}}))
                .unwrap();
                t.store.play(encounter, &start, Some(4)).unwrap();
            }
            let mut m = base.clone();
            let mut at = &mut m;
            let path: Vec<&str> = range.field.split('.').collect();
            for key in &path[..path.len() - 1] {
                at = &mut at[*key];
            }
            at[path[path.len() - 1]] = Value::from(value);
            let c = t.store.encounter(encounter).unwrap().state.order[0]
                .character_id
                .unwrap();
            let text = m
                .to_string()
                .replace("\"P\"", &format!("\"{p}\""))
                .replace("\"Q\"", &format!("\"{q}\""))
                .replace("\"C\"", &format!("\"{c}\""));
            let mut m: Value = serde_json::from_str(&text).unwrap();
            let action = if range.system == "table" {
                m
            } else {
                m["system"] = Value::from(range.system);
                m["move"] = Value::from(range.r#move);
                serde_json::json!({"action": "system", "move": m})
            };
            let Ok(action) = serde_json::from_value::<TableAction>(action.clone()) else {
                // An unsigned field cannot even hold min - 1: refused as it is read.
                assert!(!inside && value < 0, "{action} did not read");
                continue;
            };
            let before = t.store.encounter(encounter).unwrap().state;
            let played = t.store.play(encounter, &action, Some(7));
            let what = format!(
                "{}.{}.{} = {value}",
                range.system, range.r#move, range.field
            );
            match (inside, played) {
                (true, Err(e)) => assert_ne!(e.code(), "out_of_range", "{what}: {e}"),
                (true, Ok(_)) => {}
                (false, Ok(_)) => panic!("{what} was played"),
                (false, Err(e)) => {
                    let message = e.to_string();
                    let range_said = format!("{} to {}", range.min, range.max);
                    assert!(message.contains(&range_said), "{what}: {message}");
                    if range.system != "table" {
                        assert_eq!(e.code(), "out_of_range", "{what}: {message}");
                        assert!(
                            message
                                .starts_with(&format!("{}: {value} is out of range", range.field)),
                            "{what}: {message}"
                        );
                    }
                    assert_eq!(t.store.encounter(encounter).unwrap().state, before);
                    tried += 1;
                }
            }
        }
    }
    assert!(tried >= served.len(), "only {tried} refusals tried");
}
