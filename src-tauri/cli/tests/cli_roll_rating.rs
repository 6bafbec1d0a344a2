//! `rollbook roll --character NAME --rating NAME [--set FIELD=VALUE …]`: rolls what the
//! character's sheet offers, prefilled from the sheet, with the GM's fields set, and logs it.
//! The expected requests are worked out by hand from the fixture sheets and RULES.md.

use crate::common;

use common::Sandbox;
use serde_json::json;

/// The roll log, newest first.
fn log(sandbox: &Sandbox) -> Vec<serde_json::Value> {
    sandbox.run(&["log", "--format", "json"]).ok().json()["rolls"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn a_rating_rolls_the_sheet_request_with_the_fields_set_and_logs_it() {
    let sandbox = Sandbox::seeded();
    // Vex: Guns 2 ranks and a Dazed effect (one fewer d12), against Hard 12.
    let rated = sandbox
        .run(&[
            "roll",
            "--character",
            "vex",
            "--rating",
            "Guns",
            "--set",
            "difficulty=12",
            "--seed",
            "7",
        ])
        .ok()
        .json();
    let request = json!({"system": "d12", "roll": "straight", "ranks": 2, "extra_dice": 0,
                         "dazed": true, "difficulty": 12});
    let plain = sandbox
        .run(&["roll", &request.to_string(), "--seed", "7"])
        .ok()
        .json();
    assert_eq!(rated, plain);
    assert_eq!(rated["seed"], 7);

    let rolls = log(&sandbox);
    assert_eq!(rolls.len(), 1, "only the rating roll is logged");
    assert_eq!(rolls[0]["character_name"], "Vex");
    assert_eq!(rolls[0]["roster_name"], "Friday Night Heroes");
    assert_eq!(rolls[0]["request"], request);
    assert_eq!(rolls[0]["dice"], rated["dice"]);
}

#[test]
fn an_attack_a_skill_and_a_stunt_level_by_name() {
    let sandbox = Sandbox::seeded();
    // Overseer Kaan: Guns 3 ranks attacking Vex's Dodge 1.
    let attack = sandbox
        .run(&[
            "roll",
            "--character",
            "Overseer Kaan",
            "--rating",
            "guns attack",
            "--set",
            "defender_ranks=1",
            "--seed",
            "2",
        ])
        .ok()
        .json();
    let expected =
        json!({"system": "d12", "roll": "opposed", "attacker_ranks": 3, "defender_ranks": 1});
    assert_eq!(
        attack,
        sandbox
            .run(&["roll", &expected.to_string(), "--seed", "2"])
            .ok()
            .json()
    );

    // Rex Valor: Brawling +3 with Strength 4 (4 dice), and a -1 grunt penalty pending: +2.
    let brawl = sandbox
        .run(&[
            "roll",
            "--character",
            "Rex Valor",
            "--rating",
            "Brawling",
            "--set",
            "difficulty=2",
            "--set",
            "glory=1",
            "--seed",
            "5",
        ])
        .ok()
        .json();
    let expected = json!({"system": "genre", "roll": "action", "dice": 4, "modifier": 2,
                          "difficulty": 2, "glory": 1});
    assert_eq!(
        brawl,
        sandbox
            .run(&["roll", &expected.to_string(), "--seed", "5"])
            .ok()
            .json()
    );

    // Marla Quick: Running is Cosmic on her roster's chart; a level name needs no quotes.
    let check = sandbox
        .run(&[
            "roll",
            "--character",
            "Marla Quick",
            "--rating",
            "Running",
            "--set",
            "defending=Mutant",
            "--seed",
            "3",
        ])
        .ok()
        .json();
    assert!(
        check["detail"]
            .as_str()
            .unwrap()
            .contains("Cosmic vs Mutant"),
        "{check}"
    );
    let rolls = log(&sandbox);
    assert_eq!(rolls.len(), 3);
    assert_eq!(rolls[0]["character_name"], "Marla Quick");
    assert_eq!(
        rolls[0]["request"],
        json!({"system": "stunt", "roll": "check", "active": "Cosmic", "defending": "Mutant"})
    );
}

#[test]
fn the_first_words_of_a_name_find_a_roll_unless_several_start_so() {
    let sandbox = Sandbox::seeded();
    let who = ["roll", "--character", "Captain Ines Moreau", "--rating"];
    let err = sandbox.run(&[&who[..], &["physical"]].concat()).fails(2);
    assert_eq!(
        err,
        "rollbook: \"physical\" matches 2 rolls of Captain Ines Moreau: Physical save, Physical save with hp; give the whole name"
    );
    // Her Physical save DC is 14; "Physical save" is a whole name.
    let save = sandbox
        .run(&[&who[..], &["physical save", "--seed", "1"]].concat())
        .ok()
        .json();
    let expected = json!({"system": "universe", "roll": "save", "dc": 14});
    assert_eq!(
        save,
        sandbox
            .run(&["roll", &expected.to_string(), "--seed", "1"])
            .ok()
            .json()
    );
    // The attack: combat skill 2 + attack bonus 1.
    sandbox
        .run(&[&who[..], &["attack", "--set", "ac=15"]].concat())
        .ok();
    assert_eq!(
        log(&sandbox)[0]["request"],
        json!({"system": "universe", "roll": "attack", "bonus": 3, "ac": 15, "advantage": false})
    );
}

#[test]
fn mistakes_are_one_line_and_nothing_is_logged() {
    let sandbox = Sandbox::seeded();
    let vex = |extra: &[&str]| {
        let mut args = vec!["roll", "--character", "Vex"];
        args.extend_from_slice(extra);
        sandbox.run(&args)
    };
    let err = vex(&["--rating", "Lasers"]).fails(2);
    assert!(
        err.starts_with("rollbook: Vex has no roll named \"Lasers\"; the sheet offers: Guns, Guns attack, Dodge, "),
        "{err}"
    );
    let err = vex(&["--rating", "Guns", "--set", "range=12"]).fails(2);
    assert_eq!(
        err,
        "rollbook: --set range: Guns has no field \"range\"; it takes ranks, extra_dice, dazed, difficulty"
    );
    let err = vex(&["--rating", "Guns", "--set", "roll=opposed"]).fails(2);
    assert!(err.contains("has no field \"roll\""), "{err}");
    let err = vex(&["--rating", "Guns", "--set", "difficulty"]).fails(2);
    assert!(
        err.starts_with("rollbook: --set difficulty: write FIELD=VALUE"),
        "{err}"
    );
    let err = vex(&["--rating", "Guns", "--set", "difficulty=-5"]).fails(2);
    assert!(
        err.starts_with("rollbook: bad request: difficulty: -5"),
        "{err}"
    );
    let err = vex(&["--rating", "Guns", "--set", "dazed=maybe"]).fails(2);
    assert!(err.starts_with("rollbook: bad request: dazed"), "{err}");
    let err = sandbox.run(&["roll", "--rating", "Guns"]).fails(2);
    assert!(err.contains("--character"), "{err}");
    let err = vex(&[r#"{"system":"d12","roll":"straight"}"#, "--rating", "Guns"]).fails(2);
    assert!(err.contains("cannot be used with"), "{err}");
    let err = sandbox
        .run(&[
            "roll",
            r#"{"system":"d12","roll":"straight"}"#,
            "--set",
            "ranks=1",
        ])
        .fails(2);
    assert!(err.contains("--rating"), "{err}");
    let err = sandbox
        .run(&["roll", "--character", "Nobody", "--rating", "Guns"])
        .fails(2);
    assert_eq!(err, "rollbook: no character named \"Nobody\"");
    assert!(log(&sandbox).is_empty());
}
