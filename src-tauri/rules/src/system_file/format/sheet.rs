//! `[sheet.<name>]`: the parts of a character's sheet, each with its `type`.

use std::collections::HashSet;

use super::access::{Table, Text};
use super::names::{label_of_name, name_problem};
use super::problem::Problems;
use super::ranges::{read_range, reversed};
use crate::system_file::model::{SheetField, SheetFieldKind, TrackerStart};

const TYPES: [&str; 6] = ["number", "ratings", "tracker", "check", "choice", "text"];
const COMMON: [&str; 4] = ["type", "label", "help", "public"];

/// The longest text field by default, in characters.
const DEFAULT_TEXT_CHARS: i64 = 2000;
/// The most ratings a list holds by default.
const DEFAULT_MAX_COUNT: i64 = 50;

/// A sheet field as read, with its tracker's maximum still to be read against the derived
/// values (`max` is an expression).
pub(crate) struct ReadField<'a> {
    pub field: SheetField,
    pub name_span: std::ops::Range<usize>,
    pub tracker_max: Option<Text<'a>>,
}

pub(crate) fn read_field<'a>(
    name: &str,
    table: &Table<'a, '_>,
    problems: &mut Problems,
) -> Option<ReadField<'a>> {
    let before = problems.blocking();
    if let Some(why) = name_problem(name) {
        problems.at(&table.at, why);
    }
    let kind_text = table.str(
        "type",
        "one of number, ratings, tracker, check, choice, text",
        problems,
    );
    let label = table.opt_str("label", problems).map(|t| t.text.to_string());
    let help = table.opt_str("help", problems).map(|t| t.text.to_string());
    let public = table.opt_bool("public", problems).unwrap_or(false);
    let kind_text = kind_text?;
    let mut tracker_max = None;
    let kind = match &*kind_text.text {
        "number" => {
            table.only(
                &[&COMMON[..], &["min", "max", "default"]].concat(),
                problems,
            );
            read_range(table, 0, problems).map(|(min, max, default)| SheetFieldKind::Number {
                min,
                max,
                default,
            })
        }
        "ratings" => {
            table.only(
                &[
                    &COMMON[..],
                    &[
                        "min",
                        "max",
                        "default",
                        "budget",
                        "min_count",
                        "max_count",
                        "suggested",
                    ],
                ]
                .concat(),
                problems,
            );
            ratings(table, problems)
        }
        "tracker" => {
            table.only(&[&COMMON[..], &["max", "start"]].concat(), problems);
            tracker_max = tracker_max_text(table, problems);
            let start = match table.opt_str("start", problems) {
                None => Some(TrackerStart::Full),
                Some(t) if t.text == "full" => Some(TrackerStart::Full),
                Some(t) if t.text == "empty" => Some(TrackerStart::Empty),
                Some(t) => {
                    problems.at(
                        &t.span,
                        format!("`start` in {} is \"full\" or \"empty\"", table.place),
                    );
                    None
                }
            };
            start.map(|default| SheetFieldKind::Tracker {
                max: tracker_max
                    .as_ref()
                    .map(|t| t.text.to_string())
                    .unwrap_or_default(),
                default,
            })
        }
        "check" => {
            table.only(&[&COMMON[..], &["default"]].concat(), problems);
            Some(SheetFieldKind::Check {
                default: table.opt_bool("default", problems).unwrap_or(false),
            })
        }
        "choice" => {
            table.only(&[&COMMON[..], &["choices", "default"]].concat(), problems);
            choice(table, problems)
        }
        "text" => {
            table.only(&[&COMMON[..], &["max_chars"]].concat(), problems);
            match table.opt_int("max_chars", problems) {
                Some((n, span)) if n < 1 => {
                    problems.at(
                        &span,
                        format!("`max_chars` in {} is at least 1", table.place),
                    );
                    None
                }
                Some((n, _)) => Some(SheetFieldKind::Text {
                    max_chars: n as u32,
                }),
                None if table.get("max_chars").is_some() => None,
                None => Some(SheetFieldKind::Text {
                    max_chars: DEFAULT_TEXT_CHARS as u32,
                }),
            }
        }
        other => {
            let near = super::access::nearest(other, &TYPES);
            problems.at(
                &kind_text.span,
                format!(
                    "unknown type `{}` of {}; {}",
                    crate::text::excerpt(other),
                    table.place,
                    match near {
                        Some(near) => format!("did you mean `{near}`?"),
                        None => format!("the types are {}", TYPES.join(", ")),
                    }
                ),
            );
            None
        }
    };
    let kind = kind?;
    (problems.blocking() == before).then(|| ReadField {
        field: SheetField {
            name: name.to_string(),
            label: label.unwrap_or_else(|| label_of_name(name)),
            help: help.unwrap_or_default(),
            kind,
            public,
        },
        name_span: table.at.clone(),
        tracker_max,
    })
}

