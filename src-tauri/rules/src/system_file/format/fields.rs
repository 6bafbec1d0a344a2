//! `[rolls.<id>.fields.<name>]`: what a request of the roll gives (RULES.md, "Roll requests"):
//! a whole number in a range, yes/no, or a choice of named options.

use std::collections::{HashMap, HashSet};

use toml::de::DeValue;

use super::access::Table;
use super::derived::clash;
use super::expr::{Known, Scope, MAX_HINTED};
use super::names::{label_of_name, name_problem};
use super::problem::Problems;
use super::ranges::read_range;
use crate::system_file::model::{
    ChoiceOption, DerivedValue, RollField, RollFieldKind, SheetField, SheetFieldKind,
};

const COMMON: [&str; 5] = ["type", "label", "help", "from_sheet", "from_opponent"];

/// What a field's `from_sheet` or `from_opponent` may name: the sheet's fields and the
/// derived values, each looked up by name (a file may declare thousands of both, and as many
/// fields naming them).
pub(crate) struct Sources<'a> {
    sheet: &'a [SheetField],
    derived: &'a [DerivedValue],
    sheet_by_name: HashMap<&'a str, &'a SheetField>,
    derived_names: HashSet<&'a str>,
}

impl<'a> Sources<'a> {
    pub fn new(sheet: &'a [SheetField], derived: &'a [DerivedValue]) -> Self {
        let mut sheet_by_name = HashMap::new();
        for field in sheet {
            sheet_by_name.entry(field.name.as_str()).or_insert(field);
        }
        Self {
            sheet,
            derived,
            sheet_by_name,
            derived_names: derived.iter().map(|d| d.name.as_str()).collect(),
        }
    }
}

/// Advice on a field filled from a sheet value (`from_sheet`, `from_opponent`) that takes fewer
/// values than the sheet holds: a character at the sheet's end could not make the roll (it is
/// refused, naming the field). The sheet value's range is its own (a number, a rating of a
/// list), a tracker's from 0 to its highest maximum, a derived value's worked out.
fn advise_narrower(
    key: &str,
    from: &super::access::Text,
    (min, max): (i64, i64),
    place: &str,
    sources: &Sources,
    scope: &Scope,
    problems: &mut Problems,
) {
    let held = match sources.sheet_by_name.get(&*from.text) {
        Some(SheetField {
            kind: SheetFieldKind::Ratings { min, max, .. },
            ..
        }) => Some((*min, *max)),
        _ => scope.get(&from.text).map(|k| (k.lo, k.hi)),
    };
    let Some((lo, hi)) = held else {
        return;
    };
    let outside = if lo < min {
        Some(lo)
    } else if hi > max {
        Some(hi)
    } else {
        None
    };
    if let Some(value) = outside {
        problems.advise(
            &from.span,
            format!(
                "`{key}` of {place} names `{}`, which can be {value} on the sheet, but the field \
                 takes {min} to {max}: a character with {value} could not make the roll; widen \
                 the field to take {} to {}",
                crate::text::excerpt(&from.text),
                lo.min(min),
                hi.max(max)
            ),
        );
    }
}

