//! An encounter plan as it is stored, and reading it back.

use rusqlite::Row;
use uuid::Uuid;

use crate::model::{from_millis, EncounterPlan};
use crate::store::damaged_record::{DamagedEntry, DamagedRecord};

/// The columns [`plan_row`] reads; the query joins `rosters r` for the roster's name.
pub(crate) const PLAN_COLUMNS: &str =
    "p.id, p.roster_id, p.name, p.plan, p.created_at, p.updated_at, r.name";

pub(crate) struct PlanRow {
    id: String,
    roster_id: String,
    name: String,
    json: String,
    created_at: i64,
    updated_at: i64,
    roster_name: String,
}

pub(crate) fn plan_row(row: &Row) -> rusqlite::Result<PlanRow> {
    Ok(PlanRow {
        id: row.get(0)?,
        roster_id: row.get(1)?,
        name: row.get(2)?,
        json: row.get(3)?,
        created_at: row.get(4)?,
        updated_at: row.get(5)?,
        roster_name: row.get(6)?,
    })
}

impl PlanRow {
    /// The plan, or what of it does not read (named by its name, id and roster).
    pub(crate) fn read(self) -> std::result::Result<EncounterPlan, DamagedRecord> {
        let bad = |what: &str, e: &dyn std::fmt::Display| {
            let plan = DamagedEntry::Plan {
                name: self.name.clone(),
                id: self.id.clone(),
            };
            let roster = (self.roster_name.as_str(), self.roster_id.as_str());
            DamagedRecord::entry(roster, plan, format!("its {what}: {e}"))
        };
        let contents = serde_json::from_str(&self.json).map_err(|e| bad("participants", &e))?;
        let id = Uuid::parse_str(&self.id).map_err(|e| bad("id", &e))?;
        let roster_id = Uuid::parse_str(&self.roster_id).map_err(|e| bad("roster id", &e))?;
        Ok(EncounterPlan {
            id,
            roster_id,
            name: self.name,
            contents,
            created_at: from_millis(self.created_at),
            updated_at: from_millis(self.updated_at),
        })
    }
}
