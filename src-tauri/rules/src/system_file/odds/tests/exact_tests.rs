//! Exact odds of the hand-built kinds: against the brute-force oracle to 1e-12, and against
//! values worked out by hand.

use std::collections::BTreeMap;

use serde_json::json;

use super::kinds::*;
use super::oracle::{agree, each_roll, exploding, tally};
use crate::system_file::model::*;
use crate::system_file::odds::{odds, MAX_COMBINATIONS};

const EXACT: f64 = 1e-12;

fn close(a: f64, b: f64) {
    assert!((a - b).abs() <= EXACT, "{a} != {b}");
}

#[test]
fn d20_check_matches_the_oracle_with_advantage_disadvantage_and_neither() {
    let kind = d20_check();
    for (adv, dis) in [(false, false), (true, false), (false, true), (true, true)] {
        for (m, dc) in [(0, 15), (5, 12), (-3, 25), (10, 2)] {
            let values = values(&kind, json!({"mod": m, "dc": dc, "adv": adv, "dis": dis}));
            let got = odds(&kind, &values).unwrap();
            let mut oracle = BTreeMap::new();
            let mut nat20 = 0.0;
            each_roll(&[20, 20], |d, p| {
                let nat = match (adv, dis) {
                    (true, false) => d[0].max(d[1]),
                    (false, true) => d[0].min(d[1]),
                    _ => d[0],
                };
                let key = match nat {
                    1 => "fumble",
                    20 => "critical",
                    n if n + m >= dc => "success",
                    _ => "failure",
                };
                tally(&mut oracle, key, p);
                if nat == 20 {
                    nat20 += p;
                }
            });
            agree(&got, &oracle, EXACT);
            close(got.events["natural_20"], nat20);
            let keys: Vec<&str> = got.outcomes.keys().map(String::as_str).collect();
            assert_eq!(
                keys,
                ["fumble", "critical", "success", "failure"],
                "in the order declared"
            );
            assert_eq!(got.succeeding, ["critical", "success"]);
            close(
                got.success,
                got.outcomes["critical"] + got.outcomes["success"],
            );
        }
    }
}

#[test]
fn d20_hand_worked_values() {
    let kind = d20_check();
    let adv = odds(&kind, &values(&kind, json!({"adv": true}))).unwrap();
    // Both dice miss 20: (19/20)^2, so a 20 shows with 1 - 361/400 = 39/400.
    close(adv.outcomes["critical"], 39.0 / 400.0);
    close(adv.outcomes["fumble"], 1.0 / 400.0);
    let dis = odds(&kind, &values(&kind, json!({"dis": true}))).unwrap();
    close(dis.outcomes["fumble"], 39.0 / 400.0);
    // +5 against DC 15 with neither: 10 to 19 succeed by total (10 faces), 20 is critical.
    let plain = odds(&kind, &values(&kind, json!({"mod": 5}))).unwrap();
    close(plain.outcomes["success"], 10.0 / 20.0);
    close(plain.success, 11.0 / 20.0);
}

#[test]
fn d20_as_a_number_has_its_values_target_and_mean() {
    let kind = d20_total();
    let got = odds(
        &kind,
        &values(&kind, json!({"mod": 3, "dc": 15, "adv": true})),
    )
    .unwrap();
    let mut oracle = BTreeMap::new();
    each_roll(&[20, 20], |d, p| tally(&mut oracle, d[0].max(d[1]) + 3, p));
    agree(&got, &oracle, EXACT);
    assert_eq!(got.target, Some(15));
    let keys: Vec<i64> = got.outcomes.keys().map(|k| k.parse().unwrap()).collect();
    assert_eq!(keys, (4..=23).collect::<Vec<_>>(), "ascending");
    // The mean of the higher of two d20 is 13.825 (sum of k(2k-1)/400).
    close(got.mean.unwrap(), 13.825 + 3.0);
    // P(max >= 12) = 1 - (11/20)^2 = 279/400.
    close(got.success, 279.0 / 400.0);
}

#[test]
fn pbta_bands_match_the_oracle_and_the_hand_worked_odds() {
    let kind = pbta();
    for stat in -3..=3 {
        let got = odds(&kind, &values(&kind, json!({ "stat": stat }))).unwrap();
        let mut oracle = BTreeMap::new();
        each_roll(&[6, 6], |d, p| {
            let total = d[0] + d[1] + stat;
            let key = match total {
                ..=6 => "miss",
                7..=9 => "weak_hit",
                _ => "strong_hit",
            };
            tally(&mut oracle, key, p);
        });
        agree(&got, &oracle, EXACT);
    }
    let plus_one = odds(&kind, &values(&kind, json!({}))).unwrap();
    close(plus_one.outcomes["strong_hit"], 10.0 / 36.0);
    close(plus_one.outcomes["weak_hit"], 16.0 / 36.0);
    close(plus_one.outcomes["miss"], 10.0 / 36.0);
}

