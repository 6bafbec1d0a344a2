//! The roll request contract: defaults, refusals with the field named, batches, round trips.

use rollbook_rules::{
    catalog, odds, parse_batch, parse_request, roll, Batch, FieldKind, RulesError,
};

fn refusal(json: &str) -> RulesError {
    let request = match parse_request(json) {
        Ok(request) => request,
        Err(err) => return err,
    };
    odds(&request).expect_err("the request should be refused")
}

#[test]
fn every_contract_example_parses_with_its_defaults() {
    let examples = [
        r#"{"system":"stunt","roll":"check","active":"Skilled","defending":"Average"}"#,
        r#"{"system":"stunt","roll":"doubles","needed":3}"#,
        r#"{"system":"stunt","roll":"double_six"}"#,
        r#"{"system":"genre","roll":"action","dice":3,"modifier":0,"difficulty":3,"difficulty_modifier":0,"glory":0,"opposing_glory":0}"#,
        r#"{"system":"universe","roll":"skill","skill":1,"difficulty":8}"#,
        r#"{"system":"universe","roll":"attack","bonus":0,"ac":10,"advantage":false}"#,
        r#"{"system":"universe","roll":"save","dc":10,"bonus":0,"advantage":false}"#,
        r#"{"system":"universe","roll":"group_stealth","leader":1,"members":[0,0],"difficulty":8}"#,
        r#"{"system":"marks","roll":"pool","attribute_dice":3,"skill_dice":0,"super_dice":0,"super_skill_dice":0,"penalty":0,"needed":1}"#,
        r#"{"system":"d12","roll":"straight","ranks":0,"extra_dice":0,"dazed":false,"difficulty":6}"#,
        r#"{"system":"d12","roll":"opposed","attacker_ranks":0,"attacker_extra_dice":0,"defender_ranks":0,"defender_extra_dice":0}"#,
    ];
    for json in examples {
        let full = parse_request(json).unwrap();
        // The example shows the defaults, so the bare request is the same request.
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        let bare = format!(
            r#"{{"system":{},"roll":{}}}"#,
            value["system"], value["roll"]
        );
        assert_eq!(parse_request(&bare).unwrap(), full, "{json}");
        let answer = odds(&full).unwrap();
        assert!((answer.total() - 1.0).abs() < 1e-9, "{json}");
    }
}

