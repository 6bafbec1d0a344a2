//! The stable-toolchain companion of `fuzz/` (cargo-fuzz needs nightly): random bytes, mutated
//! fixtures and structurally mutated JSON go into the importer, which must never panic, must
//! refuse with `import_refused` or accept, and whatever it accepts must import into a fresh
//! database and export back to a file that parses to the same rosters.
//!
//! `PROPTEST_CASES=100000 cargo test --release -p rollbook-roster --test integration fuzz_stable::`
//! runs longer.

use crate::common;

use proptest::prelude::*;
use rollbook_roster::{ExportSelection, Import, ImportMode, Store};
use serde_json::Value;

fn fixtures() -> Vec<Vec<u8>> {
    [
        "stunt.json",
        "genre.json",
        "universe.json",
        "marks.json",
        "d12.json",
    ]
    .iter()
    .map(|n| std::fs::read(common::fixture(n)).unwrap())
    .collect()
}

/// The importer's contract on any input.
fn check(bytes: &[u8]) {
    match Import::from_bytes(bytes) {
        Err(e) => {
            assert_eq!(e.code(), "import_refused", "{e}");
            assert!(!e.problems().is_empty());
        }
        Ok(import) => {
            let mut store = Store::open_in_memory().unwrap();
            store
                .apply_import(&import, ImportMode::Merge, |_, _| {})
                .expect("a validated file failed to import");
            let text = store.export(&ExportSelection::All).unwrap().to_json();
            let again = Import::from_bytes(text.as_bytes()).expect("an export failed to parse");
            assert_eq!(again.rosters.len(), import.rosters.len());
            for (a, b) in again.rosters.iter().zip(&import.rosters) {
                assert_eq!((a.id, &a.name, a.system), (b.id, &b.name, b.system));
            }
            assert_eq!(sheets(&again), sheets(&import));
        }
    }
}

/// Every character's roster, name and sheet, in the file's order.
fn sheets(import: &Import) -> Vec<(usize, String, rollbook_roster::Sheet)> {
    let mut all = Vec::new();
    import
        .for_each_character(|i, _, c| {
            all.push((i, c.name, c.sheet));
            Ok(())
        })
        .unwrap();
    all
}

/// A JSON value of the kinds that break importers: wrong types, huge and negative numbers,
/// floats, odd text, nesting.
fn nasty_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        prop_oneof![
            Just(-1i64),
            Just(0),
            Just(4),
            Just(5),
            Just(10),
            Just(11),
            Just(61)
        ]
        .prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::String),
        prop_oneof![
            Just("QH"),
            Just("11H"),
            Just("Mutant"),
            Just("pc"),
            Just("dodge"),
            Just("d12"),
            Just("stunt"),
            Just(" "),
            Just("\u{7}"),
            Just("0b8f6c1e-5d2a-4c4e-9a51-8f0f3b1d2c77")
        ]
        .prop_map(|s| Value::String(s.into())),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(("[a-z_]{1,8}", inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Every path (as indices into objects and arrays) of a JSON value.
fn paths(value: &Value, here: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(here.clone());
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                here.push(PathStep::Key(k.clone()));
                paths(v, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                here.push(PathStep::Index(i));
                paths(v, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn at_mut<'v>(value: &'v mut Value, path: &[PathStep]) -> &'v mut Value {
    path.iter().fold(value, |v, step| match step {
        PathStep::Key(k) => &mut v[k.as_str()],
        PathStep::Index(i) => &mut v[*i],
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        check(&bytes);
    }

    #[test]
    fn mutated_fixture_bytes_never_panic(
        which in 0usize..5,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..4), 1..8),
    ) {
        let mut bytes = fixtures().swap_remove(which);
        for (at, byte, op) in edits {
            if bytes.is_empty() { break; }
            let i = at.index(bytes.len());
            match op {
                0 => bytes[i] = byte,           // overwrite
                1 => bytes.insert(i, byte),     // insert
                2 => { bytes.remove(i); }       // delete
                _ => bytes.truncate(i),         // cut short
            }
        }
        check(&bytes);
    }

    #[test]
    fn structurally_mutated_files_never_panic(
        which in 0usize..5,
        edits in prop::collection::vec((any::<prop::sample::Index>(), nasty_value(), any::<bool>()), 1..6),
    ) {
        let mut value: Value = serde_json::from_slice(&fixtures()[which]).unwrap();
        for (at, replacement, remove) in edits {
            let mut all = Vec::new();
            paths(&value, &mut Vec::new(), &mut all);
            let path = all[at.index(all.len())].clone();
            match (remove, path.split_last()) {
                (true, Some((PathStep::Key(k), parent))) => {
                    if let Value::Object(map) = at_mut(&mut value, parent) {
                        map.shift_remove(k);
                    }
                }
                _ => *at_mut(&mut value, &path) = replacement,
            }
        }
        check(&serde_json::to_vec(&value).unwrap());
    }
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    // A list where the file's object should be is refused at its first byte.
    let err = Import::from_bytes(deep.as_bytes()).unwrap_err();
    assert!(err.to_string().contains("holds a JSON array"), "{err}");
    // Deep inside each kind of record: the file's own fields, a roster's, a character's.
    for inside in [
        r#"{"format": "rollbook-roster", "version": 1, "x": DEEP, "rosters": []}"#,
        r#"{"format": "rollbook-roster", "version": 1, "rosters": [{"name": "R", "system": "d12", "notes": DEEP}]}"#,
        r#"{"format": "rollbook-roster", "version": 1, "rosters": [{"name": "R", "system": "d12", "characters": [{"name": "C", "sheet": DEEP}]}]}"#,
    ] {
        let file = inside.replace("DEEP", &deep);
        let err = Import::from_bytes(file.as_bytes()).unwrap_err();
        assert!(
            err.to_string().contains("recursion limit exceeded"),
            "{err}"
        );
    }
}
