//! A logged roll as it is stored, and reading it back.

use rusqlite::Row;
use serde::Serialize;
use serde_json::Value;
use uuid::Uuid;

use crate::model::{from_millis, Timestamp};
use crate::store::damaged_record::{DamagedEntry, DamagedRecord};

/// One logged roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LogEntry {
    pub id: i64,
    pub at: Timestamp,
    pub roster_id: Option<Uuid>,
    pub roster_name: Option<String>,
    pub character_id: Option<Uuid>,
    pub character_name: Option<String>,
    pub system: String,
    pub roll: String,
    pub outcome: String,
    pub success: bool,
    /// The seed that replays the roll; 0 for a roll made by hand.
    pub seed: u64,
    /// Rolled at the table and typed in: no seed replays it.
    pub by_hand: bool,
    /// Every face in the order rolled.
    pub dice: Vec<u32>,
    pub detail: String,
    pub request: Value,
    pub result: Value,
    /// A secret roll: the GM's only; never in the players' view.
    pub secret: bool,
    /// The table action whose move made the roll (`TableActionEntry::id`); `null` for a roll
    /// made away from the table, and for table rolls logged before schema 7.
    pub table_action: Option<i64>,
    /// The participant who rolled at the table, when one did.
    pub participant_id: Option<Uuid>,
}

impl LogEntry {
    /// A roll typed in dice notation: its notation as the GM typed it (`8d6`), trimmed; `None`
    /// for any other roll. The log, the players' view and the command line name the roll so.
    pub fn notation(&self) -> Option<&str> {
        if !rollbook_rules::is_notation_system(&self.system) {
            return None;
        }
        Some(self.request.get("expr")?.as_str()?.trim())
    }
}

/// The columns [`log_row`] reads.
pub(crate) const LOG_COLUMNS: &str = "id, at, roster_id, roster_name, character_id,
    character_name, system, roll, outcome, success, seed, request, result, secret, table_action,
    participant_id";

pub(crate) struct LogRow {
    id: i64,
    at: i64,
    roster_id: Option<String>,
    roster_name: Option<String>,
    character_id: Option<String>,
    character_name: Option<String>,
    system: String,
    roll: String,
    outcome: String,
    success: bool,
    seed: String,
    request: String,
    result: String,
    secret: bool,
    table_action: Option<i64>,
    participant_id: Option<String>,
}

pub(crate) fn log_row(row: &Row) -> rusqlite::Result<LogRow> {
    Ok(LogRow {
        id: row.get(0)?,
        at: row.get(1)?,
        roster_id: row.get(2)?,
        roster_name: row.get(3)?,
        character_id: row.get(4)?,
        character_name: row.get(5)?,
        system: row.get(6)?,
        roll: row.get(7)?,
        outcome: row.get(8)?,
        success: row.get(9)?,
        seed: row.get(10)?,
        request: row.get(11)?,
        result: row.get(12)?,
        secret: row.get(13)?,
        table_action: row.get(14)?,
        participant_id: row.get(15)?,
    })
}

impl LogRow {
    /// The entry, or what of it does not read (named by its id and roster).
    pub(crate) fn read(self) -> std::result::Result<LogEntry, DamagedRecord> {
        let bad = |what: &str, e: &dyn std::fmt::Display| {
            DamagedRecord::entry(
                (
                    self.roster_name.as_deref().unwrap_or_default(),
                    self.roster_id.as_deref().unwrap_or_default(),
                ),
                DamagedEntry::LogEntry(self.id),
                format!("its {what}: {e}"),
            )
        };
        let id = |what: &str, text: &Option<String>| {
            text.as_deref()
                .map(|t| Uuid::parse_str(t).map_err(|e| bad(what, &e)))
                .transpose()
        };
        let result: Value = serde_json::from_str(&self.result).map_err(|e| bad("result", &e))?;
        let dice = result
            .get("dice")
            .and_then(|d| serde_json::from_value::<Vec<u32>>(d.clone()).ok())
            .unwrap_or_default();
        let detail = result
            .get("detail")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let roster_id = id("roster id", &self.roster_id)?;
        let character_id = id("character id", &self.character_id)?;
        let participant_id = id("participant id", &self.participant_id)?;
        let seed = self.seed.parse().map_err(|e| bad("seed", &e))?;
        let request = serde_json::from_str(&self.request).map_err(|e| bad("request", &e))?;
        Ok(LogEntry {
            id: self.id,
            at: from_millis(self.at),
            roster_id,
            roster_name: self.roster_name,
            character_id,
            character_name: self.character_name,
            system: self.system,
            roll: self.roll,
            outcome: self.outcome,
            success: self.success,
            seed,
            by_hand: result.get("by_hand").and_then(Value::as_bool) == Some(true),
            dice,
            detail,
            request,
            result,
            secret: self.secret,
            table_action: self.table_action,
            participant_id,
        })
    }
}
