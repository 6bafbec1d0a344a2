//! Rules: the catalog of roll kinds, exact odds, and rolls, each under a roster's house rules
//! when one is named. Every roll the window makes is logged.

use rollbook_roster::{Character, NewLogEntry, Roster};
use rollbook_rules::{Catalog, HouseRules, Odds, RollRequest, RollResult};
use serde::Serialize;
use serde_json::Value;
use tauri::State;
use uuid::Uuid;

use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// A roll and where the log keeps it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LoggedRoll {
    pub result: RollResult,
    /// The id of its roll-log entry.
    pub log_id: i64,
}

/// Every system, its roll kinds and their fields; with `roster_id`, the stunt level choices
/// are that roster's.
#[tauri::command(rename_all = "snake_case")]
pub async fn catalog(
    db: State<'_, Database>,
    roster_id: Option<Uuid>,
) -> Result<Catalog, IpcError> {
    db.run(move |store| match roster_id {
        Some(id) => Ok(rollbook_rules::catalog_with(&store.roster(id)?.house_rules)),
        None => Ok(rollbook_rules::catalog()),
    })
    .await
}

/// Exact odds of one roll request (the JSON of RULES.md "Roll requests"), under the house rules
/// of `roster_id` when given. Computed off the store's lock: a large pool never holds up a save.
#[tauri::command(rename_all = "snake_case")]
pub async fn odds(
    db: State<'_, Database>,
    request: Value,
    roster_id: Option<Uuid>,
) -> Result<Odds, IpcError> {
    let roster = match roster_id {
        Some(id) => Some(db.run(move |store| Ok(store.roster(id)?)).await?),
        None => None,
    };
    db.compute(move || {
        let request = rollbook_rules::request_from_value(request)?;
        match &roster {
            Some(roster) => {
                same_system(&request, roster, None)?;
                Ok(rollbook_rules::odds_with(&request, &roster.house_rules)?)
            }
            None => Ok(rollbook_rules::odds(&request)?),
        }
    })
    .await
}

/// Rolls one request and logs it: with `character_id` for that character (in its roster), with
/// only `roster_id` for the roster, with neither as a Quick roll. The roster's house rules apply.
/// With `seed` the dice are reproducible; without it a fresh seed is drawn (and answered, so
/// any roll can be replayed).
#[tauri::command(rename_all = "snake_case")]
pub async fn roll(
    db: State<'_, Database>,
    request: Value,
    seed: Option<u64>,
    roster_id: Option<Uuid>,
    character_id: Option<Uuid>,
) -> Result<LoggedRoll, IpcError> {
    db.run(move |store| {
        let request = rollbook_rules::request_from_value(request)?;
        let character = character_id.map(|id| store.character(id)).transpose()?;
        let roster_id = match (&character, roster_id) {
            (Some(c), Some(r)) if c.roster_id != r => {
                return Err(IpcError::invalid_argument(format!(
                    "roster_id: {} is in roster {}, not {r}; give the character's own roster or none",
                    c.name, c.roster_id
                )))
            }
            (Some(c), _) => Some(c.roster_id),
            (None, r) => r,
        };
        let roster = roster_id.map(|id| store.roster(id)).transpose()?;
        if let Some(roster) = &roster {
            same_system(&request, roster, character.as_ref())?;
        }
        let house = match &roster {
            Some(roster) => &roster.house_rules,
            None => HouseRules::ruled(),
        };
        let seed = seed.unwrap_or_else(rollbook_rules::random_seed);
        let result = rollbook_rules::roll_with(&request, house, seed)?;
        let mut entry = NewLogEntry::new(&request, &result);
        if let Some(roster) = &roster {
            entry = entry.in_roster(roster.id);
        }
        if let Some(character) = &character {
            entry = entry.by(character.id);
        }
        let logged = store.log_roll(entry)?;
        Ok(LoggedRoll {
            result,
            log_id: logged.id,
        })
    })
    .await
}

/// A roll for a roster must be of the roster's system (its house rules and sheets are).
fn same_system(
    request: &RollRequest,
    roster: &Roster,
    character: Option<&Character>,
) -> Result<(), IpcError> {
    let (system, roll) = request.kind_id();
    if system == roster.system.as_str() {
        return Ok(());
    }
    let who = match character {
        Some(c) => format!("{} of \"{}\"", c.name, roster.name),
        None => format!("\"{}\"", roster.name),
    };
    Err(IpcError::new(
        "system_mismatch",
        format!(
            "a {system} {roll} roll cannot be made for {who}, a {} roster; use a {} request",
            roster.system, roster.system
        ),
    ))
}
