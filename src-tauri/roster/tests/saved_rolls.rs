//! Saved rolls (issue 29; FORMAT.md, "Saved rolls") and typed rolls under a roster: a roll in
//! dice notation is made under a roster of any system, logged there with its notation, judged
//! for luck, kept secret when asked and shown to the players; a roster's saved rolls are
//! created, edited, moved, deleted and rolled, each refusal writing nothing.

use crate::common;

use common::table::seat;
use rollbook_roster::{
    LogOptions, LogQuery, NewCharacter, NewRoster, NewSavedRoll, RollPlace, SavedRollPatch, Store,
    System, TableAction,
};
use rollbook_rules::{Dice, RollRequest, MAX_SAVED_ROLLS};
use serde_json::json;
use uuid::Uuid;

fn typed(expr: &str) -> RollRequest {
    rollbook_rules::parse_request(
        &json!({"system": "dice", "roll": "expr", "expr": expr, "target": 20}).to_string(),
    )
    .unwrap()
}

fn store_with(system: System) -> (Store, Uuid) {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Heroes", system))
        .unwrap()
        .id;
    (store, roster)
}

/// The names of the roster's saved rolls, in order.
fn names(store: &Store, roster: Uuid) -> Vec<String> {
    store
        .saved_rolls(roster)
        .unwrap()
        .into_iter()
        .map(|r| r.name)
        .collect()
}

#[test]
fn a_typed_roll_is_made_under_a_roster_of_every_system_and_logged_there_as_typed() {
    for system in System::ALL {
        let (mut store, roster) = store_with(system);
        let place = store.roll_place(Some(roster), None).unwrap().unwrap();
        let request = typed("  8d6 + 2 ");
        let (result, entry) = store.roll_logged(&request, 7, Some(&place)).unwrap();
        assert_eq!(result, rollbook_rules::roll(&request, 7).unwrap());
        assert_eq!(entry.roster_id, Some(roster), "{system:?}");
        assert_eq!(
            (entry.system.as_str(), entry.roll.as_str()),
            ("dice", "expr")
        );
        assert_eq!(entry.request["expr"], "  8d6 + 2 ");
        assert!(entry.detail.starts_with("8d6 + 2 = "), "{}", entry.detail);
        let log = store
            .roll_log(&LogQuery {
                roster_id: Some(roster),
                ..LogQuery::default()
            })
            .unwrap();
        assert_eq!(log.len(), 1);
    }
}

#[test]
fn a_typed_roll_for_a_character_counts_for_luck_and_a_secret_one_stays_the_gm_s() {
    let (mut store, roster) = store_with(System::Marks);
    let glitch = store
        .create_character(roster, NewCharacter::named("Glitch"))
        .unwrap();
    let place = store.roll_place(None, Some(glitch.id)).unwrap().unwrap();
    for seed in 0..5 {
        store
            .roll_logged(&typed("3d6"), seed, Some(&place))
            .unwrap();
    }
    let (_, secret) = store
        .roll_logged_with_options(&typed("3d6"), 9, Some(&place), LogOptions { secret: true })
        .unwrap();
    assert!(secret.secret);
    let luck = store.luck(&LogQuery::default()).unwrap();
    assert_eq!(luck.unjudged, 0);
    assert_eq!(luck.overall.rolls, 6, "every typed roll is judged");
    let of_glitch = luck
        .characters
        .iter()
        .find(|c| c.character_id == Some(glitch.id))
        .unwrap();
    assert_eq!(of_glitch.luck.rolls, 6);
}

