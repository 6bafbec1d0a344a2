//! The file's JSON checked whole before anything is read from it: the syntax, and that no object
//! names the same key twice (plain serde keeps the last one silently, and a file that says two
//! things must not pass). Nothing is kept but the keys of the objects being read, so the check
//! costs no copy of the file.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// The file's syntax and keys, or serde's error with its line and column.
pub(super) fn check(text: &str) -> Result<(), serde_json::Error> {
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
                return Err(de::Error::custom(format!(
                    "the key \"{key}\" appears twice in one object"
                )));
            }
            map.next_value::<Checked>()?;
            keys.insert(key);
        }
        Ok(Checked)
    }
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
}
