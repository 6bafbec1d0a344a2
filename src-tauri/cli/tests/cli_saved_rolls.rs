//! Saved rolls on the command line (issue 29): `rollbook saved create|list|edit|move|delete`,
//! `rollbook roll --saved NAME --roster R` with --seed, --dice and --secret as `roll` takes them,
//! a typed roll under a roster, and saved rolls through export and import.

use crate::common;

use common::Sandbox;

const HEROES: &str = "Friday Night Heroes";

fn names(sandbox: &Sandbox) -> Vec<String> {
    sandbox
        .run(&["--json", "saved", "list", "--roster", HEROES])
        .ok()
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn saved_rolls_are_created_listed_edited_moved_and_deleted() {
    let sandbox = Sandbox::seeded();
    let empty = sandbox.run(&["saved", "list", "--roster", HEROES]).ok();
    assert!(
        empty.stdout.contains("has no saved rolls yet"),
        "{}",
        empty.stdout
    );
    let made = sandbox
        .run(&["saved", "create", "--roster", HEROES, "Fireball", "8d6"])
        .ok();
    assert_eq!(
        made.stdout,
        "Saved \"Fireball\": 8d6 (at least 1 succeeds), place 1\n"
    );
    sandbox
        .run(&[
            "saved",
            "add",
            "--roster",
            HEROES,
            "Sneak attack",
            "d20+@bonus",
            "--values",
            r#"{"bonus": 5}"#,
            "--target",
            "15",
            "--notes",
            "From hiding",
        ])
        .ok();
    sandbox
        .run(&[
            "saved", "create", "--roster", HEROES, "Drain", "d6", "--target", "-2",
        ])
        .ok();
    let list = sandbox.run(&["saved", "list", "--roster", HEROES]).ok();
    let lines: Vec<&str> = list.stdout.lines().collect();
    assert!(lines[0].starts_with("#"), "{}", list.stdout);
    assert!(lines[2].contains("Sneak attack") && lines[2].contains("bonus=5"));
    assert!(lines[2].contains("15") && lines[2].contains("From hiding"));

    sandbox
        .run(&[
            "saved",
            "edit",
            "--roster",
            HEROES,
            "fireball",
            "--expr",
            "10d6",
            "--name",
            "Big fireball",
        ])
        .ok();
    let json = sandbox
        .run(&["--json", "saved", "list", "--roster", HEROES])
        .ok()
        .json();
    assert_eq!(json[0]["name"], "Big fireball");
    assert_eq!(json[0]["expr"], "10d6");
    assert_eq!(json[1]["values"]["bonus"], 5);

    let moved = sandbox
        .run(&[
            "saved",
            "move",
            "--roster",
            HEROES,
            "Big fireball",
            "--to",
            "3",
        ])
        .ok();
    assert_eq!(moved.stdout, "Moved \"Big fireball\" to place 3 of 3\n");
    assert_eq!(names(&sandbox), ["Sneak attack", "Drain", "Big fireball"]);
    sandbox
        .run(&["saved", "remove", "--roster", HEROES, "drain"])
        .ok();
    assert_eq!(names(&sandbox), ["Sneak attack", "Big fireball"]);
}

#[test]
fn a_refused_saved_roll_says_where_exits_2_and_changes_nothing() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&["saved", "create", "--roster", HEROES, "Fireball", "8d6"])
        .ok();
    let before = sandbox.db_bytes();
    let told = sandbox
        .run(&["saved", "create", "--roster", HEROES, "Stat", "4d6k3"])
        .fails(2);
    assert!(told.contains("expr: column 4: "), "{told}");
    assert!(told.contains("kh3"), "{told}");
    let told = sandbox
        .run(&["saved", "create", "--roster", HEROES, "FIREBALL", "d6"])
        .fails(2);
    assert!(told.contains("already a saved roll"), "{told}");
    let told = sandbox
        .run(&[
            "saved",
            "edit",
            "--roster",
            HEROES,
            "Fireball",
            "--values",
            "{bonus: 2}",
        ])
        .fails(2);
    assert!(told.contains("--values"), "{told}");
    let told = sandbox
        .run(&["saved", "delete", "--roster", HEROES, "Nothing"])
        .fails(2);
    assert!(told.contains("it has Fireball"), "{told}");
    let json = sandbox.run(&[
        "--json", "saved", "create", "--roster", HEROES, "Hit", "d20+",
    ]);
    assert_eq!(json.code, 2);
    let error: serde_json::Value = serde_json::from_str(json.stderr.trim()).unwrap();
    assert_eq!(error["error"]["code"], "invalid_saved_roll");
    assert_eq!(error["error"]["problems"][0]["path"], "expr");
    assert_eq!(sandbox.db_bytes(), before);
}