#[test]
fn a_typed_roll_of_a_seated_character_reaches_the_players_by_its_notation_and_a_secret_one_does_not(
) {
    let seated = seat(
        NewRoster::new("Crew", System::D12),
        "Dockside",
        &[("Vex", json!({}))],
        0,
    );
    let mut store = seated.store;
    let place = store
        .roll_place(None, Some(seated.characters[0]))
        .unwrap()
        .unwrap();
    store
        .roll_logged(&typed("4d6kh3"), 3, Some(&place))
        .unwrap();
    let view = store.players_view(seated.encounter).unwrap();
    assert_eq!(view.rolls.len(), 1);
    assert_eq!(view.rolls[0].roll, "4d6kh3");
    assert_eq!(view.rolls[0].who.as_deref(), Some("Vex"));
    let exact = rollbook_rules::odds(&typed("4d6kh3")).unwrap().success;
    assert_eq!(view.rolls[0].chance, Some(exact));
    store
        .roll_logged_with_options(&typed("d20"), 4, Some(&place), LogOptions { secret: true })
        .unwrap();
    let view = store.players_view(seated.encounter).unwrap();
    assert_eq!(view.rolls.len(), 1, "the secret roll is not shown");
    // The encounter goes on as before.
    store
        .play(seated.encounter, &TableAction::NextTurn, None)
        .unwrap();
}

#[test]
fn another_system_s_request_is_still_refused_under_a_roster() {
    let (mut store, roster) = store_with(System::D12);
    let place = RollPlace {
        roster: store.roster(roster).unwrap(),
        character: None,
    };
    let pool = rollbook_rules::parse_request(r#"{"system":"marks","roll":"pool"}"#).unwrap();
    let error = store.roll_logged(&pool, 1, Some(&place)).unwrap_err();
    assert_eq!(error.code(), "system_mismatch");
}

#[test]
fn saved_rolls_are_created_edited_moved_and_deleted_in_order() {
    let (mut store, roster) = store_with(System::Genre);
    let fireball = store
        .create_saved_roll(roster, NewSavedRoll::new("  Fireball ", "8d6"))
        .unwrap();
    assert_eq!(fireball.name, "Fireball");
    assert_eq!((fireball.target, fireball.position), (1, 0));
    let mut sneak = NewSavedRoll::new("Sneak attack", "d20+@bonus");
    sneak.values.insert("bonus".into(), 5);
    sneak.target = 15;
    sneak.notes = "From hiding".into();
    store.create_saved_roll(roster, sneak.clone()).unwrap();
    store
        .create_saved_roll(roster, NewSavedRoll::new("Stat", "4d6kh3"))
        .unwrap();
    assert_eq!(names(&store, roster), ["Fireball", "Sneak attack", "Stat"]);
    let stored = store.find_saved_roll(roster, "sneak ATTACK").unwrap();
    assert_eq!(stored.fields(), sneak);

    let edited = store
        .update_saved_roll(
            fireball.id,
            SavedRollPatch {
                expr: Some("10d6".into()),
                notes: Some("Upcast".into()),
                ..SavedRollPatch::default()
            },
        )
        .unwrap();
    assert_eq!(
        (edited.expr.as_str(), edited.notes.as_str()),
        ("10d6", "Upcast")
    );
    assert_eq!(edited.name, "Fireball");

    let moved = store.move_saved_roll(fireball.id, 2).unwrap();
    let order: Vec<_> = moved
        .iter()
        .map(|r| (r.name.as_str(), r.position))
        .collect();
    assert_eq!(order, [("Sneak attack", 0), ("Stat", 1), ("Fireball", 2)]);
    store.move_saved_roll(fireball.id, 99).unwrap();
    assert_eq!(names(&store, roster), ["Sneak attack", "Stat", "Fireball"]);
    store.move_saved_roll(fireball.id, 0).unwrap();
    assert_eq!(names(&store, roster), ["Fireball", "Sneak attack", "Stat"]);

    let deleted = store.delete_saved_roll(stored.id).unwrap();
    assert_eq!(deleted.name, "Sneak attack");
    let left = store.saved_rolls(roster).unwrap();
    let order: Vec<_> = left.iter().map(|r| (r.name.as_str(), r.position)).collect();
    assert_eq!(order, [("Fireball", 0), ("Stat", 1)]);
    assert_eq!(
        store
            .find_saved_roll(roster, "Sneak attack")
            .unwrap_err()
            .code(),
        "saved_roll_not_found"
    );
}

#[test]
fn a_refused_saved_roll_writes_nothing_and_says_where() {
    let (mut store, roster) = store_with(System::D12);
    store
        .create_saved_roll(roster, NewSavedRoll::new("Fireball", "8d6"))
        .unwrap();
    let before = store.saved_rolls(roster).unwrap();

    let error = store
        .create_saved_roll(roster, NewSavedRoll::new("Stat", "4d6k3"))
        .unwrap_err();
    assert_eq!(error.code(), "invalid_saved_roll");
    assert_eq!(error.problems()[0].path, "expr");
    assert!(error.problems()[0].message.starts_with("column 4: "));

    let error = store
        .create_saved_roll(roster, NewSavedRoll::new("FIREBALL", "d6"))
        .unwrap_err();
    assert_eq!(error.code(), "invalid_saved_roll");
    assert_eq!(error.problems()[0].path, "name");

    let id = before[0].id;
    let error = store
        .update_saved_roll(
            id,
            SavedRollPatch {
                expr: Some("2d6+".into()),
                ..SavedRollPatch::default()
            },
        )
        .unwrap_err();
    assert_eq!(error.problems()[0].path, "expr");
    let error = store
        .update_saved_roll(
            id,
            SavedRollPatch {
                notes: Some("x".repeat(101)),
                name: Some(String::new()),
                ..SavedRollPatch::default()
            },
        )
        .unwrap_err();
    let paths: Vec<_> = error.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["name", "notes"]);
    assert_eq!(store.saved_rolls(roster).unwrap(), before);

    // A name differing only in case is the same roll's to take.
    let renamed = store
        .update_saved_roll(
            id,
            SavedRollPatch {
                name: Some("FIREBALL".into()),
                ..SavedRollPatch::default()
            },
        )
        .unwrap();
    assert_eq!(renamed.name, "FIREBALL");
}

