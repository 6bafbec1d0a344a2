//! Roll kinds as a GM would write them, built by hand: one per thing the issue says a file
//! can say.

use std::collections::BTreeMap;

use crate::system_file::model::*;

pub fn int(name: &str, min: i64, max: i64, default: i64) -> RollField {
    RollField {
        name: name.into(),
        label: name.to_uppercase(),
        help: String::new(),
        kind: RollFieldKind::Int { min, max, default },
        from_sheet: None,
        from_opponent: None,
    }
}

pub fn flag(name: &str) -> RollField {
    RollField {
        name: name.into(),
        label: name.into(),
        help: String::new(),
        kind: RollFieldKind::Bool { default: false },
        from_sheet: None,
        from_opponent: None,
    }
}

pub fn roll_let(name: &str, expr: &str) -> Let {
    Let {
        name: name.into(),
        what: LetKind::Roll { expr: expr.into() },
    }
}

pub fn pool_let(name: &str, count: &str, die: &str, stats: &[(&str, PoolStatKind)]) -> Let {
    Let {
        name: name.into(),
        what: LetKind::Pool {
            count: count.into(),
            die: die.into(),
            stats: stats
                .iter()
                .map(|(n, what)| PoolStat {
                    name: n.to_string(),
                    what: what.clone(),
                })
                .collect(),
        },
    }
}

pub fn count(cmp: &str) -> PoolStatKind {
    PoolStatKind::Count { cmp: cmp.into() }
}

pub fn named(value: Option<&str>, outcomes: &[(&str, Option<&str>, bool)]) -> Reading {
    Reading::Named {
        value: value.map(str::to_string),
        outcomes: outcomes
            .iter()
            .map(|(name, when, success)| NamedOutcome {
                name: name.to_string(),
                when: when.map(str::to_string),
                success: *success,
            })
            .collect(),
        ranked: None,
    }
}

pub fn number(value: &str, target: &str) -> Reading {
    Reading::Number {
        value: value.into(),
        target: target.into(),
    }
}

pub fn kind(
    id: &str,
    fields: Vec<RollField>,
    lets: Vec<Let>,
    reading: Reading,
    events: &[(&str, &str)],
) -> RollKind {
    RollKind {
        id: id.into(),
        name: id.into(),
        summary: String::new(),
        rulings: Vec::new(),
        fields,
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

/// The natural d20: advantage keeps the higher of two, disadvantage the lower, both none.
const NAT: &str = "if(@adv and not @dis, 2d20kh1, if(@dis and not @adv, 2d20kl1, d20))";

/// A d20 plus modifier against a DC; natural 1 and 20 are outcomes by condition.
pub fn d20_check() -> RollKind {
    kind(
        "check",
        vec![
            int("mod", -10, 10, 0),
            int("dc", 1, 40, 15),
            flag("adv"),
            flag("dis"),
        ],
        vec![roll_let("nat", NAT)],
        named(
            Some("@nat + @mod"),
            &[
                ("fumble", Some("@nat = 1"), false),
                ("critical", Some("@nat = 20"), true),
                ("success", Some("@value >= @dc"), true),
                ("failure", None, false),
            ],
        ),
        &[("natural_20", "@nat = 20")],
    )
}

/// The same roll read as a number against the DC.
pub fn d20_total() -> RollKind {
    kind(
        "total",
        vec![
            int("mod", -10, 10, 0),
            int("dc", 1, 40, 15),
            flag("adv"),
            flag("dis"),
        ],
        vec![roll_let("nat", NAT)],
        number("@nat + @mod", "@dc"),
        &[],
    )
}

/// 2d6 plus a stat in three bands: 6-, 7-9, 10+.
pub fn pbta() -> RollKind {
    kind(
        "move",
        vec![int("stat", -3, 3, 1)],
        vec![roll_let("roll", "2d6")],
        named(
            Some("@roll + @stat"),
            &[
                ("miss", Some("@value <= 6"), false),
                ("weak_hit", Some("@value <= 9"), true),
                ("strong_hit", None, true),
            ],
        ),
        &[],
    )
}

/// A d6 pool counting 5+; more than half the dice showing 1 is a glitch (two stats of one
/// pool), a critical glitch with no hit.
pub fn glitch_pool() -> RollKind {
    kind(
        "pool",
        vec![int("dice", 0, 20, 6)],
        vec![pool_let(
            "pool",
            "@dice",
            "d6",
            &[("hits", count(">=5")), ("ones", count("1"))],
        )],
        named(
            None,
            &[
                (
                    "critical_glitch",
                    Some("@ones * 2 > @dice and @hits = 0"),
                    false,
                ),
                ("hit", Some("@hits >= 1"), true),
                ("miss", None, false),
            ],
        ),
        &[("glitch", "@ones * 2 > @dice")],
    )
}

/// The highest die of a pool in bands, two 6s a critical; zero dice roll two and keep the
/// lowest.
pub fn highest_pool() -> RollKind {
    kind(
        "action",
        vec![int("dice", 0, 6, 2)],
        vec![pool_let(
            "pool",
            "max(@dice, 2)",
            "d6",
            &[
                ("top", PoolStatKind::Highest),
                ("low", PoolStatKind::Lowest),
                ("sixes", count("=6")),
            ],
        )],
        named(
            Some("if(@dice = 0, @low, @top)"),
            &[
                ("critical", Some("@dice > 0 and @sixes >= 2"), true),
                ("success", Some("@value = 6"), true),
                ("partial", Some("@value >= 4"), true),
                ("failure", None, false),
            ],
        ),
        &[],
    )
}

/// Two dice of different sizes, each exploding, keep the higher; a raise per 4 over.
pub fn wild_die() -> RollKind {
    kind(
        "trait",
        vec![int("target", 1, 20, 4)],
        vec![roll_let("trait_die", "d8x"), roll_let("wild", "d6x")],
        named(
            Some("max(@trait_die, @wild)"),
            &[
                ("two_raises", Some("@value >= @target + 8"), true),
                ("raise", Some("@value >= @target + 4"), true),
                ("success", Some("@value >= @target"), true),
                ("failure", None, false),
            ],
        ),
        &[],
    )
}

/// Two pools opposed, each counting 5+: the margin is the value.
pub fn opposed() -> RollKind {
    kind(
        "opposed",
        vec![int("mine", 0, 6, 3), int("theirs", 0, 6, 2)],
        vec![
            roll_let("a", "(@mine)d6 cs>=5"),
            roll_let("b", "(@theirs)d6 cs>=5"),
        ],
        number("@a - @b", "1"),
        &[("tie", "@a = @b")],
    )
}

/// A product of two dice against a chart; no lets: the value rolls its dice.
pub fn chart() -> RollKind {
    kind(
        "chart",
        vec![],
        vec![],
        named(
            Some("d6*d6"),
            &[
                ("low", Some("@value <= 6"), false),
                ("middle", Some("@value <= 15"), true),
                ("high", Some("@value <= 24"), true),
                ("top", None, true),
            ],
        ),
        &[("doubled_six", "@value = 36")],
    )
}

pub fn values(kind: &RollKind, given: serde_json::Value) -> BTreeMap<String, i64> {
    let serde_json::Value::Object(map) = given else {
        panic!("an object");
    };
    kind.values(&map).unwrap()
}
