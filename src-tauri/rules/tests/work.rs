//! The work of a batch is told before it is worked out (issue 28): every request's estimate is
//! at least the size of its answer (so a batch within the bound writes at most that many
//! outcomes), and a batch over the bound is refused naming it.

use rollbook_rules::{catalog, check_work, odds, request_from_value, MAX_BATCH_WORK};
use serde_json::{json, Value};

/// Every kind with each of its whole-number fields at its least, its middle and its most in
/// turn, the others at their defaults; and the heaviest requests of the benches.
fn requests() -> Vec<Value> {
    let catalog = serde_json::to_value(catalog()).unwrap();
    let mut all = Vec::new();
    for system in catalog["systems"].as_array().unwrap() {
        for kind in system["kinds"].as_array().unwrap() {
            let base = json!({"system": system["id"], "roll": kind["id"]});
            all.push(base.clone());
            for field in kind["fields"].as_array().unwrap() {
                let (Some(min), Some(max)) = (field["min"].as_i64(), field["max"].as_i64()) else {
                    continue;
                };
                for v in [min, (min + max) / 2, max] {
                    let mut request = base.clone();
                    request[field["name"].as_str().unwrap()] = v.into();
                    all.push(request);
                }
            }
        }
    }
    all.extend([
        json!({"system": "stunt", "roll": "damage", "dice": 60, "sides": 100, "htk": 3000}),
        json!({"system": "genre", "roll": "action", "dice": 60, "difficulty": 60, "bust_a_nut": true}),
        json!({"system": "marks", "roll": "pool", "attribute_dice": 15, "skill_dice": 15, "super_dice": 15, "super_skill_dice": 15, "needed": 200}),
        json!({"system": "marks", "roll": "contested", "attribute_dice": 30, "super_dice": 30, "defender_attribute_dice": 30, "defender_super_skill_dice": 30}),
        json!({"system": "marks", "roll": "extended", "attribute_dice": 1, "plateau": 500, "max_steps": 1000}),
        json!({"system": "marks", "roll": "extended", "super_dice": 5, "plateau": 500, "max_steps": 1000}),
        json!({"system": "d12", "roll": "straight", "ranks": 30, "extra_dice": 30, "difficulty": 1000}),
        json!({"system": "d12", "roll": "opposed", "attacker_ranks": 59, "defender_ranks": 59}),
        json!({"system": "d12", "roll": "damage", "damage_dice": 9, "cap": 20, "defender_ranks": 59}),
        json!({"system": "universe", "roll": "augmented_save", "dc": 100, "advantage": true, "before": 50, "pool": 1000}),
    ]);
    all
}

#[test]
fn every_estimate_covers_the_answer_it_stands_for() {
    let mut checked = 0;
    for value in requests() {
        let Ok(request) = request_from_value(value.clone()) else {
            continue;
        };
        let Ok(answer) = odds(&request) else {
            continue;
        };
        let listed = (answer.outcomes.len() + answer.events.len()) as u64;
        assert!(
            request.work() >= listed,
            "{value}: estimated {} units for an answer of {listed} outcomes",
            request.work()
        );
        checked += 1;
    }
    assert!(checked > 150, "only {checked} requests were valid");
}

#[test]
fn a_batch_over_the_bound_is_refused_before_it_starts_naming_it() {
    let heavy = request_from_value(
        json!({"system": "stunt", "roll": "damage", "dice": 60, "sides": 100, "htk": 3000}),
    )
    .unwrap();
    let err = check_work(&vec![heavy.clone(); 3000]).unwrap_err();
    assert_eq!(err.code(), "too_much_work");
    assert_eq!(
        err.to_string(),
        "these 3,000 requests ask for 44,829,000 units of work (about a microsecond each); one call does at most 30,000,000 (the limit batch_work): split them into several calls"
    );
    let most = (MAX_BATCH_WORK / heavy.work()) as usize;
    assert_eq!(
        check_work(&vec![heavy.clone(); most]).unwrap(),
        most as u64 * heavy.work()
    );
    assert!(check_work(&vec![heavy; most + 1]).is_err());
    // The most requests a call takes, each an everyday roll, pass.
    let everyday = request_from_value(
        json!({"system": "d12", "roll": "straight", "ranks": 4, "difficulty": 12}),
    )
    .unwrap();
    assert_eq!(everyday.work(), 248);
    check_work(&vec![everyday; rollbook_rules::MAX_REQUESTS]).unwrap();
}
