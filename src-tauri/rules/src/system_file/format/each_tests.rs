//! A list field and a let rolled once per item of it (`each`): their problems at their line
//! and column, their odds against every face enumerated here, and their rolls read as the
//! odds read them.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::dependent_lets_tests::faces;
use super::read;
use super::tests::{told_at, HEAD};
use crate::system_file::model::{LetKind, RollFieldKind};
use crate::system_file::odds;

/// `hits` counts the teammates whose d6 + level beats the base (a d4 rolled first, so the
/// `each` reads an earlier let) plus `hard`; outcomes spelled by the count.
const GROUP: &str = "[rolls.group]\noutcomes = [\n  { name = \"all\", when = \"@hits = @members\", success = true },\n  { name = \"some_{@hits}\", when = \"@hits > 0\" },\n  { name = \"none\" },\n]\n[rolls.group.let]\nbase = \"d4\"\nhits = { each = \"members\", count = \"d6 + @item > @base + @hard\" }\n[rolls.group.fields.members]\ntype = \"list\"\nmin = -2\nmax = 3\nmax_items = 4\ndefault = [0, 1]\n[rolls.group.fields.hard]\nmin = 0\nmax = 3\n[rolls.plain]\nvalue = \"@hits * 10 + @members\"\ntarget = \"1\"\n[rolls.plain.let]\nhits = { each = \"levels\", count = \"d6 + @item >= 5\" }\n[rolls.plain.fields.levels]\ntype = \"list\"\nmin = 0\nmax = 2\n[rolls.plain.fields.members]\nmin = 0\nmax = 0\n";

fn given(v: Value) -> Map<String, Value> {
    let Value::Object(map) = v else {
        unreachable!("an object")
    };
    map
}

/// How many of `items` a roll of `faces` (one d6 each) beats `against` with.
fn beaten(items: &[i64], faces: &[i64], against: i64) -> usize {
    items
        .iter()
        .zip(faces)
        .filter(|(item, face)| *face + *item > against)
        .count()
}

#[test]
fn a_list_field_and_an_each_let_read_into_the_model() {
    let file = read(&format!("{HEAD}{GROUP}")).expect("the file reads");
    let group = &file.rolls[0];
    assert_eq!(
        group.fields[0].kind,
        RollFieldKind::List {
            min: -2,
            max: 3,
            max_items: 4,
            default: vec![0, 1]
        }
    );
    assert_eq!(
        group.lets[1].what,
        LetKind::Each {
            list: "members".into(),
            count: "d6 + @item > @base + @hard".into()
        }
    );
    // A list without `max_items` takes 20, without `default` none.
    let plain = &file.rolls[1];
    assert!(matches!(
        &plain.fields[0].kind,
        RollFieldKind::List { max_items: 20, default, .. } if default.is_empty()
    ));
    // The catalog serves it in the built-in kinds' shape of a list.
    let spec = file.spec();
    let served = serde_json::to_value(&spec.kinds[0].fields[0]).unwrap();
    assert_eq!(served["type"], "int_list");
    assert_eq!(served["max_items"], 4);
    assert_eq!(served["default"], json!([0, 1]));
}

