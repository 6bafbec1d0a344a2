//! Rules commands: catalog, odds and roll (without a roster; rolls with one are in flows.rs).

use serde_json::{json, Value};

use super::Window;

fn invoke(command: &str, args: Value) -> Result<Value, Value> {
    Window::new().invoke(command, args)
}

fn d12_straight() -> Value {
    json!({"system": "d12", "roll": "straight", "ranks": 1, "difficulty": 12})
}

#[test]
fn catalog_lists_systems_with_kinds_and_fields() {
    let catalog = invoke("catalog", json!({})).expect("catalog answers");
    let systems = catalog["systems"].as_array().expect("systems array");
    assert!(!systems.is_empty());
    for system in systems {
        let kinds = system["kinds"].as_array().expect("kinds array");
        assert!(!kinds.is_empty(), "{} has no kinds", system["id"]);
        for kind in kinds {
            assert!(
                kind["fields"].is_array(),
                "{}.{} has no fields",
                system["id"],
                kind["id"]
            );
        }
    }
}

#[test]
fn odds_answers_success_and_outcomes_summing_to_one() {
    let odds = invoke("odds", json!({"request": d12_straight()})).expect("odds answers");
    let success = odds["success"].as_f64().expect("success is a number");
    assert!((0.0..=1.0).contains(&success));
    let total: f64 = odds["outcomes"]
        .as_object()
        .expect("outcomes map")
        .values()
        .map(|p| p.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "outcomes sum to {total}");
}

#[test]
fn odds_equal_the_rules_crate() {
    let odds = invoke("odds", json!({"request": d12_straight()})).unwrap();
    let request = rollbook_rules::request_from_value(d12_straight()).unwrap();
    let expected = serde_json::to_value(rollbook_rules::odds(&request).unwrap()).unwrap();
    assert_eq!(odds, expected);
}

#[test]
fn roll_with_a_seed_is_reproducible() {
    let args = json!({"request": d12_straight(), "seed": 42});
    let window = Window::new();
    let first = window.ok("roll", args.clone());
    let second = window.ok("roll", args);
    assert_eq!(first["result"], second["result"]);
    assert_ne!(first["log_id"], second["log_id"], "each roll is logged");
    let first = &first["result"];
    assert_eq!(first["seed"], json!(42));
    assert!(!first["dice"].as_array().unwrap().is_empty());
    assert!(first["outcome"].is_string());
}

#[test]
fn roll_without_a_seed_reports_one_that_javascript_keeps_exactly() {
    let answer = invoke("roll", json!({"request": d12_straight()})).expect("roll answers");
    let result = &answer["result"];
    let seed = result["seed"].as_u64().expect("seed is a number");
    assert!(
        seed <= rollbook_rules::MAX_PORTABLE_SEED,
        "seed {seed} is not a safe JS integer"
    );
}

#[test]
fn a_bad_field_comes_back_as_code_and_message_naming_it() {
    let error = invoke(
        "odds",
        json!({"request": {"system": "d12", "roll": "straight", "ranks": -1}}),
    )
    .expect_err("negative ranks are refused");
    assert_eq!(error["code"], json!("invalid_request"));
    let message = error["message"].as_str().expect("message text");
    assert!(
        message.contains("ranks"),
        "message does not name the field: {message}"
    );
}

#[test]
fn a_request_that_is_not_an_object_is_refused() {
    let error = invoke("roll", json!({"request": [1, 2, 3]})).expect_err("refused");
    assert!(error["code"].is_string());
    assert!(!error["message"].as_str().unwrap().is_empty());
}

#[test]
fn a_request_over_the_size_limit_is_refused_with_its_code_and_the_limit_named() {
    let huge = json!({"system": "d12", "roll": "straight", "note": "x".repeat(16 * 1024 * 1024)});
    let window = Window::new();
    for command in ["odds", "roll"] {
        let refused = window.err(command, json!({"request": huge}));
        assert_eq!(refused["code"], "request_too_large", "{command}");
        assert_eq!(
            refused["message"],
            "the request text is over the limit of 16 MiB (16,777,216 bytes); send fewer requests at a time"
        );
    }
    // Nothing was logged.
    assert_eq!(
        window.ok("roll_log", json!({"query": {}})),
        json!({"entries": [], "damaged": []})
    );
    let catalog = window.ok("catalog", json!({}));
    assert_eq!(catalog["limits"]["requests"], 100_000);
    assert_eq!(catalog["limits"]["request_bytes"], 16 * 1024 * 1024);
}

