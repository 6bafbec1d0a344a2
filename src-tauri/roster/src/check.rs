//! Reading untrusted JSON into typed structs while collecting EVERY problem with its path.
//!
//! serde stops at the first error. Unknown fields (usually typos) are the most common mistake in a
//! hand-edited file, so [`deserialize_collect`] records one, removes the field and tries again: a
//! sheet with three typos reports three problems. Any other structural error (a wrong type, a
//! missing field) ends that one value; the caller goes on with its siblings. Range limits are then
//! checked on the typed values by [`Check`], which records every violation.

use rollbook_rules::sheet_limits::SheetLimit;
use rollbook_rules::text::is_invisible;
use rollbook_rules::text::isolated;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::problem::Problem;

/// How many unknown fields one value may shed before we give up on it (bounds the work per value).
const MAX_UNKNOWN_FIELDS: usize = 64;

/// `base.field`, or `field` at the root.
pub(crate) fn field(base: &str, name: &str) -> String {
    if base.is_empty() {
        name.to_string()
    } else if is_identifier(name) {
        format!("{base}.{name}")
    } else {
        format!("{base}[{}]", Value::String(name.to_string()))
    }
}

/// `base[i]`.
pub(crate) fn index(base: &str, i: usize) -> String {
    format!("{base}[{i}]")
}

fn is_identifier(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Deserializes `value` as a `T`, pushing a problem (with `base` prefixed to its path) for each
/// unknown field and for the first other error. Returns `None` when no `T` could be made.
pub(crate) fn deserialize_collect<T: DeserializeOwned>(
    value: &Value,
    base: &str,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    // Cloned only when a field has to be removed, so the common (valid) case costs no copy.
    let mut trimmed: Option<Value> = None;
    for _ in 0..=MAX_UNKNOWN_FIELDS {
        let current = trimmed.as_ref().unwrap_or(value);
        let err = match serde_path_to_error::deserialize::<_, T>(current) {
            Ok(t) => return Some(t),
            Err(err) => err,
        };
        let mut segments: Vec<Segment> = err.path().iter().cloned().collect();
        let message = err.inner().to_string();
        if let Some((name, expected)) = unknown_field(&message) {
            // The path ends with the unknown key itself; the object holding it is its parent.
            if matches!(segments.last(), Some(Segment::Map { key }) if *key == name) {
                segments.pop();
            }
            let at = render(base, &segments);
            // serde names the object holding the unknown field; the problem is the field itself.
            problems.push(Problem::new(
                field(&at, &name),
                unknown_field_message(&name, &expected),
            ));
            let mut owned = trimmed.take().unwrap_or_else(|| value.clone());
            let removed = object_at(&mut owned, &segments)
                .and_then(|obj| obj.remove(&name))
                .is_some();
            trimmed = Some(owned);
            if removed {
                continue;
            }
            return None;
        }
        let at = render(base, &segments);
        let (at, message) = match missing_field(&message) {
            Some(name) => (field(&at, &name), "is missing".to_string()),
            None => (at, plain_message(&message)),
        };
        problems.push(Problem::new(at, message));
        return None;
    }
    problems.push(Problem::new(
        base,
        format!("more than {MAX_UNKNOWN_FIELDS} unknown fields; is this the right file?"),
    ));
    None
}

fn render(base: &str, segments: &[Segment]) -> String {
    let mut path = base.to_string();
    for seg in segments {
        path = match seg {
            Segment::Seq { index: i } => index(&path, *i),
            Segment::Map { key } => field(&path, key),
            Segment::Enum { variant } => field(&path, variant),
            Segment::Unknown => path,
        };
    }
    path
}

fn object_at<'v>(
    value: &'v mut Value,
    segments: &[Segment],
) -> Option<&'v mut serde_json::Map<String, Value>> {
    let mut here = value;
    for seg in segments {
        here = match (seg, here) {
            (Segment::Seq { index }, Value::Array(items)) => items.get_mut(*index)?,
            (Segment::Map { key }, Value::Object(map)) => map.get_mut(key)?,
            _ => return None,
        };
    }
    here.as_object_mut()
}

/// `unknown field `nmae`, expected one of `id`, `name`` → (`nmae`, [`id`, `name`]).
fn unknown_field(message: &str) -> Option<(String, Vec<String>)> {
    let rest = message.strip_prefix("unknown field `")?;
    let end = rest.find('`')?;
    // rest[end..] is "`, expected one of `a`, `b`": the names are every other piece from the 3rd.
    let expected = rest[end..]
        .split('`')
        .skip(2)
        .step_by(2)
        .map(str::to_string)
        .collect();
    Some((rest[..end].to_string(), expected))
}

