//! The system files the fuzzing of the reader (scripts/fuzz.sh system_file) found, or that were
//! written by hand to go where its inputs of at most 8 KiB cannot, past its one second: each
//! answered now, exactly. Their time is the fuzz run's and the bench's to check, not a test's
//! (a timed assertion fails on a busy machine); each is here so that what made it slow cannot
//! come back unnoticed in what it answers.

use std::sync::Arc;

use super::{read, FileRequest};

/// A roll of `lets` lets, each the one before plus 1, from a d2: `@l{lets}` is d2 + `lets`.
fn chained_lets(lets: usize) -> String {
    let mut text = String::from("format = 1\nid = \"chain\"\nversion = 1\nname = \"Chain\"\n");
    text.push_str(&format!(
        "[rolls.r]\nvalue = \"@l{lets}\"\n[rolls.r.let]\nl0 = \"d2\"\n"
    ));
    for i in 1..=lets {
        text.push_str(&format!("l{i} = \"@l{} + 1\"\n", i - 1));
    }
    text
}

/// 9,000 lets read one after another (a 187 KB file, accepted): making the roll ready searched
/// every earlier let's name for each let, and the frontier filtered every slot read later for
/// each, both quadratic: 4 s to validate and 4 s more for the odds (the fuzz build's time),
/// on every request and every roll of the kind. Each is now a lookup.
#[test]
fn thousands_of_chained_lets_are_answered_exactly() {
    let lets = 9_000;
    let file = Arc::new(read(&chained_lets(lets)).expect("the chain reads"));
    let request = FileRequest::new(file, "r", Default::default()).unwrap();
    request.validate().unwrap();
    let odds = request.odds().unwrap();
    // By hand: each face of the d2 carried through the chain, one added per let.
    let expected: Vec<(String, f64)> = (1..=2)
        .map(|face| ((face + lets).to_string(), 0.5))
        .collect();
    let got: Vec<(String, f64)> = odds.outcomes.iter().map(|(k, p)| (k.clone(), *p)).collect();
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for ((k, p), (ek, ep)) in got.iter().zip(&expected) {
        assert_eq!(k, ek);
        assert!((p - ep).abs() < 1e-12, "{k}: {p}");
    }
}
