//! Fights prepared ahead (issue 27): an encounter saved as a plan of its roster, a plan started
//! as a new encounter, plans listed, deleted and restored, and "Duplicate encounter". Thin
//! adapters over `Store::save_plan` and friends, as `rollbook encounter plan …` are.

use rollbook_roster::{Encounter, EncounterPlan};
use serde::Serialize;
use tauri::State;
use uuid::Uuid;

use crate::desktop::Database;
use crate::ipc_error::{damaged_notices, DamagedNotice, IpcError};

/// A roster's plans that read, and each one whose stored JSON does not read named apart.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlanList {
    pub plans: Vec<EncounterPlan>,
    pub damaged: Vec<DamagedNotice>,
}

/// The roster's plans, oldest first; a damaged one is named in `damaged`.
#[tauri::command(rename_all = "snake_case")]
pub async fn plans(db: State<'_, Database>, roster_id: Uuid) -> Result<PlanList, IpcError> {
    db.run(move |store| {
        let listed = store.plans_readable(roster_id)?;
        Ok(PlanList {
            plans: listed.read,
            damaged: damaged_notices(listed.damaged),
        })
    })
    .await
}

/// The encounter's participants saved as a plan named `name` (the encounter's by default).
#[tauri::command(rename_all = "snake_case")]
pub async fn plan_save(
    db: State<'_, Database>,
    encounter_id: Uuid,
    name: Option<String>,
    notes: Option<String>,
) -> Result<EncounterPlan, IpcError> {
    db.run(move |store| {
        Ok(store.save_plan(
            encounter_id,
            name.as_deref(),
            notes.as_deref().unwrap_or(""),
        )?)
    })
    .await
}

/// A new encounter started from the plan (named `name`, or the plan's).
#[tauri::command(rename_all = "snake_case")]
pub async fn plan_start(
    db: State<'_, Database>,
    plan_id: Uuid,
    name: Option<String>,
) -> Result<Encounter, IpcError> {
    db.run(move |store| Ok(store.start_plan(plan_id, name.as_deref())?))
        .await
}

/// Deletes a plan; `plan_restore` undoes it.
#[tauri::command(rename_all = "snake_case")]
pub async fn plan_delete(db: State<'_, Database>, plan_id: Uuid) -> Result<(), IpcError> {
    db.run(move |store| Ok(store.delete_plan(plan_id)?)).await
}

/// Brings a deleted plan back.
#[tauri::command(rename_all = "snake_case")]
pub async fn plan_restore(
    db: State<'_, Database>,
    plan_id: Uuid,
) -> Result<EncounterPlan, IpcError> {
    db.run(move |store| Ok(store.restore_plan(plan_id)?)).await
}

/// A new encounter with the same participants (round 1, the table untouched).
#[tauri::command(rename_all = "snake_case")]
pub async fn encounter_duplicate(
    db: State<'_, Database>,
    encounter_id: Uuid,
    name: Option<String>,
) -> Result<Encounter, IpcError> {
    db.run(move |store| Ok(store.duplicate_encounter(encounter_id, name.as_deref())?))
        .await
}
