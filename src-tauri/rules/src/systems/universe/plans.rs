//! Choices side by side that are not one request field (issue 13): a universe fate card played
//! on the attack against kept for AC, and augmentation bought before a save against after it.
//! Each alternative is its own full request, or a pair "this roll / that later roll", so every
//! figure shown is the plain odds of a request anyone can ask for again (`rollbook odds`). The
//! window's Compare (`odds_plan`) and `rollbook odds --plan` both ask [`odds_plan`].

use serde_json::Value;

use super::deck::Card;
use super::fate::{effect_of, FateEffect, FateUse};
use super::kinds::{Attack, AugmentedSave, SaveType, COST_AFTER, COST_BEFORE};
use super::plan_specs::{augmentation_spec, fate_card_spec};
use crate::answer::Odds;
use crate::plan::{
    PlanAlternative, PlanAnswer, PlanId, PlanMeasure, PlanRequest, PlanRole, PlanRoll,
};
use crate::{HouseRules, RollRequest, RulesError};

/// Two figures closer than this are the same (the engine is exact to 1e-12).
const SAME_WITHIN: f64 = 1e-9;

/// Every alternative of `plan` with the exact odds of each of its requests (each the same answer
/// `odds_with` gives for that request), and the best. A request of the wrong kind, a missing
/// `later` or `card`, or an alternative out of a field's range is refused, naming where.
pub fn odds_plan(plan: &PlanRequest, house: &HouseRules) -> Result<PlanAnswer, RulesError> {
    let (spec, measure, alternatives) = match plan.plan {
        PlanId::FateCard => (fate_card_spec(), PlanMeasure::Net, fate_card(plan, house)?),
        PlanId::Augmentation => (
            augmentation_spec(),
            PlanMeasure::SuccessThenCost,
            augmentation(plan, house)?,
        ),
    };
    let best = best_of(&alternatives, measure);
    Ok(PlanAnswer {
        id: spec.id,
        label: spec.label,
        help: spec.help,
        ruling: spec.ruling,
        measure,
        alternatives,
        best,
    })
}

/// The request at `at` as the kind `want` picks out of it.
fn request_of<T>(
    value: &Value,
    at: &str,
    what: &str,
    want: impl Fn(RollRequest) -> Option<T>,
) -> Result<T, RulesError> {
    let request = crate::request_from_value(value.clone())
        .map_err(|e| RulesError::invalid(at, e.to_string()))?;
    want(request).ok_or_else(|| RulesError::invalid(at, format!("give {what}")))
}

/// A roll of an alternative, its odds asked exactly as a single request's.
fn roll(
    role: PlanRole,
    label: &str,
    request: RollRequest,
    house: &HouseRules,
    index: usize,
) -> Result<PlanRoll, RulesError> {
    let odds = crate::odds_with(&request, house).map_err(|e| e.at_index(index))?;
    Ok(PlanRoll {
        role,
        label: label.into(),
        request: serde_json::to_value(&request).expect("a request serialises"),
        odds,
    })
}

fn fate_card(plan: &PlanRequest, house: &HouseRules) -> Result<Vec<PlanAlternative>, RulesError> {
    let attack = |request| match request {
        RollRequest::UniverseAttack(a) => Some(a),
        _ => None,
    };
    let this: Attack = request_of(&plan.this, "this", "a universe attack", attack)?;
    let Some(later) = &plan.later else {
        return Err(RulesError::invalid(
            "later",
            "give the opponent's attack on this character (a universe attack)",
        ));
    };
    let later: Attack = request_of(later, "later", "a universe attack", attack)?;
    let Some(code) = &plan.card else {
        return Err(RulesError::invalid(
            "card",
            "give the fate card held, e.g. 5H",
        ));
    };
    let card = Card::parse(code)?;
    let FateEffect::AttackBonus(on_attack) = effect_of(card, &FateUse::Attack)? else {
        unreachable!("a card on an attack adds to it");
    };
    let FateEffect::ArmorClassBonus(on_ac) = effect_of(card, &FateUse::ArmorClass)? else {
        unreachable!("a card on AC adds to it");
    };
    let played = Attack {
        bonus: this.bonus + i64::from(on_attack),
        ..this.clone()
    };
    let kept = Attack {
        ac: later.ac + i64::from(on_ac),
        ..later.clone()
    };
    let pairs = [
        (
            format!("{code} on this attack"),
            format!(
                "+{on_attack} to this attack; the opponent's attack later meets the AC as it is."
            ),
            played,
            later.clone(),
        ),
        (
            format!("{code} kept for AC"),
            format!("This attack as it is; +{on_ac} AC against the opponent's attack later."),
            this,
            kept,
        ),
    ];
    pairs
        .into_iter()
        .enumerate()
        .map(|(i, (label, help, now, then))| {
            let rolls = vec![
                roll(
                    PlanRole::This,
                    "This attack",
                    RollRequest::UniverseAttack(now),
                    house,
                    i,
                )?,
                roll(
                    PlanRole::Later,
                    "Their attack on this character",
                    RollRequest::UniverseAttack(then),
                    house,
                    i,
                )?,
            ];
            let score = rolls[0].odds.success - rolls[1].odds.success;
            Ok(PlanAlternative {
                label,
                help,
                rolls,
                cost: None,
                score,
            })
        })
        .collect()
}

