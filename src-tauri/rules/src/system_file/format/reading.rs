//! How a roll reads: `value` against `target`, or ordered `outcomes` (each with a `band` of the
//! value or a `when` condition, the last may have neither), and its `events`.

use std::collections::HashSet;

use toml::de::DeValue;

use super::access::{Table, Text};
use super::bands;
use super::expr::{self, Known, Scope};
use super::problem::Problems;
use super::written::Written;
use crate::system_file::model::{Condition, NamedOutcome, Reading};

const NO_DICE_WITH_LETS: &str =
    "this roll has lets: roll every die in a `let` and read it here by name";

/// Reads `value`, `target`, `outcomes` and `events` of a roll whose `scope` holds its fields,
/// lets and everything global.
pub(crate) fn read(
    table: &Table,
    has_lets: bool,
    scope: &Scope,
    problems: &mut Problems,
) -> Option<(Reading, Vec<Condition>)> {
    let place = table.place.clone();
    let value = table.opt_str("value", problems);
    let dice_in_value = (has_lets).then_some(NO_DICE_WITH_LETS);
    // The names the value reads, once read (a band's advice works out its range from them).
    let mut value_names = None;
    let value_ok = match &value {
        Some(text) => match expr::read(
            problems,
            text,
            scope,
            &format!("`value` of {place}"),
            dice_in_value,
        ) {
            Some(names) => {
                expr::check_bounds(
                    problems,
                    text,
                    &names,
                    scope,
                    &format!("`value` of {place}"),
                );
                value_names = Some(names);
                true
            }
            None => false,
        },
        None => true,
    };
    // Conditions read the value as @value.
    let mut with_value = scope.clone();
    if let Some(text) = &value {
        if let Some(known) = scope.get("value") {
            super::derived::clash("value", known, &text.span, "the roll's value", problems);
        }
        with_value.insert(
            "value".into(),
            Known {
                what: "the roll's value",
                lo: 1,
                hi: 1,
                span: text.span.clone(),
            },
        );
    }
    let condition_dice = has_lets.then_some(NO_DICE_WITH_LETS);
    let events = match table.opt_table("events", problems) {
        Some(events) => conditions(&events, &with_value, condition_dice, problems),
        None => Some(Vec::new()),
    };
    let reading = match (table.get("outcomes"), table.get("target")) {
        (Some(outcomes), Some(_)) => {
            let span = table.key_span("target").unwrap_or(outcomes.span());
            problems.at(
                &span,
                format!("{place} has both `target` and `outcomes`: a roll reads one way; keep one"),
            );
            None
        }
        (Some(outcomes), None) => {
            let outcomes = named(
                outcomes,
                &place,
                value.is_some(),
                &with_value,
                condition_dice,
                problems,
            );
            let (outcomes, written) = outcomes?;
            let ranked = super::ranked::read(table, &outcomes, problems)?;
            if ranked.is_none() {
                super::ranked::advise_unranked(&place, &outcomes, &written, problems);
            }
            let value_range = match (&value, &value_names) {
                (Some(text), Some(names)) if problems.blocking() == 0 => {
                    expr::range_of(&text.text, names, scope)
                }
                _ => None,
            };
            advise_gaps(&place, &outcomes, &written, value_range, problems);
            Some(Reading::Named {
                value: value.as_ref().map(|t| t.text.to_string()),
                outcomes,
                ranked,
            })
        }
        (None, _) => {
            if let Some(span) = table.key_span("ranked") {
                problems.at(
                    &span,
                    format!(
                        "{place} reads a number against its target, ranked by the number: \
                         `ranked` ranks named `outcomes`"
                    ),
                );
            }
            let Some(text) = &value else {
                problems.at(
                    &table.at,
                    format!(
                        "{place} needs `value` (what is rolled) with a `target`, or `outcomes`"
                    ),
                );
                return None;
            };
            let target = match table.opt_str("target", problems) {
                Some(target) => {
                    let names = expr::read(
                        problems,
                        &target,
                        scope,
                        &format!("`target` of {place}"),
                        Some("a target is a number to reach, not rolled; roll dice in a `let` or the `value`"),
                    );
                    if let Some(names) = &names {
                        expr::check_bounds(
                            problems,
                            &target,
                            names,
                            scope,
                            &format!("`target` of {place}"),
                        );
                    }
                    names.map(|_| target.text.to_string())
                }
                None if table.get("target").is_some() => None,
                None => Some("1".to_string()),
            };
            target.map(|target| Reading::Number {
                value: text.text.to_string(),
                target,
            })
        }
    };
    match (reading, events, value_ok) {
        (Some(reading), Some(events), true) => Some((reading, events)),
        _ => None,
    }
}

