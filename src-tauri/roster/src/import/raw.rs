//! The file's JSON read piece by piece, as raw text borrowed from the file: a roster file of
//! 32 MiB made into one `serde_json::Value` tree takes twenty times that, so only one
//! character's JSON is ever a tree at a time. The file was checked whole first (syntax,
//! duplicate keys: `rollbook_rules::strict_json`), so these reads do not fail on a file that got this far.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// Objects and arrays of JSON text up to this long are read whole where a message may describe
/// them; a longer one stands in as an empty one of its kind. Only values that are refused
/// whatever they hold (an unknown field, a roster that is not an object…) are read this way.
const SHALLOW_BYTES: usize = 64 * 1024;

/// `raw` as a value; see [`SHALLOW_BYTES`].
pub(super) fn shallow(raw: &RawValue) -> Value {
    let text = raw.get().trim_start();
    if text.len() > SHALLOW_BYTES {
        if text.starts_with('{') {
            return Value::Object(Map::new());
        }
        if text.starts_with('[') {
            return Value::Array(Vec::new());
        }
    }
    whole(raw)
}

/// `raw` as a value, all of it.
pub(super) fn whole(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

pub(super) fn is_array(raw: &RawValue) -> bool {
    raw.get().trim_start().starts_with('[')
}

/// An object's keys with the raw text of each value, in the file's order; `None` when `raw` is
/// not an object.
pub(super) fn fields(raw: &RawValue) -> Option<Vec<(String, &RawValue)>> {
    if !raw.get().trim_start().starts_with('{') {
        return None;
    }
    serde_json::from_str::<Fields>(raw.get())
        .ok()
        .map(|fields| fields.0)
}

/// Calls `each` with the index and raw text of every element of the array `raw`, in order,
/// without keeping them (a list of a million elements costs nothing to walk).
pub(super) fn each_element<'a>(raw: &'a RawValue, each: impl FnMut(usize, &'a RawValue)) {
    let mut de = serde_json::Deserializer::from_str(raw.get());
    // The text was checked: only a value that is not an array fails here, and it has no elements.
    let _ = de.deserialize_seq(Elements(each));
}

struct Fields<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FieldsVisitor)
    }
}

struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = Fields<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Vec::new();
        while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
            fields.push(entry);
        }
        Ok(Fields(fields))
    }
}

struct Elements<F>(F);

impl<'de, F: FnMut(usize, &'de RawValue)> Visitor<'de> for Elements<F> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        while let Some(element) = seq.next_element::<&'de RawValue>()? {
            (self.0)(index, element);
            index += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> &RawValue {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn objects_and_arrays_are_read_piece_by_piece() {
        let object = raw(r#" {"b": [1, 2], "a": {"x": "y"}, "c": "text"}"#);
        let fields = fields(object).unwrap();
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["b", "a", "c"]);
        assert_eq!(fields[0].1.get(), "[1, 2]");
        assert!(is_array(fields[0].1));
        assert_eq!(whole(fields[1].1), serde_json::json!({"x": "y"}));
        assert!(super::fields(raw("[1]")).is_none());
        let mut seen = Vec::new();
        each_element(raw(r#"[{"a": 1}, 2, "three"]"#), |i, e| {
            seen.push((i, e.get().to_string()))
        });
        assert_eq!(
            seen,
            [
                (0, r#"{"a": 1}"#.into()),
                (1, "2".into()),
                (2, r#""three""#.into())
            ]
        );
        each_element(raw(r#"{"a": 1}"#), |_, _| {
            panic!("an object has no elements")
        });
    }

    #[test]
    fn a_long_object_or_array_stands_in_as_an_empty_one() {
        let long_array = format!("[{}1]", "1, ".repeat(SHALLOW_BYTES));
        assert_eq!(shallow(raw(&long_array)), serde_json::json!([]));
        let long_object = format!(r#"{{"a": "{}"}}"#, "x".repeat(SHALLOW_BYTES));
        assert_eq!(shallow(raw(&long_object)), serde_json::json!({}));
        // A long text is read whole: it is one string, not a tree.
        let long_text = format!("\"{}\"", "x".repeat(SHALLOW_BYTES));
        assert_eq!(
            shallow(raw(&long_text)).as_str().unwrap().len(),
            SHALLOW_BYTES
        );
        assert_eq!(shallow(raw("[1, 2]")), serde_json::json!([1, 2]));
    }
}
