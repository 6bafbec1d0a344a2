//! The five written as system files (`systems/stunt.toml` … `d12.toml`, ids `file-stunt` …,
//! issue 31) answer what the built-in systems answer: for every roll kind of every built-in
//! system, requests drawn over the kind's fields as the catalog declares them (each field given
//! or left to its default) have the same odds from `{"system":"file-X", …}` as from
//! `{"system":"X", …}`, and where the file reads its dice in the built-in's order, a seed rolls
//! the same outcome. The house-rule numbers a file declares under a built-in's name are drawn
//! too, and stunt's chart, by difference, as the file's `chart_*` numbers.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rollbook_rules::system_file::{self, shipped, SystemFile};
use rollbook_rules::{
    catalog, odds, odds_with, parse_request, roll, roll_with, ruled_target, FieldKind, FieldSpec,
    HouseRules, KindSpec, Odds, StuntChart, HOUSE_RULE_NUMBERS, MAX_PORTABLE_SEED,
};
use serde_json::{Map, Value};

/// The kinds no file says, each with why (the same list is in `docs/system-files.md`, "The five
/// as files").
const NOT_EXPRESSED: &[(&str, &str, &str)] = &[
    (
        "marks",
        "extended",
        "Marks added up across rolls: no repetition",
    ),
    (
        "d12",
        "damage",
        "the defence read as sum, 1s and 12s passes the pool's states",
    ),
];

/// The kinds whose file rolls the built-in's dice in the built-in's order, so that one seed
/// gives one outcome; the others read the same odds from other dice (said in the file).
const SAME_DICE: &[(&str, &str)] = &[
    ("stunt", "check"),
    ("genre", "action"),
    ("universe", "skill"),
    ("universe", "attack"),
    ("universe", "save"),
    ("universe", "group_stealth"),
    ("universe", "augmented_save"),
];

/// Cases drawn per kind: enough to reach each field's ends, few enough for a debug build.
const CASES: u32 = 12;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The odds agree: success, the outcome keys and each chance, the mean and the events where
/// both give them.
fn assert_same(what: &str, built: &Odds, file: &Odds) -> Result<(), TestCaseError> {
    prop_assert!(
        close(built.success, file.success),
        "{what}: success {} built-in, {} file",
        built.success,
        file.success
    );
    // The same outcomes: every key of either is a key of the other, but for an endless chain's
    // far tail (RULES.md cuts it where what is left is below 1e-12 and the built-in and the
    // notation cut it at different lengths): keys below 1e-9 may be missing from the other.
    let keys = |o: &Odds| {
        o.outcomes
            .iter()
            .filter(|(_, p)| **p >= 1e-9)
            .map(|(k, _)| k.clone())
            .collect::<BTreeSet<String>>()
    };
    let all = |o: &Odds| o.outcomes.keys().cloned().collect::<BTreeSet<String>>();
    prop_assert!(
        keys(built).is_subset(&all(file)) && keys(file).is_subset(&all(built)),
        "{}: outcome keys {:?} built-in, {:?} file",
        what,
        all(built),
        all(file)
    );
    for key in all(built).union(&all(file)) {
        let p = built.outcomes.get(key).copied().unwrap_or(0.0);
        let q = file.outcomes.get(key).copied().unwrap_or(0.0);
        prop_assert!(close(p, q), "{what}: {key}: {p} built-in, {q} file");
    }
    if let (Some(a), Some(b)) = (built.mean, file.mean) {
        prop_assert!(close(a, b), "{what}: mean {a} built-in, {b} file");
    }
    for (event, p) in &built.events {
        let q = file.events.get(event).copied();
        prop_assert!(
            q.is_some_and(|q| close(*p, q)),
            "{what}: event {event}: {p} built-in, {q:?} file"
        );
    }
    Ok(())
}

/// A field's value drawn over its declared range (its ends more often), or left out (its
/// default).
fn field_value(field: &FieldSpec) -> BoxedStrategy<Option<Value>> {
    let given = match &field.kind {
        FieldKind::Int { min, max, .. } => {
            let (lo, hi) = (*min, *max);
            // Low values as often as any: a kind refusing a sum of fields past a limit (60
            // dice in a pool, on each side of a contest) would otherwise refuse most draws, and
            // proptest gives up after 1,024 of them.
            let low = lo..=lo.saturating_add((hi - lo) / 10);
            prop_oneof![1 => Just(lo), 1 => Just(hi), 4 => lo..=hi, 4 => low]
                .prop_map(Value::from)
                .boxed()
        }
        FieldKind::Bool { .. } => any::<bool>().prop_map(Value::from).boxed(),
        FieldKind::Choice { choices, .. } => proptest::sample::select(choices.clone())
            .prop_map(Value::from)
            .boxed(),
        FieldKind::IntList {
            min,
            max,
            max_items,
            ..
        } => {
            let (lo, hi) = (*min, *max);
            let item = prop_oneof![1 => Just(lo), 1 => Just(hi), 4 => lo..=hi];
            proptest::collection::vec(item, 0..=*max_items)
                .prop_map(Value::from)
                .boxed()
        }
    };
    proptest::option::weighted(0.8, given).boxed()
}

