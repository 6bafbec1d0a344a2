//! hp / health / HTK / Sanity changed by hand (issue 17): the `adjust` move of every system that
//! tracks such a number sets it (`to`), takes away (`by` < 0) and adds (`by` > 0) through
//! `Store::play`, is logged in the encounter's action log, is undone exactly, and a number left
//! below 0 or above the max is refused naming the track and range, writing nothing.

use crate::common;

use common::table;
use rollbook_roster::table::SystemTable;
use rollbook_roster::{Store, TableAction};
use serde_json::{json, Value};
use uuid::Uuid;

struct Seat {
    encounter: Uuid,
    /// The first participant: a stored PC.
    pc: Uuid,
    pc_name: String,
    /// A quick NPC.
    npc: Uuid,
    system: String,
}

fn table(roster: &str) -> (Store, Seat) {
    let mut store = table::all_systems();
    let roster = store.find_roster(roster).unwrap();
    let encounter = table::fight_in(&mut store, roster.id);
    let order = store.encounter(encounter).unwrap().state.order;
    let seat = Seat {
        encounter,
        pc: order[0].id,
        pc_name: order[0].name.clone(),
        npc: order.last().unwrap().id,
        system: roster.system.to_string(),
    };
    (store, seat)
}

/// The tracked number and its max as the table holds them (`None` for universe's max, which
/// is the sheet's).
fn tracked(store: &Store, seat: &Seat, id: Uuid, track: &str) -> (i64, Option<i64>) {
    let state = store.encounter(seat.encounter).unwrap().state;
    let table = state.system_state.unwrap();
    let json = serde_json::to_value(&table).unwrap();
    let part = &json["parts"][id.to_string()];
    match (&table, track) {
        (SystemTable::Stunt(_), "htk") => (
            part["htk"]["current"].as_i64().unwrap(),
            part["htk"]["max"].as_i64(),
        ),
        (SystemTable::D12(_), "health") => (
            part["wounds"]["health"]["current"].as_i64().unwrap(),
            part["wounds"]["health"]["max"].as_i64(),
        ),
        (SystemTable::Universe(_), "hp" | "sanity") => (part[track].as_i64().unwrap(), None),
        _ => panic!("{track} is not tracked here"),
    }
}

fn adjust(seat: &Seat, id: Uuid, track: &str, change: Value) -> TableAction {
    let mut mv =
        json!({"system": seat.system, "move": "adjust", "participant_id": id, "track": track});
    for (k, v) in change.as_object().unwrap() {
        mv[k] = v.clone();
    }
    serde_json::from_value(json!({"action": "system", "move": mv})).unwrap()
}

/// Set, take away, add, each logged with its line and undone exactly; then the refusals.
fn set_take_add_undo_and_refuse(roster: &str, track: &str, label: &str, sheet_max: i64) {
    let (mut store, seat) = table(roster);
    let (start, max) = tracked(&store, &seat, seat.pc, track);
    let max = max.unwrap_or(sheet_max);
    assert!(max >= 4, "{roster}: a max of {max} leaves nothing to test");

    let mut expected = start;
    for (change, value) in [
        (json!({"to": max - 1}), max - 1),
        (json!({"by": -3}), max - 4),
        (json!({"by": 2}), max - 2),
        (json!({"to": 0}), 0),
    ] {
        let before = store.encounter(seat.encounter).unwrap();
        let played = store
            .play(
                seat.encounter,
                &adjust(&seat, seat.pc, track, change.clone()),
                Some(3),
            )
            .unwrap_or_else(|e| panic!("{roster} {change}: {e}"));
        assert_eq!(tracked(&store, &seat, seat.pc, track).0, value, "{change}");
        assert!(played.rolls.is_empty(), "changing by hand rolls nothing");
        let logged = store.table_actions(seat.encounter).unwrap();
        let last = logged.last().unwrap();
        let delta = value - expected;
        let sign = if delta >= 0 { "+" } else { "" };
        assert_eq!(
            last.summary.lines().next().unwrap(),
            format!(
                "{}'s {label}: {expected} → {value} ({sign}{delta}), changed by hand.",
                seat.pc_name
            )
        );
        // Undo puts exactly the state before back; playing again lands on the same number.
        let undone = store.undo_table_action(seat.encounter).unwrap();
        assert_eq!(undone.state, before.state, "undo of {change}");
        assert_eq!(tracked(&store, &seat, seat.pc, track).0, expected);
        store
            .play(
                seat.encounter,
                &adjust(&seat, seat.pc, track, change),
                Some(3),
            )
            .unwrap();
        expected = value;
    }

    // Below 0, above the max, neither or both of by/to: refused, nothing written.
    let field = track;
    for (change, code, starts) in [
        (
            json!({"by": -1}),
            "out_of_range",
            format!(
                "{field}: -1 is out of range: {}'s {label} is 0 to {max}",
                seat.pc_name
            ),
        ),
        (
            json!({"to": max + 1}),
            "out_of_range",
            format!(
                "{field}: {} is out of range: {}'s {label} is 0 to {max}",
                max + 1,
                seat.pc_name
            ),
        ),
        (
            json!({"by": i64::MAX}),
            "out_of_range",
            format!("{field}: {} is out of range", i64::MAX),
        ),
        (
            json!({}),
            "invalid_table_action",
            format!("give {}'s", seat.pc_name),
        ),
        (
            json!({"by": 1, "to": 1}),
            "invalid_table_action",
            format!("give {}'s", seat.pc_name),
        ),
    ] {
        let before = store.encounter(seat.encounter).unwrap();
        let actions = store.table_actions(seat.encounter).unwrap().len();
        let error = store
            .play(
                seat.encounter,
                &adjust(&seat, seat.pc, track, change.clone()),
                Some(4),
            )
            .unwrap_err();
        assert_eq!(error.code(), code, "{change}: {error}");
        let message = error.to_string();
        assert!(message.starts_with(&starts), "{change}: {message}");
        assert!(message.ends_with("nothing was changed"), "{message}");
        assert_eq!(store.encounter(seat.encounter).unwrap().state, before.state);
        assert_eq!(store.table_actions(seat.encounter).unwrap().len(), actions);
    }

    // A quick NPC's number changes too.
    let (npc_now, _) = tracked(&store, &seat, seat.npc, track);
    store
        .play(
            seat.encounter,
            &adjust(&seat, seat.npc, track, json!({"by": -1})),
            Some(5),
        )
        .unwrap();
    assert_eq!(tracked(&store, &seat, seat.npc, track).0, npc_now - 1);
}