#[test]
fn each_counts_against_every_face_enumerated() {
    let file = read(&format!("{HEAD}{GROUP}")).expect("the file reads");
    let kind = &file.rolls[0];
    for items in [vec![], vec![0], vec![3, -2, 1], vec![-2, -2, 3, 3]] {
        for hard in 0..=3 {
            let mut want: BTreeMap<String, f64> = BTreeMap::new();
            for base in 1..=4 {
                for (dice, p) in faces(items.len(), 6) {
                    let hits = beaten(&items, &dice, base + hard);
                    let name = match hits {
                        h if h == items.len() => "all".to_string(),
                        0 => "none".into(),
                        h => format!("some_{h}"),
                    };
                    *want.entry(name).or_insert(0.0) += p / 4.0;
                }
            }
            let values = kind
                .values(&given(json!({"members": items, "hard": hard})))
                .unwrap();
            let answer = odds::odds(kind, &values).unwrap();
            let what = format!("{items:?} hard {hard}: {answer:?}");
            for (name, p) in &want {
                let q = answer.outcomes.get(name).copied().unwrap_or(0.0);
                assert!((p - q).abs() < 1e-12, "{what}: {name} {p} against {q}");
            }
            // Every name the odds give is one the faces reach (`all` and `none` are listed
            // as written even when no face reaches them).
            for (name, q) in &answer.outcomes {
                assert!(want.contains_key(name) || *q == 0.0, "{what}: {name}");
            }
            assert!((answer.success - want.get("all").copied().unwrap_or(0.0)).abs() < 1e-12);
            // A seeded roll: the d4, then one d6 per item in the list's order, read alike.
            for seed in 0..20 {
                let rolled = odds::roll_seeded(kind, &values, seed).unwrap();
                assert_eq!(rolled.dice.len(), 1 + items.len(), "{rolled:?}");
                let base = i64::from(rolled.dice[0]);
                let dice: Vec<i64> = rolled.dice[1..].iter().map(|&f| i64::from(f)).collect();
                let hits = beaten(&items, &dice, base + hard);
                let name = match hits {
                    h if h == items.len() => "all".to_string(),
                    0 => "none".into(),
                    h => format!("some_{h}"),
                };
                assert_eq!(rolled.outcome, name, "{rolled:?}");
                assert!(answer.outcomes.contains_key(&rolled.outcome));
            }
        }
    }
}

#[test]
fn each_with_no_earlier_let_and_the_list_read_as_its_length() {
    let file = read(&format!("{HEAD}{GROUP}")).expect("the file reads");
    let kind = &file.rolls[1];
    let items = [0, 2, 1, 2, 0];
    let mut want: BTreeMap<String, f64> = BTreeMap::new();
    for (dice, p) in faces(items.len(), 6) {
        let hits = beaten(&items, &dice, 4) as i64;
        *want.entry((hits * 10).to_string()).or_insert(0.0) += p;
    }
    // `@members` is a number field here; the list is `levels`: its length is not added.
    let values = kind.values(&given(json!({"levels": items}))).unwrap();
    let answer = odds::odds(kind, &values).unwrap();
    assert_eq!(answer.outcomes.len(), want.len(), "{answer:?}");
    for (value, p) in &want {
        assert!((answer.outcomes[value] - p).abs() < 1e-12, "{value}");
    }
    // Typed back by hand: 5 + 0 and 6 + 2 hold, 1 + 1 does not.
    let by_hand = odds::roll_by_hand(kind, &values, vec![5, 6, 1, 2, 5]).unwrap();
    assert_eq!(by_hand.outcome, "30", "{by_hand:?}");
    assert!(
        by_hand.detail.contains("hits = 3 (yes, yes, no, no, yes)"),
        "{by_hand:?}"
    );
}

#[test]
fn a_list_reads_as_how_many_items_it_holds() {
    let body = "[rolls.r]\nvalue = \"d1 + @group * 100\"\ntarget = \"1\"\n[rolls.r.fields.group]\ntype = \"list\"\nmin = 0\nmax = 9\nmax_items = 5\n";
    let file = read(&format!("{HEAD}{body}")).expect("the file reads");
    let kind = &file.rolls[0];
    for items in [vec![], vec![4], vec![1, 2, 3]] {
        let values = kind.values(&given(json!({"group": items}))).unwrap();
        let answer = odds::odds(kind, &values).unwrap();
        let want = (1 + 100 * items.len()).to_string();
        assert_eq!(answer.outcomes.keys().collect::<Vec<_>>(), vec![&want]);
    }
}

#[test]
fn a_list_given_is_checked_as_the_built_in_kinds_check_theirs() {
    let file = read(&format!("{HEAD}{GROUP}")).expect("the file reads");
    let kind = &file.rolls[0];
    let refused = |v: Value| kind.values(&given(v)).unwrap_err().to_string();
    assert_eq!(
        refused(json!({"members": [0, 4]})),
        "members[1]: 4 is out of range: Members takes -2 to 3"
    );
    assert_eq!(
        refused(json!({"members": [0, 0, 0, 0, 0]})),
        "members: 5 entries is over the limit of 4"
    );
    assert!(refused(json!({"members": 3})).starts_with("members: invalid type: integer `3`"));
    assert!(refused(json!({"members": ["a"]})).starts_with("members: invalid type: string"));
}