/// A field's lowest value (false, the first choice) or its highest (true, the last choice).
fn end_of(field: &FieldSpec, high: bool) -> Value {
    match &field.kind {
        FieldKind::Int { min, max, .. } => Value::from(if high { *max } else { *min }),
        FieldKind::Bool { .. } => Value::from(high),
        FieldKind::Choice { choices, .. } => Value::from(
            if high {
                choices.last()
            } else {
                choices.first()
            }
            .unwrap()
            .clone(),
        ),
        // As many items as it takes, each at the end.
        FieldKind::IntList {
            min,
            max,
            max_items,
            ..
        } => Value::from(vec![if high { *max } else { *min }; *max_items]),
    }
}

/// The house numbers of `system` the file declares too, by name, with their ranges.
fn shared_house_numbers(system: &str, file: &SystemFile) -> Vec<(String, i64, i64)> {
    let mut shared: Vec<(String, i64, i64)> = HOUSE_RULE_NUMBERS
        .iter()
        .filter(|n| n.system == system && file.house_numbers.iter().any(|h| h.name == n.name))
        .map(|n| (n.name.to_string(), n.min, n.max))
        .collect();
    if system == "stunt" {
        // The chart by difference: `chart_m5` (-5 or less) … `chart_p6` (+6 or more).
        shared.extend(
            file.house_numbers
                .iter()
                .filter(|h| h.name.starts_with("chart_"))
                .map(|h| (h.name.clone(), 0, 99)),
        );
    }
    shared
}

/// The built-in house rules with these numbers: a number by its field, the chart filled by
/// difference from the `chart_*` numbers (the ruled target where one is not drawn).
fn built_in_house(numbers: &BTreeMap<String, i64>) -> HouseRules {
    let mut house = HouseRules::default();
    for (name, &value) in numbers {
        match name.as_str() {
            "minor_damage_dice" => house.minor_damage_dice = value,
            "miss_margin" => house.miss_margin = value,
            _ => {}
        }
    }
    let target = |difference: i64| {
        let column = format!(
            "chart_{}",
            match difference.clamp(-5, 6) {
                d if d < 0 => format!("m{}", -d),
                0 => "0".into(),
                d => format!("p{d}"),
            }
        );
        numbers
            .get(&column)
            .copied()
            .unwrap_or(ruled_target(difference))
    };
    let levels = StuntChart::default().levels;
    let n = levels.len() as i64;
    let chart = (0..n)
        .map(|a| (0..n).map(|d| target(d - a)).collect())
        .collect();
    house.stunt = StuntChart { levels, chart };
    house
}

fn request(system: &str, roll: &str, given: &Map<String, Value>) -> String {
    let mut body = given.clone();
    body.insert("system".into(), system.into());
    body.insert("roll".into(), roll.into());
    Value::Object(body).to_string()
}

/// One case: the request both ways, its odds compared, and its seeded roll where the dice are
/// read alike.
fn one_case(
    system: &str,
    kind: &KindSpec,
    file: &SystemFile,
    given: &Map<String, Value>,
    house_numbers: &BTreeMap<String, i64>,
    seed: u64,
) -> Result<(), TestCaseError> {
    let built_json = request(system, &kind.id, given);
    let file_json = request(&file.id, &kind.id, given);
    // A request the built-in refuses (a pool past 60 dice, a Grunt with Bust A Nut) is no
    // request of the contract: another is drawn.
    let house = built_in_house(house_numbers);
    let built = parse_request(&built_json).and_then(|r| Ok((odds_with(&r, &house)?, r)));
    let Ok((built, built_request)) = built else {
        // What the built-in refuses (a pool past 60 dice, a Grunt with Bust A Nut) the file
        // refuses too; it is no request of the contract, so another is drawn.
        let file_answer = parse_request(&file_json).and_then(|r| odds(&r));
        prop_assert!(
            file_answer.is_err(),
            "{file_json}: the built-in refuses it, the file answers"
        );
        return Err(TestCaseError::reject("refused by the built-in"));
    };
    let what = format!("{file_json} under {house_numbers:?}");
    let failed = |e: rollbook_rules::RulesError| TestCaseError::fail(format!("{what}: {e}"));
    let file_request = parse_request(&file_json).map_err(failed)?;
    // A file system has no roster yet: its house numbers are given as values beside the
    // request's fields, as a roster will give them.
    let roll_kind = file.rolls.iter().find(|k| k.id == kind.id).unwrap();
    let mut extra: BTreeMap<String, i64> = file
        .house_numbers
        .iter()
        .map(|n| (n.name.clone(), n.default))
        .collect();
    extra.extend(house_numbers.clone());
    let values = roll_kind.values_with(given, &extra).map_err(failed)?;
    let answer = system_file::odds::odds(roll_kind, &values).map_err(failed)?;
    assert_same(&what, &built, &answer)?;
    if house_numbers.is_empty() {
        // Under the ruled numbers the request itself answers the same.
        assert_same(&what, &built, &odds(&file_request).map_err(failed)?)?;
    }
    if SAME_DICE.contains(&(system, kind.id.as_str())) {
        let a = roll_with(&built_request, &house, seed).unwrap();
        let b = system_file::odds::roll_seeded(roll_kind, &values, seed).map_err(failed)?;
        prop_assert_eq!(&a.outcome, &b.outcome, "{} seed {}", what, seed);
        prop_assert_eq!(a.success, b.success);
        prop_assert_eq!(a.dice, b.dice);
        if house_numbers.is_empty() {
            let c = roll(&file_request, seed).unwrap();
            prop_assert_eq!(&c.outcome, &b.outcome);
        }
    }
    Ok(())
}

