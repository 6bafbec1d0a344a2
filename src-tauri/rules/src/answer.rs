//! The two answers of the engine: exact odds before a roll, and the roll itself.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// Probabilities by key: an answer's outcomes and events. Hashed with foldhash rather than std's
/// SipHash: the keys are the engine's own labels (no caller chooses them to collide), and SipHash
/// of short keys was a twentieth of a batch of dice notation's work (callgrind, 2026-11-29).
pub type Keyed = IndexMap<String, f64, foldhash::fast::RandomState>;

/// Exact odds of a request: `{"success": P, "outcomes": {KEY: P, ...}}` (RULES.md, "Roll
/// requests"). Outcomes are listed in their natural order (numbers ascending) and sum to 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Odds {
    /// P(the roll succeeds), i.e. the sum of the succeeding outcomes.
    pub success: f64,
    /// The probability of every outcome key a roll can answer with.
    #[cfg_attr(feature = "ts", ts(as = "IndexMap<String, f64>"))]
    pub outcomes: Keyed,
    /// The expected value, for rolls whose outcome is a number (a total, a count of Marks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    /// Probabilities of events that happen alongside the outcome (e.g. a d12 defence showing only
    /// natural 1s), not part of the partition.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "IndexMap<String, f64>"))]
    pub events: Keyed,
    /// For a roll whose outcome is a number: the smallest that succeeds (the difficulty, the
    /// Marks needed), which may lie beyond every outcome. The odds chart draws its line there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
    /// For a roll whose outcomes are named: the keys that count as success. The odds chart
    /// marks those bars (and a number's bars by `target`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub succeeding: Vec<String>,
}

impl Odds {
    /// Odds from outcomes and the keys that count as success.
    pub(crate) fn from_outcomes(outcomes: Keyed, success_keys: &[&str]) -> Self {
        // Added from +0.0: `sum` of no chances is -0.0, which JSON keeps and a GM would read
        // as "-0%".
        let success = success_keys
            .iter()
            .filter_map(|k| outcomes.get(*k))
            .fold(0.0, |total, p| total + p);
        Self {
            success,
            outcomes,
            mean: None,
            events: Keyed::default(),
            target: None,
            succeeding: success_keys.iter().map(|k| k.to_string()).collect(),
        }
    }

    /// The sum of all outcome probabilities (1 within rounding).
    pub fn total(&self) -> f64 {
        self.outcomes.values().sum()
    }
}

/// What happened to one die, for the roll display and the roll log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DieState {
    /// Counts toward the result.
    Kept,
    /// Rolled but not kept (keep-highest, advantage).
    Dropped,
    /// Kept, and its face made it roll again.
    Exploded,
    /// A re-roll caused by an exploded die.
    Bonus,
    /// A Mark removed by a kept 1.
    Cancelled,
    /// A kept 1 that cancelled a Mark.
    Cancels,
}

/// One die of a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RolledDie {
    pub face: u32,
    pub sides: u32,
    pub state: DieState,
}

/// The dice of one side or sub-pool of a roll ("Challenger", "Human pool", ...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiceGroup {
    pub label: String,
    pub dice: Vec<RolledDie>,
}

impl DiceGroup {
    pub(crate) fn new(label: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            dice: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, face: u32, sides: u32, state: DieState) {
        self.dice.push(RolledDie { face, sides, state });
    }
}

/// A made roll: `{"outcome", "success", "dice", "detail", "seed", ...}` (RULES.md). The same seed
/// and request always give the same roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RollResult {
    /// One of the keys of the request's [`Odds::outcomes`].
    pub outcome: String,
    pub success: bool,
    /// Every face in the order rolled.
    pub dice: Vec<u32>,
    /// One human-readable line saying what happened.
    pub detail: String,
    /// The seed that reproduces this roll.
    pub seed: u64,
    /// The number the roll came to, where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    /// The dice grouped by side or sub-pool, each with what happened to it.
    pub groups: Vec<DiceGroup>,
    /// Rolled at the table and typed in: there is no seed (`seed` is 0). Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_hand: bool,
}

/// The system-specific part of a roll, before the seed and the flat dice list are attached.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rolled {
    pub outcome: String,
    pub success: bool,
    pub detail: String,
    pub total: Option<i64>,
    pub groups: Vec<DiceGroup>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_succeeding_outcome_is_a_success_of_plus_zero() {
        let mut outcomes = Keyed::default();
        outcomes.insert("failure".into(), 1.0);
        let odds = Odds::from_outcomes(outcomes, &["success"]);
        assert_eq!(odds.success, 0.0);
        assert!(odds.success.is_sign_positive());
        assert_eq!(serde_json::to_value(&odds).unwrap()["success"], 0.0);
        assert!(!serde_json::to_string(&odds).unwrap().contains("-0"));
    }
}
