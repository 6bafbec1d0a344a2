//! Outcome names spelled from the roll (`"gap_{@a - @b}"`): their problems at their line and
//! column, their odds added up by name against every face enumerated here, and a roll reading
//! the same name.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::read;
use super::tests::{told_at, HEAD};
use crate::system_file::odds;

/// Two outcomes spell the same names (`gap_1` from either die being higher); the second is
/// "otherwise". `margin` reads only the value, so its odds read each value once.
const SPELLED: &str = "[rolls.pair]\noutcomes = [\n  { name = \"same\", when = \"@a = @b\", success = true },\n  { name = \"gap_{@a - @b}\", when = \"@a > @b\", success = true },\n  { name = \"gap_{@b - @a}\", success = true },\n]\n[rolls.pair.let]\na = \"d4\"\nb = \"d4\"\n[rolls.margin]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"hit_by_{@value - @dc}\", when = \"@value >= @dc\", success = true },\n  { name = \"miss\" },\n]\n[rolls.margin.fields.dc]\nmin = 2\nmax = 13\ndefault = 8\n[rolls.clash]\nvalue = \"d4\"\noutcomes = [\n  { name = \"n{@value}\", when = \"@value > 2\", success = true },\n  { name = \"n{@value + 2}\" },\n]\n";

fn given(v: Value) -> Map<String, Value> {
    let Value::Object(map) = v else {
        unreachable!("an object")
    };
    map
}

fn pair_name(a: i64, b: i64) -> String {
    if a == b {
        "same".into()
    } else {
        format!("gap_{}", (a - b).abs())
    }
}

#[test]
fn names_spelled_by_two_outcomes_are_added_up_in_order() {
    let file = read(&format!("{HEAD}{SPELLED}")).expect("the file reads");
    let kind = &file.rolls[0];
    let mut want: BTreeMap<String, f64> = BTreeMap::new();
    for a in 1..=4 {
        for b in 1..=4 {
            *want.entry(pair_name(a, b)).or_insert(0.0) += 1.0 / 16.0;
        }
    }
    let values = kind.values(&Map::new()).unwrap();
    let answer = odds::odds(kind, &values).unwrap();
    // The outcomes' order, a spelled one's names by their numbers.
    let keys: Vec<&str> = answer.outcomes.keys().map(String::as_str).collect();
    assert_eq!(keys, ["same", "gap_1", "gap_2", "gap_3"]);
    for (name, p) in &want {
        assert!((answer.outcomes[name] - p).abs() < 1e-12, "{name}");
    }
    assert!((answer.success - 1.0).abs() < 1e-12);
    assert_eq!(answer.succeeding.len(), 4);
    // A roll reads the name the odds read: seeded, and typed back by hand.
    for seed in 0..20 {
        let rolled = odds::roll_seeded(kind, &values, seed).unwrap();
        let (a, b) = (i64::from(rolled.dice[0]), i64::from(rolled.dice[1]));
        assert_eq!(rolled.outcome, pair_name(a, b), "{rolled:?}");
        assert!(rolled.success);
    }
    let by_hand = odds::roll_by_hand(kind, &values, vec![1, 4]).unwrap();
    assert_eq!(by_hand.outcome, "gap_3");
}