/// Every kind of `system`: said by its file with the built-in's fields, and answering alike.
fn system_matches_its_file(system: &str) {
    let Some(file) = shipped::find(&format!("file-{system}")) else {
        // Not shipped: every kind of it is listed, with why.
        let catalog = catalog();
        let built_in = catalog.systems.iter().find(|s| s.id == system).unwrap();
        for kind in &built_in.kinds {
            assert!(
                NOT_EXPRESSED
                    .iter()
                    .any(|(s, k, _)| *s == system && *k == kind.id),
                "{system} is not shipped as a file, and {} is not listed",
                kind.id
            );
        }
        return;
    };
    let catalog = catalog();
    let files = catalog.files.iter().find(|s| s.id == file.id).unwrap();
    let built_in = catalog.systems.iter().find(|s| s.id == system).unwrap();
    for kind in &built_in.kinds {
        let Some(file_kind) = files.kinds.iter().find(|k| k.id == kind.id) else {
            assert!(
                NOT_EXPRESSED
                    .iter()
                    .any(|(s, k, _)| *s == system && *k == kind.id),
                "{system} {}: no file kind, and not listed as not expressed",
                kind.id
            );
            continue;
        };
        assert!(
            !NOT_EXPRESSED
                .iter()
                .any(|(s, k, _)| *s == system && *k == kind.id),
            "{system} {} is listed as not expressed but its file says it",
            kind.id
        );
        // The same fields, in the same order, with the same labels, ranges and defaults.
        let shape = |fields: &[FieldSpec]| -> Vec<(String, String, FieldKind)> {
            fields
                .iter()
                .map(|f| (f.name.clone(), f.label.clone(), f.kind.clone()))
                .collect()
        };
        assert_eq!(
            shape(&file_kind.fields),
            shape(&kind.fields),
            "{system} {}",
            kind.id
        );
        let fields: Vec<BoxedStrategy<Option<Value>>> =
            kind.fields.iter().map(field_value).collect();
        let house: Vec<BoxedStrategy<Option<i64>>> = shared_house_numbers(system, &file)
            .into_iter()
            .map(|(_, lo, hi)| proptest::option::weighted(0.3, lo..=hi).boxed())
            .collect();
        let names: Vec<String> = shared_house_numbers(system, &file)
            .into_iter()
            .map(|(name, _, _)| name)
            .collect();
        // Every field at its lowest, then at its highest, together (refused ones skipped).
        for high in [false, true] {
            let given: Map<String, Value> = kind
                .fields
                .iter()
                .map(|f| (f.name.clone(), end_of(f, high)))
                .collect();
            match one_case(system, kind, &file, &given, &BTreeMap::new(), 7) {
                Ok(()) => {}
                Err(TestCaseError::Reject(_)) => {}
                Err(failed) => panic!("{system} {}: {failed}", kind.id),
            }
        }
        let mut runner = TestRunner::new(Config {
            cases: CASES,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(
                &(fields, house, 0..=MAX_PORTABLE_SEED),
                |(values, numbers, seed)| {
                    let given: Map<String, Value> = kind
                        .fields
                        .iter()
                        .zip(values)
                        .filter_map(|(f, v)| Some((f.name.clone(), v?)))
                        .collect();
                    let numbers: BTreeMap<String, i64> = names
                        .iter()
                        .zip(numbers)
                        .filter_map(|(n, v)| Some((n.clone(), v?)))
                        .collect();
                    one_case(system, kind, &file, &given, &numbers, seed)
                },
            )
            .unwrap_or_else(|e| panic!("{system} {}: {e}", kind.id));
    }
}

#[test]
fn stunt_as_a_file() {
    system_matches_its_file("stunt");
}

#[test]
fn genre_as_a_file() {
    system_matches_its_file("genre");
}

#[test]
fn universe_as_a_file() {
    system_matches_its_file("universe");
}

#[test]
fn marks_as_a_file() {
    system_matches_its_file("marks");
}

#[test]
fn d12_as_a_file() {
    system_matches_its_file("d12");
}