fn named(
    outcomes: &toml::Spanned<DeValue>,
    place: &str,
    has_value: bool,
    scope: &Scope,
    dice: Option<&str>,
    problems: &mut Problems,
) -> Option<(Vec<NamedOutcome>, Vec<Written>)> {
    let DeValue::Array(items) = outcomes.get_ref() else {
        problems.at(
            &outcomes.span(),
            format!("`outcomes` of {place} is a list: [{{ name = \"miss\", band = \"6-\" }}, …]"),
        );
        return None;
    };
    if items.is_empty() {
        problems.at(
            &outcomes.span(),
            format!("`outcomes` of {place} lists nothing"),
        );
        return None;
    }
    let before = problems.blocking();
    let mut read = Vec::new();
    let mut written = Vec::new();
    // The names so far, looked up: a roll may list thousands of outcomes.
    let mut named: HashSet<String> = HashSet::new();
    for (i, item) in items.iter().enumerate() {
        let DeValue::Table(entries) = item.get_ref() else {
            problems.at(&item.span(), format!("each of the `outcomes` of {place} is a table: {{ name = \"hit\", band = \"10+\", success = true }}"));
            continue;
        };
        let outcome = Table::new(
            entries,
            item.span(),
            format!("outcome {} of {place}", i + 1),
        );
        outcome.only(&["name", "band", "when", "success"], problems);
        let Some(name) = outcome.str("name", "what the outcome is called", problems) else {
            continue;
        };
        if name.text.trim().is_empty() {
            problems.at(
                &name.span,
                format!("the name of outcome {} of {place} is empty", i + 1),
            );
        }
        if crate::system_file::spelled::is_spelled(&name.text) {
            super::spelled_name::check(
                &name,
                &format!("the name of outcome {}", i + 1),
                scope,
                problems,
            );
        } else if !named.insert(name.text.to_string()) {
            problems.at(
                &name.span,
                format!(
                    "the outcome `{}` of {place} is named twice",
                    crate::text::excerpt(&name.text)
                ),
            );
        }
        let success = outcome.opt_bool("success", problems).unwrap_or(false);
        let band = outcome.opt_str("band", problems);
        let when = outcome.opt_str("when", problems);
        let last = i + 1 == items.len();
        let condition: Option<String> = match (&band, &when) {
            (Some(_), Some(when)) => {
                problems.at(
                    &when.span,
                    format!(
                        "outcome `{}` of {place} has both `band` and `when`: keep one",
                        name.text
                    ),
                );
                None
            }
            (Some(band), None) if !has_value => {
                problems.at(&band.span, format!("a band reads the roll's `value`, and {place} has none: add `value`, or write `when`"));
                None
            }
            (Some(band), None) => match bands::condition(&band.text) {
                Ok(condition) => Some(condition),
                Err(why) => {
                    problems.at(&band.span, why);
                    None
                }
            },
            (None, Some(when)) => {
                let at = format!("`when` of outcome `{}`", name.text);
                if let Some(names) = expr::read(problems, when, scope, &at, dice) {
                    expr::check_bounds(problems, when, &names, scope, &at);
                }
                Some(when.text.to_string())
            }
            (None, None) if last => None,
            (None, None) => {
                problems.at(&outcome.at, format!("outcome `{}` of {place} needs `band` or `when`: only the last outcome may be \"otherwise\"", name.text));
                None
            }
        };
        written.push(Written {
            name: name.span.clone(),
            band: band.as_ref().and_then(|b| bands::held(&b.text)),
        });
        read.push(NamedOutcome {
            name: name.text.to_string(),
            when: condition,
            success,
        });
    }
    (problems.blocking() == before).then_some((read, written))
}

/// Advice on outcomes that are all bands (no "otherwise") when a value the roll can make falls
/// in none: such a roll is refused when it is asked, so it is told at the file. Between the
/// lowest and the highest band when the value's range does not work out.
fn advise_gaps(
    place: &str,
    outcomes: &[NamedOutcome],
    written: &[Written],
    value_range: Option<(i64, i64)>,
    problems: &mut Problems,
) {
    let Some(bands) = written.iter().map(|w| w.band).collect::<Option<Vec<_>>>() else {
        return;
    };
    let (Some(first), Some(&(lo, hi))) = (written.first(), bands.first()) else {
        return;
    };
    let (lo, hi) = value_range.unwrap_or_else(|| {
        let lowest = bands.iter().fold(lo, |l, b| l.min(b.0));
        let highest = bands.iter().fold(hi, |h, b| h.max(b.1));
        (lowest, highest)
    });
    if let Some(gap) = super::bands::first_gap(&bands, lo, hi) {
        // "Otherwise" is offered only for a failing last outcome: bands written lowest first
        // end on the best one, which would then take every roll the bands leave out.
        let otherwise = match outcomes.last() {
            Some(last) if !last.success => format!(
                ", or leave `band` off the last outcome (`{}`) to make it \"otherwise\"",
                crate::text::excerpt(&last.name)
            ),
            _ => String::new(),
        };
        problems.advise(
            &first.name,
            format!(
                "no band of {place} holds {gap}: a roll of {gap} has no outcome, and is refused \
                 when asked; add a band that holds it or widen one beside it{otherwise}"
            ),
        );
    }
}

fn conditions(
    table: &Table,
    scope: &Scope,
    dice: Option<&str>,
    problems: &mut Problems,
) -> Option<Vec<Condition>> {
    let before = problems.blocking();
    let mut events = Vec::new();
    for (key, value) in table.entries.iter() {
        let name = key.get_ref().to_string();
        let DeValue::String(s) = value.get_ref() else {
            problems.at(
                &value.span(),
                format!(
                    "event `{name}` of {} is a condition in quotes (\"@nat = 20\")",
                    table.place
                ),
            );
            continue;
        };
        let text = Text {
            text: s.as_ref().into(),
            span: value.span(),
        };
        let at = format!("event `{name}`");
        if let Some(names) = expr::read(problems, &text, scope, &at, dice) {
            expr::check_bounds(problems, &text, &names, scope, &at);
        }
        events.push(Condition {
            name,
            when: text.text.to_string(),
        });
    }
    (problems.blocking() == before).then_some(events)
}
