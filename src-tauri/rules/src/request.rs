//! Roll requests: the one contract between the front end, the command line and the engine
//! (RULES.md, "Roll requests"). A request is a JSON object with `system` and `roll` and the
//! kind's fields; fields not given take their defaults, unknown fields are refused.

use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::answer::{Odds, Rolled};
use crate::error::plain_serde_message;
use crate::kind::Kind;
use crate::spec::{Catalog, KindSpec, SystemSpec};
use crate::systems::{d12, genre, marks, stunt, universe, SYSTEMS};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// Declares the request enum and its dispatch from one list of (variant => kind type).
macro_rules! roll_kinds {
    ($($variant:ident => $ty:ty),* $(,)?) => {
        /// A parsed roll request, one variant per `(system, roll)` pair.
        #[derive(Debug, Clone, PartialEq)]
        pub enum RollRequest {
            $($variant($ty),)*
        }

        impl RollRequest {
            /// The `(system, roll)` pair of the request.
            pub fn kind_id(&self) -> (&'static str, &'static str) {
                match self {
                    $(Self::$variant(_) => (<$ty as Kind>::SYSTEM, <$ty as Kind>::ROLL),)*
                }
            }

            pub(crate) fn validate(&self, house: &HouseRules) -> Result<(), RulesError> {
                match self {
                    $(Self::$variant(k) => k.validate(house),)*
                }
            }

            pub(crate) fn compute_odds(&self, house: &HouseRules) -> Odds {
                match self {
                    $(Self::$variant(k) => k.odds(house),)*
                }
            }

            pub(crate) fn make_roll(&self, house: &HouseRules, tray: &mut Tray) -> Rolled {
                match self {
                    $(Self::$variant(k) => k.roll(house, tray),)*
                }
            }

            fn fields_value(&self) -> Value {
                match self {
                    $(Self::$variant(k) => serde_json::to_value(k).unwrap_or(Value::Null),)*
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

        /// Every kind's catalog entry, paired with its system id, in declaration order.
        fn kind_specs(house: &HouseRules) -> Vec<(&'static str, KindSpec)> {
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
}

fn spec_of<K: Kind>(house: &HouseRules) -> KindSpec {
    let text = K::text();
    KindSpec {
        id: K::ROLL.into(),
        name: text.name.into(),
        summary: text.summary.into(),
        rulings: text.rulings.iter().map(|r| r.to_string()).collect(),
        contract: text.contract,
        fields: K::fields(house),
    }
}

fn deserialize_body<K: Kind>(body: Value) -> Result<K, RulesError> {
    serde_path_to_error::deserialize(body).map_err(|err| {
        let message = plain_serde_message(&err.inner().to_string());
        let path = err.path().to_string();
        // serde reports an unknown field at the object that holds it; name the field itself.
        let field = match (path.as_str(), unknown_field_name(&message)) {
            (".", Some(name)) => name,
            (".", None) => "request".to_string(),
            _ => path,
        };
        RulesError::invalid(field, message)
    })
}

fn unknown_field_name(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    Some(rest[..rest.find('`')?].to_string())
}

/// A request JSON value → a typed request (not yet range-checked; see [`crate::odds`]).
pub fn request_from_value(value: Value) -> Result<RollRequest, RulesError> {
    let Value::Object(mut map) = value else {
        return Err(RulesError::malformed(
            "a roll request is a JSON object such as {\"system\":\"d12\",\"roll\":\"straight\"}",
        ));
    };
    let systems = || SYSTEMS.map(|(id, _)| id).join(", ");
    let system = take_string(&mut map, "system", systems)?;
    if !SYSTEMS.iter().any(|(id, _)| *id == system) {
        return Err(RulesError::invalid(
            "system",
            format!(
                "\"{system}\" is not a system Rollbook knows; expected one of {}",
                systems()
            ),
        ));
    }
    let rolls = || rolls_of(&system);
    let roll = take_string(&mut map, "roll", rolls)?;
    RollRequest::from_parts(&system, &roll, Value::Object(map)).unwrap_or_else(|| {
        Err(RulesError::invalid(
            "roll",
            format!(
                "\"{roll}\" is not a {system} roll; expected one of {}",
                rolls()
            ),
        ))
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
            format!("expected a string (one of {}), found {other}", expected()),
        )),
        None => Err(RulesError::invalid(
            key,
            format!("missing; expected one of {}", expected()),
        )),
    }
}

/// A request from JSON text.
pub fn parse_request(json: &str) -> Result<RollRequest, RulesError> {
    request_from_value(parse_json(json)?)
}

/// One request or a JSON array of them, as the command line takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Batch {
    One(RollRequest),
    Many(Vec<RollRequest>),
}

/// A request, or an array of requests, from JSON text. Errors in an array name the element.
pub fn parse_batch(json: &str) -> Result<Batch, RulesError> {
    match parse_json(json)? {
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, v)| request_from_value(v).map_err(|e| e.at_index(i)))
            .collect::<Result<Vec<_>, _>>()
            .map(Batch::Many),
        other => request_from_value(other).map(Batch::One),
    }
}

fn parse_json(json: &str) -> Result<Value, RulesError> {
    serde_json::from_str(json).map_err(|e| RulesError::malformed(format!("not valid JSON: {e}")))
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

/// Every system and roll kind with its fields; stunt level choices come from `house`.
pub fn catalog_with(house: &HouseRules) -> Catalog {
    let specs = kind_specs(house);
    let systems = SYSTEMS
        .iter()
        .map(|&(id, name)| SystemSpec {
            id: id.into(),
            name: name.into(),
            kinds: specs
                .iter()
                .filter(|(s, _)| *s == id)
                .map(|(_, k)| k.clone())
                .collect(),
        })
        .collect();
    Catalog { systems }
}
