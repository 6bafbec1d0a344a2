//! Reading the TOML tree: each table's keys checked against the keys known at that place (an
//! unknown one names the nearest known one), each value's type checked, every problem at the
//! key or value at fault.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::problem::Problems;

pub(crate) type Value<'i> = Spanned<DeValue<'i>>;

/// A table being read: its entries, where it is named (for a missing key) and what it is
/// called in messages (`[sheet.hp]`).
pub(crate) struct Table<'a, 'i> {
    pub entries: &'a DeTable<'i>,
    pub at: Range<usize>,
    pub place: String,
}

/// A string value and where it is.
pub(crate) struct Text<'a> {
    pub text: std::borrow::Cow<'a, str>,
    pub span: Range<usize>,
}

impl<'a, 'i> Table<'a, 'i> {
    pub fn new(entries: &'a DeTable<'i>, at: Range<usize>, place: impl Into<String>) -> Self {
        Self {
            entries,
            at,
            place: place.into(),
        }
    }

    /// Reports every key not in `known`, with the nearest known one when it is near.
    pub fn only(&self, known: &[&str], problems: &mut Problems) {
        for (key, _) in self.entries.iter() {
            if !known.contains(&key.get_ref().as_ref()) {
                let message = unknown_key(key.get_ref(), known, &self.place);
                problems.unknown_key(&key.span(), message);
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&'a Value<'i>> {
        self.entries.get(key)
    }

    /// The key's own span, if present.
    pub fn key_span(&self, key: &str) -> Option<Range<usize>> {
        self.entries.get_key_value(key).map(|(k, _)| k.span())
    }

    fn missing(&self, key: &str, what: &str, problems: &mut Problems) {
        problems.at(&self.at, format!("{} needs `{key}` ({what})", self.place));
    }

    fn wrong(&self, key: &str, value: &Value, what: &str, problems: &mut Problems) {
        problems.at(
            &value.span(),
            format!(
                "`{key}` in {} must be {what}, not {} {}",
                self.place,
                article(value.get_ref().type_str()),
                value.get_ref().type_str()
            ),
        );
    }

    pub fn opt_str(&self, key: &str, problems: &mut Problems) -> Option<Text<'a>> {
        let value = self.get(key)?;
        match value.get_ref() {
            DeValue::String(s) => Some(Text {
                text: std::borrow::Cow::Borrowed(s.as_ref()),
                span: value.span(),
            }),
            _ => {
                self.wrong(key, value, "a string", problems);
                None
            }
        }
    }

    pub fn str(&self, key: &str, what: &str, problems: &mut Problems) -> Option<Text<'a>> {
        if self.get(key).is_none() {
            self.missing(key, what, problems);
            return None;
        }
        self.opt_str(key, problems)
    }

    /// A whole number; `None` when absent or wrong (told).
    pub fn opt_int(&self, key: &str, problems: &mut Problems) -> Option<(i64, Range<usize>)> {
        let value = self.get(key)?;
        match value.get_ref() {
            DeValue::Integer(int) => match i64::from_str_radix(int.as_str(), int.radix()) {
                Ok(n) if (-MAX_NUMBER..=MAX_NUMBER).contains(&n) => Some((n, value.span())),
                _ => {
                    problems.at(
                        &value.span(),
                        format!(
                            "`{key}` in {} is out of range: a number is -1,000,000 to 1,000,000",
                            self.place
                        ),
                    );
                    None
                }
            },
            _ => {
                self.wrong(key, value, "a whole number", problems);
                None
            }
        }
    }

    pub fn int(
        &self,
        key: &str,
        what: &str,
        problems: &mut Problems,
    ) -> Option<(i64, Range<usize>)> {
        if self.get(key).is_none() {
            self.missing(key, what, problems);
            return None;
        }
        self.opt_int(key, problems)
    }

    pub fn opt_bool(&self, key: &str, problems: &mut Problems) -> Option<bool> {
        let value = self.get(key)?;
        match value.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            _ => {
                self.wrong(key, value, "true or false", problems);
                None
            }
        }
    }

    /// A table under `key`, if present and a table.
    pub fn opt_table(&self, key: &str, problems: &mut Problems) -> Option<Table<'a, 'i>> {
        let value = self.get(key)?;
        let span = self.key_span(key).unwrap_or_else(|| value.span());
        match value.get_ref() {
            DeValue::Table(entries) => Some(Table::new(
                entries,
                span,
                format!("{}.{key}", self.place.trim_end_matches(']')) + "]",
            )),
            _ => {
                self.wrong(key, value, "a table", problems);
                None
            }
        }
    }

    /// A list of strings (each checked), if present.
    pub fn opt_str_list(&self, key: &str, problems: &mut Problems) -> Option<Vec<Text<'a>>> {
        let value = self.get(key)?;
        let DeValue::Array(items) = value.get_ref() else {
            self.wrong(key, value, "a list of strings", problems);
            return None;
        };
        let mut texts = Vec::new();
        for item in items.iter() {
            match item.get_ref() {
                DeValue::String(s) => texts.push(Text {
                    text: std::borrow::Cow::Borrowed(s.as_ref()),
                    span: item.span(),
                }),
                other => problems.at(
                    &item.span(),
                    format!(
                        "`{key}` in {} lists strings, not {} {}",
                        self.place,
                        article(other.type_str()),
                        other.type_str()
                    ),
                ),
            }
        }
        Some(texts)
    }
}

/// The largest number a file may write (DICE.md's range of a value).
pub(crate) const MAX_NUMBER: i64 = crate::notation::MAX_VALUE;

pub(crate) fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// Names as a message lists them: "`a`, `b`, `c`".
pub(crate) fn backticked(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "unknown key `lable` in [sheet.hp]; did you mean `label`?", or the keys known there.
pub(crate) fn unknown_key(key: &str, known: &[&str], place: &str) -> String {
    let shown = crate::text::excerpt(key);
    match nearest(key, known) {
        Some(near) => format!("unknown key `{shown}` in {place}; did you mean `{near}`?"),
        None if known.is_empty() => format!("unknown key `{shown}` in {place}: it takes no keys"),
        None => format!(
            "unknown key `{shown}` in {place}; the keys here are {}",
            backticked(known)
        ),
    }
}

/// The known word nearest `word`, when it is near enough to be a slip of the keyboard.
pub(crate) fn nearest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    known
        .iter()
        .filter_map(|k| {
            let chars = k.chars().count();
            let near = (chars / 3).max(1) + 1;
            // A word longer than the known one by more than that is no slip of it: its
            // distance is at least the difference, so it is not worked out (a 15 MB system
            // name took minutes against each id).
            let longest = chars + near;
            if word.chars().take(longest + 1).count() > longest {
                return None;
            }
            let distance = strsim::damerau_levenshtein(word, k);
            (distance <= near && distance > 0).then_some((distance, *k))
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, k)| k)
}