#[test]
fn a_roster_keeps_at_most_the_limit_of_saved_rolls() {
    let (mut store, roster) = store_with(System::Stunt);
    for i in 0..MAX_SAVED_ROLLS {
        store
            .create_saved_roll(roster, NewSavedRoll::new(format!("Roll {i}"), "d6"))
            .unwrap();
    }
    let error = store
        .create_saved_roll(roster, NewSavedRoll::new("One more", "d6"))
        .unwrap_err();
    assert_eq!(error.code(), "invalid_saved_roll");
    assert!(error.to_string().contains("at most 200"), "{error}");
    assert_eq!(store.saved_rolls(roster).unwrap().len(), MAX_SAVED_ROLLS);
}

#[test]
fn a_saved_roll_rolls_as_its_typed_request_logged_in_its_roster() {
    let (mut store, roster) = store_with(System::Universe);
    let mut sneak = NewSavedRoll::new("Sneak attack", "d20+@bonus");
    sneak.values.insert("bonus".into(), 5);
    sneak.target = 15;
    let saved = store.create_saved_roll(roster, sneak.clone()).unwrap();
    let (result, entry) = store
        .roll_saved(saved.id, Dice::Seeded(11), LogOptions::default())
        .unwrap();
    assert_eq!(result, rollbook_rules::roll(&sneak.request(), 11).unwrap());
    assert_eq!(entry.roster_id, Some(roster));
    assert_eq!(entry.request["expr"], "d20+@bonus");
    assert!(!entry.secret);

    let face = result.dice[0];
    let (by_hand, entry) = store
        .roll_saved(
            saved.id,
            Dice::ByHand(vec![face]),
            LogOptions { secret: true },
        )
        .unwrap();
    assert_eq!(by_hand.outcome, result.outcome);
    assert!(entry.secret && entry.by_hand);

    // Dice that do not fit are refused and nothing is logged.
    let error = store
        .roll_saved(saved.id, Dice::ByHand(vec![21]), LogOptions::default())
        .unwrap_err();
    assert_eq!(error.code(), "invalid_request", "{error}");
    assert_eq!(store.roll_log(&LogQuery::default()).unwrap().len(), 2);
}

