//! `[rolls.<id>.let]`: the roll's random values, each rolled once and read by name:
//! `nat = "d20"`, or one pool read several ways,
//! `dice = { dice = "@pool", die = "d6", stats = { hits = "count >=5", ones = "count =1" } }`,
//! or a roll per item of a list field (`each`).

use toml::de::DeValue;

use super::access::{Table, Text};
use super::derived::clash;
use super::each;
use super::expr::{self, Known, Scope};
use super::names::name_problem;
use super::problem::Problems;
use crate::system_file::model::{Let, LetKind, PoolStat, PoolStatKind, RollField};

/// Reads the lets against `scope` (fields, sheet, derived, house, and the lets written before
/// each: a let may read earlier lets, checked at the ends of their ranges), then adds their
/// names to it.
pub(crate) fn read(
    table: &Table,
    fields: &[RollField],
    scope: &mut Scope,
    problems: &mut Problems,
) -> Vec<Let> {
    // What each let may read: the scope, and the earlier lets with the range of their values.
    let mut outer = scope.clone();
    let mut lets = Vec::new();
    // The names each let reads, read once: only a let read by a later one needs its range
    // worked out.
    let reads: Vec<Vec<String>> = table
        .entries
        .values()
        .map(|value| names_read(value.get_ref()))
        .collect();
    let read_by_lets: std::collections::BTreeSet<&String> = reads.iter().flatten().collect();
    // Where each let is written (the first of a name given twice), looked up, not searched.
    let mut written: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (at, key) in table.entries.keys().enumerate() {
        written.entry(key.get_ref()).or_insert(at);
    }
    for (at, (key, value)) in table.entries.iter().enumerate() {
        let name = key.get_ref().to_string();
        let place = format!("let `{name}` of {}", table.place);
        if let Some(why) = name_problem(&name) {
            problems.at(&key.span(), why);
            continue;
        }
        // A let that reads one written below it: told as that, not as a name not known here.
        let below = reads[at]
            .iter()
            .find(|n| !outer.contains_key(n) && written.get(n.as_str()).is_some_and(|&w| w > at));
        if let Some(later) = below {
            problems.at(
                &value.span(),
                format!(
                    "{place} reads @{later}, a let written below it: a let reads only the lets \
                     above it; move `{later}` above `{name}`"
                ),
            );
            // Still a name of the roll, so what reads it is not told again as unknown.
            if matches!(value.get_ref(), DeValue::String(_)) {
                declare(&name, key.span(), scope, problems);
                known_to_later(&name, key.span(), None, &mut outer);
            }
            continue;
        }
        let what = match value.get_ref() {
            DeValue::String(s) => {
                let text = Text {
                    text: s.as_ref().into(),
                    span: value.span(),
                };
                let range = expr::read(problems, &text, &outer, &place, None).and_then(|names| {
                    expr::check_bounds(problems, &text, &names, &outer, &place);
                    if read_by_lets.contains(&name) {
                        expr::range_of(&text.text, &names, &outer)
                    } else {
                        Some((0, 0))
                    }
                });
                declare(&name, key.span(), scope, problems);
                known_to_later(&name, key.span(), range, &mut outer);
                LetKind::Roll {
                    expr: text.text.to_string(),
                }
            }
            DeValue::Table(inner) => {
                let inner = Table::new(
                    inner,
                    key.span(),
                    format!("{}.{name}]", table.place.trim_end_matches(']')),
                );
                if inner.get("each").is_some() {
                    let Some((kind, range)) = each::read(&inner, fields, &outer, problems) else {
                        continue;
                    };
                    declare(&name, key.span(), scope, problems);
                    known_to_later(&name, key.span(), Some(range), &mut outer);
                    kind
                } else {
                    let before = outer.clone();
                    match pool(&inner, &before, scope, &mut outer, problems) {
                        Some(kind) => kind,
                        None => continue,
                    }
                }
            }
            other => {
                problems.at(
                    &value.span(),
                    format!(
                        "{place} is a roll in quotes (\"d20\"), a pool table or an `each` table, not {} {}",
                        super::access::article(other.type_str()),
                        other.type_str()
                    ),
                );
                continue;
            }
        };
        lets.push(Let { name, what });
    }
    lets
}

