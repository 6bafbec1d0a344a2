//! Roll requests: the one contract between the front end, the command line and the engine
//! (RULES.md, "Roll requests"). A request is a JSON object with `system` and `roll` and the
//! kind's fields; fields not given take their defaults, unknown fields are refused.

use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::answer::{Odds, Rolled};
use crate::app_limits::{Budget, MAX_REQUESTS, MAX_REQUEST_BYTES};
use crate::error::plain_serde_message;
use crate::kind::Kind;
use crate::spec::KindSpec;
use crate::strict_json::StrictValue;
use crate::system::Family;
use crate::system_file::{known, shipped, FileRequest};
use crate::systems::registry;
use crate::systems::{d12, dice, genre, marks, stunt, universe};
use crate::text::excerpt;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// Declares the request enum and its dispatch from one list of (variant => kind type).
macro_rules! roll_kinds {
    ($($variant:ident => $ty:ty),* $(,)?) => {
        /// A parsed roll request, one variant per `(system, roll)` pair.
        #[derive(Debug, Clone, PartialEq)]
        pub enum RollRequest {
            $($variant($ty),)*
            /// A roll kind of a system from a file (`system_file`).
            File(FileRequest),
        }

        impl RollRequest {
            /// The `(system, roll)` pair of the request.
            pub fn kind_id(&self) -> (&str, &str) {
                match self {
                    $(Self::$variant(_) => (<$ty as Kind>::SYSTEM, <$ty as Kind>::ROLL),)*
                    Self::File(f) => (&f.system().id, &f.kind().id),
                }
            }

            /// Whether the request is typed dice notation (DICE.md), of no rules system: no
            /// house rules or sheet changes it, so it may be rolled under any roster.
            pub fn is_notation(&self) -> bool {
                is_notation_system(self.kind_id().0)
            }

            pub(crate) fn validate(&self, house: &HouseRules) -> Result<(), RulesError> {
                match self {
                    $(Self::$variant(k) => k.validate(house),)*
                    Self::File(f) => f.under(house)?.validate(),
                }
            }

            pub(crate) fn compute_odds(&self, house: &HouseRules) -> Result<Odds, RulesError> {
                match self {
                    $(Self::$variant(k) => Ok(k.odds(house)),)*
                    Self::File(f) => f.under(house)?.odds(),
                }
            }

            /// The outcomes of `odds` (this request's odds) worst first: the order a roll's
            /// luck is read in (`standing`).
            pub fn outcomes_worst_first<'a>(&self, odds: &'a Odds) -> Vec<&'a str> {
                match self {
                    $(Self::$variant(_) => <$ty as Kind>::worst_first(odds),)*
                    Self::File(f) => f.worst_first(odds),
                }
            }

            pub(crate) fn make_roll(
                &self,
                house: &HouseRules,
                tray: &mut Tray,
            ) -> Result<Rolled, RulesError> {
                match self {
                    $(Self::$variant(k) => Ok(k.roll(house, tray)),)*
                    Self::File(f) => f.under(house)?.roll(tray),
                }
            }

            fn fields_value(&self) -> Value {
                match self {
                    $(Self::$variant(k) => serde_json::to_value(k).unwrap_or(Value::Null),)*
                    Self::File(f) => f.fields_value(),
                }
            }

            fn from_parts(system: &str, roll: &str, body: Value) -> Option<Result<Self, RulesError>> {
                $(
                    if system == <$ty as Kind>::SYSTEM && roll == <$ty as Kind>::ROLL {
                        return Some(deserialize_body::<$ty>(body).map(Self::$variant));
                    }
                )*
                None
            }
        }

        /// Every `(system, roll)` pair, in declaration order.
        const KIND_IDS: &[(&str, &str)] = &[$((<$ty as Kind>::SYSTEM, <$ty as Kind>::ROLL),)*];

        /// The plans the kind `(system, roll)` offers (the catalog's `plans`); none for a kind
        /// that is not one.
        pub fn plan_specs(system: &str, roll: &str) -> Vec<crate::plan::PlanSpec> {
            $(
                if system == <$ty as Kind>::SYSTEM && roll == <$ty as Kind>::ROLL {
                    return <$ty as Kind>::plans();
                }
            )*
            Vec::new()
        }

        /// Every kind's catalog entry, paired with its system id, in declaration order.
        pub(crate) fn kind_specs(house: &HouseRules) -> Vec<(&'static str, KindSpec)> {
            vec![$((<$ty as Kind>::SYSTEM, spec_of::<$ty>(house)),)*]
        }
    };
}

