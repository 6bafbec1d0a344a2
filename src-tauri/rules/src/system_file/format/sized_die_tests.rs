//! A pool's die `d(EXPR)`, its sides worked out before the roll: its problems at their line and
//! column, and its odds against every face of small pools enumerated here.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::read;
use super::tests::{told_at, HEAD};
use crate::system_file::odds;

fn pool_roll(die: &str) -> String {
    format!(
        "[rolls.r]\nvalue = \"@total\"\ntarget = \"1\"\n[rolls.r.let]\npool = {{ dice = \"@n\", die = \"{die}\", stats = {{ total = \"sum\", top = \"highest\", ones = \"count =1\" }} }}\n[rolls.r.fields.n]\nmin = 0\nmax = 3\n[rolls.r.fields.s]\nmin = 1\nmax = 6\n"
    )
}

#[test]
fn a_die_sides_problems_are_told_at_the_die() {
    told_at(&pool_roll("d(@q)"), "@q", 0, "@q is not known here");
    told_at(
        &pool_roll("d(d6)"),
        "d6",
        0,
        "a die's sides are known before it is rolled",
    );
    told_at(
        &pool_roll("d(@s - 1)"),
        "\"d(@s - 1)\"",
        0,
        "comes to 0 to 5: a die has 1 to 1000 sides",
    );
    told_at(
        &pool_roll("d(@s * 1000)"),
        "\"d(@s * 1000)\"",
        0,
        "a die has 1 to 1000 sides",
    );
}

/// Every face of `n` dice of `sides` sides, with the stats read from them.
fn enumerated(n: u32, sides: i64) -> BTreeMap<i64, f64> {
    let mut total = BTreeMap::new();
    let count = (sides as usize).pow(n);
    for index in 0..count {
        let mut rest = index;
        let mut sum = 0;
        for _ in 0..n {
            sum += (rest % sides as usize) as i64 + 1;
            rest /= sides as usize;
        }
        *total.entry(sum).or_insert(0.0) += 1.0 / count as f64;
    }
    total
}

#[test]
fn a_sized_die_reads_as_the_die_of_its_sides() {
    let file = read(&format!("{HEAD}{}", pool_roll("d(@s + 0)"))).expect("the file reads");
    let kind = &file.rolls[0];
    for n in 0..=3u32 {
        for s in 1..=6i64 {
            let given: Map<String, Value> = [
                ("n".to_string(), Value::from(n)),
                ("s".to_string(), Value::from(s)),
            ]
            .into_iter()
            .collect();
            let values = kind.values(&given).unwrap();
            let answer = odds::odds(kind, &values).unwrap();
            let want = enumerated(n, s);
            assert_eq!(answer.outcomes.len(), want.len(), "{n}d{s}");
            for (total, p) in want {
                let q = answer.outcomes[&total.to_string()];
                assert!((p - q).abs() < 1e-12, "{n}d{s}: {total}: {p} against {q}");
            }
        }
    }
}
