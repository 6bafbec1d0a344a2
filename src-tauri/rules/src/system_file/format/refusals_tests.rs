//! `refuse` of a roll: its problems at their line and column, and which requests it refuses,
//! against every request of small fields worked out here.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::read;
use super::tests::{told_at, HEAD};

const ROLL: &str = "[rolls.r]\nvalue = \"d6 + @a\"\n";
const FIELDS: &str = "[rolls.r.fields.a]\nmin = 0\nmax = 4\n[rolls.r.fields.b]\nmin = 0\nmax = 4\n[rolls.r.fields.c]\ntype = \"bool\"\n";

fn with_refuse(refuse: &str) -> String {
    format!("{ROLL}refuse = {refuse}\n{FIELDS}")
}

#[test]
fn refusal_problems_are_told_where_they_are() {
    told_at(
        &with_refuse("[{ when = \"@a > 1\", field = \"a\", mesage = \"x\" }]"),
        "mesage",
        0,
        "did you mean `message`?",
    );
    told_at(
        &with_refuse("[{ when = \"@a > d6\", field = \"a\", message = \"x\" }]"),
        "d6",
        1,
        "a refusal is decided before the roll",
    );
    told_at(
        &with_refuse("[{ when = \"@a > 1\", field = \"z\", message = \"x\" }]"),
        "\"z\"",
        0,
        "`z` is not a field of the roll; its fields are a, b, c",
    );
    told_at(
        &with_refuse("[{ when = \"@q > 1\", field = \"a\", message = \"x\" }]"),
        "@q",
        0,
        "@q is not known here",
    );
    told_at(
        &with_refuse("[{ when = \"@a > 1\", field = \"a\", message = \" \" }]"),
        "\" \"",
        0,
        "is empty",
    );
    told_at(
        &with_refuse("\"@a > 1\""),
        "\"@a > 1\"",
        0,
        "`refuse` of [rolls.r] is a list",
    );
    // A roll's own lets are not known before it is rolled.
    told_at(
        "[rolls.r]\nvalue = \"@n\"\nrefuse = [{ when = \"@n > 1\", field = \"a\", message = \"x\" }]\n[rolls.r.let]\nn = \"d6\"\n[rolls.r.fields.a]\nmin = 0\nmax = 4\n",
        "@n > 1",
        0,
        "@n is not known here",
    );
}

#[test]
fn every_request_a_refusal_holds_for_is_refused_at_its_field_and_no_other() {
    let text = format!(
        "{HEAD}[house_rules.cap]\nmin = 0\nmax = 9\ndefault = 5\n{}",
        with_refuse(
            "[\n  { when = \"@a + @b > @cap and not @c\", field = \"b\", message = \"too many\" },\n  { when = \"@a = 4 and @c\", field = \"c\", message = \"not with 4\" },\n]"
        )
    );
    let file = read(&text).expect("the file reads");
    let kind = &file.rolls[0];
    for cap in 0..=9 {
        let house = BTreeMap::from([("cap".to_string(), cap)]);
        for a in 0..=4 {
            for b in 0..=4 {
                for c in [false, true] {
                    let given: Map<String, Value> = [
                        ("a".to_string(), Value::from(a)),
                        ("b".to_string(), Value::from(b)),
                        ("c".to_string(), Value::from(c)),
                    ]
                    .into_iter()
                    .collect();
                    // In order: the first refusal that holds is the one told.
                    let want = if a + b > cap && !c {
                        Some("b: too many")
                    } else if a == 4 && c {
                        Some("c: not with 4")
                    } else {
                        None
                    };
                    let got = kind.values_with(&given, &house);
                    match want {
                        Some(words) => assert_eq!(got.unwrap_err().to_string(), words),
                        None => assert_eq!(got.unwrap()["a"], a),
                    }
                }
            }
        }
    }
}
