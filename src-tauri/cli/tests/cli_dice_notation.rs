//! Dice notation on the command line (DICE.md): `dice check` with a caret under each problem,
//! and the `dice` system's `expr` kind through `odds`, `roll --seed` and `roll --dice`.

use crate::common;

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

#[test]
fn vary_sets_a_value_of_the_expression_each_answer_its_own_odds() {
    let sandbox = Sandbox::new();
    let request = serde_json::json!({
        "system": "dice", "roll": "expr", "expr": "d20+@bonus", "values": {"bonus": 0},
        "target": 15
    })
    .to_string();
    let varied = sandbox
        .run_bare(&["odds", &request, "--vary", "values.bonus=0,2,4"])
        .ok()
        .json();
    let answers = varied.as_array().unwrap();
    assert_eq!(answers.len(), 3);
    for (bonus, answer) in [0, 2, 4].into_iter().zip(answers) {
        let alone = serde_json::json!({
            "system": "dice", "roll": "expr", "expr": "d20+@bonus", "values": {"bonus": bonus},
            "target": 15
        })
        .to_string();
        assert_eq!(
            answer,
            &sandbox.run_bare(&["odds", &alone]).ok().json(),
            "bonus {bonus}"
        );
        // d20 + bonus >= 15: 6 faces of 20 with no bonus, two more for each 2.
        let want = f64::from(6 + bonus) / 20.0;
        assert!((answer["success"].as_f64().unwrap() - want).abs() < 1e-12);
    }
    let targets = sandbox
        .run_bare(&["odds", &request, "--vary", "target=10,20"])
        .ok()
        .json();
    assert!((targets[0]["success"].as_f64().unwrap() - 0.55).abs() < 1e-12);
    assert!((targets[1]["success"].as_f64().unwrap() - 0.05).abs() < 1e-12);
}

#[test]
fn vary_refuses_a_value_the_expression_does_not_use_or_cannot_take() {
    let sandbox = Sandbox::new();
    let request = serde_json::json!({
        "system": "dice", "roll": "expr", "expr": "d20+@bonus", "values": {"bonus": 0}
    })
    .to_string();
    let unused = sandbox
        .run_bare(&["odds", &request, "--vary", "values.dc=10,12"])
        .fails(2);
    // The values it may vary are the ones the request gives its @names.
    assert!(
        unused.contains("no field \"values.dc\"") && unused.contains("values.bonus"),
        "{unused}"
    );
    let too_big = sandbox
        .run_bare(&["odds", &request, "--vary", "values.bonus=1,2000000"])
        .fails(2);
    assert!(
        too_big.contains("[1]") && too_big.contains("bonus"),
        "{too_big}"
    );
    let unknown = sandbox
        .run_bare(&["odds", &request, "--vary", "dice=1,2"])
        .fails(2);
    assert!(
        unknown.contains("it takes target, values.bonus"),
        "{unknown}"
    );
    let elsewhere =
        serde_json::json!({"system": "d12", "roll": "straight", "ranks": 2}).to_string();
    let not_an_expression = sandbox
        .run_bare(&["odds", &elsewhere, "--vary", "values.bonus=1"])
        .fails(2);
    assert!(
        not_an_expression.contains("has no field \"values.bonus\""),
        "{not_an_expression}"
    );
}
