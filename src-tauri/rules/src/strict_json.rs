//! JSON checked whole before anything is read from it: the syntax, and that no object names the
//! same key twice (plain serde keeps the last one silently, and a request or a file that says two
//! things must not pass). Roll requests, table actions and roster files are all read through it,
//! so a duplicate key is refused the same way everywhere. Nothing is kept but the keys of the
//! objects being read, so the check costs no copy of the text.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The text's syntax and keys, or serde's error with its line and column.
pub fn check(text: &str) -> Result<(), serde_json::Error> {
    serde_json::from_str::<Checked>(text).map(|_| ())
}

struct Checked;

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CheckVisitor)
    }
}

struct CheckVisitor;

impl<'de> Visitor<'de> for CheckVisitor {
    type Value = Checked;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_none<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        let mut keys = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                return Err(twice(&key));
            }
            map.next_value::<Checked>()?;
            keys.insert(key);
        }
        Ok(Checked)
    }
}

/// A JSON value read in one pass, refused when an object names a key twice: what requests and
/// table actions are read as (`serde_json::from_str::<StrictValue>`), element by element in a
/// batch so that its count is still checked before the rest is read.
#[derive(Debug, Clone, PartialEq)]
pub struct StrictValue(pub Value);

impl<'de> Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor).map(StrictValue)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(StrictValue(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(twice(&key));
            }
            let StrictValue(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

fn twice<E: de::Error>(key: &str) -> E {
    E::custom(format!(
        "the key \"{}\" appears twice in one object",
        crate::text::excerpt(key)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_are_refused_with_their_place() {
        let err = check("{\"a\": 1,\n \"a\": 2}").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the key \"a\" appears twice in one object at line 2 column 4"
        );
        let deep = check("[{\"b\": {\"c\": 1, \"d\": [{\"e\": 1, \"e\": 2}]}}]").unwrap_err();
        assert!(deep.to_string().starts_with("the key \"e\" appears twice"));
        // The same key in two objects is fine.
        check(r#"{"a": [1, {"b": null}, {"b": 2}], "c": 2.5}"#).unwrap();
        assert!(check(r#"{"a": [1, 2"#).unwrap_err().is_eof());
    }

    #[test]
    fn a_strict_value_is_the_plain_value_or_a_refusal_naming_the_key() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c": {"d": [[]]}}"#;
        let StrictValue(value) = serde_json::from_str(text).unwrap();
        assert_eq!(value, serde_json::from_str::<Value>(text).unwrap());
        let err =
            serde_json::from_str::<StrictValue>("[{\"b\": {\"c\": 1,\n \"c\": 2}}]").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the key \"c\" appears twice in one object at line 2 column 4"
        );
    }
}
