//! Rolls of the hand-built kinds: seeded sampling agrees with the exact odds, the dice are
//! asked for by what they are, and typing them back by hand makes the same roll.

use std::collections::BTreeMap;

use serde_json::json;

use super::kinds::*;
use crate::system_file::model::RollKind;
use crate::system_file::odds::{odds, roll, roll_by_hand, roll_seeded};
use crate::tray::Tray;

const ROLLS: u32 = 100_000;

/// 10^5 seeded rolls: each outcome's share within 4 standard deviations of its exact chance,
/// each event's too, and success exactly when the outcome succeeds.
fn sampled_agrees(kind: &RollKind, given: serde_json::Value) {
    let values = values(kind, given);
    let exact = odds(kind, &values).unwrap();
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let mut events: BTreeMap<String, u32> = BTreeMap::new();
    let mut tray = Tray::new(31);
    for _ in 0..ROLLS {
        let rolled = roll(kind, &values, &mut tray).unwrap();
        assert!(
            exact.outcomes.contains_key(&rolled.outcome),
            "{}",
            rolled.outcome
        );
        let succeeds = match exact.target {
            Some(t) => rolled.value.unwrap() >= t,
            None => exact.succeeding.contains(&rolled.outcome),
        };
        assert_eq!(rolled.success, succeeds);
        *seen.entry(rolled.outcome).or_default() += 1;
        for e in rolled.events {
            *events.entry(e).or_default() += 1;
        }
    }
    let within = |what: &str, p: f64, count: u32| {
        let n = f64::from(ROLLS);
        let sigma = (p * (1.0 - p) / n).sqrt();
        let share = f64::from(count) / n;
        assert!(
            (share - p).abs() <= 4.0 * sigma + 1e-9,
            "{what}: sampled {share}, exact {p}"
        );
    };
    for (key, &p) in &exact.outcomes {
        within(key, p, seen.get(key).copied().unwrap_or(0));
    }
    for (key, &p) in &exact.events {
        within(key, p, events.get(key).copied().unwrap_or(0));
    }
}

#[test]
fn seeded_rolls_agree_with_the_odds() {
    sampled_agrees(&d20_check(), json!({"mod": 2, "dc": 14, "adv": true}));
    sampled_agrees(&glitch_pool(), json!({"dice": 4}));
    sampled_agrees(&highest_pool(), json!({"dice": 0}));
    sampled_agrees(&opposed(), json!({"mine": 3, "theirs": 3}));
    sampled_agrees(&chart(), json!({}));
}

#[test]
fn dice_are_asked_for_by_what_they_are() {
    let kind = d20_check();
    let mut tray = Tray::new(7);
    roll(&kind, &values(&kind, json!({"adv": true})), &mut tray).unwrap();
    let labels: Vec<&str> = tray.asked().iter().map(|a| a.label.as_str()).collect();
    // `nat` writes three pools (advantage, disadvantage, neither): each is named by its place.
    assert_eq!(
        labels,
        ["nat pool 1 (2d20kh1) die #1", "nat pool 1 (2d20kh1) die #2"]
    );
    let move_ = pbta();
    let mut tray = Tray::new(7);
    roll(&move_, &values(&move_, json!({})), &mut tray).unwrap();
    let labels: Vec<&str> = tray.asked().iter().map(|a| a.label.as_str()).collect();
    assert_eq!(labels, ["roll (2d6) die #1", "roll (2d6) die #2"]);
    let pool = glitch_pool();
    let mut tray = Tray::new(7);
    roll(&pool, &values(&pool, json!({"dice": 2})), &mut tray).unwrap();
    let labels: Vec<&str> = tray.asked().iter().map(|a| a.label.as_str()).collect();
    assert_eq!(labels, ["pool (d6) die #1", "pool (d6) die #2"]);
}

#[test]
fn a_roll_typed_back_by_hand_is_the_same_roll() {
    let kinds = [
        (d20_check(), json!({"dis": true, "mod": 4})),
        (glitch_pool(), json!({"dice": 5})),
        (highest_pool(), json!({"dice": 3})),
        (wild_die(), json!({"target": 6})),
        (opposed(), json!({})),
        (chart(), json!({})),
    ];
    for (kind, given) in kinds {
        let values = values(&kind, given);
        for seed in 0..50 {
            let seeded = roll_seeded(&kind, &values, seed).unwrap();
            let mut tray = Tray::new(seed);
            roll(&kind, &values, &mut tray).unwrap();
            assert_eq!(seeded.dice, tray.into_faces(), "the dice in the order read");
            let by_hand = roll_by_hand(&kind, &values, seeded.dice.clone()).unwrap();
            assert_eq!(by_hand, seeded, "{} seed {seed}", kind.id);
        }
    }
}

#[test]
fn dice_by_hand_refuses_too_few_dice() {
    let kind = pbta();
    let values = values(&kind, json!({}));
    let err = roll_by_hand(&kind, &values, vec![6]).unwrap_err();
    assert_eq!(err.code(), "dice_missing");
    let rolled = roll_by_hand(&kind, &values, vec![6, 4]).unwrap();
    assert_eq!(
        (rolled.outcome.as_str(), rolled.value),
        ("strong_hit", Some(11))
    );
    assert_eq!(
        rolled.detail,
        "roll = 10 (2d6: 6 4 = 10); value = 11; strong_hit: success"
    );
}
