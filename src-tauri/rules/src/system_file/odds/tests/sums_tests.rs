//! Sums of independent lets worked out by convolution (`sums.rs`) against the brute-force
//! oracle: every face of the dice listed and the expression read in plain Rust. A difference,
//! multiples, a sum of three lets (a let of their sum, and the value), a part that reads a
//! pool's two stats, and sums that cannot be split (read by every combination, as before).

use std::collections::BTreeMap;

use super::kinds::*;
use super::oracle::{agree, each_roll, tally};
use crate::system_file::model::*;
use crate::system_file::odds::{combinations, odds};

const EXACT: f64 = 1e-12;

fn no_values() -> BTreeMap<String, i64> {
    BTreeMap::new()
}

#[test]
fn a_difference_of_two_lets_is_its_convolution() {
    let kind = kind(
        "difference",
        vec![],
        vec![roll_let("a", "2d6"), roll_let("b", "d8")],
        number("@a - @b", "1"),
        &[],
    );
    let got = odds(&kind, &no_values()).unwrap();
    let mut oracle = BTreeMap::new();
    each_roll(&[6, 6, 8], |d, p| tally(&mut oracle, d[0] + d[1] - d[2], p));
    agree(&got, &oracle, EXACT);
    let mean: f64 = oracle
        .iter()
        .map(|(k, p)| k.parse::<f64>().unwrap() * p)
        .sum();
    assert!((got.mean.unwrap() - mean).abs() <= EXACT);
}

#[test]
fn multiples_and_a_constant_read_in_bands() {
    let kind = kind(
        "multiples",
        vec![int("bonus", -5, 5, 0)],
        vec![roll_let("a", "d6"), roll_let("b", "d10")],
        named(
            Some("3 * @a - 2 * (@b + @bonus) + 1"),
            &[
                ("low", Some("@value < -5"), false),
                ("middle", Some("@value <= 5"), true),
                ("high", None, true),
            ],
        ),
        &[("negative", "@value < 0")],
    );
    for bonus in [-5, 0, 3] {
        let values = values(&kind, serde_json::json!({ "bonus": bonus }));
        let got = odds(&kind, &values).unwrap();
        let (mut oracle, mut negative) = (BTreeMap::new(), 0.0);
        each_roll(&[6, 10], |d, p| {
            let v = 3 * d[0] - 2 * (d[1] + bonus) + 1;
            let key = match v {
                v if v < -5 => "low",
                v if v <= 5 => "middle",
                _ => "high",
            };
            tally(&mut oracle, key, p);
            if v < 0 {
                negative += p;
            }
        });
        agree(&got, &oracle, EXACT);
        assert!((got.events["negative"] - negative).abs() <= EXACT);
    }
}

/// `@a + @b + @c` of three d20s, as a let of their sum read on, or as the value itself.
fn three(total_as_let: bool) -> RollKind {
    let mut lets = vec![
        roll_let("a", "d20"),
        roll_let("b", "d20"),
        roll_let("c", "d20"),
    ];
    let value = if total_as_let {
        lets.push(roll_let("total", "@a + @b + @c"));
        "@total"
    } else {
        "@a + @b + @c"
    };
    kind("three", vec![], lets, number(value, "31"), &[])
}

#[test]
fn a_sum_of_three_lets_as_a_let_and_as_the_value() {
    let mut oracle = BTreeMap::new();
    each_roll(&[20, 20, 20], |d, p| {
        tally(&mut oracle, d[0] + d[1] + d[2], p)
    });
    for as_let in [true, false] {
        let got = odds(&three(as_let), &no_values()).unwrap();
        agree(&got, &oracle, EXACT);
    }
    // The let of their sum is a convolution: each d20 worked out, then 20 × 20 and 39 × 20
    // pairs of values added, where every combination would be 8,000.
    let steps = combinations(&three(true), &no_values()).unwrap();
    assert!(steps < 20 * 20 * 20 / 4, "{steps} steps");
}

#[test]
fn a_part_may_read_one_pool_several_ways() {
    // The highest and lowest of 3d6 are one group (the same dice): `@top - @low` is one part,
    // added to the independent d4.
    let kind = kind(
        "spread",
        vec![],
        vec![
            pool_let(
                "pool",
                "3",
                "d6",
                &[
                    ("top", PoolStatKind::Highest),
                    ("low", PoolStatKind::Lowest),
                ],
            ),
            roll_let("d", "d4"),
        ],
        number("@top - @low + 2 * @d", "6"),
        &[],
    );
    let got = odds(&kind, &no_values()).unwrap();
    let mut oracle = BTreeMap::new();
    each_roll(&[6, 6, 6, 4], |d, p| {
        let (top, low) = (d[..3].iter().max().unwrap(), d[..3].iter().min().unwrap());
        tally(&mut oracle, top - low + 2 * d[3], p);
    });
    agree(&got, &oracle, EXACT);
}

#[test]
fn what_is_no_sum_of_independent_parts_reads_every_combination() {
    // A product of two lets, and a sum whose parts each read both: joined pair by pair.
    for value in ["@a * @b + @c", "max(@a, @b) + min(@a, @c)"] {
        let kind = kind(
            "joined",
            vec![],
            vec![
                roll_let("a", "d6"),
                roll_let("b", "d8"),
                roll_let("c", "d4"),
            ],
            number(value, "10"),
            &[],
        );
        let got = odds(&kind, &no_values()).unwrap();
        let mut oracle = BTreeMap::new();
        each_roll(&[6, 8, 4], |d, p| {
            let v = if value.starts_with("max") {
                d[0].max(d[1]) + d[0].min(d[2])
            } else {
                d[0] * d[1] + d[2]
            };
            tally(&mut oracle, v, p);
        });
        agree(&got, &oracle, EXACT);
    }
}

#[test]
fn a_sum_that_divides_by_zero_is_refused_with_its_values() {
    // Split into parts, `6 / (@b - 3)` cannot be read when @b = 3: every combination is then
    // read, and the first that divides by 0 is named, as without the convolution.
    let kind = kind(
        "zero",
        vec![],
        vec![roll_let("a", "d4"), roll_let("b", "d6")],
        number("@a + 6 / (@b - 3)", "1"),
        &[],
    );
    let err = odds(&kind, &no_values()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "reading: the value divides by 0 when @a = 1, @b = 3"
    );
}
