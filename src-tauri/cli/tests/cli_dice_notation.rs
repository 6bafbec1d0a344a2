//! Dice notation on the command line (DICE.md): `dice check` with a caret under each problem,
//! and the `dice` system's `expr` kind through `odds`, `roll --seed` and `roll --dice`.

mod common;

use common::Sandbox;

fn expr(notation: &str) -> String {
    serde_json::json!({"system": "dice", "roll": "expr", "expr": notation, "target": 15})
        .to_string()
}

#[test]
fn dice_check_tells_the_range_or_every_problem_under_its_column() {
    let sandbox = Sandbox::new();
    let ok = sandbox.run_bare(&["dice", "check", "4d6kh3"]).ok();
    assert_eq!(ok.stdout, "4d6kh3: 3 to 18, mean 12.2446 (16 values)\n");
    let bad = sandbox.run_bare(&["dice", "check", "4d6k3"]);
    let told = bad.fails(2);
    let lines: Vec<&str> = told.lines().collect();
    assert!(
        lines[0].contains("expr: column 4: did you mean kh3?"),
        "{told}"
    );
    assert_eq!(lines[1], "  4d6k3");
    assert_eq!(lines[2], "     ^");
    let named = sandbox.run_bare(&["dice", "check", "d20+@bonus", "--values", r#"{"dc": 3}"#]);
    let told = named.fails(2);
    assert!(told.contains("column 5: @bonus has no value"), "{told}");
    assert!(told.contains("values.dc: the roll has no @dc"), "{told}");
    let json = sandbox.run_bare(&["dice", "check", "2d6+", "--json"]);
    assert_eq!(json.code, 2);
    let error: serde_json::Value = serde_json::from_str(json.stderr.trim()).unwrap();
    assert_eq!(error["error"]["code"], "invalid_request");
    assert_eq!(error["error"]["problems"][0]["column"], 5);
    // The names it uses, as the window offers a value for each.
    let values = r#"{"bonus": 1, "dc": 12}"#;
    let read = sandbox
        .run_bare(&[
            "dice",
            "check",
            "d20+@bonus >= @dc",
            "--values",
            values,
            "--json",
        ])
        .ok()
        .json();
    assert_eq!(read["names"], serde_json::json!(["bonus", "dc"]));
}

#[test]
fn an_expression_s_odds_and_rolls_are_a_request_like_any_other() {
    let sandbox = Sandbox::new();
    let advantage = expr("2d20kh1+5");
    let odds = sandbox.run_bare(&["odds", &advantage]).ok().json();
    assert!((odds["success"].as_f64().unwrap() - (1.0 - 0.45 * 0.45)).abs() < 1e-12);
    let seeded = sandbox
        .run_bare(&["roll", &expr("8d10x cs>=8"), "--seed", "7"])
        .ok()
        .json();
    let faces: Vec<String> = seeded["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.to_string())
        .collect();
    let by_hand = sandbox
        .run_bare(&["roll", &expr("8d10x cs>=8"), "--dice", &faces.join(",")])
        .ok()
        .json();
    assert_eq!(by_hand["outcome"], seeded["outcome"]);
    assert_eq!(by_hand["groups"], seeded["groups"]);
    let refused = sandbox.run_bare(&["odds", &expr("100d1000kh50")]).fails(2);
    assert!(
        refused.contains("expr: column 1: 100d1000kh50 is too big"),
        "{refused}"
    );
}
