//! `[derived]`: values worked out from the sheet (`defense = "10 + @agility"`, or
//! `defense = { expr = "…", label = "Defense" }`), no dice; one reading another in a circle is
//! refused with the circle named (`a -> b -> a`).

use std::ops::Range;

use toml::de::DeValue;

use super::access::{Table, Text};
use super::expr::{self, Known, Scope};
use super::names::{label_of_name, name_problem};
use super::problem::Problems;
use crate::system_file::model::DerivedValue;

struct Entry<'a> {
    name: String,
    label: String,
    text: Text<'a>,
    key_span: Range<usize>,
}

/// Reads `[derived]` against `scope` (the sheet's values and the house numbers), adds each
/// derived value to it with its range, and gives them in an order where each reads only
/// earlier ones.
pub(crate) fn read<'a>(
    table: &Table<'a, '_>,
    scope: &mut Scope,
    problems: &mut Problems,
) -> Vec<DerivedValue> {
    let mut entries: Vec<Entry<'a>> = Vec::new();
    for (key, value) in table.entries.iter() {
        let name = key.get_ref().to_string();
        let key_span = key.span();
        if let Some(why) = name_problem(&name) {
            problems.at(&key_span, why);
            continue;
        }
        if let Some(known) = scope.get(&name) {
            clash(&name, known, &key_span, "a derived value", problems);
            continue;
        }
        let (text, label) = match value.get_ref() {
            DeValue::String(s) => (
                Text {
                    text: s.as_ref().into(),
                    span: value.span(),
                },
                label_of_name(&name),
            ),
            DeValue::Table(inner) => {
                let inner = Table::new(inner, key_span.clone(), format!("[derived.{name}]"));
                inner.only(&["expr", "label"], problems);
                let label = inner.opt_str("label", problems).map(|t| t.text.to_string());
                let Some(text) = inner.str("expr", "its expression", problems) else {
                    continue;
                };
                (text, label.unwrap_or_else(|| label_of_name(&name)))
            }
            other => {
                problems.at(
                    &value.span(),
                    format!("`{name}` in [derived] is an expression in quotes (or a table with `expr`), not {} {}", super::access::article(other.type_str()), other.type_str()),
                );
                continue;
            }
        };
        entries.push(Entry {
            name,
            label,
            text,
            key_span,
        });
    }
    // Every derived name is known to every derived expression: the circles are found below.
    let mut all = scope.clone();
    for entry in &entries {
        all.insert(
            entry.name.clone(),
            Known {
                what: "a derived value",
                lo: 0,
                hi: 0,
                span: entry.key_span.clone(),
            },
        );
    }
    let mut reads: Vec<Option<Vec<String>>> = Vec::new();
    for entry in &entries {
        let place = format!("derived `{}`", entry.name);
        reads.push(expr::read(
            problems,
            &entry.text,
            &all,
            &place,
            Some("a derived value is worked out from the sheet, never rolled; roll dice in a roll's `let` or `value`"),
        ));
    }
    let order = ordered(&entries, &reads, problems);
    let mut derived = Vec::new();
    for i in order {
        let (entry, Some(names)) = (&entries[i], &reads[i]) else {
            continue;
        };
        if names.iter().any(|n| !scope.contains_key(n)) {
            continue; // reads a derived value that did not work out (told there)
        }
        let place = format!("derived `{}`", entry.name);
        let before = problems.blocking();
        expr::check_bounds(problems, &entry.text, names, scope, &place);
        if problems.blocking() != before {
            continue;
        }
        let Some((lo, hi)) = expr::range_of(&entry.text.text, names, scope) else {
            continue;
        };
        scope.insert(
            entry.name.clone(),
            Known {
                what: "a derived value",
                lo,
                hi,
                span: entry.key_span.clone(),
            },
        );
        derived.push(DerivedValue {
            name: entry.name.clone(),
            label: entry.label.clone(),
            expr: entry.text.text.to_string(),
        });
    }
    // What did not work out is told where it is declared, not again where it is read.
    let worked: std::collections::HashSet<&str> = derived.iter().map(|d| d.name.as_str()).collect();
    for entry in &entries {
        if !worked.contains(entry.name.as_str()) {
            problems.declared_badly(&entry.name);
        }
    }
    derived
}

/// The derived values in an order where each comes after those it reads; each circle told at
/// its first value, with its path.
fn ordered(
    entries: &[Entry],
    reads: &[Option<Vec<String>>],
    problems: &mut Problems,
) -> Vec<usize> {
    let positions: std::collections::HashMap<&str, usize> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.name.as_str(), i))
        .collect();
    let deps_of: Vec<Vec<usize>> = reads
        .iter()
        .map(|names| {
            names
                .iter()
                .flatten()
                .filter_map(|n| positions.get(n.as_str()).copied())
                .collect()
        })
        .collect();
    // 0: not visited, 1: on the path, 2: done.
    let mut state = vec![0u8; entries.len()];
    let mut order = Vec::new();
    for start in 0..entries.len() {
        if state[start] != 0 {
            continue;
        }
        // An explicit stack (a file may chain thousands of derived values).
        let mut path: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(&mut (node, ref mut next)) = path.last_mut() {
            if let Some(&dep) = deps_of[node].get(*next) {
                *next += 1;
                match state[dep] {
                    0 => {
                        state[dep] = 1;
                        path.push((dep, 0));
                    }
                    1 => {
                        let from = path.iter().position(|&(n, _)| n == dep).unwrap_or(0);
                        let circle: Vec<&str> = path[from..]
                            .iter()
                            .map(|&(n, _)| entries[n].name.as_str())
                            .chain([entries[dep].name.as_str()])
                            .collect();
                        problems.at(
                            &entries[dep].key_span,
                            format!("derived values read each other in a circle: {}; one of them must be worked out from the sheet alone", circle.join(" -> ")),
                        );
                    }
                    _ => {}
                }
            } else {
                state[node] = 2;
                order.push(node);
                path.pop();
            }
        }
    }
    order
}

/// `name` declared again where a name is already known.
pub(crate) fn clash(
    name: &str,
    known: &Known,
    at: &Range<usize>,
    what: &str,
    problems: &mut Problems,
) {
    let (line, _) = problems.locator.place(known.span.start);
    problems.at(
        at,
        format!(
            "`{name}` as {what} clashes with `{name}`, {} on line {line}: every `@name` reads one thing; rename one",
            known.what
        ),
    );
}