roll_kinds! {
    StuntCheck => stunt::Check,
    StuntDoubles => stunt::Doubles,
    StuntDoubleSix => stunt::DoubleSix,
    StuntDamage => stunt::Damage,
    GenreAction => genre::Action,
    UniverseSkill => universe::Skill,
    UniverseAttack => universe::Attack,
    UniverseSave => universe::Save,
    UniverseAugmentedSave => universe::AugmentedSave,
    UniverseGroupStealth => universe::GroupStealth,
    MarksPool => marks::Pool,
    MarksExtended => marks::Extended,
    MarksContested => marks::Contested,
    D12Straight => d12::Straight,
    D12Opposed => d12::Opposed,
    D12Damage => d12::Damage,
    DiceExpr => dice::Expr,
}

fn spec_of<K: Kind>(house: &HouseRules) -> KindSpec {
    let text = K::text();
    KindSpec {
        id: K::ROLL.into(),
        name: text.name.into(),
        summary: text.summary.into(),
        rulings: K::rulings(house),
        contract: text.contract,
        outcome: text.outcome.into(),
        fields: K::fields(house),
        compare: K::compare(house),
        plans: K::plans(),
    }
}

fn deserialize_body<K: Kind>(body: Value) -> Result<K, RulesError> {
    serde_path_to_error::deserialize(body).map_err(|err| {
        let message = plain_serde_message(&err.inner().to_string());
        let path = err.path().to_string();
        // serde reports an unknown field at the object that holds it; name the field itself.
        let field = match (path.as_str(), unknown_field_name(&message)) {
            (".", Some(name)) => excerpt(&name),
            (".", None) => "request".to_string(),
            // A path is made of the keys given, so it is quoted as any value is.
            _ => excerpt(&path),
        };
        RulesError::invalid(field, message)
    })
}

fn unknown_field_name(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    Some(rest[..rest.find('`')?].to_string())
}

/// A request JSON value → a typed request (not yet range-checked; see [`crate::odds`]). A value
/// whose JSON text would be over [`MAX_REQUEST_BYTES`] is refused unread (the window sends values).
pub fn request_from_value(value: Value) -> Result<RollRequest, RulesError> {
    let mut budget = Budget {
        left: MAX_REQUEST_BYTES,
    };
    if serde_json::to_writer(&mut budget, &value).is_err() {
        return Err(RulesError::RequestTooLarge {
            limit: MAX_REQUEST_BYTES,
        });
    }
    typed_request(value)
}

/// [`request_from_value`] for a value already known to be within the limit.
fn typed_request(value: Value) -> Result<RollRequest, RulesError> {
    let Value::Object(mut map) = value else {
        return Err(RulesError::malformed(
            "a roll request is a JSON object such as {\"system\":\"d12\",\"roll\":\"straight\"}",
        ));
    };
    let known = || registry::REGISTRY.iter().map(|s| s.id);
    let systems = || known().collect::<Vec<_>>().join(", ");
    let system = take_string(&mut map, "system", systems)?;
    // The registry's systems first: the shipped files are read only for a request naming one
    // of them (reading them took a tenth of a batch of dice notation's instructions). No
    // shipped file takes a registry system's id (tested), so the order answers the same.
    if !known().any(|id| id == system) {
        if let Some(file) = file_system(&system, &mut map)? {
            let roll = take_string(&mut map, "roll", || shipped::rolls_of(&file))?;
            return FileRequest::new(file, &roll, map).map(RollRequest::File);
        }
        let builtin: Vec<&str> = known().collect();
        return Err(RulesError::invalid(
            "system",
            crate::system_file::known::unknown_system(&system, &builtin),
        ));
    }
    let rolls = || rolls_of(&system);
    let roll = take_string(&mut map, "roll", rolls)?;
    RollRequest::from_parts(&system, &roll, Value::Object(map)).unwrap_or_else(|| {
        Err(RulesError::invalid(
            "roll",
            format!(
                "\"{}\" is not a {system} roll; expected one of {}",
                excerpt(&roll),
                rolls()
            ),
        ))
    })
}

/// The system from a file named `system`, if it is one: the version the request names
/// (`system_version`, taken from `map`; a roster's rolls name theirs), else its newest.
fn file_system(
    system: &str,
    map: &mut Map<String, Value>,
) -> Result<Option<std::sync::Arc<crate::system_file::SystemFile>>, RulesError> {
    let Some(newest) = known::find(system) else {
        return Ok(None);
    };
    let Some(given) = map.remove("system_version") else {
        return Ok(Some(newest));
    };
    let versions = || {
        known::versions_of(system)
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let version = given
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| {
            RulesError::invalid(
                "system_version",
                format!(
                    "expected a whole number (a version of {}: {}), found {}",
                    excerpt(system),
                    versions(),
                    excerpt(&given.to_string())
                ),
            )
        })?;
    known::find_version(system, version)
        .map(Some)
        .ok_or_else(|| {
            RulesError::invalid(
                "system_version",
                format!(
                    "{} has no version {version} here; it has {}",
                    excerpt(system),
                    versions()
                ),
            )
        })
}