fn unknown_field_message(name: &str, expected: &[String]) -> String {
    let closest = expected
        .iter()
        .map(|e| (edit_distance(&name.to_lowercase(), e), e))
        .min();
    match closest {
        Some((d, e)) if d <= 2 => format!("unknown field; did you mean \"{e}\"?"),
        _ if expected.is_empty() => "unknown field; this object takes no fields".to_string(),
        _ => format!("unknown field; expected one of {}", expected.join(", ")),
    }
}

fn missing_field(message: &str) -> Option<String> {
    let rest = message.strip_prefix("missing field `")?;
    Some(rest[..rest.find('`')?].to_string())
}

/// serde's wording → words a game master reads without a manual.
fn plain_message(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return format!(
                "expected {}, found {}",
                plain_expected(expected),
                plain_found(found)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        if let Some(end) = rest.find('`') {
            let choices: Vec<&str> = rest[end..].split('`').skip(2).step_by(2).collect();
            return format!("\"{}\" is not one of {}", &rest[..end], choices.join(", "));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        return format!("wrong number of items ({rest})");
    }
    message.to_string()
}

fn plain_expected(expected: &str) -> &str {
    match expected {
        "i64" | "u64" | "i32" | "u32" | "usize" => "a whole number",
        "a string" => "text",
        "a boolean" => "true or false",
        "a sequence" => "a list",
        e if e.starts_with("struct ") || e == "a map" => "an object",
        e if e.starts_with("enum ") => "text",
        e => e,
    }
}

fn plain_found(found: &str) -> String {
    let inner = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|s| s.trim_matches('`').to_string())
    };
    if let Some(s) = found.strip_prefix("string ") {
        return format!("the text {s}");
    }
    for prefix in ["integer ", "floating point ", "boolean "] {
        if let Some(v) = inner(prefix) {
            return v;
        }
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "an object".into(),
        "unit value" | "null" => "null".into(),
        other => other.into(),
    }
}

/// Levenshtein distance, for "did you mean" on short field names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Range and text checks that record every violation.
pub(crate) struct Check<'a> {
    pub problems: &'a mut Vec<Problem>,
}

/// Limits shared by every text in a roster (FORMAT.md), declared once in the rules crate
/// (`TextLimits`, served with the catalog).
const TEXT: rollbook_rules::TextLimits = rollbook_rules::TextLimits::FORMAT;
pub(crate) const NAME_MAX: usize = TEXT.name;
pub(crate) const NOTES_MAX: usize = TEXT.notes;
pub(crate) const TAGS_MAX: usize = TEXT.tags;
pub(crate) const TAG_MAX: usize = TEXT.tag;
/// Items in one list of a sheet (abilities, skills…): far above any real sheet, bounds the work.
pub(crate) const LIST_MAX: usize = 200;

