//! What the odds chart marks as success (`Odds::target` for a number, `Odds::succeeding` for
//! named outcomes) is exactly what succeeds: the marked outcomes add up to `success`, and a
//! roll's `success` agrees with the mark of its outcome. Every kind of the catalog, at the
//! default request and with each number field moved to its ends and beyond its default.

use rollbook_rules::{catalog, odds, parse_request, roll, FieldKind, Odds};
use serde_json::{json, Map, Value};

/// Is `key` marked as a success by `odds`?
fn marked(odds: &Odds, key: &str) -> bool {
    match odds.target {
        Some(target) => key.parse::<i64>().is_ok_and(|v| v >= target),
        None => odds.succeeding.iter().any(|k| k == key),
    }
}

/// The requests tried for every kind: the defaults, then each int field at min, max and a few
/// steps past its default (one field at a time). Requests the engine refuses are left out.
fn requests() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for system in catalog().systems {
        for kind in &system.kinds {
            let base = json!({"system": system.id, "roll": kind.id});
            out.push((format!("{} {} defaults", system.id, kind.id), base.clone()));
            for field in &kind.fields {
                if let FieldKind::Int { min, max, default } = field.kind {
                    for value in [
                        min,
                        max,
                        default + 1,
                        default + 3,
                        default + 12,
                        default + 30,
                    ] {
                        let value = value.clamp(min, max);
                        let mut request: Map<String, Value> = base.as_object().unwrap().clone();
                        request.insert(field.name.clone(), json!(value));
                        out.push((
                            format!("{} {} {}={value}", system.id, kind.id, field.name),
                            Value::Object(request),
                        ));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_kind_names_its_outcome() {
    for system in catalog().systems {
        for kind in &system.kinds {
            assert!(
                !kind.outcome.trim().is_empty(),
                "{} {} has no outcome label",
                system.id,
                kind.id
            );
        }
    }
}

#[test]
fn the_marked_outcomes_are_the_success_chance() {
    let mut checked = 0;
    for (what, request) in requests() {
        let Ok(parsed) = parse_request(&request.to_string()) else {
            continue;
        };
        let Ok(answer) = odds(&parsed) else { continue };
        // (A roll that cannot succeed, an extended task with no dice, has nothing to mark.)
        assert!(
            answer.success == 0.0 || answer.target.is_some() || !answer.succeeding.is_empty(),
            "{what}: nothing marks the succeeding outcomes"
        );
        assert!(
            answer.target.is_none() || answer.succeeding.is_empty(),
            "{what}: both a target and a list of keys"
        );
        let sum: f64 = answer
            .outcomes
            .iter()
            .filter(|(k, _)| marked(&answer, k))
            .map(|(_, p)| p)
            .sum();
        assert!(
            (sum - answer.success).abs() < 1e-9,
            "{what}: marked {sum}, success {}",
            answer.success
        );
        for seed in 0..20 {
            let rolled = roll(&parsed, seed).unwrap();
            assert_eq!(
                marked(&answer, &rolled.outcome),
                rolled.success,
                "{what} seed {seed}: outcome {}",
                rolled.outcome
            );
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} requests were accepted");
}