/// Reads a field and adds it to the roll's `scope`.
pub(crate) fn read(
    name: &str,
    table: &Table,
    sources: &Sources,
    scope: &mut Scope,
    problems: &mut Problems,
) -> Option<RollField> {
    let before = problems.blocking();
    if let Some(why) = name_problem(name) {
        problems.at(&table.at, why);
    } else if let Some(known) = scope.get(name) {
        clash(name, known, &table.at, "a field", problems);
    }
    let kind_name = table.opt_str("type", problems);
    let label = table.opt_str("label", problems).map(|t| t.text.to_string());
    let help = table.opt_str("help", problems).map(|t| t.text.to_string());
    let from_sheet = table.opt_str("from_sheet", problems);
    let from_opponent = table.opt_str("from_opponent", problems);
    let kind = match kind_name.as_ref().map_or("int", |t| &*t.text) {
        "int" => {
            table.only(
                &[&COMMON[..], &["min", "max", "default"]].concat(),
                problems,
            );
            read_range(table, 0, problems).map(|(min, max, default)| RollFieldKind::Int {
                min,
                max,
                default,
            })
        }
        "bool" => {
            table.only(&[&COMMON[..], &["default"]].concat(), problems);
            Some(RollFieldKind::Bool {
                default: table.opt_bool("default", problems).unwrap_or(false),
            })
        }
        "choice" => {
            table.only(&[&COMMON[..], &["options", "default"]].concat(), problems);
            options(table, problems)
        }
        "list" => {
            table.only(
                &[&COMMON[..], &["min", "max", "max_items", "default"]].concat(),
                problems,
            );
            super::list_field::read(table, problems)
        }
        other => {
            let span = kind_name
                .as_ref()
                .map_or(table.at.clone(), |t| t.span.clone());
            let hint = match super::access::nearest(other, &["int", "bool", "choice", "list"]) {
                Some(near) => format!("did you mean `{near}`?"),
                None => "a field is `int` (the default), `bool`, `choice` or `list`".into(),
            };
            problems.at(
                &span,
                format!(
                    "unknown type `{}` of {}; {hint}",
                    crate::text::excerpt(other),
                    table.place
                ),
            );
            None
        }
    };
    for (key, from) in [
        ("from_sheet", &from_sheet),
        ("from_opponent", &from_opponent),
    ]
    .into_iter()
    .filter_map(|(key, from)| Some((key, from.as_ref()?)))
    {
        match sources.sheet_by_name.get(&*from.text).copied() {
            Some(SheetField {
                kind: SheetFieldKind::Text { .. } | SheetFieldKind::Choice { .. },
                ..
            }) => problems.at(
                &from.span,
                format!(
                    "`{key}` of {} names `{}`, a sheet field that is not a number",
                    table.place, from.text
                ),
            ),
            Some(_) => {}
            None if sources.derived_names.contains(&*from.text) => {}
            // A sheet part or derived value declared with a problem, told there.
            None if problems.unreadable(&from.text) => {}
            None => {
                // The nearest name is a search of them all: past many problems, none is hinted.
                let names: Vec<&str> = if problems.blocking() < MAX_HINTED {
                    let sheet = sources.sheet.iter().map(|f| f.name.as_str());
                    sheet
                        .chain(sources.derived.iter().map(|d| d.name.as_str()))
                        .collect()
                } else {
                    Vec::new()
                };
                let hint = super::access::nearest(&from.text, &names)
                    .map_or(String::new(), |n| format!("; did you mean `{n}`?"));
                problems.at(
                    &from.span,
                    format!(
                        "`{key}` of {} names `{}`, which is neither on the sheet nor derived{hint}",
                        table.place,
                        crate::text::excerpt(&from.text)
                    ),
                );
            }
        }
    }
    if let (Some(RollFieldKind::List { .. }), Some(from)) =
        (&kind, from_sheet.as_ref().or(from_opponent.as_ref()))
    {
        problems.at(
            &from.span,
            format!(
                "{} is a list the request gives; a sheet fills numbers, not lists",
                table.place
            ),
        );
    }
    let kind = kind?;
    if problems.blocking() != before {
        return None;
    }
    if let RollFieldKind::Int { min, max, .. } = &kind {
        for (key, from) in [
            ("from_sheet", &from_sheet),
            ("from_opponent", &from_opponent),
        ] {
            if let Some(from) = from {
                advise_narrower(
                    key,
                    from,
                    (*min, *max),
                    &table.place,
                    sources,
                    scope,
                    problems,
                );
            }
        }
    }
    let (lo, hi) = match &kind {
        RollFieldKind::Int { min, max, .. } => (*min, *max),
        // `@name` of a list reads how many items it holds.
        RollFieldKind::List { max_items, .. } => (0, i64::from(*max_items)),
        RollFieldKind::Bool { .. } => (0, 1),
        RollFieldKind::Choice { options, .. } => (
            options.iter().map(|o| o.value).min().unwrap_or(0),
            options.iter().map(|o| o.value).max().unwrap_or(0),
        ),
    };
    scope.insert(
        name.to_string(),
        Known {
            what: if matches!(kind, RollFieldKind::List { .. }) {
                "a list field of the roll"
            } else {
                "a field of the roll"
            },
            lo,
            hi,
            span: table.at.clone(),
        },
    );
    Some(RollField {
        name: name.to_string(),
        label: label.unwrap_or_else(|| label_of_name(name)),
        help: help.unwrap_or_default(),
        kind,
        from_sheet: from_sheet.map(|t| t.text.to_string()),
        from_opponent: from_opponent.map(|t| t.text.to_string()),
    })
}

/// `options = { normal = 0, advantage = 1 }`: each option's value as expressions read it.
fn options(table: &Table, problems: &mut Problems) -> Option<RollFieldKind> {
    let Some(options) = table.opt_table("options", problems) else {
        if table.get("options").is_none() {
            problems.at(
                &table.at,
                format!("{} needs `options`, a table of option = value", table.place),
            );
        }
        return None;
    };
    let mut listed = Vec::new();
    for (key, value) in options.entries.iter() {
        match value.get_ref() {
            DeValue::Integer(_) => {
                if let Some((n, _)) = options.opt_int(key.get_ref(), problems) {
                    listed.push(ChoiceOption {
                        name: key.get_ref().to_string(),
                        value: n,
                    });
                }
            }
            other => problems.at(
                &value.span(),
                format!(
                    "option `{}` of {} is a whole number (its value in the roll), not {} {}",
                    crate::text::excerpt(key.get_ref()),
                    table.place,
                    super::access::article(other.type_str()),
                    other.type_str()
                ),
            ),
        }
    }
    if options.entries.is_empty() {
        problems.at(
            &options.at,
            format!("`options` of {} lists nothing", table.place),
        );
        return None;
    }
    let default = match table.opt_str("default", problems) {
        Some(d) if listed.iter().any(|o| o.name == d.text) => d.text.to_string(),
        Some(d) => {
            problems.at(
                &d.span,
                format!(
                    "the default `{}` of {} is not among its options ({})",
                    crate::text::excerpt(&d.text),
                    table.place,
                    listed
                        .iter()
                        .map(|o| o.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            return None;
        }
        None if table.get("default").is_some() => return None,
        None => listed.first()?.name.clone(),
    };
    (listed.len() == options.entries.len()).then_some(RollFieldKind::Choice {
        options: listed,
        default,
    })
}
