//! The roll log: every roll made, with its request, dice, outcome and seed, the character and
//! roster it was made for, and the time. Queried newest first by roster, character and time range.

use rollbook_rules::{RollRequest, RollResult};
use rusqlite::params;
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use super::readable::read_rows;
use super::rows::{log_row, LogEntry, LogRow, LOG_COLUMNS};
use super::{DamagedRecord, Readable, Store};
use crate::error::{Result, RosterError};
use crate::model::{now, Timestamp};

/// A roll to log: the request and result JSON exactly as the rules engine produced them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewLogEntry {
    pub request: Value,
    pub result: Value,
    #[serde(default)]
    pub roster_id: Option<Uuid>,
    /// The roster is taken from the character when only the character is given.
    #[serde(default)]
    pub character_id: Option<Uuid>,
    /// A secret roll: the GM's only, never shown to the players.
    #[serde(default)]
    pub secret: bool,
}

impl NewLogEntry {
    /// A roll made with no character.
    pub fn new(request: &RollRequest, result: &RollResult) -> Self {
        NewLogEntry {
            request: serde_json::to_value(request).unwrap_or(Value::Null),
            result: serde_json::to_value(result).unwrap_or(Value::Null),
            roster_id: None,
            character_id: None,
            secret: false,
        }
    }

    /// The same roll, kept secret (the GM's only).
    pub fn secret(mut self) -> Self {
        self.secret = true;
        self
    }

    /// The same roll, made for a stored character.
    pub fn by(mut self, character_id: Uuid) -> Self {
        self.character_id = Some(character_id);
        self
    }

    /// The same roll, made within a roster (with no particular character).
    pub fn in_roster(mut self, roster_id: Uuid) -> Self {
        self.roster_id = Some(roster_id);
        self
    }
}

/// Where a roll is written from, beside what it is: secret or public, and for a roll of the
/// table the action that made it and the participant who rolled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct RollOrigin {
    pub secret: bool,
    pub table_action: Option<i64>,
    pub participant_id: Option<Uuid>,
}

/// Which entries: every field given narrows the set. `since` is inclusive, `until` exclusive.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields, default)]
pub struct LogQuery {
    pub roster_id: Option<Uuid>,
    pub character_id: Option<Uuid>,
    pub since: Option<Timestamp>,
    pub until: Option<Timestamp>,
    /// At most this many (the newest); all when `None`.
    pub limit: Option<usize>,
    /// Only entries older than this one, in the log's order (time, then id): the next page after
    /// the last entry shown.
    pub before: Option<LogCursor>,
}

/// A place in the roll log: an entry's time and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LogCursor {
    pub at: Timestamp,
    pub id: i64,
}

impl LogQuery {
    /// `WHERE … ORDER BY … LIMIT …` of the log's listing, newest first, and its parameters.
    fn tail(&self) -> (String, Vec<rusqlite::types::Value>) {
        let (filter, values) = self.filter();
        let limit = match self.limit {
            Some(n) => format!(" LIMIT {n}"),
            None => String::new(),
        };
        (format!("{filter} ORDER BY at DESC, id DESC{limit}"), values)
    }

    /// `WHERE …` and its parameters.
    pub(super) fn filter(&self) -> (String, Vec<rusqlite::types::Value>) {
        let mut clauses = Vec::new();
        let mut values: Vec<rusqlite::types::Value> = Vec::new();
        if let Some(id) = self.roster_id {
            values.push(id.to_string().into());
            clauses.push(format!("roster_id = ?{}", values.len()));
        }
        if let Some(id) = self.character_id {
            values.push(id.to_string().into());
            clauses.push(format!("character_id = ?{}", values.len()));
        }
        if let Some(t) = self.since {
            values.push(t.as_millisecond().into());
            clauses.push(format!("at >= ?{}", values.len()));
        }
        if let Some(t) = self.until {
            values.push(t.as_millisecond().into());
            clauses.push(format!("at < ?{}", values.len()));
        }
        if let Some(cursor) = self.before {
            values.push(cursor.at.as_millisecond().into());
            values.push(cursor.id.into());
            let (at, id) = (values.len() - 1, values.len());
            clauses.push(format!("(at < ?{at} OR (at = ?{at} AND id < ?{id}))"));
        }
        if clauses.is_empty() {
            (String::new(), values)
        } else {
            (format!("WHERE {}", clauses.join(" AND ")), values)
        }
    }
}

impl Store {
    /// Appends a roll. The request must be a roll request of the contract and the result a roll
    /// result; a character's roster must be of the roll's system.
    pub fn log_roll(&mut self, entry: NewLogEntry) -> Result<LogEntry> {
        let request = rollbook_rules::request_from_value(entry.request.clone())
            .map_err(|e| RosterError::InvalidLogEntry(format!("request: {e}")))?;
        let result: RollResult = serde_json::from_value(entry.result.clone())
            .map_err(|e| RosterError::InvalidLogEntry(format!("result: {e}")))?;
        let (system, _) = request.kind_id();
        let character = entry
            .character_id
            .map(|id| self.character(id))
            .transpose()?;
        let roster_id = match (&character, entry.roster_id) {
            (Some(c), Some(r)) if c.roster_id != r => {
                return Err(RosterError::InvalidLogEntry(format!(
                    "{} is not in roster {r}",
                    c.name
                )))
            }
            (Some(c), _) => Some(c.roster_id),
            (None, r) => r,
        };
        let roster = roster_id.map(|id| self.roster(id)).transpose()?;
        if let Some(roster) = &roster {
            if roster.system.as_str() != system {
                return Err(RosterError::InvalidLogEntry(format!(
                    "a {system} roll cannot be logged for \"{}\", a {} roster",
                    roster.name, roster.system
                )));
            }
        }
        let id = self.write(|tx| {
            insert_roll(
                tx,
                roster.as_ref(),
                character.as_ref().map(|c| (Some(c.id), c.name.as_str())),
                &request,
                &result,
                &entry.result.to_string(),
                RollOrigin {
                    secret: entry.secret,
                    ..RollOrigin::default()
                },
            )
        })?;
        let mut found = self.query_log(&format!("WHERE id = {id}"), Vec::new())?;
        found
            .pop()
            .ok_or_else(|| RosterError::InvalidLogEntry("the entry vanished".into()))
    }

