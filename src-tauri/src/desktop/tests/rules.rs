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
    assert_eq!(window.ok("roll_log", json!({"query": {}})), json!([]));
    let catalog = window.ok("catalog", json!({}));
    assert_eq!(catalog["limits"]["requests"], 100_000);
    assert_eq!(catalog["limits"]["request_bytes"], 16 * 1024 * 1024);
}

#[test]
fn an_import_over_the_size_limit_is_refused_with_the_limit_named() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    // Sparse: the size is checked before a byte is read.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(32 * 1024 * 1024 + 1)
        .unwrap();
    let refused = Window::new().err("import_preview", json!({"path": big, "mode": "merge"}));
    assert_eq!(refused["code"], "import_refused");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("roster files are limited to 32 MiB"),
        "{refused}"
    );
}
