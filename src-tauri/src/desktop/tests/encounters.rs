//! An encounter through the window's commands: created in a genre roster, characters and quick
//! NPCs added, a genre move previewed with its exact odds and played (its roll logged with the
//! character), a refused action that changes nothing, undo back to the exact prior state, and
//! the trash.

use serde_json::{json, Value};

use super::Window;

fn names(encounter: &Value) -> Vec<&str> {
    encounter["state"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect()
}

fn participant(encounter: &Value, name: &str) -> Value {
    encounter["state"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {encounter}"))["id"]
        .clone()
}

fn play(window: &Window, encounter: &Value, action: Value) -> Value {
    window.ok(
        "encounter_play",
        json!({"encounter_id": encounter["id"], "action": action, "seed": 7}),
    )
}

#[test]
fn an_encounter_is_played_previewed_refused_and_undone() {
    let window = Window::new();
    let roster = window.ok(
        "roster_create",
        json!({"roster": {"name": "Friday", "system": "genre"}}),
    );
    let ayla = window.ok(
        "character_create",
        json!({"roster_id": roster["id"], "character": {"name": "Ayla", "sheet": {
            "level": 2,
            "attributes": {"Strength": 3, "Agility": 2, "Stamina": 3, "Intellect": 4, "Presence": 1}
        }}}),
    );
    let created = window.ok(
        "encounter_create",
        json!({"roster_id": roster["id"], "name": "Ambush"}),
    );
    assert_eq!(created["state"]["round"], 1);
    assert_eq!(
        window.ok("encounters", json!({"roster_id": roster["id"]})),
        json!([created])
    );

    let added = play(
        &window,
        &created,
        json!({"action": "add_characters", "character_ids": [ayla["id"]]}),
    );
    assert_eq!(added["entry"]["summary"], "Added Ayla");
    let played = play(
        &window,
        &created,
        json!({"action": "add_npcs", "label": "Goon", "count": 2}),
    );
    let encounter = played["encounter"].clone();
    assert_eq!(names(&encounter), ["Ayla", "Goon 1", "Goon 2"]);
    assert_eq!(encounter["state"]["system_state"]["system"], "genre");

    // A refusal says what to change and writes nothing.
    let refused = window.err(
        "encounter_play",
        json!({"encounter_id": created["id"], "action": {"action": "add_npcs", "label": "Goon", "count": 0}}),
    );
    assert_eq!(refused["code"], "invalid_table_action");
    assert!(
        refused["message"].as_str().unwrap().contains("not 0"),
        "{refused}"
    );
    assert_eq!(
        window.ok("encounter", json!({"encounter_id": created["id"]})),
        encounter
    );
    let malformed = window.err(
        "encounter_play",
        json!({"encounter_id": created["id"], "action": {"action": "shuffle"}}),
    );
    assert_eq!(malformed["code"], "invalid_argument");
    assert!(malformed["message"].as_str().unwrap().starts_with("action"));

    // A genre move: its exact odds before, its roll logged with the character after.
    let agility = window
        .ok("sheet_rolls", json!({"character_id": ayla["id"]}))
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["label"] == "Agility")
        .unwrap()["request"]
        .clone();
    let ayla_in = participant(&encounter, "Ayla");
    let act = json!({"system": "genre", "move": "act", "participant_id": ayla_in,
                     "plan": {"grunt": 2}, "request": agility});
    let preview = window.ok(
        "encounter_preview",
        json!({"encounter_id": created["id"], "move": act}),
    );
    assert_eq!(preview["request"]["grunt"], 2, "the plan is in the request");
    assert_eq!(
        preview["odds"],
        window.ok(
            "odds",
            json!({"request": preview["request"], "roster_id": roster["id"]})
        )
    );
    let rest = json!({"system": "genre", "move": "rest"});
    assert_eq!(
        window.ok(
            "encounter_preview",
            json!({"encounter_id": created["id"], "move": rest})
        ),
        Value::Null
    );
    let acted = play(&window, &created, json!({"action": "system", "move": act}));
    assert_eq!(acted["rolls"].as_array().unwrap().len(), 1);
    assert_eq!(acted["rolls"][0]["character_name"], "Ayla");
    assert_eq!(acted["rolls"][0]["request"], preview["request"]);
    let logged =
        window.ok("roll_log", json!({"query": {"character_id": ayla["id"]}}))["entries"].clone();
    assert_eq!(logged[0]["id"], acted["rolls"][0]["id"]);

    let goon = participant(&encounter, "Goon 1");
    let before_glory = acted["encounter"].clone();
    let glory = play(
        &window,
        &created,
        json!({"action": "system", "move": {"system": "genre", "move": "gain_glory",
               "participant_id": goon, "points": 2}}),
    );
    let key = goon.as_str().unwrap();
    assert_eq!(
        glory["encounter"]["state"]["system_state"]["parts"][key]["state"]["glory"],
        2
    );

    // Undo puts back the exact state before the last action and marks it in the log.
    let undone = window.ok("encounter_undo", json!({"encounter_id": created["id"]}));
    assert_eq!(undone["state"], before_glory["state"]);
    let log = window.ok("encounter_log", json!({"encounter_id": created["id"]}));
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 4, "refusals are not logged");
    assert_eq!(log[3]["id"], glory["entry"]["id"]);
    assert!(log[3]["undone_at"].is_string());
    assert!(log[2]["undone_at"].is_null());

    // The trash.
    let deleted = window.ok("encounter_delete", json!({"encounter_id": created["id"]}));
    assert!(deleted["deleted_at"].is_string());
    assert_eq!(
        window.ok("encounters", json!({"roster_id": roster["id"]})),
        json!([])
    );
    let gone = window.err(
        "encounter_play",
        json!({"encounter_id": created["id"], "action": {"action": "next_turn"}}),
    );
    assert_eq!(gone["code"], "in_trash", "{gone}");
    let restored = window.ok("encounter_restore", json!({"encounter_id": created["id"]}));
    assert!(restored["deleted_at"].is_null());
    assert_eq!(restored["state"], undone["state"]);
}
