//! `rollbook odds REQUEST --plan PLAN`: every alternative's requests with their odds, each the
//! same as `rollbook odds` of that request; a wrong kind or an unknown plan exits 2.

use crate::common;

use common::Sandbox;
use serde_json::Value;

/// Every roll of every alternative answers what `rollbook odds` answers for its request alone.
fn each_roll_is_its_own_odds(sandbox: &Sandbox, answer: &Value) {
    let alternatives = answer["alternatives"].as_array().unwrap();
    assert!(alternatives.len() >= 2, "{answer}");
    for alternative in alternatives {
        for roll in alternative["rolls"].as_array().unwrap() {
            let alone: Value = sandbox
                .run_bare(&["odds", &roll["request"].to_string()])
                .ok()
                .json();
            assert_eq!(roll["odds"], alone, "{}", alternative["label"]);
        }
    }
}

#[test]
fn each_alternative_is_the_odds_of_its_requests() {
    let sandbox = Sandbox::new();
    let save = r#"{"system":"universe","roll":"augmented_save","dc":14,"pool":12}"#;
    let answer = sandbox
        .run_bare(&["odds", save, "--plan", "augmentation"])
        .ok()
        .json();
    assert_eq!(answer["id"], "augmentation");
    each_roll_is_its_own_odds(&sandbox, &answer);
    let attack = r#"{"system":"universe","roll":"attack","bonus":3,"ac":14}"#;
    let later = r#"{"system":"universe","roll":"attack","bonus":4,"ac":12}"#;
    let answer = sandbox
        .run_bare(&[
            "odds",
            attack,
            "--plan",
            "fate_card",
            "--later",
            later,
            "--card",
            "5H",
        ])
        .ok()
        .json();
    assert_eq!(answer["alternatives"][1]["rolls"][1]["request"]["ac"], 17);
    each_roll_is_its_own_odds(&sandbox, &answer);
}

#[test]
fn a_plan_it_cannot_make_is_refused_with_exit_2() {
    let sandbox = Sandbox::new();
    let attack = r#"{"system":"universe","roll":"attack"}"#;
    let err = sandbox
        .run_bare(&["odds", attack, "--plan", "fate_card", "--card", "5H"])
        .fails(2);
    assert!(err.contains("later:"), "{err}");
    let err = sandbox
        .run_bare(&["odds", attack, "--plan", "grunt"])
        .fails(2);
    assert!(
        err.contains("the plans are fate_card and augmentation"),
        "{err}"
    );
    let err = sandbox
        .run_bare(&["odds", attack, "--plan", "augmentation"])
        .fails(2);
    assert!(
        err.contains("this: give a universe augmented_save"),
        "{err}"
    );
}