/// A tracker's `max`: an expression, or a whole number written as one.
fn tracker_max_text<'a>(table: &Table<'a, '_>, problems: &mut Problems) -> Option<Text<'a>> {
    match table.get("max").map(|v| v.get_ref()) {
        Some(toml::de::DeValue::Integer(_)) => {
            let (n, span) = table.opt_int("max", problems)?;
            if n < 0 {
                problems.at(&span, format!("the `max` of {} is at least 0", table.place));
                return None;
            }
            // A number is its own expression.
            Some(Text {
                text: n.to_string().into(),
                span,
            })
        }
        _ => table.str(
            "max",
            "the tracker's maximum: a number or an expression",
            problems,
        ),
    }
}

fn ratings(table: &Table, problems: &mut Problems) -> Option<SheetFieldKind> {
    let range = read_range(table, 0, problems);
    let budget = table.opt_int("budget", problems);
    let min_count = table.opt_int("min_count", problems);
    let max_count = table.opt_int("max_count", problems);
    let suggested = table
        .opt_str_list("suggested", problems)
        .unwrap_or_default();
    let mut good = range.is_some();
    let lo_count = min_count.as_ref().map_or(0, |(n, _)| *n);
    let hi_count = max_count
        .as_ref()
        .map_or(DEFAULT_MAX_COUNT.max(lo_count), |(n, _)| *n);
    for (count, span) in [&min_count, &max_count].into_iter().flatten() {
        if *count < 0 {
            problems.at(
                span,
                format!("a count of ratings in {} is at least 0", table.place),
            );
            good = false;
        }
    }
    if let Some((_, span)) = &max_count {
        if hi_count < lo_count {
            reversed(
                span,
                lo_count,
                hi_count,
                &format!("the counts of {}", table.place),
                problems,
            );
            good = false;
        }
    }
    // A set, not a list searched: a 1 MiB file lists a hundred thousand names.
    let mut seen: HashSet<&str> = HashSet::new();
    for rating in &suggested {
        if let Some(why) = name_problem(&rating.text) {
            problems.at(&rating.span, why);
            good = false;
        } else if seen.contains(&&*rating.text) {
            problems.at(
                &rating.span,
                format!("`{}` is suggested twice in {}", rating.text, table.place),
            );
            good = false;
        }
        seen.insert(&rating.text);
    }
    if let (Some((min, _, _)), Some((budget, span))) = (range, &budget) {
        let least = i128::from(lo_count) * i128::from(min);
        if least > i128::from(*budget) {
            problems.at(
                span,
                format!(
                    "no sheet can meet the budget {budget} of {}: {lo_count} ratings (`min_count`) \
                     at their lowest ({min}) already total {least}; raise the budget or lower \
                     `min_count` or `min`",
                    table.place
                ),
            );
            good = false;
        }
    }
    let (min, max, default) = range?;
    good.then(|| SheetFieldKind::Ratings {
        min,
        max,
        default,
        budget: budget.map(|(b, _)| b),
        min_count: lo_count.max(0) as u32,
        max_count: hi_count.max(0) as u32,
        suggested: suggested.iter().map(|t| t.text.to_string()).collect(),
    })
}

fn choice(table: &Table, problems: &mut Problems) -> Option<SheetFieldKind> {
    let Some(choices) = table.opt_str_list("choices", problems) else {
        if table.get("choices").is_none() {
            problems.at(
                &table.at,
                format!("{} needs `choices` (a list of strings)", table.place),
            );
        }
        return None;
    };
    if choices.is_empty() {
        problems.at(
            &table.at,
            format!("`choices` of {} lists nothing", table.place),
        );
        return None;
    }
    let mut good = true;
    // Each choice looked up among those before it, not compared with each of them.
    let mut seen: HashSet<&str> = HashSet::new();
    for choice in &choices {
        if !seen.insert(&choice.text) {
            problems.at(
                &choice.span,
                format!(
                    "`{}` is listed twice in {}",
                    crate::text::excerpt(&choice.text),
                    table.place
                ),
            );
            good = false;
        }
    }
    let default = match table.opt_str("default", problems) {
        Some(d) if choices.iter().any(|c| c.text == d.text) => d.text.to_string(),
        Some(d) => {
            problems.at(
                &d.span,
                format!(
                    "the default `{}` of {} is not among its choices ({})",
                    crate::text::excerpt(&d.text),
                    table.place,
                    choices
                        .iter()
                        .map(|c| &*c.text)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            return None;
        }
        None if table.get("default").is_some() => return None,
        None => choices[0].text.to_string(),
    };
    good.then(|| SheetFieldKind::Choice {
        choices: choices.iter().map(|c| c.text.to_string()).collect(),
        default,
    })
}
