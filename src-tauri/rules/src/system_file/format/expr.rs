//! An expression of the file (a derived value, a tracker's maximum, a roll's `let`, `value`,
//! `target` or condition) read with the dice notation: its problems placed inside the string
//! (the notation's column mapped onto the file's line and column), every `@name` known where it
//! stands, dice refused where only arithmetic is allowed, and the work its odds take bounded
//! with every name at the ends of its range.

use std::collections::BTreeMap;

use crate::notation;

use super::access::{nearest, Text};
use super::problem::Problems;

pub(crate) use super::scope::{Known, Scope};

/// With more names than this, the work is checked with all at their lowest, all at their
/// highest and each at its largest size, rather than every mix of the ends.
const MAX_MIXED_NAMES: usize = 6;

/// Past this many problems, an unknown name is told without the names near it.
pub(crate) const MAX_HINTED: usize = 100;

/// The byte offset in the file of the expression's `column` (1-based, in characters): exact
/// when the string is written without escapes, else the string's start.
pub(crate) fn offset_of(source: &str, text: &Text, column: usize) -> usize {
    let raw = source.get(text.span.clone()).unwrap_or_default();
    let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        3
    } else {
        1
    };
    if raw.len() < 2 * quote {
        return text.span.start;
    }
    let mut inner_start = quote;
    let mut inner = &raw[quote..raw.len() - quote];
    if quote == 3 && inner.starts_with('\n') && inner[1..] == *text.text {
        inner_start += 1;
        inner = &inner[1..];
    } else if quote == 3 && inner.starts_with("\r\n") && inner[2..] == *text.text {
        inner_start += 2;
        inner = &inner[2..];
    }
    if inner != text.text {
        return text.span.start;
    }
    let within: usize = text
        .text
        .chars()
        .take(column.saturating_sub(1))
        .map(char::len_utf8)
        .sum();
    text.span.start + inner_start + within
}

/// Reads `text`: `None` when it does not read or names something not in `scope` (each told);
/// else the names it reads, each once. `dice_refused` says why dice may not stand here.
pub(crate) fn read(
    problems: &mut Problems,
    text: &Text,
    scope: &Scope,
    place: &str,
    dice_refused: Option<&str>,
) -> Option<Vec<String>> {
    let source = problems.locator.text();
    let outline = match notation::outline(&text.text) {
        Ok(outline) => outline,
        Err(problem) => {
            let at = offset_of(source, text, problem.column.unwrap_or(1));
            problems.at_offset(at, format!("{place}: {}", problem.message));
            return None;
        }
    };
    let mut good = true;
    let mut names: Vec<String> = Vec::new();
    for (name, column) in &outline.names {
        if !scope.contains_key(name) && problems.unreadable(name) {
            // Declared with a problem, told there: not told again as unknown here.
            good = false;
        } else if !scope.contains_key(name) {
            good = false;
            // The nearest name scans every name: only the first problems get a hint.
            let keys: Vec<&str> = if problems.blocking() < MAX_HINTED {
                scope.keys().map(String::as_str).collect()
            } else {
                Vec::new()
            };
            let hint = match nearest(name, &keys) {
                // `@item` is known only where a let rolls per item of a list.
                _ if name == super::scope::ITEM => {
                    "; @item reads a list's item only in the `count` of a let's `each`".into()
                }
                Some(near) => format!("; did you mean @{near}?"),
                None if keys.is_empty() => String::new(),
                None => format!(
                    "; the names here are {}",
                    keys.iter()
                        .take(12)
                        .map(|k| format!("@{k}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            problems.at_offset(
                offset_of(source, text, *column),
                format!(
                    "{place}: @{} is not known here{hint}",
                    crate::text::excerpt(name)
                ),
            );
        } else if !names.contains(name) {
            names.push(name.clone());
        }
    }
    if let (Some(why), Some(column)) = (dice_refused, outline.first_die) {
        good = false;
        problems.at_offset(
            offset_of(source, text, column),
            format!("{place}: no dice here ({why})"),
        );
    }
    good.then_some(names)
}

/// Each mix of the ends of the names' ranges to try (at most 2^MAX_MIXED_NAMES of them).
fn extremes(names: &[String], scope: &Scope) -> Vec<BTreeMap<String, i64>> {
    let ends: Vec<(&String, i64, i64)> = names
        .iter()
        .filter_map(|n| scope.get(n).map(|k| (n, k.lo, k.hi)))
        .collect();
    if ends.len() <= MAX_MIXED_NAMES {
        return (0..1u32 << ends.len())
            .map(|mask| {
                ends.iter()
                    .enumerate()
                    .map(|(i, (n, lo, hi))| {
                        ((*n).clone(), if mask >> i & 1 == 1 { *hi } else { *lo })
                    })
                    .collect()
            })
            .collect();
    }
    let pick = |f: &dyn Fn(i64, i64) -> i64| -> BTreeMap<String, i64> {
        ends.iter()
            .map(|(n, lo, hi)| ((*n).clone(), f(*lo, *hi)))
            .collect()
    };
    vec![
        pick(&|lo, _| lo),
        pick(&|_, hi| hi),
        pick(&|lo, hi| if lo.abs() > hi.abs() { lo } else { hi }),
    ]
}

/// Checks `text` (already [`read`]) with its names at the ends of their ranges: the first mix
/// the notation refuses (a roll past its work bound, a count out of range, a division by 0) is
/// told at the expression, with the values that make it fail.
pub(crate) fn check_bounds(
    problems: &mut Problems,
    text: &Text,
    names: &[String],
    scope: &Scope,
    place: &str,
) {
    for values in extremes(names, scope) {
        if let Err(refused) = notation::check(&text.text, &values) {
            let with = if values.is_empty() {
                String::new()
            } else {
                format!(
                    " with {}",
                    values
                        .iter()
                        .map(|(n, v)| format!("@{n} = {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            // Each name is tried at the ends of its range alone: two names may never meet at
            // theirs (a pool's sixes never more than its dice), which a bound makes plain.
            let bound = if values.len() >= 2 {
                "; each name is tried at the ends of its range, so if these values never come \
                 together, bound it with `max(0, …)` or `min(…, N)`"
            } else {
                ""
            };
            let source = problems.locator.text();
            for problem in refused {
                let at = offset_of(source, text, problem.column.unwrap_or(1));
                problems.at_offset(at, format!("{place}{with}: {}{bound}", problem.message));
            }
            return;
        }
    }
}

/// The lowest and highest value of an expression without dice (already [`read`] and bounded),
/// over the ends of its names' ranges; `None` when it does not work out.
pub(crate) fn range_of(text: &str, names: &[String], scope: &Scope) -> Option<(i64, i64)> {
    let mut range: Option<(i64, i64)> = None;
    for values in extremes(names, scope) {
        let outcomes = notation::check(text, &values).ok()?.distribution();
        let (lo, hi) = (outcomes.first()?.0, outcomes.last()?.0);
        range = Some(match range {
            None => (lo, hi),
            Some((a, b)) => (a.min(lo), b.max(hi)),
        });
    }
    range
}