/// The names a let's declaration reads: its expression's, or its table's `dice`, `die` (the
/// sides of `d(EXPR)`) and `count`.
fn names_read(value: &DeValue) -> Vec<String> {
    match value {
        DeValue::String(s) => crate::notation::names(s),
        DeValue::Table(inner) => ["dice", "die", "count"]
            .iter()
            .filter_map(|k| inner.get(*k))
            .filter_map(|v| v.get_ref().as_str())
            .flat_map(|s| crate::notation::names(crate::notation::die_sides(s).unwrap_or(s)))
            .collect(),
        _ => Vec::new(),
    }
}

fn declare(name: &str, at: std::ops::Range<usize>, scope: &mut Scope, problems: &mut Problems) {
    if let Some(known) = scope.get(name) {
        clash(name, known, &at, "a let of the roll", problems);
        return;
    }
    // A random value: its name is checked where it is read; its range is not worked out here.
    scope.insert(
        name.to_string(),
        Known {
            what: "a let of the roll",
            lo: 1,
            hi: 1,
            span: at,
        },
    );
}

/// Tells the lets after this one its name and the range of its values (`None`: not worked
/// out, read as 0 to 0 there).
fn known_to_later(
    name: &str,
    at: std::ops::Range<usize>,
    range: Option<(i64, i64)>,
    later: &mut Scope,
) {
    if later.contains_key(name) {
        // A clash, told where the name is declared.
        return;
    }
    let (lo, hi) = range.unwrap_or((0, 0));
    later.insert(
        name.to_string(),
        Known {
            what: "a let of the roll",
            lo,
            hi,
            span: at,
        },
    );
}

fn pool(
    table: &Table,
    outer: &Scope,
    scope: &mut Scope,
    later: &mut Scope,
    problems: &mut Problems,
) -> Option<LetKind> {
    table.only(&["dice", "die", "stats"], problems);
    let count = table.str(
        "dice",
        "how many dice: a number or an expression without dice",
        problems,
    );
    let die = table.str("die", "one die: d6, d10, dF, d{0,1,1,2}", problems);
    let stats_table = table.opt_table("stats", problems);
    if table.get("stats").is_none() {
        problems.at(
            &table.at,
            format!(
                "{} needs `stats`, the names the pool is read by (hits = \"count >=5\")",
                table.place
            ),
        );
    }
    let place = format!("the pool {}", table.place);
    let (count, die, stats_table) = (count?, die?, stats_table?);
    // `d(EXPR)`: the sides worked out before the roll; checked as its largest die.
    let sized = sides_of(&die, outer, &place, problems);
    let die_text = match &sized {
        Some(Some(hi)) => format!("d{hi}"),
        Some(None) => {
            // Its problems are told; the rest is checked as a d6 so they are not lost.
            "d6".to_string()
        }
        None => die.text.to_string(),
    };
    let die_ok = sized.is_some() || is_one_die(&die.text);
    if !die_ok {
        problems.at(&die.span, format!("`die` of {} is one die without a count or modifiers: d6, d10, dF, d%, d{{0,1,1,2}}, or d(EXPR), its sides an expression without dice", table.place));
    }
    let names = expr::read(
        problems,
        &count,
        outer,
        &place,
        Some("a pool's count is known before it is rolled; roll it in an earlier `let` and read it by name"),
    );
    let count_range = names
        .as_ref()
        .and_then(|names| expr::range_of(&count.text, names, outer));
    if let (Some(names), true) = (&names, die_ok) {
        let whole = Text {
            text: format!("({}){die_text}", count.text).into(),
            span: count.span.clone(),
        };
        // The notation bounds the pool as a whole: the count's problems point at the count.
        expr::check_bounds(problems, &whole, names, outer, &place);
    }
    let mut stats = Vec::new();
    for (key, value) in stats_table.entries.iter() {
        let name = key.get_ref().to_string();
        let DeValue::String(how) = value.get_ref() else {
            problems.at(&value.span(), format!("stat `{name}` of {} is \"sum\", \"highest\", \"lowest\" or \"count CMP\" (\"count >=5\")", table.place));
            continue;
        };
        if let Some(why) = name_problem(&name) {
            problems.at(&key.span(), why);
            continue;
        }
        let what = match how.trim() {
            "sum" => PoolStatKind::Sum,
            "highest" => PoolStatKind::Highest,
            "lowest" => PoolStatKind::Lowest,
            other => match other.strip_prefix("count") {
                Some(cmp) if die_ok => {
                    let cmp = cmp.trim();
                    if let Err(refused) =
                        crate::notation::check(&format!("{die_text}cs{cmp}"), &Default::default())
                    {
                        let why = refused.first().map_or(String::new(), |p| p.message.clone());
                        problems.at(&value.span(), format!("stat `{name}` of {}: `count {cmp}` does not read against {die_text}: {why}", table.place));
                        continue;
                    }
                    PoolStatKind::Count {
                        cmp: cmp.to_string(),
                    }
                }
                Some(_) => continue,
                None => {
                    problems.at(&value.span(), format!("stat `{name}` of {} is \"sum\", \"highest\", \"lowest\" or \"count CMP\" (\"count >=5\"), not \"{}\"", table.place, crate::text::excerpt(other)));
                    continue;
                }
            },
        };
        declare(&name, key.span(), scope, problems);
        known_to_later(
            &name,
            key.span(),
            stat_range(&what, count_range, &die_text),
            later,
        );
        stats.push(PoolStat { name, what });
    }
    if stats_table.entries.is_empty() {
        problems.at(
            &stats_table.at,
            format!(
                "`stats` of {} names nothing: name at least one (hits = \"count >=5\")",
                table.place
            ),
        );
    }
    Some(LetKind::Pool {
        count: count.text.to_string(),
        die: die.text.to_string(),
        stats,
    })
}

