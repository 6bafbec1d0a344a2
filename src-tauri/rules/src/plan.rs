//! The shapes of a plan (issue 13): choices side by side that are not one request field, each
//! alternative its own full request. The plans themselves are a system's (`systems/universe/plans.rs`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::answer::Odds;

/// Which choice a plan compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlanId {
    /// A held fate card played on this attack, or kept to raise this character's AC later.
    FateCard,
    /// +N bought before a save, or up to +N bought after it only when needed.
    Augmentation,
}

/// What a plan needs besides the roll in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlanNeed {
    /// The later roll the choice changes (`later`): the opponent's attack on this character.
    Later,
    /// The fate card in hand (`card`, a code such as `5H` or `KS`).
    Card,
}

/// A plan as the catalog lists it on its kind (`plans`).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanSpec {
    pub id: PlanId,
    pub label: String,
    pub help: String,
    /// The **[ruling]** the comparison rests on (RULES.md is silent), shown as a ruling.
    pub ruling: String,
    pub needs: Vec<PlanNeed>,
}

/// What the window and the command line ask: `{"plan", "this", "later"?, "card"?}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PlanRequest {
    pub plan: PlanId,
    /// The roll in hand, a full request.
    #[cfg_attr(feature = "ts", ts(type = "JsonValue"))]
    pub this: Value,
    /// The later roll the choice changes, a full request (the fate card plan).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "JsonValue | null", optional))]
    pub later: Option<Value>,
    /// The fate card in hand (the fate card plan).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub card: Option<String>,
}

/// Which roll of an alternative a [`PlanRoll`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlanRole {
    This,
    Later,
}

/// One roll of an alternative: its full request and that request's own odds.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanRoll {
    pub role: PlanRole,
    /// "This attack", "Their attack on you".
    pub label: String,
    #[cfg_attr(feature = "ts", ts(type = "JsonValue"))]
    pub request: Value,
    pub odds: Odds,
}

/// One alternative of a plan.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanAlternative {
    pub label: String,
    pub help: String,
    /// The roll in hand first, then the later roll when the choice changes one.
    pub rolls: Vec<PlanRoll>,
    /// The points (hp / Sanity) spent on average, for a choice that costs some.
    pub cost: Option<f64>,
    /// What "best" is judged by ([`PlanAnswer::measure`]).
    pub score: f64,
}

/// How a plan's best alternative is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlanMeasure {
    /// The chance this roll succeeds minus the chance the later roll does.
    Net,
    /// The chance this roll succeeds, then the fewer points spent on average.
    SuccessThenCost,
}

/// A plan's answer: every alternative with the odds of its rolls, and the best ones.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanAnswer {
    pub id: PlanId,
    pub label: String,
    pub help: String,
    pub ruling: String,
    pub measure: PlanMeasure,
    pub alternatives: Vec<PlanAlternative>,
    /// The indexes of the best alternatives (every tied one; none when all are the same).
    pub best: Vec<usize>,
}
