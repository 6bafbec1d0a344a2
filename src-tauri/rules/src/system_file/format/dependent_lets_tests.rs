//! Lets that read earlier lets: their problems at their line and column, and their odds and
//! rolls against every face of small pools enumerated here.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::read;
use super::tests::{told_at, HEAD};
use crate::system_file::odds;

#[test]
fn a_let_reads_only_earlier_lets_and_is_bounded_at_their_ends() {
    told_at(
        "[rolls.r]\nvalue = \"@a + @b\"\n[rolls.r.let]\na = \"(@b)d6\"\nb = \"d4\"\n",
        "\"(@b)d6",
        0,
        "reads @b, a let written below it",
    );
    // `@n` reaches 60: 60 × 2 dice are past the notation's 100.
    told_at(
        "[rolls.r]\nvalue = \"@t\"\n[rolls.r.let]\nn = \"d60\"\nt = \"(@n * 2)d6\"\n",
        "@n * 2)d6",
        0,
        "with @n = 60",
    );
    told_at(
        "[rolls.r]\nvalue = \"@u\"\n[rolls.r.let]\np = { dice = \"3\", die = \"d6\", stats = { s = \"sum\" } }\nt = { dice = \"@s * 10\", die = \"d6\", stats = { u = \"sum\" } }\n",
        "\"@s * 10\"",
        0,
        "with @s = 18",
    );
}

/// `n` dice of `sides` sides, each face set with its chance.
pub(super) fn faces(n: usize, sides: i64) -> Vec<(Vec<i64>, f64)> {
    let count = (sides as usize).pow(n as u32);
    (0..count)
        .map(|index| {
            let mut rest = index;
            let faces = (0..n)
                .map(|_| {
                    let f = (rest % sides as usize) as i64 + 1;
                    rest /= sides as usize;
                    f
                })
                .collect();
            (faces, 1.0 / count as f64)
        })
        .collect()
}

const CHAIN: &str = "[rolls.r]\nvalue = \"@top * 10 + @more + @left\"\ntarget = \"1\"\nevents = { none_left = \"@left = 0\" }\n[rolls.r.let]\npool = { dice = \"@n\", die = \"d4\", stats = { top = \"highest\", ones = \"count =1\" } }\nleft = \"max(0, @n - @ones)\"\nmore = \"(@left)d3\"\n[rolls.r.fields.n]\nmin = 0\nmax = 3\n";

#[test]
fn lets_reading_earlier_lets_have_their_enumerated_odds_and_roll_the_same_way() {
    let file = read(&format!("{HEAD}{CHAIN}")).expect("the file reads");
    let kind = &file.rolls[0];
    for n in 0..=3usize {
        // Every face of the pool, then every face of the dice its non-1s earn.
        let mut want: BTreeMap<i64, f64> = BTreeMap::new();
        let mut none_left = 0.0;
        for (pool, p) in faces(n, 4) {
            let top = pool.iter().copied().max().unwrap_or(0);
            let left = pool.iter().filter(|&&f| f != 1).count();
            if left == 0 {
                none_left += p;
            }
            for (more, q) in faces(left, 3) {
                let value = top * 10 + more.iter().sum::<i64>() + left as i64;
                *want.entry(value).or_insert(0.0) += p * q;
            }
        }
        let given: Map<String, Value> = [("n".to_string(), Value::from(n))].into_iter().collect();
        let values = kind.values(&given).unwrap();
        let answer = odds::odds(kind, &values).unwrap();
        assert_eq!(answer.outcomes.len(), want.len(), "{n} dice: {answer:?}");
        for (value, p) in &want {
            let q = answer.outcomes[&value.to_string()];
            assert!((p - q).abs() < 1e-12, "{n} dice: {value}: {p} against {q}");
        }
        assert!((answer.events["none_left"] - none_left).abs() < 1e-12);
        // A seeded roll reads its own dice as the odds read them.
        for seed in 0..20 {
            let rolled = odds::roll_seeded(kind, &values, seed).unwrap();
            let pool = &rolled.dice[..n];
            let left = pool.iter().filter(|&&f| f != 1).count();
            assert_eq!(rolled.dice.len(), n + left, "{rolled:?}");
            let top = pool.iter().copied().max().unwrap_or(0) as i64;
            let more: i64 = rolled.dice[n..].iter().map(|&f| i64::from(f)).sum();
            assert_eq!(
                rolled.value,
                Some(top * 10 + more + left as i64),
                "{rolled:?}"
            );
        }
    }
}

#[test]
fn a_let_reading_one_written_below_it_is_told_to_move_it_up() {
    told_at(
        "[rolls.r]\nvalue = \"@bonus\"\ntarget = \"3\"\n[rolls.r.let]\nbonus = \"@later + 1\"\nlater = \"d4\"\n",
        "\"@later + 1\"",
        0,
        "let `bonus` of [rolls.r.let] reads @later, a let written below it: a let reads only the lets above it; move `later` above `bonus`",
    );
    // A pool's count alike.
    told_at(
        "[rolls.r]\nvalue = \"@hits\"\ntarget = \"1\"\n[rolls.r.let]\npool = { dice = \"@n\", die = \"d6\", stats = { hits = \"count >=5\" } }\nn = \"d4\"\n",
        "{ dice",
        0,
        "reads @n, a let written below it",
    );
}
