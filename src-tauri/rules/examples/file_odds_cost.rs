//! The time one odds call of a file roll kind takes (`system_file::odds::odds`), the median
//! of many, for kinds a GM writes (the ones `system_file/odds/tests/kinds.rs` checks exactly,
//! written here again in short): to set beside the built-in kinds' times (goal: at most 2x).
//!
//! ```text
//! cargo run --release --example file_odds_cost -p rollbook-rules
//! ```

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

use rollbook_rules::system_file::model::*;
use rollbook_rules::system_file::odds::odds;

/// How many calls are timed one by one for each median.
const CALLS: usize = 301;

fn roll_let(name: &str, expr: &str) -> Let {
    Let {
        name: name.into(),
        what: LetKind::Roll { expr: expr.into() },
    }
}

fn named(value: &str, outcomes: &[(&str, Option<&str>)]) -> Reading {
    Reading::Named {
        value: (!value.is_empty()).then(|| value.to_string()),
        outcomes: outcomes
            .iter()
            .map(|(name, when)| NamedOutcome {
                name: name.to_string(),
                when: when.map(str::to_string),
                success: true,
            })
            .collect(),
        ranked: None,
    }
}

fn kind(id: &str, lets: Vec<Let>, reading: Reading, events: &[(&str, &str)]) -> RollKind {
    RollKind {
        id: id.into(),
        name: id.into(),
        summary: String::new(),
        rulings: Vec::new(),
        fields: Vec::new(),
        lets,
        reading,
        events: events
            .iter()
            .map(|(name, when)| Condition {
                name: name.to_string(),
                when: when.to_string(),
            })
            .collect(),
        refusals: Vec::new(),
    }
}

fn pool(count: &str, stats: &[(&str, PoolStatKind)]) -> Let {
    Let {
        name: "pool".into(),
        what: LetKind::Pool {
            count: count.into(),
            die: "d6".into(),
            stats: stats
                .iter()
                .map(|(name, what)| PoolStat {
                    name: name.to_string(),
                    what: what.clone(),
                })
                .collect(),
        },
    }
}

fn kinds() -> Vec<(RollKind, BTreeMap<String, i64>)> {
    let given = |pairs: &[(&str, i64)]| -> BTreeMap<String, i64> {
        pairs.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    };
    let count = |cmp: &str| PoolStatKind::Count { cmp: cmp.into() };
    vec![
        (
            kind(
                "d20 advantage vs DC",
                vec![roll_let(
                    "nat",
                    "if(@adv and not @dis, 2d20kh1, if(@dis and not @adv, 2d20kl1, d20))",
                )],
                named(
                    "@nat + @mod",
                    &[
                        ("fumble", Some("@nat = 1")),
                        ("critical", Some("@nat = 20")),
                        ("success", Some("@value >= @dc")),
                        ("failure", None),
                    ],
                ),
                &[("natural_20", "@nat = 20")],
            ),
            given(&[("adv", 1), ("dis", 0), ("mod", 5), ("dc", 15)]),
        ),
        (
            kind(
                "2d6+stat bands",
                vec![roll_let("roll", "2d6")],
                named(
                    "@roll + @stat",
                    &[
                        ("miss", Some("@value <= 6")),
                        ("weak", Some("@value <= 9")),
                        ("strong", None),
                    ],
                ),
                &[],
            ),
            given(&[("stat", 2)]),
        ),
        (
            kind(
                "12d6 pool 5+, glitch",
                vec![pool(
                    "@dice",
                    &[("hits", count(">=5")), ("ones", count("=1"))],
                )],
                named(
                    "",
                    &[
                        ("critical_glitch", Some("@ones * 2 > @dice and @hits = 0")),
                        ("hit", Some("@hits >= 1")),
                        ("miss", None),
                    ],
                ),
                &[("glitch", "@ones * 2 > @dice")],
            ),
            given(&[("dice", 12)]),
        ),
        (
            kind(
                "highest of 5d6 bands",
                vec![pool(
                    "max(@dice, 2)",
                    &[
                        ("top", PoolStatKind::Highest),
                        ("low", PoolStatKind::Lowest),
                        ("sixes", count("=6")),
                    ],
                )],
                named(
                    "if(@dice = 0, @low, @top)",
                    &[
                        ("critical", Some("@dice > 0 and @sixes >= 2")),
                        ("success", Some("@value = 6")),
                        ("partial", Some("@value >= 4")),
                        ("failure", None),
                    ],
                ),
                &[],
            ),
            given(&[("dice", 5)]),
        ),
        (
            kind(
                "d8x d6x keep higher, raises",
                vec![roll_let("trait_die", "d8x"), roll_let("wild", "d6x")],
                named(
                    "max(@trait_die, @wild)",
                    &[
                        ("raise", Some("@value >= @target + 4")),
                        ("success", Some("@value >= @target")),
                        ("failure", None),
                    ],
                ),
                &[],
            ),
            given(&[("target", 4)]),
        ),
        (
            kind(
                "opposed 8d6 vs 6d6 margin",
                vec![
                    roll_let("a", "(@mine)d6 cs>=5"),
                    roll_let("b", "(@theirs)d6 cs>=5"),
                ],
                Reading::Number {
                    value: "@a - @b".into(),
                    target: "1".into(),
                },
                &[("tie", "@a = @b")],
            ),
            given(&[("mine", 8), ("theirs", 6)]),
        ),
        (
            kind(
                "d6*d6 chart",
                vec![],
                named(
                    "d6*d6",
                    &[
                        ("low", Some("@value <= 6")),
                        ("middle", Some("@value <= 15")),
                        ("high", Some("@value <= 24")),
                        ("top", None),
                    ],
                ),
                &[],
            ),
            BTreeMap::new(),
        ),
    ]
}

fn main() {
    println!("{:32} {:>12} {:>10}", "kind", "median µs", "outcomes");
    for (kind, values) in kinds() {
        let answer = odds(&kind, &values).expect("the kind reads");
        let mut times: Vec<f64> = (0..CALLS)
            .map(|_| {
                let start = Instant::now();
                black_box(odds(black_box(&kind), black_box(&values)).ok());
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{:32} {:>12.1} {:>10}",
            kind.id,
            times[CALLS / 2],
            answer.outcomes.len()
        );
    }
}
