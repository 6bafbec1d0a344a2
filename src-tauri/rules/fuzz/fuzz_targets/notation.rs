//! Feeds arbitrary text to the dice notation (DICE.md): read, checked, then its exact odds.
//! Nothing may panic, every `@name` typed is given a value (so the check goes on past "has no
//! value"), a refusal names at least one problem, and an accepted expression's odds are a whole
//! distribution. Every input must be answered or refused within a second: the fuzzer runs with
//! `-timeout=1` (scripts/fuzz.sh notation), so a slow one is reported as a crash.
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use rollbook_rules::notation;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let values = names_given(text);
    match notation::check(text, &values) {
        Ok(expression) => {
            let outcomes = expression.distribution();
            assert!(!outcomes.is_empty(), "{text:?}: no outcome");
            let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{text:?}: sums to {total}");
            assert!(
                outcomes.windows(2).all(|w| w[0].0 < w[1].0),
                "{text:?}: values not ascending"
            );
            assert!(
                outcomes.iter().all(|&(_, p)| p > 0.0 && p <= 1.0 + 1e-9),
                "{text:?}: a chance out of range"
            );
            let (_, most) = expression.cost();
            assert!(
                outcomes.len() as f64 <= most,
                "{text:?}: {} values, the check said at most {most}",
                outcomes.len()
            );
        }
        Err(problems) => assert!(!problems.is_empty(), "{text:?}: refused with no problem"),
    }
});

/// A value for every `@name` in the text, small and varied (0 to 6 from the name's length):
/// counts, keeps and comparisons all take them.
fn names_given(text: &str) -> BTreeMap<String, i64> {
    let mut values = BTreeMap::new();
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        rest = &rest[at + 1..];
        let len = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..len];
        if !name.is_empty() {
            values.insert(name.to_string(), (name.len() % 7) as i64);
        }
    }
    values
}
