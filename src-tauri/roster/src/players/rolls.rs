//! A logged roll as the players see it: who rolled (by the name shown), the kind as the catalog
//! names it, the dice, the outcome in words, and the exact chance of success the request had
//! under the roster's house rules (from the engine's odds, never estimated).

use std::collections::HashMap;
use std::sync::LazyLock;

use rollbook_rules::HouseRules;

use super::PlayersRoll;
use crate::store::LogEntry;

/// The catalog's name of every kind, by `(system, roll)`.
static KIND_NAMES: LazyLock<HashMap<(String, String), String>> = LazyLock::new(|| {
    rollbook_rules::catalog()
        .systems
        .into_iter()
        .flat_map(|s| {
            let system = s.id;
            s.kinds
                .into_iter()
                .map(move |k| ((system.clone(), k.id), k.name))
        })
        .collect()
});

/// `entry` shown as rolled by `who`.
pub(super) fn shown(entry: &LogEntry, who: Option<String>, house: &HouseRules) -> PlayersRoll {
    let roll = entry
        .notation()
        .map(str::to_string)
        .or_else(|| {
            KIND_NAMES
                .get(&(entry.system.clone(), entry.roll.clone()))
                .cloned()
        })
        .unwrap_or_else(|| outcome_words(&entry.roll));
    PlayersRoll {
        id: entry.id,
        at: entry.at,
        who,
        roll,
        dice: entry.dice.clone(),
        outcome: outcome_words(&entry.outcome),
        success: entry.success,
        chance: chance(&entry.request, house),
        by_hand: entry.by_hand,
    }
}

/// The exact chance the request had of succeeding; `None` for a roll whose odds name no
/// success (neither a target number nor succeeding outcomes) or a request that no longer reads.
pub(super) fn chance(request: &serde_json::Value, house: &HouseRules) -> Option<f64> {
    let request = rollbook_rules::request_from_value(request.clone()).ok()?;
    let odds = rollbook_rules::odds_with(&request, house).ok()?;
    (odds.target.is_some() || !odds.succeeding.is_empty()).then_some(odds.success)
}

/// An outcome key in words, as the window writes it: a number as it is (minus as "−"), a key
/// with its underscores as spaces and a capital ("critical_hit" → "Critical hit").
pub(super) fn outcome_words(key: &str) -> String {
    if key.parse::<i64>().is_ok() {
        return key.replace('-', "\u{2212}");
    }
    rollbook_rules::text::capitalised(&key.replace('_', " "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn outcomes_read_as_the_window_writes_them() {
        assert_eq!(outcome_words("hit"), "Hit");
        assert_eq!(outcome_words("spend_4"), "Spend 4");
        assert_eq!(outcome_words("12"), "12");
        assert_eq!(outcome_words("-2"), "\u{2212}2");
    }

    #[test]
    fn the_chance_is_the_engine_s_exact_odds_under_the_house_rules() {
        let request = json!({"system": "d12", "roll": "straight", "ranks": 2, "difficulty": 12});
        let house = HouseRules::ruled();
        let parsed = rollbook_rules::request_from_value(request.clone()).unwrap();
        let exact = rollbook_rules::odds_with(&parsed, house).unwrap().success;
        assert_eq!(chance(&request, house), Some(exact));
        assert!(exact > 0.0 && exact < 1.0);
        assert_eq!(chance(&json!({"system": "nope"}), house), None);
    }

    #[test]
    fn kinds_go_by_the_catalog_s_names() {
        assert!(KIND_NAMES.len() > 10);
        assert!(KIND_NAMES.contains_key(&("universe".to_string(), "attack".to_string())));
    }
}
