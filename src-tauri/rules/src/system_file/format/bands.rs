//! Outcome bands, sugar for conditions on the roll's `value`: `"10+"` (10 or more), `"6-"` (6 or
//! less), `"7-9"` (7 to 9), `"7"` (exactly 7); a number may be negative (`"-3--1"`).

/// The condition a band stands for, or why it does not read.
pub(crate) fn condition(band: &str) -> Result<String, String> {
    let band = band.trim();
    let (first, rest) = number(band).ok_or_else(|| shape(band))?;
    match rest {
        "" => Ok(format!("@value = {first}")),
        "+" => Ok(format!("@value >= {first}")),
        "-" => Ok(format!("@value <= {first}")),
        _ => {
            let after = rest.strip_prefix('-').ok_or_else(|| shape(band))?;
            match number(after) {
                Some((last, "")) if last < first => Err(format!(
                    "the band \"{band}\" is reversed: write \"{last}-{first}\""
                )),
                Some((last, "")) => Ok(format!("@value >= {first} and @value <= {last}")),
                _ => Err(shape(band)),
            }
        }
    }
}

/// The values a band that reads holds, lowest and highest (`"7-9"` 7 to 9, `"10+"` 10 up, `"6-"`
/// up to 6, `"7"` 7 alone; an open end is `i64::MIN` or `i64::MAX`); `None` for one that does
/// not read.
pub(crate) fn held(band: &str) -> Option<(i64, i64)> {
    condition(band).ok()?;
    let band = band.trim();
    let (first, rest) = number(band)?;
    Some(match rest {
        "" => (first, first),
        "+" => (first, i64::MAX),
        "-" => (i64::MIN, first),
        _ => (first, number(&rest[1..])?.0),
    })
}

/// The first value from `lo` to `hi` that none of `bands` (each [`held`]) holds.
pub(crate) fn first_gap(bands: &[(i64, i64)], lo: i64, hi: i64) -> Option<i64> {
    let mut sorted = bands.to_vec();
    sorted.sort_unstable();
    let mut next = lo;
    for (from, to) in sorted {
        if next > hi {
            return None;
        }
        if from > next {
            return Some(next);
        }
        next = next.max(to.saturating_add(1));
        if to == i64::MAX {
            return None;
        }
    }
    (next <= hi).then_some(next)
}

/// A whole number at the start of `text` (an optional minus, digits), and what follows.
fn number(text: &str) -> Option<(i64, &str)> {
    let digits_from = usize::from(text.starts_with('-'));
    let len = text[digits_from..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    if len == 0 || len > 7 {
        return None;
    }
    let end = digits_from + len;
    Some((text[..end].parse().ok()?, &text[end..]))
}

fn shape(band: &str) -> String {
    format!(
        "the band \"{}\" does not read: write \"10+\" (10 or more), \"6-\" (6 or less), \"7-9\" or \"7\"",
        crate::text::excerpt(band)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_read_as_conditions_on_the_value() {
        assert_eq!(condition("10+").unwrap(), "@value >= 10");
        assert_eq!(condition("6-").unwrap(), "@value <= 6");
        assert_eq!(condition("7-9").unwrap(), "@value >= 7 and @value <= 9");
        assert_eq!(condition("-3--1").unwrap(), "@value >= -3 and @value <= -1");
        assert_eq!(condition("12").unwrap(), "@value = 12");
        assert!(condition("9-7").unwrap_err().contains("reversed"));
        assert!(condition("x").unwrap_err().contains("does not read"));
        assert!(condition("7-9+").is_err());
    }

    #[test]
    fn a_band_holds_its_values_open_ends_to_the_ends_of_the_numbers() {
        assert_eq!(held("7-9"), Some((7, 9)));
        assert_eq!(held(" 10+"), Some((10, i64::MAX)));
        assert_eq!(held("12"), Some((12, 12)));
        assert_eq!(held("-3--1"), Some((-3, -1)));
        assert_eq!(held("6-"), Some((i64::MIN, 6)));
        assert_eq!(held("9-7"), None);
        assert_eq!(held("x"), None);
    }

    #[test]
    fn the_first_gap_is_the_lowest_value_no_band_holds() {
        let pbta = [
            held("6-").unwrap(),
            held("7-9").unwrap(),
            held("10+").unwrap(),
        ];
        assert_eq!(first_gap(&pbta, i64::MIN, i64::MAX), None);
        let gap = [
            held("10+").unwrap(),
            held("8-9").unwrap(),
            held("6-").unwrap(),
        ];
        assert_eq!(first_gap(&gap, i64::MIN, i64::MAX), Some(7));
        // Closed bands: a gap only within the values the roll can make.
        let closed = [(2, 6), (7, 9), (10, 12)];
        assert_eq!(first_gap(&closed, 2, 12), None);
        assert_eq!(first_gap(&closed, 1, 12), Some(1));
        assert_eq!(first_gap(&closed, 2, 13), Some(13));
        // Overlapping bands cover what either holds.
        assert_eq!(first_gap(&[(1, 5), (3, 4), (6, 6)], 1, 6), None);
        assert_eq!(first_gap(&[], 1, 6), Some(1));
    }
}
