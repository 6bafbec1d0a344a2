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

/// The lowest value a band that reads holds (`"7-9"` 7, `"10+"` 10, `"7"` 7, `"6-"` the
/// lowest there is); `None` for one that does not read.
pub(crate) fn lowest(band: &str) -> Option<i64> {
    condition(band).ok()?;
    match number(band.trim())? {
        (_, "-") => Some(i64::MIN),
        (first, _) => Some(first),
    }
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
    fn a_band_is_lowest_at_its_first_number_or_open_below() {
        assert_eq!(lowest("7-9"), Some(7));
        assert_eq!(lowest(" 10+"), Some(10));
        assert_eq!(lowest("12"), Some(12));
        assert_eq!(lowest("-3--1"), Some(-3));
        assert_eq!(lowest("6-"), Some(i64::MIN));
        assert_eq!(lowest("9-7"), None);
        assert_eq!(lowest("x"), None);
    }
}