    /// The roll-log entries with these ids, newest first; a damaged one is refused by name.
    pub(crate) fn log_entries(&self, ids: &[i64]) -> Result<Vec<LogEntry>> {
        self.query_log(&ids_filter(ids), Vec::new())
    }

    /// The same, what reads only: the players see the rolls that read, and the GM's log names
    /// the damaged one.
    pub(crate) fn readable_log_entries(&self, ids: &[i64]) -> Result<Vec<LogEntry>> {
        let rows = self.log_rows(&ids_filter(ids), Vec::new())?;
        Ok(rows.into_iter().filter_map(|row| row.ok()).collect())
    }

    /// Logged rolls matching `query`, newest first; a damaged one among them is refused by name
    /// (`damaged_record`), as reading every character of a roster refuses a damaged one.
    pub fn roll_log(&self, query: &LogQuery) -> Result<Vec<LogEntry>> {
        let (tail, values) = query.tail();
        self.query_log(&tail, values)
    }

    /// Hands `each` the logged rolls matching `query` (newest first) one at a time, as the
    /// database is read: an export of a log of any length holds one entry (issue 28). A damaged
    /// entry ends the reading, refused by name; so does an error of `each`.
    pub(crate) fn each_log_entry(
        &self,
        query: &LogQuery,
        mut each: impl FnMut(LogEntry) -> Result<()>,
    ) -> Result<()> {
        let (tail, values) = query.tail();
        let mut stmt = self
            .conn()
            .prepare(&format!("SELECT {LOG_COLUMNS} FROM roll_log {tail}"))?;
        for row in stmt.query_map(rusqlite::params_from_iter(values), log_row)? {
            each(
                row?.read()
                    .map_err(|damaged| damaged.refused(self.conn()))?,
            )?;
        }
        Ok(())
    }

    /// The same, listing what reads and naming each damaged entry apart: one entry whose stored
    /// JSON is broken hides nothing else of the log.
    pub fn roll_log_readable(&self, query: &LogQuery) -> Result<Readable<LogEntry>> {
        let (tail, values) = query.tail();
        Ok(Readable::of(self.conn(), self.log_rows(&tail, values)?))
    }

    /// Deletes the logged rolls matching `query` (every roll for `LogQuery::default()`).
    pub fn clear_roll_log(&mut self, query: &LogQuery) -> Result<usize> {
        let (filter, values) = query.filter();
        self.write(|tx| {
            Ok(tx.execute(
                &format!("DELETE FROM roll_log {filter}"),
                rusqlite::params_from_iter(values),
            )?)
        })
    }

    /// The entries `tail` picks, a damaged one refused by name.
    fn query_log(&self, tail: &str, values: Vec<rusqlite::types::Value>) -> Result<Vec<LogEntry>> {
        self.log_rows(tail, values)?
            .into_iter()
            .map(|row| row.map_err(|damaged| damaged.refused(self.conn())))
            .collect()
    }

    /// The entries `tail` picks, each read or the record of what does not read.
    pub(super) fn log_rows(
        &self,
        tail: &str,
        values: Vec<rusqlite::types::Value>,
    ) -> Result<Vec<std::result::Result<LogEntry, DamagedRecord>>> {
        let mut stmt = self
            .conn()
            .prepare(&format!("SELECT {LOG_COLUMNS} FROM roll_log {tail}"))?;
        let rows = stmt.query_map(rusqlite::params_from_iter(values), log_row)?;
        read_rows(rows, LogRow::read)
    }
}

/// `WHERE id IN (…)` of these ids (none matches no id).
fn ids_filter(ids: &[i64]) -> String {
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>();
    format!("WHERE id IN ({})", list.join(", "))
}

/// Writes one roll into the log within the caller's transaction (a table action logs its rolls in
/// the same transaction as the action); `result_json` is the result as it will be read back.
/// `character` is who rolled: a stored character's id and name, or only the name of a
/// participant of the table with no stored character (a quick NPC).
pub(crate) fn insert_roll(
    tx: &rusqlite::Connection,
    roster: Option<&crate::model::Roster>,
    character: Option<(Option<Uuid>, &str)>,
    request: &RollRequest,
    result: &RollResult,
    result_json: &str,
    origin: RollOrigin,
) -> Result<i64> {
    let (system, roll) = request.kind_id();
    tx.execute(
        "INSERT INTO roll_log (at, roster_id, character_id, roster_name, character_name,
                               system, roll, outcome, success, seed, request, result,
                               secret, table_action, participant_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            now().as_millisecond(),
            roster.map(|r| r.id.to_string()),
            character.and_then(|(id, _)| id).map(|id| id.to_string()),
            roster.map(|r| r.name.clone()),
            character.map(|(_, name)| name.to_string()),
            system,
            roll,
            result.outcome,
            result.success,
            result.seed.to_string(),
            serde_json::to_string(request).unwrap_or_default(),
            result_json,
            origin.secret,
            origin.table_action,
            origin.participant_id.map(|p| p.to_string()),
        ],
    )?;
    Ok(tx.last_insert_rowid())
}