#[test]
fn glitch_pool_reads_two_stats_of_the_same_dice_jointly() {
    let kind = glitch_pool();
    for dice in 0..=6 {
        let got = odds(&kind, &values(&kind, json!({ "dice": dice }))).unwrap();
        let mut oracle = BTreeMap::new();
        let mut glitch = 0.0;
        let sides = vec![6; dice as usize];
        each_roll(&sides, |d, p| {
            let hits = d.iter().filter(|f| **f >= 5).count() as i64;
            let ones = d.iter().filter(|f| **f == 1).count() as i64;
            let key = if ones * 2 > dice && hits == 0 {
                "critical_glitch"
            } else if hits >= 1 {
                "hit"
            } else {
                "miss"
            };
            tally(&mut oracle, key, p);
            if ones * 2 > dice {
                glitch += p;
            }
        });
        agree(&got, &oracle, EXACT);
        close(got.events["glitch"], glitch);
    }
    // Two dice: both 1 is the only glitch, and it has no hit.
    let two = odds(&kind, &values(&kind, json!({"dice": 2}))).unwrap();
    close(two.outcomes["critical_glitch"], 1.0 / 36.0);
    close(two.outcomes["hit"], 1.0 - (4.0f64 / 6.0).powi(2));
}

#[test]
fn highest_pool_in_bands_with_zero_dice_keeping_the_lowest_of_two() {
    let kind = highest_pool();
    for dice in 0..=5 {
        let got = odds(&kind, &values(&kind, json!({ "dice": dice }))).unwrap();
        let mut oracle = BTreeMap::new();
        let sides = vec![6; dice.max(2) as usize];
        each_roll(&sides, |d, p| {
            let sixes = d.iter().filter(|f| **f == 6).count();
            let value = if dice == 0 {
                *d.iter().min().unwrap()
            } else {
                *d.iter().max().unwrap()
            };
            let key = match value {
                _ if dice > 0 && sixes >= 2 => "critical",
                6 => "success",
                4 | 5 => "partial",
                _ => "failure",
            };
            tally(&mut oracle, key, p);
        });
        agree(&got, &oracle, EXACT);
    }
    let zero = odds(&kind, &values(&kind, json!({"dice": 0}))).unwrap();
    close(zero.outcomes["success"], 1.0 / 36.0);
    close(zero.outcomes["critical"], 0.0);
    let two = odds(&kind, &values(&kind, json!({"dice": 2}))).unwrap();
    close(two.outcomes["critical"], 1.0 / 36.0);
    close(two.outcomes["success"], 10.0 / 36.0);
    close(two.outcomes["partial"], 16.0 / 36.0);
}

#[test]
fn two_exploding_dice_keep_the_higher_with_raises() {
    let kind = wild_die();
    for target in [4, 6, 9] {
        let got = odds(&kind, &values(&kind, json!({ "target": target }))).unwrap();
        let mut oracle = BTreeMap::new();
        for (a, p) in exploding(8) {
            for (b, q) in exploding(6) {
                let v = a.max(b);
                let key = match v {
                    _ if v >= target + 8 => "two_raises",
                    _ if v >= target + 4 => "raise",
                    _ if v >= target => "success",
                    _ => "failure",
                };
                tally(&mut oracle, key, p * q);
            }
        }
        // The notation cuts each chain where going on has a chance below 1e-12 (DICE.md).
        agree(&got, &oracle, 2.0 * EXACT);
    }
    // Target 4: fail only when both show 1 to 3 on their first face: 3/8 * 3/6.
    let four = odds(&kind, &values(&kind, json!({}))).unwrap();
    close(four.outcomes["failure"], 3.0 / 8.0 * 3.0 / 6.0);
}

