//! A named rating of a sheet (a d12 ability's ranks, a stunt level…): what a roll "with a
//! character" reads.

use serde::Serialize;

/// One named rating of a sheet: a d12 ability's ranks, a genre attribute's level, a stunt
/// ability's level name…
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// `ability`, `attribute`, `power`, `skill`, `basestat`, `save`, `combat`, `style`,
    /// `superpower`, `super_attribute`, `super_skill`.
    pub what: &'static str,
    pub name: String,
    pub value: RatingValue,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RatingValue {
    Number(i64),
    /// A stunt level name of the roster's list.
    Level(String),
}

impl Rating {
    /// A rating that is a number.
    pub(crate) fn number(what: &'static str, name: &str, n: i64) -> Rating {
        Rating {
            what,
            name: name.to_string(),
            value: RatingValue::Number(n),
        }
    }
}
