//! One reading of a roster file's JSON, record by record, in the file's order: the file's own
//! fields, each roster's own fields, each character. Only one record is ever a `Value` at a
//! time, and each is read within [`MAX_RECORD_BYTES`]; the lists of rosters and of characters
//! are streamed, however long, and stopped past [`MAX_ROSTERS`] and [`MAX_CHARACTERS`]. So the
//! memory of a reading does not grow with the file (issue 28). A key given twice in one object
//! is refused at any depth, as `rollbook_rules::strict_json` refuses it everywhere else.

use std::collections::HashSet;
use std::fmt;
use std::rc::Rc;

use rollbook_rules::strict_json::StrictValue;
use rollbook_rules::{grouped, MAX_CHARACTERS, MAX_RECORD_BYTES, MAX_ROSTERS};
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::source::{Budget, Halt, Reader};
use crate::check::{field, index};
use crate::problem::Problem;

/// What the parser reads ahead of where it is.
const READ_AHEAD: usize = 4096;

/// Go on, or stop the reading with this problem.
pub(super) type Flow = Result<(), Problem>;

/// What a reading hands out, in the file's order.
pub(super) trait Visit {
    /// Whether the characters of roster `index`, whose list begins after its own fields
    /// `before` (those read so far), are handed out as values; otherwise they are only checked
    /// as JSON, counted and stepped over.
    fn wants_characters(&mut self, index: usize, before: &Map<String, Value>) -> bool;

    /// A field of the file's object; `rosters` stands in as `[]` when it is a list (its
    /// rosters come one by one).
    fn field(&mut self, key: String, value: Value) -> Flow;

    /// A roster once all of it has been read: its own fields (its characters stand in as `[]`
    /// when they are a list), or the value found where a roster should be; and how many
    /// characters it lists.
    fn roster(&mut self, index: usize, value: Value, characters: usize) -> Flow;

    /// A character, when [`Visit::wants_characters`].
    fn character(&mut self, roster: usize, index: usize, value: Value) -> Flow;
}

/// How a reading ended.
pub(super) enum Ended {
    /// Read to the end.
    Whole,
    /// The file is not JSON, not UTF-8, cut short…: this problem is about the whole file.
    Broken(Problem),
    /// The file's JSON is not an object; the value is what it is instead (a list stands in as
    /// `[]`, whatever it holds).
    NotAnObject(Value),
    /// A record ran over its bytes, a list over its count, or a visit stopped the reading.
    Stopped(Problem),
    /// The file could not be read.
    Failed(std::io::Error),
}

/// The record being read, for the message when it runs over its budget.
#[derive(Clone, Copy)]
enum Record {
    File,
    Roster(usize),
    Character(usize, usize),
}

struct Walker<'v, V> {
    visit: &'v mut V,
    budget: Rc<Budget>,
    record: Record,
    characters: usize,
    stopped: Option<Problem>,
    not_an_object: Option<Value>,
}

/// Reads the file once through `reader`, handing every record to `visit`.
pub(super) fn walk(reader: &mut Reader, visit: &mut impl Visit) -> Ended {
    let budget = reader.budget();
    let mut walker = Walker {
        visit,
        budget: budget.clone(),
        record: Record::File,
        characters: 0,
        stopped: None,
        not_an_object: None,
    };
    budget.set(Some(MAX_RECORD_BYTES as u64));
    // The parser takes one byte at a time: a small buffer serves those fast (the budgets are
    // then counted to within its size, a few KiB of 2 MiB).
    let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(
        READ_AHEAD,
        &mut *reader,
    ));
    // The file's JSON may nest no deeper than serde_json's default (128 levels).
    let read = Top(&mut walker)
        .deserialize(&mut de)
        .and_then(|()| de.end());
    drop(de);
    let error = match read {
        Ok(()) => {
            return match reader.finish() {
                Ok(()) => Ended::Whole,
                Err(e) => Ended::Failed(e),
            }
        }
        Err(error) => error,
    };
    if let Some(problem) = walker.stopped.take() {
        return Ended::Stopped(problem);
    }
    if let Some(value) = walker.not_an_object.take() {
        return Ended::NotAnObject(value);
    }
    let whole = |message: String| Ended::Broken(Problem::new("", message));
    match budget.halt() {
        Some(Halt::OverBudget) => Ended::Stopped(over_budget(walker.record)),
        Some(Halt::Utf16) => whole(
            "the file is UTF-16 text; roster files are UTF-8 (save it again as UTF-8)".into(),
        ),
        Some(Halt::NotUtf8 { at, byte, line }) => whole(format!(
            "the file is not UTF-8 text: byte {} (0x{byte:02X}, line {line}) is not valid UTF-8; roster files are UTF-8",
            at + 1
        )),
        Some(Halt::Io) => Ended::Failed(error.into()),
        None if error.is_eof() && !budget.text_seen() => whole("the file is empty".into()),
        None if error.is_eof() => whole(format!(
            "the file ends in the middle of the JSON (line {}, column {}); it may have been cut short",
            error.line(),
            error.column()
        )),
        None => {
            let text = error.to_string();
            let what = text.split(" at line ").next().unwrap_or(&text);
            whole(format!(
                "the file is not valid JSON: {what} (line {}, column {})",
                error.line(),
                error.column()
            ))
        }
    }
}