#[test]
fn roll_saved_honours_seed_dice_and_secret_and_logs_in_the_roster() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&[
            "saved",
            "create",
            "--roster",
            HEROES,
            "Sneak attack",
            "d20+@bonus",
            "--values",
            r#"{"bonus": 5}"#,
            "--target",
            "15",
        ])
        .ok();
    let saved = sandbox
        .run(&[
            "roll",
            "--saved",
            "sneak attack",
            "--roster",
            HEROES,
            "--seed",
            "7",
        ])
        .ok()
        .json();
    let request = serde_json::json!({"system": "dice", "roll": "expr", "expr": "d20+@bonus",
                                     "values": {"bonus": 5}, "target": 15})
    .to_string();
    let same = sandbox.run(&["roll", &request, "--seed", "7"]).ok().json();
    assert_eq!(saved, same, "a saved roll is its typed request");
    let face = saved["dice"][0].to_string();
    let by_hand = sandbox
        .run(&[
            "roll",
            "--saved",
            "Sneak attack",
            "--roster",
            HEROES,
            "--dice",
            &face,
            "--secret",
        ])
        .ok()
        .json();
    assert_eq!(by_hand["outcome"], saved["outcome"]);
    assert_eq!(by_hand["by_hand"], true);

    let log = sandbox
        .run(&["--json", "log", "--roster", HEROES])
        .ok()
        .json();
    let rolls = log["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 2);
    assert_eq!(rolls[0]["secret"], true);
    assert_eq!(rolls[1]["secret"], false);
    assert_eq!(rolls[1]["request"]["expr"], "d20+@bonus");

    // --saved needs a roster, and is not a request or a rating.
    let told = sandbox.run(&["roll", "--saved", "Sneak attack"]);
    assert_eq!(told.code, 2);
    assert!(told.stderr.contains("--roster"), "{}", told.stderr);
    let told = sandbox
        .run(&["roll", "--saved", "Nothing", "--roster", HEROES])
        .fails(2);
    assert!(told.contains("no saved roll named \"Nothing\""), "{told}");
    let told = sandbox
        .run(&[
            "roll",
            "--saved",
            "Sneak attack",
            "--roster",
            HEROES,
            "--dice",
            "21",
        ])
        .fails(2);
    assert!(told.contains("Sneak attack"), "{told}");
}

#[test]
fn a_typed_roll_is_made_under_a_roster_of_any_system() {
    let sandbox = Sandbox::seeded();
    let request = serde_json::json!({"system": "dice", "roll": "expr", "expr": "8d6"}).to_string();
    for roster in [HEROES, "Pixel Vanguard", "The Uncanny Stunt Squad"] {
        sandbox
            .run(&["roll", &request, "--roster", roster, "--seed", "3"])
            .ok();
    }
    sandbox
        .run(&[
            "roll",
            &request,
            "--character",
            "Vex",
            "--seed",
            "3",
            "--secret",
        ])
        .ok();
    let table = sandbox
        .run(&["log", "--roster", "Pixel Vanguard"])
        .ok()
        .stdout;
    assert!(
        table.lines().nth(1).unwrap().contains(" 8d6 "),
        "the notation names the roll: {table}"
    );
    let log = sandbox.run(&["--json", "log"]).ok().json();
    let rolls = log["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 4);
    assert!(rolls.iter().all(|r| r["system"] == "dice"));
    let luck = sandbox.run(&["--json", "log", "--luck"]).ok().json();
    assert_eq!(
        luck["overall"]["rolls"], 4,
        "every typed roll is judged: {luck}"
    );
}

#[test]
fn saved_rolls_go_out_with_their_roster_and_come_back() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&[
            "saved", "create", "--roster", HEROES, "Fireball", "8d6", "--target", "28",
        ])
        .ok();
    let out = sandbox.path("heroes.json");
    sandbox
        .run(&["export", "--roster", HEROES, "--out", out.to_str().unwrap()])
        .ok();
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        file["rosters"][0]["saved_rolls"],
        serde_json::json!([{"name": "Fireball", "expr": "8d6", "values": {}, "target": 28, "notes": ""}])
    );
    let other = Sandbox::new();
    other.run(&["import", out.to_str().unwrap()]).ok();
    let json = other
        .run(&["--json", "saved", "list", "--roster", HEROES])
        .ok()
        .json();
    assert_eq!(json[0]["name"], "Fireball");
    assert_eq!(json[0]["target"], 28);

    // A bad notation in a file: refused at its path and column, nothing imported.
    let mut bad = file.clone();
    bad["rosters"][0]["saved_rolls"][0]["expr"] = "8d6+".into();
    let bad_path = sandbox.path("bad.json");
    std::fs::write(&bad_path, bad.to_string()).unwrap();
    let fresh = Sandbox::new();
    let told = fresh.run(&["import", bad_path.to_str().unwrap()]).fails(2);
    assert!(
        told.contains("rosters[0].saved_rolls[0].expr: column 5: "),
        "{told}"
    );
    let list = fresh.run(&["roster", "list"]);
    assert!(!list.stdout.contains(HEROES), "{}", list.stdout);
}