/// A track the system does not keep is refused naming the ones it does.
fn other_track_refused(roster: &str, other: &str, kept: &str) {
    let (mut store, seat) = table(roster);
    let before = store.encounter(seat.encounter).unwrap();
    let error = store
        .play(
            seat.encounter,
            &adjust(&seat, seat.pc, other, json!({"by": -1})),
            Some(1),
        )
        .unwrap_err();
    assert_eq!(error.code(), "invalid_table_action");
    assert!(
        error
            .to_string()
            .starts_with(&format!("track: a {} table keeps {kept}", seat.system)),
        "{error}"
    );
    assert_eq!(store.encounter(seat.encounter).unwrap().state, before.state);
}

#[test]
fn stunt_htk_by_hand() {
    set_take_add_undo_and_refuse("The Uncanny Stunt Squad", "htk", "HTK", 0);
    other_track_refused("The Uncanny Stunt Squad", "hp", "htk");
}

#[test]
fn d12_health_by_hand() {
    set_take_add_undo_and_refuse("Friday Night Heroes", "health", "health", 0);
    other_track_refused("Friday Night Heroes", "sanity", "health");
}

/// Universe keeps hp and Sanity on the part and their max on the sheet.
fn universe_max(track: &str) -> i64 {
    let (store, seat) = table("Black Meridian Crew");
    let roster = store.find_roster("Black Meridian Crew").unwrap();
    let state = store.encounter(seat.encounter).unwrap().state;
    let character_id = state.order[0].character_id.unwrap();
    let character = store
        .characters(roster.id)
        .unwrap()
        .into_iter()
        .find(|c| c.id == character_id)
        .unwrap();
    serde_json::to_value(&character.sheet).unwrap()[track]["max"]
        .as_i64()
        .unwrap()
}

#[test]
fn universe_hp_and_sanity_by_hand() {
    set_take_add_undo_and_refuse("Black Meridian Crew", "hp", "hp", universe_max("hp"));
    set_take_add_undo_and_refuse(
        "Black Meridian Crew",
        "sanity",
        "Sanity",
        universe_max("sanity"),
    );
    other_track_refused("Black Meridian Crew", "htk", "hp and sanity");
}

#[test]
fn genre_and_marks_have_no_adjust_move() {
    // They track no hp, health, HTK or Sanity: the move is not one of theirs.
    for system in ["genre", "marks"] {
        let text = json!({"action": "system", "move": {"system": system, "move": "adjust",
            "participant_id": Uuid::nil(), "track": "hp", "by": -1}});
        assert!(
            serde_json::from_value::<TableAction>(text).is_err(),
            "{system}"
        );
    }
}