#[test]
fn a_name_spelled_from_the_value_alone_matches_every_face() {
    let file = read(&format!("{HEAD}{SPELLED}")).expect("the file reads");
    let kind = &file.rolls[1];
    for dc in [2, 7, 12, 13] {
        let mut want: BTreeMap<String, f64> = BTreeMap::new();
        for x in 1..=6 {
            for y in 1..=6 {
                let name = if x + y >= dc {
                    format!("hit_by_{}", x + y - dc)
                } else {
                    "miss".into()
                };
                *want.entry(name).or_insert(0.0) += 1.0 / 36.0;
            }
        }
        let values = kind.values(&given(json!({ "dc": dc }))).unwrap();
        let answer = odds::odds(kind, &values).unwrap();
        // `miss` is listed as written even where no face reaches it.
        let mut keys: Vec<&String> = answer
            .outcomes
            .iter()
            .filter(|(_, p)| **p > 0.0)
            .map(|(k, _)| k)
            .collect();
        keys.sort();
        assert_eq!(keys, want.keys().collect::<Vec<_>>(), "dc {dc}");
        for (name, p) in &want {
            assert!((answer.outcomes[name] - p).abs() < 1e-12, "dc {dc}: {name}");
        }
        let hit: f64 = want
            .iter()
            .filter(|(n, _)| n.starts_with("hit_by_"))
            .map(|(_, p)| p)
            .sum();
        assert!((answer.success - hit).abs() < 1e-12, "dc {dc}");
        let rolled = odds::roll_by_hand(kind, &values, vec![6, 6]).unwrap();
        let want = if dc <= 12 {
            format!("hit_by_{}", 12 - dc)
        } else {
            "miss".into()
        };
        assert_eq!(rolled.outcome, want);
    }
}

#[test]
fn a_name_met_by_a_success_and_a_failure_is_refused() {
    let file = read(&format!("{HEAD}{SPELLED}")).expect("the file reads");
    let kind = &file.rolls[2];
    let values = kind.values(&Map::new()).unwrap();
    let refused = odds::odds(kind, &values).unwrap_err().to_string();
    assert!(
        refused.contains(
            "the outcome `n3` is met by an outcome that succeeds and by one that does not"
        ),
        "{refused}"
    );
}

#[test]
fn spelled_name_problems_are_told_where_they_are() {
    let roll = |name: &str| {
        format!("[rolls.r]\nvalue = \"d6\"\noutcomes = [\n  {{ name = \"{name}\", when = \"@value > 3\" }},\n  {{ name = \"low\" }},\n]\n")
    };
    told_at(&roll("gap_{@value"), "{@value\"", 0, "`{` is not closed");
    told_at(&roll("gap}"), "}\"", 0, "`}` closes no `{`");
    told_at(&roll("gap_{}"), "{}", 0, "`{}` holds no expression");
    told_at(
        &roll("gap_{@valeu}"),
        "@valeu",
        0,
        "@valeu is not known here; did you mean @value?",
    );
    told_at(
        &roll("gap_{@value + d6}"),
        "d6}",
        0,
        "no dice here (a name is spelled from what was rolled; roll dice in a `let`",
    );
    // Its work is bounded as a condition's is, with every name at its ends.
    told_at(
        &format!(
            "{}[rolls.r.fields.n]\nmin = 0\nmax = 3\n",
            roll("gap_{@value / @n}")
        ),
        "@n}",
        0,
        "with @n = 0",
    );
}

#[test]
fn a_name_may_read_a_let_nothing_else_reads() {
    // `more` reads `n` (the lets are worked out in order, carrying on only what is read
    // later): the name alone reads both.
    let body = "[rolls.r]\noutcomes = [{ name = \"n{@n}_more{@more}\" }]\n[rolls.r.let]\nn = \"d3\"\nmore = \"(@n)d2\"\n";
    let file = read(&format!("{HEAD}{body}")).expect("the file reads");
    let kind = &file.rolls[0];
    let mut want: BTreeMap<String, f64> = BTreeMap::new();
    for n in 1..=3usize {
        for (dice, p) in super::dependent_lets_tests::faces(n, 2) {
            let more: i64 = dice.iter().sum();
            *want.entry(format!("n{n}_more{more}")).or_insert(0.0) += p / 3.0;
        }
    }
    let values = kind.values(&Map::new()).unwrap();
    let answer = odds::odds(kind, &values).unwrap();
    assert_eq!(answer.outcomes.len(), want.len(), "{answer:?}");
    for (name, p) in &want {
        let q = answer.outcomes.get(name).copied().unwrap_or(0.0);
        assert!((q - p).abs() < 1e-12, "{name}: {q} against {p}");
    }
}