fn over_budget(record: Record) -> Problem {
    let limit = mib(MAX_RECORD_BYTES);
    match record {
        Record::File => Problem::new(
            "",
            format!("the file's own fields (all but its rosters) take more than {limit} of it; they take at most {limit} (is this the right file?)"),
        ),
        Record::Roster(i) => Problem::new(
            index("rosters", i),
            format!("this roster's own fields (all but its characters) take more than {limit} of the file; they take at most {limit}"),
        ),
        Record::Character(i, j) => Problem::new(
            index(&field(&index("rosters", i), "characters"), j),
            format!("this character takes more than {limit} of the file; a character takes at most {limit} (the largest one Rollbook accepts takes well under half of that)"),
        ),
    }
}

fn mib(bytes: usize) -> String {
    format!("{} MiB", bytes / (1024 * 1024))
}

impl<V: Visit> Walker<'_, V> {
    /// Ends the reading with `problem` (serde's own error is then ignored).
    fn stop<E: de::Error>(&mut self, problem: Problem) -> E {
        self.stopped = Some(problem);
        E::custom("stopped")
    }

    fn flow<E: de::Error>(&mut self, flow: Flow) -> Result<(), E> {
        flow.map_err(|problem| self.stop(problem))
    }
}

/// The file's top level.
struct Top<'w, 'v, V>(&'w mut Walker<'v, V>);

