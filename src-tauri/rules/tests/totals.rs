//! Every valid request, drawn at random from the catalog's own field ranges, has odds that sum
//! to 1 within 1e-9 and rolls whose outcome is one of those odds' keys.

use proptest::prelude::*;
use proptest::strategy::Union;
use rollbook_rules::{catalog, odds, request_from_value, roll, FieldKind, FieldSpec};
use serde_json::{json, Map, Value};

fn field_value(field: &FieldSpec) -> BoxedStrategy<Value> {
    match &field.kind {
        // Mostly the values a table uses (near the minimum), sometimes anywhere in range, so that
        // few draws break a cross-field limit such as 60 dice in all.
        FieldKind::Int { min, max, .. } => prop_oneof![
            3 => *min..=(*min + 6).min(*max),
            1 => *min..=*max,
        ]
        .prop_map(|v| json!(v))
        .boxed(),
        FieldKind::Bool { .. } => any::<bool>().prop_map(|v| json!(v)).boxed(),
        FieldKind::Choice { choices, .. } => proptest::sample::select(choices.clone())
            .prop_map(|v| json!(v))
            .boxed(),
        FieldKind::IntList {
            min,
            max,
            max_items,
            ..
        } => proptest::collection::vec(*min..=*max, 0..=*max_items)
            .prop_map(|v| json!(v))
            .boxed(),
    }
}

/// A request of any kind, with every field drawn from its catalog range.
fn any_request() -> impl Strategy<Value = Value> {
    let kinds: Vec<BoxedStrategy<Value>> = catalog()
        .systems
        .into_iter()
        .flat_map(|system| {
            system.kinds.into_iter().map(move |kind| {
                let head = json!({"system": system.id, "roll": kind.id});
                let fields: Vec<(String, BoxedStrategy<Value>)> = kind
                    .fields
                    .iter()
                    .map(|f| (f.name.clone(), field_value(f)))
                    .collect();
                let (names, values): (Vec<String>, Vec<BoxedStrategy<Value>>) =
                    fields.into_iter().unzip();
                values
                    .prop_map(move |vals| {
                        let mut map: Map<String, Value> = head.as_object().unwrap().clone();
                        map.extend(names.iter().cloned().zip(vals));
                        Value::Object(map)
                    })
                    .boxed()
            })
        })
        .collect();
    Union::new(kinds)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn odds_sum_to_one_and_rolls_answer_with_their_keys(request in any_request(), seed: u64) {
        let parsed = request_from_value(request.clone()).unwrap();
        // Some combinations break a cross-field rule (e.g. over 60 dice in all): refused, fine.
        let Ok(answer) = odds(&parsed) else { return Ok(()) };
        prop_assert!((answer.total() - 1.0).abs() < 1e-9, "{request}: total {}", answer.total());
        prop_assert!((-1e-12..=1.0 + 1e-9).contains(&answer.success), "{request}");
        prop_assert!(answer.outcomes.values().all(|&p| p >= 0.0), "{request}");
        let result = roll(&parsed, seed).unwrap();
        prop_assert!(answer.outcomes.contains_key(&result.outcome), "{request}: {}", result.outcome);
    }
}
