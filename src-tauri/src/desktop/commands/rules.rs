//! Rules: the catalog of roll kinds, exact odds, and rolls, each under a roster's house rules
//! when one is named. Every roll the window makes is logged.

use rollbook_roster::operations::{odds::OddsUnder, roll::roll_one};
use rollbook_roster::LogOptions;
use rollbook_rules::notation;
use rollbook_rules::{Catalog, Dice, HandProgress, Odds, PlanAnswer, PlanRequest, RollResult};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use tauri::{AppHandle, Runtime, State};
use uuid::Uuid;

use super::players::push;
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
    let under = under(&db, roster_id, None).await?;
    db.compute(move || {
        let request = rollbook_rules::request_from_value(request)?;
        Ok(under.odds(&request)?)
    })
    .await
}

/// Choices side by side: the exact odds of `request` with `field` set to each of `values`, in
/// order, each the same answer `odds` gives for the request with that field so set (under the
/// house rules of `roster_id` when given). The fields worth comparing and their alternatives are
/// the catalog's (`compare` of each kind). Computed off the store's lock, as `odds` is.
#[tauri::command(rename_all = "snake_case")]
pub async fn odds_compare(
    db: State<'_, Database>,
    request: Value,
    field: String,
    values: Vec<Value>,
    roster_id: Option<Uuid>,
) -> Result<Vec<Odds>, IpcError> {
    let under = under(&db, roster_id, None).await?;
    db.compute(move || {
        let request = rollbook_rules::request_from_value(request)?;
        Ok(under.odds_varied(&request, &field, &values)?)
    })
    .await
}

/// Choices side by side that are not one field (a fate card on the attack or kept for AC,
/// augmentation before the roll or after it): every alternative's full requests, each with the
/// odds `odds` gives for it, and the best (`rollbook_rules::odds_plan`, as `rollbook odds
/// --plan`). Which plans a kind offers is the catalog's (`plans`). Computed off the store's lock.
#[tauri::command(rename_all = "snake_case")]
pub async fn odds_plan(
    db: State<'_, Database>,
    plan: PlanRequest,
    roster_id: Option<Uuid>,
) -> Result<PlanAnswer, IpcError> {
    let under = under(&db, roster_id, None).await?;
    db.compute(move || Ok(under.odds_plan(&plan)?)).await
}

/// A dice expression read as the GM types it (`../shared/DICE.md`): the `@names` it uses, what
/// Compare offers on it, and every problem with its column.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DiceCheck {
    /// Every `@name` the expression uses, each once, in the order first written.
    pub names: Vec<String>,
    /// A value field for each name (`name` the name, `label` `@name`), starting at 0.
    pub values: Vec<rollbook_rules::FieldSpec>,
    /// Empty when the expression, with the values given for its names, can be rolled.
    pub problems: Vec<DiceProblem>,
    /// The comparisons Compare offers: the target, and each name's value (`values.NAME`).
    pub compare: Vec<rollbook_rules::CompareSpec>,
}

/// One problem of a dice expression, as `rollbook dice check` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DiceProblem {
    /// Always `invalid_request`: the code the expression's roll would be refused with.
    pub code: String,
    /// `expr`, or `values.NAME` for a value given.
    pub field: String,
    /// The column of `expr` it starts at (1-based, in characters); null for a value given.
    pub column: Option<usize>,
    /// What was expected there, and a fix where one helps.
    pub message: String,
}

/// Reads a dice expression with the values the window holds: of `values`, only those of the
/// names the expression uses are given to the check (the window keeps a value typed for a name
/// the GM erased, for when it comes back). The same check as `rollbook dice check`
/// (`rollbook_rules::notation::check`). Computed off the store's lock, as `odds` is.
#[tauri::command(rename_all = "snake_case")]
pub async fn dice_check(
    db: State<'_, Database>,
    expr: String,
    values: BTreeMap<String, i64>,
) -> Result<DiceCheck, IpcError> {
    db.compute(move || {
        let names = notation::names(&expr);
        let given = values
            .into_iter()
            .filter(|(name, _)| names.contains(name))
            .collect();
        let problems = match notation::check(&expr, &given) {
            Ok(_) => Vec::new(),
            Err(problems) => problems
                .into_iter()
                .map(|p| DiceProblem {
                    code: "invalid_request".into(),
                    field: p.field,
                    column: p.column,
                    message: p.message,
                })
                .collect(),
        };
        Ok(DiceCheck {
            compare: rollbook_rules::kinds::dice::comparisons(&names),
            values: rollbook_rules::kinds::dice::value_fields(&names),
            names,
            problems,
        })
    })
    .await
}

/// Rolls one request and logs it: with `character_id` for that character (in its roster), with
/// only `roster_id` for the roster, with neither as a Quick roll. The roster's house rules apply.
/// With `seed` the dice are reproducible; without it a fresh seed is drawn (and answered, so
/// any roll can be replayed). With `dice`, the faces rolled at the table in the order the roll
/// reads them (`roll_dice_asked` says which), the roll is made with them and logged as by hand;
/// too few, too many or a face not on its die is refused and nothing is logged.
#[tauri::command(rename_all = "snake_case")]
// A command's arguments are the IPC call's named fields, each optional; a struct would change
// the call's shape for every caller.
#[allow(clippy::too_many_arguments)]
pub async fn roll<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    request: Value,
    seed: Option<u64>,
    roster_id: Option<Uuid>,
    character_id: Option<Uuid>,
    secret: Option<bool>,
    dice: Option<Vec<u32>>,
) -> Result<LoggedRoll, IpcError> {
    let rolled = db
        .run(move |store| {
            let request = rollbook_rules::request_from_value(request)?;
            let place = store.roll_place(roster_id, character_id)?;
            let dice = Dice::typed_or_seeded(dice, seed);
            let options = LogOptions {
                secret: secret.unwrap_or(false),
            };
            let (result, logged) = roll_one(store, place.as_ref(), &request, dice, options)?;
            Ok(LoggedRoll {
                result,
                log_id: logged.id,
            })
        })
        .await?;
    push(&app, &db).await;
    Ok(rolled)
}

/// Dice by hand, as they go in: the dice `request` reads with the faces `dice` typed so far
/// (past them, the fewest still needed, each with its sides and what it is for) and, once every
/// one is in, the roll they make — the one `roll` with these `dice` would log. Under the house
/// rules of `roster_id` (or the character's roster) when given. Logs nothing.
#[tauri::command(rename_all = "snake_case")]
pub async fn roll_dice_asked(
    db: State<'_, Database>,
    request: Value,
    dice: Vec<u32>,
    roster_id: Option<Uuid>,
    character_id: Option<Uuid>,
) -> Result<HandProgress, IpcError> {
    let under = under(&db, roster_id, character_id).await?;
    db.compute(move || {
        let request = rollbook_rules::request_from_value(request)?;
        Ok(under.dice_asked(&request, &dice)?)
    })
    .await
}

/// Where odds are worked out (`roster_id`, or the character's roster; RULES.md's rulings with
/// neither), read under the store's lock so the odds themselves are computed off it.
async fn under(
    db: &Database,
    roster_id: Option<Uuid>,
    character_id: Option<Uuid>,
) -> Result<OddsUnder, IpcError> {
    db.run(move |store| Ok(OddsUnder::resolve(store, roster_id, character_id)?))
        .await
}