#[test]
fn unknown_fields_are_refused_by_name() {
    let err = refusal(r#"{"system":"d12","roll":"straight","rank":2}"#);
    assert_eq!(err.code(), "invalid_request");
    assert!(
        err.to_string().starts_with("rank: unknown field `rank`"),
        "{err}"
    );
}

#[test]
fn negative_dice_name_the_field_and_range() {
    let err = refusal(r#"{"system":"genre","roll":"action","dice":-1}"#);
    assert_eq!(
        err.to_string(),
        "dice: -1 is out of range: Challenger dice takes 0 to 60"
    );
}

#[test]
fn pools_over_sixty_dice_are_refused() {
    let err = refusal(r#"{"system":"marks","roll":"pool","attribute_dice":40,"skill_dice":30}"#);
    assert!(
        err.to_string()
            .contains("70 dice in all is over the limit of 60"),
        "{err}"
    );
    let err = refusal(r#"{"system":"d12","roll":"straight","ranks":50,"extra_dice":10}"#);
    assert!(
        err.to_string().starts_with("ranks + extra_dice: 61 dice"),
        "{err}"
    );
    let err = refusal(r#"{"system":"genre","roll":"action","dice":60,"bust_a_nut":true}"#);
    assert!(err.to_string().starts_with("dice: 61 dice"), "{err}");
}

#[test]
fn unknown_levels_list_the_chart() {
    let err = refusal(r#"{"system":"stunt","roll":"check","active":"Godlike"}"#);
    assert!(
        err.to_string()
            .starts_with("active: \"Godlike\" is not a level"),
        "{err}"
    );
    assert!(err.to_string().contains("Cosmic"));
    // Level names ignore case.
    assert!(
        parse_request(r#"{"system":"stunt","roll":"check","active":"mutant"}"#)
            .map(|r| odds(&r).is_ok())
            .unwrap()
    );
}

#[test]
fn wrong_types_say_what_was_expected() {
    let err = refusal(r#"{"system":"universe","roll":"attack","ac":"ten"}"#);
    assert!(
        err.to_string()
            .starts_with("ac: invalid type: string \"ten\", expected a whole number"),
        "{err}"
    );
    let err = refusal(r#"{"system":"universe","roll":"group_stealth","members":[1,"x"]}"#);
    assert!(err.to_string().starts_with("members[1]: "), "{err}");
    let err = refusal(r#"{"system":"universe","roll":"group_stealth","members":[1,99]}"#);
    assert!(
        err.to_string()
            .starts_with("members[1]: 99 is out of range"),
        "{err}"
    );
}

#[test]
fn unknown_systems_and_rolls_list_the_choices() {
    let err = refusal(r#"{"system":"gurps","roll":"check"}"#);
    assert!(
        err.to_string()
            .starts_with("system: \"gurps\" is not a system"),
        "{err}"
    );
    let err = refusal(r#"{"system":"d12","roll":"check"}"#);
    assert_eq!(
        err.to_string(),
        "roll: \"check\" is not a d12 roll; expected one of straight, opposed, damage"
    );
    let err = refusal(r#"{"roll":"check"}"#);
    assert!(err.to_string().starts_with("system: missing"), "{err}");
}

#[test]
fn malformed_text_is_refused() {
    let err = parse_request("{not json").unwrap_err();
    assert_eq!(err.code(), "malformed_request");
    assert!(err.to_string().starts_with("not valid JSON"));
    let err = parse_request("[1]").unwrap_err();
    assert_eq!(err.code(), "malformed_request");
}

#[test]
fn a_key_given_twice_is_refused_by_name_not_taken_last() {
    for json in [
        r#"{"system":"d12","roll":"straight","ranks":2,"ranks":5}"#,
        r#"{"system":"d12","system":"genre","roll":"straight"}"#,
    ] {
        let err = parse_request(json).unwrap_err();
        assert_eq!(err.code(), "malformed_request", "{json}");
        assert!(err.to_string().contains("appears twice"), "{err}");
    }
    let err = parse_request(r#"{"system":"d12","roll":"straight","ranks":2,"ranks":5}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"ranks\" appears twice"), "{err}");
    // In a batch too, wherever the element is.
    let err = batch_refusal(
        r#"[{"system":"stunt","roll":"check"},{"system":"stunt","roll":"check","roll":"doubles"}]"#,
    );
    assert!(err.to_string().contains("\"roll\" appears twice"), "{err}");
    // One batch of one object is read the same way.
    let err = batch_refusal(r#"{"system":"stunt","roll":"check","roll":"doubles"}"#);
    assert!(err.to_string().contains("\"roll\" appears twice"), "{err}");
}

#[test]
fn inconsistent_fields_are_refused() {
    for (json, field) in [
        (
            r#"{"system":"genre","roll":"action","grunt":1,"bust_a_nut":true}"#,
            "grunt: ",
        ),
        (
            r#"{"system":"marks","roll":"extended","min_steps":6,"max_steps":5}"#,
            "min_steps: ",
        ),
        (
            r#"{"system":"universe","roll":"augmented_save","save":"luck","pool":4}"#,
            "pool: ",
        ),
        (
            r#"{"system":"universe","roll":"augmented_save","before":3,"pool":4}"#,
            "before: ",
        ),
        (
            r#"{"system":"universe","roll":"augmented_save","save":"fate"}"#,
            "save: ",
        ),
    ] {
        let err = refusal(json);
        assert!(err.to_string().starts_with(field), "{json}: {err}");
    }
}

#[test]
fn batches_answer_in_order_and_name_the_bad_element() {
    let batch = parse_batch(
        r#"[{"system":"stunt","roll":"double_six"},{"system":"d12","roll":"straight"}]"#,
    )
    .unwrap();
    let Batch::Many(requests) = batch else {
        panic!("an array is a batch")
    };
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1].kind_id(), ("d12", "straight"));
    let err =
        parse_batch(r#"[{"system":"stunt","roll":"double_six"},{"system":"d12","roll":"x"}]"#)
            .unwrap_err();
    assert!(err.to_string().starts_with("[1].roll: "), "{err}");
    assert!(matches!(
        parse_batch(r#"{"system":"stunt","roll":"double_six"}"#).unwrap(),
        Batch::One(_)
    ));
}

#[test]
fn a_request_serialises_to_its_full_contract_form() {
    let request = parse_request(r#"{"system":"marks","roll":"pool","skill_dice":2}"#).unwrap();
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!(json["system"], "marks");
    assert_eq!(json["roll"], "pool");
    assert_eq!(json["attribute_dice"], 3);
    assert_eq!(json["skill_dice"], 2);
    let again = rollbook_rules::request_from_value(json).unwrap();
    assert_eq!(again, request);
}

#[test]
fn the_same_seed_rolls_the_same_dice() {
    let request =
        parse_request(r#"{"system":"marks","roll":"pool","attribute_dice":6,"skill_dice":4}"#)
            .unwrap();
    let a = roll(&request, 7).unwrap();
    assert_eq!(a, roll(&request, 7).unwrap());
    assert_eq!(a.seed, 7);
    let different = (8..40).any(|seed| roll(&request, seed).unwrap().dice != a.dice);
    assert!(different);
}

#[test]
fn catalog_defaults_are_valid_requests_and_ranges_match_validation() {
    for system in catalog().systems {
        for kind in system.kinds {
            let mut request = serde_json::json!({"system": system.id, "roll": kind.id});
            for field in &kind.fields {
                let default = match &field.kind {
                    FieldKind::Int { default, .. } => serde_json::json!(default),
                    FieldKind::Bool { default } => serde_json::json!(default),
                    FieldKind::Choice { default, choices } => {
                        assert!(choices.contains(default), "{}.{}", kind.id, field.name);
                        serde_json::json!(default)
                    }
                    FieldKind::IntList { default, .. } => serde_json::json!(default),
                };
                request[&field.name] = default;
            }
            let parsed = rollbook_rules::request_from_value(request.clone()).unwrap();
            assert_eq!(
                parsed,
                parse_request(&format!(
                    r#"{{"system":"{}","roll":"{}"}}"#,
                    system.id, kind.id
                ))
                .unwrap()
            );
            odds(&parsed).unwrap();
            // One past each integer range is refused, naming the field.
            for field in &kind.fields {
                if let FieldKind::Int { max, .. } = field.kind {
                    let mut over = request.clone();
                    over[&field.name] = serde_json::json!(max + 1);
                    let err = odds(&rollbook_rules::request_from_value(over).unwrap()).unwrap_err();
                    assert!(
                        err.to_string().starts_with(&field.name),
                        "{}: {err}",
                        field.name
                    );
                }
            }
        }
    }
}

/// The refusal of a batch (an answer would be too long to print in a failure).
fn batch_refusal(json: &str) -> RulesError {
    match parse_batch(json) {
        Ok(Batch::Many(items)) => panic!("{} requests were accepted", items.len()),
        Ok(Batch::One(_)) => panic!("the request was accepted"),
        Err(err) => err,
    }
}

/// An array of `n` copies of a small valid request, then `tail` before the closing bracket.
fn array_of(n: usize, tail: &str) -> String {
    let one = r#"{"system":"stunt","roll":"double_six"}"#;
    let mut text = String::with_capacity(n * (one.len() + 1) + tail.len() + 2);
    text.push('[');
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        text.push_str(one);
    }
    text.push_str(tail);
    text.push(']');
    text
}

#[test]
fn a_batch_at_the_cap_is_answered_and_one_more_is_refused_with_the_cap_named() {
    let Batch::Many(items) = parse_batch(&array_of(100_000, "")).unwrap() else {
        panic!("an array is a batch");
    };
    assert_eq!(items.len(), 100_000);
    let err = batch_refusal(&array_of(100_001, ""));
    assert_eq!(err.code(), "too_many_requests");
    assert_eq!(
        err.to_string(),
        "the array holds more than 100,000 requests; one call takes at most 100,000 (split it into several calls)"
    );
}

#[test]
fn the_count_is_refused_while_reading_before_the_rest_is_read() {
    // Past the cap comes text that is not JSON at all: only a reader that stops at the cap
    // (rather than reading everything first) can say "too many".
    let err = batch_refusal(&array_of(100_001, ", this is not JSON"));
    assert_eq!(err.code(), "too_many_requests", "{err}");
    // Under the cap the whole text is read, so broken JSON still reads as broken JSON, even
    // after a request that would be refused on its own.
    let err = batch_refusal(r#"[{"system":"nope"}, {"#);
    assert_eq!(err.code(), "malformed_request", "{err}");
    let err = batch_refusal(r#"[{"system":"stunt","roll":"double_six"}, {"system":"nope"}, {}]"#);
    // Then the systems other tests of this process added, if any.
    assert!(
        err.to_string().starts_with("[1].system: \"nope\" is not a system Rollbook knows; expected one of stunt, genre, universe, marks, d12, dice, or a system from a file: d20-heroes, six-pool, two-dice-moves, file-stunt, file-genre, file-universe, file-marks, file-d12"),
        "{err}"
    );
}

#[test]
fn request_text_over_the_size_limit_is_refused_before_it_is_parsed() {
    // Valid JSON (one request padded with spaces), but longer than a call may send.
    let padded = format!(
        "{}{}",
        " ".repeat(16 * 1024 * 1024),
        r#"{"system":"stunt","roll":"double_six"}"#
    );
    for err in [
        batch_refusal(&padded),
        parse_request(&padded).expect_err("over the limit"),
    ] {
        assert_eq!(err.code(), "request_too_large");
        assert_eq!(
            err.to_string(),
            "the request text is over the limit of 16 MiB (16,777,216 bytes); send fewer requests at a time"
        );
    }
    // The window sends a request as a JSON value: the same limit holds for it.
    let value = serde_json::json!({"system": "stunt", "roll": "double_six", "note": "x".repeat(16 * 1024 * 1024)});
    let err = rollbook_rules::request_from_value(value).expect_err("over the limit");
    assert_eq!(err.code(), "request_too_large");
}

#[test]
fn the_catalog_serves_the_limits() {
    let value = serde_json::to_value(catalog()).unwrap();
    assert_eq!(
        value["limits"],
        serde_json::json!({"requests": 100_000, "request_bytes": 16 * 1024 * 1024,
            "batch_work": 30_000_000, "rosters": 1_000, "characters": 100_000,
            "record_bytes": 2 * 1024 * 1024, "saved_rolls": 200})
    );
}

#[test]
fn an_unknown_system_names_the_systems_from_files_and_the_nearest_id() {
    let told = refusal(r#"{"system":"six-pol","roll":"roll"}"#).to_string();
    assert!(
        told.starts_with("system: \"six-pol\" is not a system Rollbook knows; did you mean \"six-pool\"? expected one of stunt, genre, universe, marks, d12, dice, or a system from a file: d20-heroes, six-pool,"),
        "{told}"
    );
    // Nothing near: no guess.
    let told = refusal(r#"{"system":"chess","roll":"move"}"#).to_string();
    assert!(!told.contains("did you mean"), "{told}");
}
