//! Snapshots of the database (the Backups dialog): list them with what each holds, take one
//! now, put one back. The roster crate takes, checks, rotates and restores them.

use rollbook_roster::backups::{BackupsOverview, Policy, Reason, RestoreDone, Snapshot};
use serde_json::Value;
use tauri::State;

use super::argument::argument;
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// Every snapshot, newest first, with what it holds; what the database holds now; the policy.
#[tauri::command(rename_all = "snake_case")]
pub async fn backups(db: State<'_, Database>) -> Result<BackupsOverview, IpcError> {
    db.run(|store| Ok(store.backups_overview()?)).await
}

/// Takes a snapshot now (reason `manual`).
#[tauri::command(rename_all = "snake_case")]
pub async fn backup_now(db: State<'_, Database>) -> Result<Snapshot, IpcError> {
    db.run(|store| Ok(store.back_up(Reason::Manual)?)).await
}

/// Sets what rotation keeps; a policy keeping nothing, or a count over the limit, is refused
/// (`invalid_backup_policy`) and nothing changes. Answers the policy now kept.
#[tauri::command(rename_all = "snake_case")]
pub async fn backup_policy_save(
    db: State<'_, Database>,
    policy: Value,
) -> Result<Policy, IpcError> {
    let policy: Policy = argument("policy", policy)?;
    db.run(move |store| Ok(store.set_backup_policy(policy)?))
        .await
}

/// Puts snapshot `id` in place of the database, after a snapshot of it as it is; a damaged,
/// foreign or unknown snapshot is refused and nothing changes.
#[tauri::command(rename_all = "snake_case")]
pub async fn backup_restore(db: State<'_, Database>, id: Value) -> Result<RestoreDone, IpcError> {
    let id: String = argument("id", id)?;
    db.run(move |store| Ok(store.restore_backup(&id)?)).await
}
