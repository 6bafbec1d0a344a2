use rollbook_rules::{HouseRules, PlanRequest, RollRequest};
use serde_json::json;

use super::OddsUnder;
use crate::{NewCharacter, NewRoster, RosterPatch, Store, System};

fn request(value: serde_json::Value) -> RollRequest {
    rollbook_rules::request_from_value(value).unwrap()
}

/// A d12 roster whose attacks miss below a margin of 5 (RULES.md: 0), so its odds differ from
/// the ruled ones.
fn strict_roster(store: &mut Store) -> crate::Roster {
    let roster = store
        .create_roster(NewRoster::new("Heroes", System::D12))
        .unwrap();
    let house = HouseRules {
        miss_margin: 5,
        ..HouseRules::default()
    };
    let patch = RosterPatch {
        house_rules: Some(house),
        ..RosterPatch::default()
    };
    store.update_roster(roster.id, patch).unwrap()
}

#[test]
fn odds_are_worked_out_under_the_rosters_house_rules_or_the_ruled_ones() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = strict_roster(&mut store);
    let attack = request(json!({"system": "d12", "roll": "opposed", "attacker_ranks": 2}));
    let under = OddsUnder::resolve(&store, Some(roster.id), None).unwrap();
    let strict = under.odds(&attack).unwrap();
    assert_eq!(
        strict,
        rollbook_rules::odds_with(&attack, &roster.house_rules).unwrap()
    );
    let ruled = OddsUnder::ruled().odds(&attack).unwrap();
    assert_eq!(ruled, rollbook_rules::odds(&attack).unwrap());
    assert_ne!(
        strict.success, ruled.success,
        "the house rule changes nothing"
    );
    // By name (the command line) or by id (the window): the same roster, the same answer.
    assert_eq!(OddsUnder::roster(roster.clone()), under);
    // A character's own roster is the place of its odds.
    let vex = store
        .create_character(roster.id, NewCharacter::named("Vex"))
        .unwrap();
    let by_character = OddsUnder::resolve(&store, None, Some(vex.id)).unwrap();
    assert_eq!(by_character.odds(&attack).unwrap(), strict);
}

#[test]
fn a_request_of_another_system_is_refused_by_every_operation_and_notation_is_not() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = strict_roster(&mut store);
    let under = OddsUnder::roster(roster);
    let pool = request(json!({"system": "marks", "roll": "pool"}));
    let refusals = [
        under.odds(&pool).unwrap_err(),
        under
            .odds_varied(&pool, "skill_dice", &[json!(1)])
            .unwrap_err(),
        under
            .varied_requests(&pool, "skill_dice", &[json!(1)])
            .unwrap_err(),
        under.dice_asked(&pool, &[]).unwrap_err(),
    ];
    for refusal in refusals {
        assert_eq!(refusal.code(), "system_mismatch", "{refusal}");
    }
    let attack = json!({"system": "universe", "roll": "attack", "bonus": 3, "ac": 14});
    let plan: PlanRequest = serde_json::from_value(json!({
        "plan": "fate_card", "this": attack, "later": attack, "card": "5H"
    }))
    .unwrap();
    assert_eq!(
        under.odds_plan(&plan).unwrap_err().code(),
        "system_mismatch"
    );
    let notation = request(json!({"system": "dice", "roll": "expr", "expr": "8d6"}));
    assert_eq!(
        under.odds(&notation).unwrap(),
        rollbook_rules::odds(&notation).unwrap()
    );
}

#[test]
fn a_varied_field_answers_what_odds_answers_for_each_value() {
    let mut store = Store::open_in_memory().unwrap();
    let under = OddsUnder::roster(strict_roster(&mut store));
    let attack = request(json!({"system": "d12", "roll": "opposed", "attacker_ranks": 1}));
    let values = [json!(0), json!(2), json!(4)];
    let varied = under
        .odds_varied(&attack, "attacker_ranks", &values)
        .unwrap();
    let requests = under
        .varied_requests(&attack, "attacker_ranks", &values)
        .unwrap();
    assert_eq!(varied.len(), 3);
    for ((odds, varied_request), ranks) in varied.iter().zip(&requests).zip([0, 2, 4]) {
        let set = request(json!({"system": "d12", "roll": "opposed", "attacker_ranks": ranks}));
        assert_eq!(varied_request, &set);
        assert_eq!(odds, &under.odds(&set).unwrap());
    }
    let bad = under
        .odds_varied(&attack, "attacker_ranks", &[json!(99)])
        .unwrap_err();
    assert_eq!(bad.code(), "invalid_request");
}

#[test]
fn dice_by_hand_are_read_under_the_rosters_rules() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = strict_roster(&mut store);
    let straight = request(json!({"system": "d12", "roll": "straight", "ranks": 2}));
    let asked = OddsUnder::roster(roster.clone())
        .dice_asked(&straight, &[5])
        .unwrap();
    assert_eq!(
        asked,
        rollbook_rules::dice_asked(&straight, &roster.house_rules, &[5]).unwrap()
    );
}