/// The roll kinds of a system, for messages ("straight, opposed, damage").
fn rolls_of(system: &str) -> String {
    KIND_IDS
        .iter()
        .filter(|(s, _)| *s == system)
        .map(|(_, roll)| *roll)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Takes the string field `key`; `expected` lists the accepted values, built only for a message.
fn take_string(
    map: &mut Map<String, Value>,
    key: &str,
    expected: impl Fn() -> String,
) -> Result<String, RulesError> {
    match map.remove(key) {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(RulesError::invalid(
            key,
            format!(
                "expected a string (one of {}), found {}",
                expected(),
                excerpt(&other.to_string())
            ),
        )),
        None => Err(RulesError::invalid(
            key,
            format!("missing; expected one of {}", expected()),
        )),
    }
}

/// A request from JSON text.
/// Whether `system` (a request's or a logged roll's) is typed dice notation (DICE.md), of no
/// rules system.
pub fn is_notation_system(system: &str) -> bool {
    registry::find(system).is_some_and(|s| s.family == Family::Notation)
}

pub fn parse_request(json: &str) -> Result<RollRequest, RulesError> {
    check_length(json)?;
    typed_request(parse_json(json)?)
}

/// One request or a JSON array of them, as the command line takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Batch {
    One(RollRequest),
    Many(Vec<RollRequest>),
}

/// A request, or an array of requests, from JSON text. Errors in an array name the element.
/// Text over [`MAX_REQUEST_BYTES`] is refused unread, and an array is refused as soon as it
/// holds more than [`MAX_REQUESTS`]: each element is made a request as it is read, so memory
/// never holds more than one element's JSON.
pub fn parse_batch(json: &str) -> Result<Batch, RulesError> {
    check_length(json)?;
    if !json.trim_start().starts_with('[') {
        return typed_request(parse_json(json)?).map(Batch::One);
    }
    let mut over_the_cap = false;
    let mut de = serde_json::Deserializer::from_str(json);
    let read = de
        .deserialize_seq(Elements {
            over_the_cap: &mut over_the_cap,
        })
        .and_then(|read| de.end().map(|()| read));
    match read {
        _ if over_the_cap => Err(RulesError::TooManyRequests {
            limit: MAX_REQUESTS,
        }),
        Err(e) => Err(not_json(e)),
        Ok((_, Some(first_refused))) => Err(first_refused),
        Ok((items, None)) => Ok(Batch::Many(items)),
    }
}

fn check_length(json: &str) -> Result<(), RulesError> {
    if json.len() > MAX_REQUEST_BYTES {
        return Err(RulesError::RequestTooLarge {
            limit: MAX_REQUEST_BYTES,
        });
    }
    Ok(())
}

/// Reads an array's elements one by one into requests. After the first refused element the
/// rest is only read through (broken JSON later on still reads as broken JSON); one element past
/// [`MAX_REQUESTS`] stops the reading at once.
struct Elements<'a> {
    over_the_cap: &'a mut bool,
}

impl<'de> Visitor<'de> for Elements<'_> {
    type Value = (Vec<RollRequest>, Option<RulesError>);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of roll requests")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        let mut refused = None;
        for index in 0.. {
            if index == MAX_REQUESTS {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    *self.over_the_cap = true;
                    return Err(de::Error::custom("too many requests"));
                }
                break;
            }
            if refused.is_some() {
                if seq.next_element::<IgnoredAny>()?.is_none() {
                    break;
                }
                continue;
            }
            let Some(StrictValue(value)) = seq.next_element::<StrictValue>()? else {
                break;
            };
            match typed_request(value) {
                Ok(request) => items.push(request),
                Err(e) => refused = Some(e.at_index(index)),
            }
        }
        Ok((items, refused))
    }
}

/// JSON text as a value, refused when it is broken or an object names a key twice (the
/// request would say two things).
fn parse_json(json: &str) -> Result<Value, RulesError> {
    serde_json::from_str::<StrictValue>(json)
        .map(|StrictValue(value)| value)
        .map_err(not_json)
}

fn not_json(e: serde_json::Error) -> RulesError {
    RulesError::malformed(format!("not valid JSON: {e}"))
}

/// A request serialises as its contract JSON, defaults filled in (what the roll log stores).
impl Serialize for RollRequest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (system, roll) = self.kind_id();
        let mut map = Map::new();
        map.insert("system".into(), system.into());
        map.insert("roll".into(), roll.into());
        if let Value::Object(fields) = self.fields_value() {
            map.extend(fields);
        }
        Value::Object(map).serialize(serializer)
    }
}