#[test]
fn a_roster_in_the_trash_keeps_its_saved_rolls_and_changes_none() {
    let (mut store, roster) = store_with(System::Marks);
    let saved = store
        .create_saved_roll(roster, NewSavedRoll::new("Fireball", "8d6"))
        .unwrap();
    store.delete_roster(roster).unwrap();
    let error = store
        .create_saved_roll(roster, NewSavedRoll::new("Stat", "4d6kh3"))
        .unwrap_err();
    assert_eq!(error.code(), "in_trash");
    let error = store
        .roll_saved(saved.id, Dice::Seeded(1), LogOptions::default())
        .unwrap_err();
    assert_eq!(error.code(), "in_trash");
    assert!(store.search_saved_rolls("fire", 10).unwrap().is_empty());
    store.undo_delete().unwrap();
    assert_eq!(names(&store, roster), ["Fireball"]);
    store.delete_roster(roster).unwrap();
    store.empty_trash().unwrap();
    assert_eq!(
        store.saved_roll(saved.id).unwrap_err().code(),
        "saved_roll_not_found"
    );
}

#[test]
fn a_search_finds_saved_rolls_of_every_roster_by_name_notation_or_notes() {
    let (mut store, heroes) = store_with(System::D12);
    let cats = store
        .create_roster(NewRoster::new("Cats", System::Stunt))
        .unwrap()
        .id;
    let mut big = NewSavedRoll::new("Big fire", "10d6");
    big.notes = "Ember storm".into();
    store.create_saved_roll(heroes, big).unwrap();
    store
        .create_saved_roll(cats, NewSavedRoll::new("Fireball", "8d6"))
        .unwrap();
    store
        .create_saved_roll(cats, NewSavedRoll::new("Stat", "4d6kh3"))
        .unwrap();
    let found = |query: &str| -> Vec<String> {
        store
            .search_saved_rolls(query, 10)
            .unwrap()
            .into_iter()
            .map(|hit| format!("{} ({})", hit.roll.name, hit.roster_name))
            .collect()
    };
    // Names that start with the query first.
    assert_eq!(found("FIRE"), ["Fireball (Cats)", "Big fire (Heroes)"]);
    assert_eq!(found("kh3"), ["Stat (Cats)"]);
    assert_eq!(found("ember 10d6"), ["Big fire (Heroes)"]);
    assert!(found("").is_empty());
    assert!(found("nothing").is_empty());
}

#[test]
fn a_roll_saved_without_a_name_is_named_after_its_notation_apart_from_the_names_taken() {
    let (mut store, roster) = store_with(System::Genre);
    let mut saved = |name: &str, expr: &str| {
        store
            .create_saved_roll(roster, NewSavedRoll::new(name, expr))
            .unwrap()
            .name
    };
    assert_eq!(saved("", " 8d6  + 2 "), "8d6 + 2");
    assert_eq!(saved("8D6", "d4"), "8D6");
    assert_eq!(saved("  ", "8d6"), "8d6 (2)", "8D6 is taken, ignoring case");
    assert_eq!(saved("", "8d6"), "8d6 (3)");
    // A notation longer than a name may be is cut with an ellipsis, the suffix kept whole.
    let long = format!("{}d6", "d6+".repeat(60));
    let named = saved("", &long);
    assert_eq!(named.chars().count(), 120);
    assert!(named.ends_with('…'), "{named}");
    let again = saved("", &long);
    assert_eq!(again.chars().count(), 120);
    assert!(again.ends_with("… (2)"), "{again}");
    assert_eq!(names(&store, roster).len(), 6);
}