#[test]
fn an_import_over_the_limits_is_refused_with_the_limit_named() {
    // A roster file has no size limit (it is read record by record); how many rosters it holds
    // has one, Rollbook's own (`rollbook_rules::MAX_ROSTERS`), served in the catalog.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    let rosters: Vec<Value> = (0..1001)
        .map(|i| json!({"name": format!("R{i}"), "system": "d12"}))
        .collect();
    let file = json!({"format": "rollbook-roster", "version": 1, "rosters": rosters});
    std::fs::write(&big, file.to_string()).unwrap();
    let window = Window::new();
    let refused = window.err("import_preview", json!({"path": big, "mode": "merge"}));
    assert_eq!(refused["code"], "import_refused");
    assert!(
        refused["message"].as_str().unwrap().contains(
            "rosters: the file holds more than 1,000 rosters; Rollbook keeps at most 1,000"
        ),
        "{refused}"
    );
    let catalog = window.ok("catalog", json!({}));
    assert_eq!(catalog["limits"]["rosters"], 1_000);
}

/// `odds_compare` answers, for each value, what `odds` answers with the field set to it.
fn assert_compare_equals_single_odds(
    window: &Window,
    request: Value,
    field: &str,
    values: &[Value],
    roster: Option<&Value>,
) {
    let mut args = json!({"request": request, "field": field, "values": values});
    if let Some(id) = roster {
        args["roster_id"] = id.clone();
    }
    let compared = window.ok("odds_compare", args);
    let compared = compared.as_array().expect("one answer per value");
    assert_eq!(compared.len(), values.len());
    for (value, answer) in values.iter().zip(compared) {
        let mut one = request.clone();
        one[field] = value.clone();
        let mut args = json!({"request": one});
        if let Some(id) = roster {
            args["roster_id"] = id.clone();
        }
        assert_eq!(answer, &window.ok("odds", args), "{field} = {value}");
    }
}

#[test]
fn odds_compare_equals_single_odds_calls() {
    let window = Window::new();
    let genre = json!({"system": "genre", "roll": "action", "dice": 3, "difficulty": 3});
    let grunts = [json!(0), json!(1), json!(2), json!(3)];
    assert_compare_equals_single_odds(&window, genre, "grunt", &grunts, None);
    let attack = json!({"system": "universe", "roll": "attack", "bonus": 3, "ac": 15});
    let advantage = [json!(false), json!(true)];
    assert_compare_equals_single_odds(&window, attack, "advantage", &advantage, None);
    let marks = json!({"system": "marks", "roll": "pool", "attribute_dice": 3, "skill_dice": 2});
    let penalties = [json!(0), json!(1), json!(2)];
    assert_compare_equals_single_odds(&window, marks, "penalty", &penalties, None);
    let d12 = json!({"system": "d12", "roll": "opposed", "attacker_ranks": 2});
    assert_compare_equals_single_odds(&window, d12, "defender_dazed", &advantage, None);
}

#[test]
fn odds_compare_follows_the_rosters_house_rules() {
    let window = Window::new();
    let levels = ["Feeble", "Average", "Skilled", "Heroic"];
    let mut chart = rollbook_rules::StuntChart::ruled(levels.map(String::from).to_vec());
    // A cell the roster changed: Skilled against Average needs 5, not the ruled 8.
    chart.chart[2][1] = 5;
    let roster = window.ok(
        "roster_create",
        json!({"roster": {"name": "Cats", "system": "stunt", "house_rules": {"stunt": chart}}}),
    );
    let id = roster["id"].clone();
    let check =
        json!({"system": "stunt", "roll": "check", "active": "Skilled", "defending": "Average"});
    let values: Vec<Value> = levels.iter().map(|l| json!(l)).collect();
    assert_compare_equals_single_odds(&window, check.clone(), "active", &values, Some(&id));
    let house = window.ok(
        "odds_compare",
        json!({"request": check.clone(), "field": "active", "values": ["Skilled"], "roster_id": id}),
    );
    let ruled = window.ok(
        "odds_compare",
        json!({"request": check, "field": "active", "values": ["Skilled"]}),
    );
    assert_ne!(house, ruled, "the roster's chart is used");
}

#[test]
fn odds_compare_refuses_a_field_the_kind_does_not_take() {
    let error = invoke(
        "odds_compare",
        json!({"request": d12_straight(), "field": "grunt", "values": [1]}),
    )
    .unwrap_err();
    assert_eq!(error["code"], "invalid_request");
    assert!(
        error["message"].as_str().unwrap().contains("grunt"),
        "{error}"
    );
}