/// The range of a pool stat over a count in `count` of `die`s (an empty pool reads 0).
fn stat_range(what: &PoolStatKind, count: Option<(i64, i64)>, die: &str) -> Option<(i64, i64)> {
    let (_, most) = count?;
    let faces: Vec<i64> = crate::notation::check(die, &Default::default())
        .ok()?
        .distribution()
        .into_iter()
        .map(|(v, _)| v)
        .collect();
    let (low, high) = (*faces.first()?, *faces.last()?);
    Some(match what {
        PoolStatKind::Sum => ((most * low).min(0), (most * high).max(0)),
        PoolStatKind::Highest | PoolStatKind::Lowest => (low.min(0), high.max(0)),
        PoolStatKind::Count { .. } => (0, most),
    })
}

/// The sides of a die written `d(EXPR)`: `None` when it is not so written; `Some(None)` when
/// its expression has problems (told); else the most sides it may have, its expression read
/// against the names known before the roll and kept within 1 to the notation's 1,000.
fn sides_of(
    die: &Text,
    outer: &Scope,
    place: &str,
    problems: &mut Problems,
) -> Option<Option<i64>> {
    let inner = crate::notation::die_sides(&die.text)?;
    // Spanning `(EXPR)` inside the quotes, so a problem's column points into EXPR (when the die
    // is written without spaces or escapes; else at the die).
    let span = if die.text.starts_with("d(") {
        die.span.start + 2..die.span.end.saturating_sub(1)
    } else {
        die.span.clone()
    };
    let sides = Text {
        text: inner.to_string().into(),
        span,
    };
    let at = format!("the sides of {place}");
    let names = expr::read(
        problems,
        &sides,
        outer,
        &at,
        Some("a die's sides are known before it is rolled; roll them in an earlier `let` and read them by name"),
    )?;
    let Some((lo, hi)) = expr::range_of(inner, &names, outer) else {
        problems.at(
            &die.span,
            format!("{at}: `{inner}` does not work out at the ends of its names' ranges"),
        );
        return Some(None);
    };
    if lo < 1 || hi > MAX_SIDES {
        problems.at(
            &die.span,
            format!("{at}: `{inner}` comes to {lo} to {hi}: a die has 1 to {MAX_SIDES} sides"),
        );
        return Some(None);
    }
    Some(Some(hi))
}

/// The most sides a die of the notation has (DICE.md).
pub(crate) const MAX_SIDES: i64 = 1000;

/// `d6`, `d%`, `dF`, `d{…}`: one die of the notation, no count, no modifiers.
fn is_one_die(die: &str) -> bool {
    let die = die.trim();
    let Some(sides) = die.strip_prefix('d').or_else(|| die.strip_prefix('D')) else {
        return false;
    };
    let plain = sides == "%"
        || sides.eq_ignore_ascii_case("f")
        || sides.chars().all(|c| c.is_ascii_digit());
    let faces = sides.starts_with('{') && sides.ends_with('}') && sides.matches('}').count() == 1;
    !sides.is_empty()
        && (plain || faces)
        && crate::notation::check(die, &Default::default()).is_ok()
}