#[test]
fn opposed_pools_by_margin() {
    let kind = opposed();
    for (mine, theirs) in [(3, 2), (0, 2), (2, 0), (4, 4)] {
        let got = odds(
            &kind,
            &values(&kind, json!({"mine": mine, "theirs": theirs})),
        )
        .unwrap();
        let mut oracle = BTreeMap::new();
        let mut tie = 0.0;
        let sides = vec![6; mine + theirs];
        each_roll(&sides, |d, p| {
            let a = d[..mine].iter().filter(|f| **f >= 5).count() as i64;
            let b = d[mine..].iter().filter(|f| **f >= 5).count() as i64;
            tally(&mut oracle, a - b, p);
            if a == b {
                tie += p;
            }
        });
        // Each pool's counts come from the notation's pool odds, within 1e-12 each (DICE.md);
        // a margin adds two of them up.
        agree(&got, &oracle, 2.0 * EXACT);
        assert!((got.events["tie"] - tie).abs() <= 2.0 * EXACT);
        let winning: f64 = oracle
            .iter()
            .filter(|(k, _)| k.parse::<i64>().unwrap() >= 1)
            .map(|(_, p)| p)
            .sum();
        assert!((got.success - winning).abs() <= 2.0 * EXACT);
    }
}

#[test]
fn a_product_of_two_dice_against_a_chart() {
    let kind = chart();
    let got = odds(&kind, &values(&kind, json!({}))).unwrap();
    let mut oracle = BTreeMap::new();
    each_roll(&[6, 6], |d, p| {
        let key = match d[0] * d[1] {
            ..=6 => "low",
            7..=15 => "middle",
            16..=24 => "high",
            _ => "top",
        };
        tally(&mut oracle, key, p);
    });
    agree(&got, &oracle, EXACT);
    // Products up to 6: 1×1..6, 2×1..3, 3×1..2, 4×1, 5×1, 6×1: 14 of 36.
    close(got.outcomes["low"], 14.0 / 36.0);
    close(got.events["doubled_six"], 1.0 / 36.0);
}

#[test]
fn the_work_bound_is_refused_naming_the_lets_and_the_bound() {
    let kind = kind(
        "huge",
        vec![],
        vec![
            roll_let("a", "d1000"),
            roll_let("b", "d1000"),
            roll_let("c", "d3"),
        ],
        number("@a + @b + @c", "1"),
        &[],
    );
    let err = odds(&kind, &BTreeMap::new()).unwrap_err();
    assert_eq!(err.code(), "invalid_request");
    assert_eq!(
        err.to_string(),
        format!(
            "lets: the lets' values make 3,000,000 combinations together (@a 1,000 × @b 1,000 × \
             @c 3), past the bound of {}; read fewer or smaller lets",
            crate::grouped(MAX_COMBINATIONS)
        )
    );
}

#[test]
fn an_uncovered_combination_is_refused_with_its_values() {
    let kind = kind(
        "gap",
        vec![],
        vec![roll_let("d", "d6")],
        named(None, &[("high", Some("@d >= 4"), true)]),
        &[],
    );
    let err = odds(&kind, &BTreeMap::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "reading: no outcome's condition holds: end the outcomes with one that has no condition \
         (otherwise) when @d = 1"
    );
}

#[test]
fn request_values_are_checked_as_the_five_check_theirs() {
    let kind = d20_check();
    let refused = |given: serde_json::Value| {
        let serde_json::Value::Object(map) = given else {
            unreachable!()
        };
        let err = kind.values(&map).unwrap_err();
        (err.code(), err.to_string())
    };
    assert_eq!(
        refused(json!({"mod": 11})),
        (
            "invalid_request",
            "mod: 11 is out of range: MOD takes -10 to 10".into()
        )
    );
    assert_eq!(
        refused(json!({"modifier": 1})),
        (
            "invalid_request",
            "modifier: unknown field `modifier`, expected one of `mod`, `dc`, `adv`, `dis`".into()
        )
    );
    assert_eq!(
        refused(json!({"dc": "ten"})),
        (
            "invalid_request",
            "dc: invalid type: string \"ten\", expected a whole number".into()
        )
    );
    assert_eq!(
        refused(json!({"adv": 1})),
        (
            "invalid_request",
            "adv: invalid type: integer `1`, expected true or false".into()
        )
    );
    let mut with_choice = kind.clone();
    with_choice.fields.push(RollField {
        name: "cover".into(),
        label: "Cover".into(),
        help: String::new(),
        kind: RollFieldKind::Choice {
            options: vec![
                ChoiceOption {
                    name: "none".into(),
                    value: 0,
                },
                ChoiceOption {
                    name: "half".into(),
                    value: 2,
                },
            ],
            default: "none".into(),
        },
        from_sheet: None,
        from_opponent: None,
    });
    let serde_json::Value::Object(map) = json!({"cover": "half", "adv": true}) else {
        unreachable!()
    };
    let got = with_choice.values(&map).unwrap();
    assert_eq!(
        got,
        BTreeMap::from([
            ("adv".to_string(), 1),
            ("cover".to_string(), 2),
            ("dc".to_string(), 15),
            ("dis".to_string(), 0),
            ("mod".to_string(), 0),
        ])
    );
    let serde_json::Value::Object(map) = json!({"cover": "full"}) else {
        unreachable!()
    };
    assert_eq!(
        with_choice.values(&map).unwrap_err().to_string(),
        "cover: unknown variant `full`, expected `none` or `half`"
    );
    let extra = BTreeMap::from([("might".to_string(), 3)]);
    let serde_json::Value::Object(map) = json!({}) else {
        unreachable!()
    };
    assert_eq!(kind.values_with(&map, &extra).unwrap()["might"], 3);
}

