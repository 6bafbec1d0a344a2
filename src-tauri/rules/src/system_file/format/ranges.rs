//! A declared range (`min`, `max`, `default`) read and checked: not reversed, the default
//! inside it.

use std::ops::Range;

use super::access::Table;
use super::problem::Problems;

/// `min`, `max` and `default` of `table`; `default` absent: `fallback` (clamped into the
/// range). `None` when one is missing or wrong (told).
pub(crate) fn read_range(
    table: &Table,
    fallback: i64,
    problems: &mut Problems,
) -> Option<(i64, i64, i64)> {
    let min = table.int("min", "the lowest value", problems);
    let max = table.int("max", "the highest value", problems);
    let default = table.opt_int("default", problems);
    let ((min, _), (max, max_span)) = (min?, max?);
    if min > max {
        reversed(&max_span, min, max, &table.place, problems);
        return None;
    }
    match default {
        Some((d, span)) if !(min..=max).contains(&d) => {
            problems.at(
                &span,
                format!(
                    "the default {d} of {} is outside its range {min} to {max}",
                    table.place
                ),
            );
            None
        }
        Some((d, _)) => Some((min, max, d)),
        None if table.get("default").is_some() => None,
        None => Some((min, max, fallback.clamp(min, max))),
    }
}

pub(crate) fn reversed(
    at: &Range<usize>,
    min: i64,
    max: i64,
    place: &str,
    problems: &mut Problems,
) {
    problems.at(
        at,
        format!("the range of {place} is reversed: `max` {max} is below `min` {min}; swap them"),
    );
}
