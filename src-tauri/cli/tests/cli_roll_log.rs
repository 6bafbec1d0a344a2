//! `rollbook roll --character/--roster` logs under the roster's house rules; `rollbook log`
//! shows and exports the log.

use crate::common;

use common::Sandbox;

const D12: &str = r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#;

#[test]
fn a_roll_with_a_character_is_logged_and_shown() {
    let sandbox = Sandbox::seeded();
    let rolled = sandbox
        .run(&["roll", D12, "--seed", "7", "--character", "vex"])
        .ok()
        .json();
    let plain = sandbox.run(&["roll", D12, "--seed", "7"]).ok().json();
    assert_eq!(rolled, plain, "d12 rosters roll by the book");

    let log = sandbox.run(&["log", "--format", "json"]).ok().json();
    assert_eq!(log["format"], "rollbook-roll-log");
    let rolls = log["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0]["character_name"], "Vex");
    assert_eq!(rolls[0]["roster_name"], "Friday Night Heroes");
    assert_eq!(rolls[0]["seed"], 7);
    assert_eq!(rolls[0]["dice"], rolled["dice"]);
    assert_eq!(rolls[0]["outcome"], rolled["outcome"]);

    // --json is --format json; the table names the character.
    assert_eq!(
        sandbox.run(&["--json", "log"]).ok().json()["rolls"],
        log["rolls"]
    );
    let table = sandbox.run(&["log"]).ok().stdout;
    assert!(table.starts_with("TIME "), "{table}");
    assert!(table.contains("Vex"), "{table}");
    let csv = sandbox.run(&["log", "--format", "csv"]).ok().stdout;
    assert_eq!(csv.lines().count(), 2);
    assert!(csv.starts_with("at,roster,character,"));
}

#[test]
fn the_log_filters_by_roster_character_and_limit() {
    let sandbox = Sandbox::seeded();
    for _ in 0..3 {
        sandbox.run(&["roll", D12, "--character", "Vex"]).ok();
    }
    sandbox
        .run(&[
            "roll",
            D12,
            "--character",
            "Brick",
            "--roster",
            "Friday Night Heroes",
        ])
        .ok();
    sandbox
        .run(&[
            "roll",
            r#"{"system":"stunt","roll":"double_six"}"#,
            "--roster",
            "The Uncanny Stunt Squad",
        ])
        .ok();
    let count = |args: &[&str]| {
        let mut all = vec!["--json", "log"];
        all.extend_from_slice(args);
        sandbox.run(&all).ok().json()["rolls"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(count(&[]), 5);
    assert_eq!(count(&["--character", "vex"]), 3);
    assert_eq!(count(&["--roster", "Friday Night Heroes"]), 4);
    assert_eq!(count(&["--roster", "The Uncanny Stunt Squad"]), 1);
    assert_eq!(count(&["--limit", "2"]), 2);
    assert_eq!(count(&["--since", "2000-01-01"]), 5);
    assert_eq!(count(&["--until", "2000-01-01T00:00:00Z"]), 0);
    let newest = sandbox.run(&["--json", "log", "--limit", "1"]).ok().json();
    assert_eq!(newest["rolls"][0]["roster_name"], "The Uncanny Stunt Squad");
    assert_eq!(
        newest["rolls"][0]["character_name"],
        serde_json::Value::Null
    );
    let err = sandbox.run(&["log", "--character", "Nobody"]).fails(2);
    assert_eq!(err, "rollbook: no character named \"Nobody\"");
    let err = sandbox.run(&["--json", "log", "--format", "csv"]);
    assert_eq!(err.code, 2);
}

#[test]
fn house_rules_of_the_roster_apply() {
    // A stunt roster whose level list calls "Cosmic" "Galactic": only its rolls know the level.
    let sandbox = Sandbox::new();
    let text = std::fs::read_to_string(common::fixture("stunt.json"))
        .unwrap()
        .replace("Cosmic", "Galactic");
    let file = sandbox.path("galactic.json");
    std::fs::write(&file, text).unwrap();
    sandbox.run(&["import", file.to_str().unwrap()]).ok();
    let roster = sandbox.run(&["--json", "roster", "list"]).ok().json()[0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let request = r#"{"system":"stunt","roll":"check","active":"Galactic","defending":"Average"}"#;
    let err = sandbox.run(&["roll", request, "--seed", "3"]).fails(2);
    assert!(err.contains("Galactic"), "{err}");
    let house = sandbox
        .run(&["roll", request, "--seed", "3", "--roster", &roster])
        .ok()
        .json();
    assert_eq!(house["seed"], 3);
    assert!(
        house["detail"]
            .as_str()
            .unwrap()
            .contains("Galactic vs Average"),
        "{house}"
    );
    let logged = sandbox.run(&["--json", "log"]).ok().json();
    assert_eq!(logged["rolls"][0]["roster_name"], roster.as_str());
    // The same roll by the book, with the book's name for the level, gives the same dice.
    let ruled = sandbox
        .run(&[
            "roll",
            &request.replace("Galactic", "Cosmic"),
            "--seed",
            "3",
        ])
        .ok()
        .json();
    assert_eq!(ruled["dice"], house["dice"]);
}

#[test]
fn a_roll_that_cannot_be_logged_exits_2_and_logs_nothing() {
    let sandbox = Sandbox::seeded();
    let before = sandbox.db_bytes();
    let stunt = r#"{"system":"stunt","roll":"double_six"}"#;
    let err = sandbox.run(&["roll", stunt, "--character", "Vex"]).fails(2);
    assert!(
        err.contains("a stunt double_six roll cannot be made for Vex"),
        "{err}"
    );
    // An array is checked whole before anything is logged.
    let err = sandbox
        .run(&["roll", &format!("[{D12},{stunt}]"), "--character", "Vex"])
        .fails(2);
    assert!(err.contains("[1]"), "{err}");
    let err = sandbox
        .run(&["roll", D12, "--character", "Nobody"])
        .fails(2);
    assert_eq!(err, "rollbook: no character named \"Nobody\"");
    let err = sandbox
        .run(&[
            "roll",
            D12,
            "--character",
            "Vex",
            "--roster",
            "Pixel Vanguard",
        ])
        .fails(2);
    assert!(err.contains("no character named \"Vex\""), "{err}");
    let err = sandbox
        .run(&[
            "roll",
            r#"{"system":"d12","roll":"straight","ranks":99}"#,
            "--character",
            "Vex",
        ])
        .fails(2);
    assert!(err.contains("ranks"), "{err}");
    assert_eq!(sandbox.db_bytes(), before);
    assert_eq!(sandbox.run(&["log"]).ok().stdout, "No rolls logged.\n");
}

#[test]
fn logged_rolls_without_a_seed_get_one_javascript_keeps() {
    let sandbox = Sandbox::seeded();
    for _ in 0..5 {
        let roll = sandbox
            .run(&["roll", D12, "--character", "Vex"])
            .ok()
            .json();
        assert!(roll["seed"].as_u64().unwrap() < 1 << 53);
    }
}

#[test]
fn a_missing_database_is_not_created_by_a_roll() {
    let sandbox = Sandbox::new();
    let err = sandbox.run(&["roll", D12, "--character", "Vex"]).fails(2);
    assert_eq!(err, "rollbook: no character named \"Vex\"");
    assert!(!sandbox.db.exists());
}

#[test]
fn a_roll_keeps_its_character_s_name_after_the_character_is_deleted_for_good() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&["roll", D12, "--seed", "7", "--character", "Vex"])
        .ok();
    sandbox.run(&["character", "delete", "Vex"]).ok();
    sandbox.run(&["trash", "empty", "--yes"]).ok();
    assert!(sandbox
        .run(&["character", "show", "Vex"])
        .fails(2)
        .contains("Vex"));
    let table = sandbox.run(&["log"]).ok().stdout;
    let row = table.lines().nth(1).unwrap();
    assert!(row.contains("Friday Night Heroes  Vex "), "{table}");
    let csv = sandbox.run(&["log", "--format", "csv"]).ok().stdout;
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .contains(",Friday Night Heroes,Vex,d12,straight,"),
        "{csv}"
    );
    let json = sandbox.run(&["log", "--format", "json"]).ok().json();
    assert_eq!(json["rolls"][0]["character_name"], "Vex");
    assert_eq!(json["rolls"][0]["character_id"], serde_json::Value::Null);
}