#[test]
fn a_pool_of_listed_dice_reads_its_sum_lowest_and_highest_jointly() {
    // Four dice d{-1,0,0,1,2,2}: the sum, the lowest and the highest read together.
    let kind = kind(
        "spread",
        vec![int("n", 0, 4, 4)],
        vec![pool_let(
            "pool",
            "@n",
            "d{-1,0,0,1,2,2}",
            &[
                ("total", PoolStatKind::Sum),
                ("low", PoolStatKind::Lowest),
                ("high", PoolStatKind::Highest),
            ],
        )],
        number("@total * 100 + (@high - @low) * 10 + @low + 1", "0"),
        &[(
            "all_blank",
            "@high = 0 and @low = 0 and @total = 0 and @n > 0",
        )],
    );
    let faces = [-1, 0, 0, 1, 2, 2];
    for n in 0..=4usize {
        let got = odds(&kind, &values(&kind, json!({ "n": n }))).unwrap();
        let mut oracle = BTreeMap::new();
        let mut blank = 0.0;
        each_roll(&vec![6; n], |d, p| {
            let shown: Vec<i64> = d.iter().map(|i| faces[*i as usize - 1]).collect();
            let total: i64 = shown.iter().sum();
            let low = shown.iter().copied().min().unwrap_or(0);
            let high = shown.iter().copied().max().unwrap_or(0);
            tally(&mut oracle, total * 100 + (high - low) * 10 + low + 1, p);
            if n > 0 && shown.iter().all(|f| *f == 0) {
                blank += p;
            }
        });
        agree(&got, &oracle, EXACT);
        close(got.events["all_blank"], blank);
    }
    // No dice: every stat 0.
    let none = odds(&kind, &values(&kind, json!({"n": 0}))).unwrap();
    assert_eq!(none.outcomes.keys().collect::<Vec<_>>(), ["1"]);
}

#[test]
fn a_pool_whose_stats_take_too_many_states_is_refused_before_any_work() {
    let kind = kind(
        "wide",
        vec![],
        vec![pool_let(
            "pool",
            "100",
            "d1000",
            &[("total", PoolStatKind::Sum), ("top", PoolStatKind::Highest)],
        )],
        number("@total + @top", "1"),
        &[],
    );
    let err = odds(&kind, &BTreeMap::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "lets.pool: 100 d1000 read as 2 stats together could take 100,000,000 states, past the \
         bound of 1,000,000; read fewer stats of this pool, or roll fewer dice"
    );
}

#[test]
fn a_target_known_only_after_the_roll_is_refused() {
    let kind = kind(
        "late",
        vec![],
        vec![roll_let("d", "d6")],
        number("@d", "@d"),
        &[],
    );
    let err = odds(&kind, &BTreeMap::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "reading.target: column 1: @d is not a value here"
    );
}

#[test]
fn a_pool_count_out_of_range_is_refused_naming_the_let() {
    let kind = glitch_pool();
    let err = odds(&kind, &BTreeMap::from([("dice".to_string(), 101)])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "lets.pool.count: 101 dice: a pool has 0 to 100 dice"
    );
}

#[test]
fn an_uncovered_value_is_refused_with_the_value() {
    let kind = kind(
        "gap",
        vec![],
        vec![roll_let("d", "d6")],
        named(Some("@d * 2"), &[("high", Some("@value >= 8"), true)]),
        &[],
    );
    let err = odds(&kind, &BTreeMap::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "reading: no outcome's condition holds: end the outcomes with one that has no condition \
         (otherwise) when @value = 2"
    );
}