impl<'de, V: Visit> DeserializeSeed<'de> for Top<'_, '_, V> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, V: Visit> Visitor<'de> for Top<'_, '_, V> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a roster file")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let walker = self.0;
        let mut keys = HashSet::new();
        let mut used = 0u64;
        loop {
            walker.record = Record::File;
            walker
                .budget
                .set(Some((MAX_RECORD_BYTES as u64).saturating_sub(used)));
            let before = walker.budget.served();
            let Some(key) = map.next_key::<String>()? else {
                break;
            };
            if !keys.insert(key.clone()) {
                return Err(twice(&key));
            }
            let (value, streamed) = if key == "rosters" {
                match map.next_value_seed(List {
                    walker: &mut *walker,
                    of: Of::Rosters,
                })? {
                    Listed::Streamed { span, .. } => (Value::Array(Vec::new()), span),
                    Listed::Other(value) => (value, 0),
                }
            } else {
                (map.next_value::<StrictValue>()?.0, 0)
            };
            used += walker.budget.served() - before - streamed;
            let flow = walker.visit.field(key, value);
            walker.flow(flow)?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<(), A::Error> {
        self.0.not_an_object = Some(Value::Array(Vec::new()));
        Err(de::Error::custom("not an object"))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.other(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.other(Value::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.other(Value::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.other(Value::from(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.other(Value::String(v.to_owned()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.other(Value::Null)
    }
}

impl<V: Visit> Top<'_, '_, V> {
    fn other<E: de::Error>(self, value: Value) -> Result<(), E> {
        self.0.not_an_object = Some(value);
        Err(E::custom("not an object"))
    }
}

/// Which list is streamed: the rosters, or a roster's characters (handed out as values or
/// not).
#[derive(Clone, Copy)]
enum Of {
    Rosters,
    Characters(usize, bool),
}

/// A list read element by element, or whatever stands where the list should be.
enum Listed {
    /// It was a list of `count` elements spanning `span` bytes of the file.
    Streamed {
        count: usize,
        span: u64,
    },
    Other(Value),
}

struct List<'w, 'v, V> {
    walker: &'w mut Walker<'v, V>,
    of: Of,
}

impl<'de, V: Visit> DeserializeSeed<'de> for List<'_, '_, V> {
    type Value = Listed;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Listed, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, V: Visit> Visitor<'de> for List<'_, '_, V> {
    type Value = Listed;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Listed, A::Error> {
        let walker = self.walker;
        let start = walker.budget.served();
        let mut count = 0;
        loop {
            // The bytes between two elements hold nothing that is kept: no budget there.
            walker.budget.set(None);
            let more = match self.of {
                Of::Rosters if count == MAX_ROSTERS => {
                    if seq.next_element::<IgnoredAny>()?.is_some() {
                        return Err(walker.stop(Problem::new(
                            "rosters",
                            format!(
                                "the file holds more than {} rosters; Rollbook keeps at most {} (the trash included)",
                                grouped(MAX_ROSTERS),
                                grouped(MAX_ROSTERS)
                            ),
                        )));
                    }
                    false
                }
                Of::Rosters => {
                    walker.record = Record::Roster(count);
                    walker.budget.set(Some(MAX_RECORD_BYTES as u64));
                    match seq.next_element_seed(RosterSeed {
                        walker: &mut *walker,
                        index: count,
                    })? {
                        Some((value, characters)) => {
                            let flow = walker.visit.roster(count, value, characters);
                            walker.flow(flow)?;
                            true
                        }
                        None => false,
                    }
                }
                Of::Characters(roster, _) if walker.characters == MAX_CHARACTERS => {
                    if seq.next_element::<IgnoredAny>()?.is_some() {
                        return Err(walker.stop(Problem::new(
                            index(&field(&index("rosters", roster), "characters"), count),
                            format!(
                                "the file holds more than {} characters; Rollbook keeps at most {} (the trash included)",
                                grouped(MAX_CHARACTERS),
                                grouped(MAX_CHARACTERS)
                            ),
                        )));
                    }
                    false
                }
                Of::Characters(roster, wanted) => {
                    walker.record = Record::Character(roster, count);
                    walker.budget.set(Some(MAX_RECORD_BYTES as u64));
                    if wanted {
                        match seq.next_element::<StrictValue>()? {
                            Some(StrictValue(value)) => {
                                let flow = walker.visit.character(roster, count, value);
                                walker.flow(flow)?;
                                true
                            }
                            None => false,
                        }
                    } else {
                        seq.next_element::<IgnoredAny>()?.is_some()
                    }
                }
            };
            if !more {
                break;
            }
            count += 1;
            if let Of::Characters(..) = self.of {
                walker.characters += 1;
            }
        }
        Ok(Listed::Streamed {
            count,
            span: walker.budget.served() - start,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Listed, A::Error> {
        StrictValue::deserialize(MapAccessDeserializer::new(map)).map(|v| Listed::Other(v.0))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Listed, E> {
        Ok(Listed::Other(Value::Bool(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Listed, E> {
        Ok(Listed::Other(Value::from(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Listed, E> {
        Ok(Listed::Other(Value::from(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Listed, E> {
        Ok(Listed::Other(Value::from(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Listed, E> {
        Ok(Listed::Other(Value::String(v.to_owned())))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Listed, E> {
        Ok(Listed::Other(Value::Null))
    }
}

/// One element of the rosters: its own fields as a value (its characters streamed), or the
/// value that stands there instead of a roster.
struct RosterSeed<'w, 'v, V> {
    walker: &'w mut Walker<'v, V>,
    index: usize,
}

impl<'de, V: Visit> DeserializeSeed<'de> for RosterSeed<'_, '_, V> {
    type Value = (Value, usize);

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(Value, usize), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, V: Visit> Visitor<'de> for RosterSeed<'_, '_, V> {
    type Value = (Value, usize);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a roster")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(Value, usize), A::Error> {
        let walker = self.walker;
        let mut fields = Map::new();
        let mut characters = 0;
        let mut used = 0u64;
        loop {
            walker.record = Record::Roster(self.index);
            walker
                .budget
                .set(Some((MAX_RECORD_BYTES as u64).saturating_sub(used)));
            let before = walker.budget.served();
            let Some(key) = map.next_key::<String>()? else {
                break;
            };
            if fields.contains_key(&key) {
                return Err(twice(&key));
            }
            let (value, streamed) = if key == "characters" {
                let wanted = walker.visit.wants_characters(self.index, &fields);
                match map.next_value_seed(List {
                    walker: &mut *walker,
                    of: Of::Characters(self.index, wanted),
                })? {
                    Listed::Streamed { count, span } => {
                        characters = count;
                        (Value::Array(Vec::new()), span)
                    }
                    Listed::Other(value) => (value, 0),
                }
            } else {
                (map.next_value::<StrictValue>()?.0, 0)
            };
            used += walker.budget.served() - before - streamed;
            fields.insert(key, value);
        }
        Ok((Value::Object(fields), characters))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(Value, usize), A::Error> {
        StrictValue::deserialize(SeqAccessDeserializer::new(seq)).map(|v| (v.0, 0))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(Value, usize), E> {
        Ok((Value::Bool(v), 0))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(Value, usize), E> {
        Ok((Value::from(v), 0))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(Value, usize), E> {
        Ok((Value::from(v), 0))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(Value, usize), E> {
        Ok((Value::from(v), 0))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(Value, usize), E> {
        Ok((Value::String(v.to_owned()), 0))
    }

    fn visit_unit<E: de::Error>(self) -> Result<(Value, usize), E> {
        Ok((Value::Null, 0))
    }
}

/// The same words as `strict_json`'s for a key given twice.
fn twice<E: de::Error>(key: &str) -> E {
    E::custom(format!(
        "the key \"{}\" appears twice in one object",
        rollbook_rules::text::excerpt(key)
    ))
}