/// The points an augmented save spends on average: what was bought before, plus each failure
/// turned after the roll at its cost (the odds' `spend_N` outcomes).
fn points_spent(save: &AugmentedSave, odds: &Odds) -> f64 {
    let after: f64 = odds
        .outcomes
        .iter()
        .filter_map(|(key, p)| Some(key.strip_prefix("spend_")?.parse::<f64>().ok()? * p))
        .sum();
    (COST_BEFORE * save.before) as f64 + after
}

fn augmentation(
    plan: &PlanRequest,
    house: &HouseRules,
) -> Result<Vec<PlanAlternative>, RulesError> {
    let save: AugmentedSave =
        request_of(
            &plan.this,
            "this",
            "a universe augmented_save",
            |r| match r {
                RollRequest::UniverseAugmentedSave(s) => Some(s),
                _ => None,
            },
        )?;
    if save.save == SaveType::Luck {
        return Err(RulesError::invalid(
            "this.save",
            "a Luck save is augmented only with fate cards: nothing to buy before or after",
        ));
    }
    // The bonus the GM set, else the first few.
    let steps: Vec<i64> = if save.before > 0 {
        vec![save.before]
    } else {
        vec![1, 2, 3]
    };
    let affordable: Vec<i64> = steps
        .into_iter()
        .filter(|n| COST_BEFORE * n <= save.pool)
        .collect();
    if affordable.is_empty() {
        return Err(RulesError::invalid(
            "this.pool",
            format!(
                "+1 before the roll costs {COST_BEFORE} points and the character has {}: nothing to compare",
                save.pool
            ),
        ));
    }
    let mut choices = vec![(
        "Nothing bought".to_string(),
        "No points spent, before or after.".to_string(),
        AugmentedSave {
            before: 0,
            pool: 0,
            ..save.clone()
        },
    )];
    for n in affordable {
        choices.push((
            format!("+{n} before"),
            format!("{} points before the roll, always spent.", COST_BEFORE * n),
            AugmentedSave {
                before: n,
                pool: COST_BEFORE * n,
                ..save.clone()
            },
        ));
        let pool = save.pool.min(COST_AFTER * n);
        let reach = pool / COST_AFTER;
        let capped = if reach < n {
            format!(" With {} points, only up to +{reach}.", save.pool)
        } else {
            String::new()
        };
        choices.push((
            format!("Up to +{n} after"),
            format!(
                "Only when the roll misses by {n} or less: {COST_AFTER} points per +1 it misses by.{capped}"
            ),
            AugmentedSave {
                before: 0,
                pool,
                ..save.clone()
            },
        ));
    }
    choices
        .into_iter()
        .enumerate()
        .map(|(i, (label, help, choice))| {
            let rolls = vec![roll(
                PlanRole::This,
                "This save",
                RollRequest::UniverseAugmentedSave(choice.clone()),
                house,
                i,
            )?];
            let cost = points_spent(&choice, &rolls[0].odds);
            Ok(PlanAlternative {
                label,
                help,
                score: rolls[0].odds.success,
                rolls,
                cost: Some(cost),
            })
        })
        .collect()
}

/// The best alternatives by `measure`: every one tied at the top, or none when all are alike.
fn best_of(alternatives: &[PlanAlternative], measure: PlanMeasure) -> Vec<usize> {
    let top = alternatives
        .iter()
        .map(|a| a.score)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut best: Vec<usize> = (0..alternatives.len())
        .filter(|&i| top - alternatives[i].score <= SAME_WITHIN)
        .collect();
    if measure == PlanMeasure::SuccessThenCost {
        let cheapest = best
            .iter()
            .filter_map(|&i| alternatives[i].cost)
            .fold(f64::INFINITY, f64::min);
        best.retain(|&i| alternatives[i].cost.unwrap_or(0.0) - cheapest <= SAME_WITHIN);
    }
    let all_alike = best.len() == alternatives.len()
        && alternatives
            .windows(2)
            .all(|w| (w[0].cost.unwrap_or(0.0) - w[1].cost.unwrap_or(0.0)).abs() <= SAME_WITHIN);
    if all_alike {
        Vec::new()
    } else {
        best
    }
}

#[cfg(test)]
#[path = "plans_tests.rs"]
mod tests;
