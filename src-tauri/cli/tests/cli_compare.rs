//! `rollbook odds REQUEST --vary FIELD=V1,V2,…`: one answer per value, each the same as
//! `rollbook odds` with the field set to it; an unknown field exits 2.

use crate::common;

use common::Sandbox;
use serde_json::{json, Value};

#[test]
fn each_varied_answer_equals_the_single_request() {
    let sandbox = Sandbox::new();
    for (request, field, values) in [
        (
            json!({"system": "genre", "roll": "action", "dice": 3, "difficulty": 2}),
            "grunt",
            vec![json!(0), json!(1), json!(2), json!(3)],
        ),
        (
            json!({"system": "universe", "roll": "attack", "bonus": 4, "ac": 15}),
            "advantage",
            vec![json!(false), json!(true)],
        ),
        (
            json!({"system": "stunt", "roll": "check", "defending": "Good"}),
            "active",
            vec![json!("Average"), json!("Skilled"), json!("Cosmic")],
        ),
    ] {
        let list: Vec<String> = values
            .iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .collect();
        let vary = format!("{field}={}", list.join(","));
        let varied = sandbox
            .run_bare(&["odds", &request.to_string(), "--vary", &vary])
            .ok()
            .json();
        let varied = varied.as_array().unwrap();
        assert_eq!(varied.len(), values.len());
        for (value, answer) in values.iter().zip(varied) {
            let mut one = request.clone();
            one[field] = value.clone();
            let alone: Value = sandbox.run_bare(&["odds", &one.to_string()]).ok().json();
            assert_eq!(answer, &alone, "{field}={value}");
        }
    }
}

#[test]
fn an_unknown_field_or_an_array_is_refused_with_exit_2() {
    let sandbox = Sandbox::new();
    let d12 = r#"{"system":"d12","roll":"straight"}"#;
    let err = sandbox
        .run_bare(&["odds", d12, "--vary", "grunt=1,2"])
        .fails(2);
    assert!(err.contains("has no field \"grunt\""), "{err}");
    let err = sandbox
        .run_bare(&["odds", &format!("[{d12},{d12}]"), "--vary", "ranks=1,2"])
        .fails(2);
    assert!(err.contains("one request"), "{err}");
    let err = sandbox.run_bare(&["odds", d12, "--vary", "ranks"]).fails(2);
    assert!(err.contains("FIELD=V1,V2"), "{err}");
}