#[test]
fn each_and_list_problems_are_told_where_they_are() {
    let list = "[rolls.r.fields.members]\ntype = \"list\"\nmin = 0\nmax = 3\n";
    let roll = |let_: &str| format!("[rolls.r]\nvalue = \"@n\"\n[rolls.r.let]\n{let_}\n{list}");
    told_at(
        &roll("n = { each = \"membres\", count = \"d6 > 3\" }"),
        "\"membres\"",
        0,
        "not a list field of the roll; did you mean `members`?",
    );
    told_at(
        &format!(
            "{}[rolls.r.fields.hard]\nmin = 0\nmax = 3\n",
            roll("n = { each = \"hard\", count = \"d6 > 3\" }")
        ),
        "\"hard\"",
        0,
        "a field that is not a list",
    );
    told_at(
        &roll("n = { each = \"members\" }"),
        "n = {",
        0,
        "needs `count`",
    );
    told_at(
        &roll("n = { each = \"members\", count = \"d6 > @itme\" }"),
        "@itme",
        0,
        "@itme is not known here; did you mean @item?",
    );
    // `@item` is known only in the `count` of an `each`.
    told_at(
        "[rolls.r]\nvalue = \"d6 + @item\"\n",
        "@item",
        0,
        "@item reads a list's item only in the `count` of a let's `each`",
    );
    told_at(
        &format!(
            "[rolls.r]\nvalue = \"@n + @item\"\n[rolls.r.let]\nn = {{ each = \"members\", count = \"d6 > @item\" }}\n{list}"
        ),
        "@item\"",
        0,
        "@item reads a list's item only",
    );
    // Each item's roll is bounded at the ends of the items' range.
    told_at(
        "[rolls.r]\nvalue = \"@n\"\n[rolls.r.let]\nn = { each = \"members\", count = \"(@item)d6 > 3\" }\n[rolls.r.fields.members]\ntype = \"list\"\nmin = 0\nmax = 200\n",
        "@item)d6",
        0,
        "with @item = 200",
    );
    // A field named `item` would read two things inside an `each`.
    told_at(
        &format!(
            "{}[rolls.r.fields.item]\nmin = 0\nmax = 3\n",
            roll("n = { each = \"members\", count = \"d6 > 3\" }")
        ),
        "n = {",
        0,
        "`item` as the item of `each` clashes",
    );
}

#[test]
fn list_field_problems_are_told_where_they_are() {
    let field = |keys: &str| {
        format!("[rolls.r]\nvalue = \"d6\"\n[rolls.r.fields.l]\ntype = \"list\"\n{keys}\n")
    };
    told_at(
        &field("min = 0\nmax = 3\ndefault = [1, 9]"),
        "9]",
        0,
        "the default item 9 of [rolls.r.fields.l] is outside its range 0 to 3",
    );
    told_at(
        &field("min = 0\nmax = 3\nmax_items = 101"),
        "101",
        0,
        "a list takes 1 to 100 items",
    );
    told_at(
        &field("min = 0\nmax = 3\nmax_items = 1\ndefault = [1, 2]"),
        "[1, 2]",
        0,
        "lists 2 items, more than its `max_items` 1",
    );
    told_at(
        &field("min = 0\nmax = 3\ndefault = [1, \"2\"]"),
        "\"2\"",
        0,
        "lists whole numbers, not a string",
    );
    told_at(
        &field("min = 0\nmax = 3\ndefault = 7"),
        "7",
        0,
        "must be a list of whole numbers",
    );
    told_at(&field("min = 5\nmax = 3"), "3\n", 0, "is reversed");
    told_at(
        &format!(
            "[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\n{}",
            field("min = 0\nmax = 3\nfrom_sheet = \"might\"")
        ),
        "\"might\"",
        0,
        "a sheet fills numbers, not lists",
    );
    told_at(
        &field("min = 0\nmax = 3\nmax_itmes = 4"),
        "max_itmes",
        0,
        "did you mean `max_items`?",
    );
}
