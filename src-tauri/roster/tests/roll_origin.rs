//! A roll made at the table names the action that made it and the participant who rolled; a
//! play or a roll may be logged secret (docs/players-view.md), and the roll log says so.

use crate::common;

use common::table::seat;
use rollbook_roster::{LogQuery, NewRoster, PlayOptions, System, TableAction};
use serde_json::json;

fn minor_damage(participant_id: uuid::Uuid) -> TableAction {
    serde_json::from_value(json!({"action": "system",
        "move": {"system": "stunt", "move": "minor_damage", "participant_id": participant_id}}))
    .unwrap()
}

#[test]
fn a_table_roll_names_its_action_and_roller_and_a_secret_play_logs_secret_rolls() {
    let rook = json!({"htk": {"current": 26, "max": 30}});
    let mut seated = seat(
        NewRoster::new("Thursday", System::Stunt),
        "Rooftops",
        &[("Rook", rook)],
        1,
    );
    let (rook, goon) = (seated.participants[0], seated.participants[1]);
    let store = &mut seated.store;
    let public = store
        .play(seated.encounter, &minor_damage(rook), Some(4))
        .unwrap();
    let roll = &public.rolls[0];
    assert_eq!(roll.table_action, Some(public.entry.id));
    assert_eq!(roll.participant_id, Some(rook));
    assert_eq!(roll.character_id, Some(seated.characters[0]));
    assert!(!roll.secret);

    let secret = store
        .play(
            seated.encounter,
            &minor_damage(goon),
            PlayOptions {
                seed: Some(4),
                secret: true,
                ..PlayOptions::default()
            },
        )
        .unwrap();
    let roll = &secret.rolls[0];
    assert!(roll.secret);
    assert_eq!(
        (roll.table_action, roll.participant_id),
        (Some(secret.entry.id), Some(goon))
    );
    assert_eq!(
        roll.dice, public.rolls[0].dice,
        "the same seed rolls the same dice, secret or not"
    );
    // Game night II: a quick NPC has no stored character; its roll names it as the table does.
    assert_eq!(
        (roll.character_id, roll.character_name.as_deref()),
        (None, Some("Goon 1"))
    );
    assert_eq!(public.rolls[0].character_name.as_deref(), Some("Rook"));

    // The exports carry it.
    let mut csv = Vec::new();
    store
        .export_log_csv(&LogQuery::default(), &mut csv)
        .unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",secret"));
    assert_eq!(csv.lines().filter(|l| l.ends_with(",true")).count(), 1);
    assert!(
        csv.lines().any(|l| l.contains(",Thursday,Goon 1,stunt,")),
        "the CSV names the quick NPC: {csv}"
    );
    let luck = store.luck(&LogQuery::default()).unwrap();
    let names: Vec<Option<&str>> = luck.characters.iter().map(|c| c.name.as_deref()).collect();
    assert_eq!(
        names,
        [Some("Rook"), Some("Goon 1")],
        "Luck names the quick NPC"
    );
    let mut json_out = Vec::new();
    store
        .export_log_json(&LogQuery::default(), &mut json_out)
        .unwrap();
    let file: serde_json::Value = serde_json::from_slice(&json_out).unwrap();
    let secrets: Vec<bool> = file["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["secret"].as_bool().unwrap())
        .collect();
    assert_eq!(secrets, [true, false], "newest first");

    // Purged with its encounter, an action leaves its rolls in the log without it (its id may
    // be taken again by a later action).
    store.delete_encounter(seated.encounter).unwrap();
    store.empty_trash().unwrap();
    let log = store.roll_log(&LogQuery::default()).unwrap();
    assert_eq!(log.len(), 2);
    assert!(log.iter().all(|e| e.table_action.is_none()));
    assert_eq!(log[0].participant_id, Some(goon), "who rolled stays");
}