impl Check<'_> {
    pub fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem::new(path, message));
    }

    /// A problem with the name (the key) of the map entry at `path`, not its value.
    pub fn push_key(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem::with_key(path, message));
    }

    /// `min <= value <= max`, worded as FORMAT.md's example.
    pub fn range(&mut self, path: impl Into<String>, value: i64, min: i64, max: i64) {
        if value > max {
            self.push(path, format!("{value} is over the limit of {max}"));
        } else if value < min {
            self.push(path, format!("{value} is under the minimum of {min}"));
        }
    }

    /// A number within its declared sheet limit (`rollbook_rules::sheet_limits`).
    pub fn limit(&mut self, path: impl Into<String>, value: i64, limit: &SheetLimit) {
        self.range(path, value, limit.min, limit.max_or(i64::MAX));
    }

    /// One line of text of `1..=max` characters after trimming, at least one of them visible.
    pub fn name(&mut self, path: impl Into<String>, text: &str, max: usize) {
        let path = path.into();
        let len = text.trim().chars().count();
        if len == 0 {
            self.push(
                path,
                format!("is empty; a name takes 1 to {max} characters"),
            );
        } else if text.chars().all(|c| c.is_whitespace() || is_invisible(c)) {
            // A name nobody can see or pick out in a list is as good as empty.
            self.push(
                path,
                format!(
                    "has only invisible characters (U+{:04X}…); a name takes 1 to {max} characters \
                     and at least one you can see",
                    text.trim().chars().next().map_or(0, u32::from)
                ),
            );
        } else if len > max {
            self.push(
                path,
                format!("is {len} characters long; the limit is {max}"),
            );
        } else if let Some(c) = text.chars().find(|c| c.is_control()) {
            self.push(
                path,
                format!(
                    "contains the control character U+{:04X}; a name is one line of text",
                    c as u32
                ),
            );
        }
    }

    /// Free text (notes) of at most `max` characters.
    pub fn text(&mut self, path: impl Into<String>, text: &str, max: usize) {
        let len = text.chars().count();
        if len > max {
            self.push(
                path,
                format!("is {len} characters long; the limit is {max}"),
            );
        }
    }

    /// A list of at most `max` items.
    pub fn count(&mut self, path: impl Into<String>, len: usize, max: usize) {
        if len > max {
            self.push(path, format!("has {len} items; the limit is {max}"));
        }
    }

    /// Tags: at most 32, each 1–40 characters, no repeats.
    pub fn tags(&mut self, path: &str, tags: &[String]) {
        self.count(path, tags.len(), TAGS_MAX);
        for (i, tag) in tags.iter().enumerate() {
            let at = index(path, i);
            self.name(at.clone(), tag, TAG_MAX);
            let key = tag.trim().to_lowercase();
            if tags[..i].iter().any(|t| t.trim().to_lowercase() == key) {
                self.push(at, format!("\"{}\" is listed twice", isolated(tag.trim())));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Item {
        name: String,
        ranks: i64,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sheet {
        items: Vec<Item>,
    }

    fn problems_of(json: &str) -> (bool, Vec<String>) {
        let mut problems = Vec::new();
        let value: Value = serde_json::from_str(json).unwrap();
        let ok = deserialize_collect::<Sheet>(&value, "sheet", &mut problems).is_some();
        (ok, problems.iter().map(|p| p.to_string()).collect())
    }

    #[test]
    fn every_unknown_field_is_reported_and_the_value_still_reads() {
        let (ok, problems) = problems_of(
            r#"{"items":[{"name":"a","ranks":1,"rnks":2},{"name":"b","ranks":1,"colour":1}],"x y":1}"#,
        );
        assert!(ok);
        assert_eq!(
            problems,
            [
                "sheet.items[0].rnks: unknown field; did you mean \"ranks\"?",
                "sheet.items[1].colour: unknown field; expected one of name, ranks",
                "sheet[\"x y\"]: unknown field; expected one of items",
            ]
        );
    }

    #[test]
    fn type_errors_and_missing_fields_are_plain() {
        let (ok, problems) = problems_of(r#"{"items":[{"name":"a","ranks":"two"}]}"#);
        assert!(!ok);
        assert_eq!(
            problems,
            ["sheet.items[0].ranks: expected a whole number, found the text \"two\""]
        );
        let (_, problems) = problems_of(r#"{"items":[{"name":"a"}]}"#);
        assert_eq!(problems, ["sheet.items[0].ranks: is missing"]);
        let (_, problems) = problems_of(r#"{"items":[{"name":"a","ranks":1.5}]}"#);
        assert_eq!(
            problems,
            ["sheet.items[0].ranks: expected a whole number, found 1.5"]
        );
    }

    #[test]
    fn checks_word_their_limits() {
        let mut problems = Vec::new();
        let mut c = Check {
            problems: &mut problems,
        };
        c.range("a", 5, 0, 4);
        c.range("b", -1, 0, 4);
        c.range("ok", 4, 0, 4);
        c.name("n", "  ", 120);
        c.name("m", "bell\u{7}", 120);
        c.name("z", "\u{200B}\u{200D} \u{2066}\u{FEFF}", 120);
        c.name("ok", "Zo\u{200D}e \u{2067}Ada\u{2069}", 120);
        c.tags("tags", &["Party".into(), "party ".into()]);
        let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            text,
            [
                "a: 5 is over the limit of 4",
                "b: -1 is under the minimum of 0",
                "n: is empty; a name takes 1 to 120 characters",
                "m: contains the control character U+0007; a name is one line of text",
                "z: has only invisible characters (U+200B…); a name takes 1 to 120 characters \
                 and at least one you can see",
                "tags[1]: \"party\" is listed twice",
            ]
        );
    }
}
