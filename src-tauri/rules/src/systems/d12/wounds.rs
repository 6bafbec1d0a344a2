//! What the d12 chain and healing change on a character (RULES.md section 5): health, Damage
//! Effects and Conditions, and the ability a wounded character rolls; time passing, days of
//! rest, Healing Salve and the checks that remove an effect or condition.

use serde::{Deserialize, Serialize};

use super::kinds as d12;
use super::move_ranges::{ELAPSE_MAX, HEAL_DAYS_MAX};
use crate::table::{MadeRoll, MoveDice};
use crate::text::isolated;
use crate::{HouseRules, RollRequest, RollResult, RulesError, DAMAGE_TABLE};

/// An ability roll: ranks and extra dice (armour, implant), Dazed or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ability {
    pub ranks: i64,
    pub extra_dice: i64,
    pub dazed: bool,
}

/// `{"current": 12, "max": 12}`, as on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Health {
    pub current: i64,
    pub max: i64,
}

/// A Damage Effect on the character; `row` (1..9) is the table row it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "TableEffect"))]
pub struct Effect {
    pub name: String,
    pub remaining: String,
    #[serde(default)]
    pub row: i64,
}

/// A Damage Condition: `kind` memory / command / dominate / limb, `detail` the limb or extent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "TableCondition"))]
pub struct Condition {
    pub kind: String,
    pub detail: String,
    pub remaining: String,
    #[serde(default)]
    pub row: i64,
}

/// What the chain and healing change on a character (the sheet's `health`, `effects`,
/// `conditions`), plus whether Healing Salve was used today.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Wounds {
    pub health: Health,
    pub effects: Vec<Effect>,
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub salve_used_today: bool,
}

impl Wounds {
    /// A fresh character: full health, no effects or conditions.
    pub fn healthy(max: i64) -> Self {
        Self {
            health: Health { current: max, max },
            effects: Vec::new(),
            conditions: Vec::new(),
            salve_used_today: false,
        }
    }

    /// Dazed (one fewer d12 on every roll) while a Dazed effect stands.
    pub fn is_dazed(&self) -> bool {
        self.effects.iter().any(|e| e.name == "Dazed")
    }

    /// This character's ability roll: its ranks and extra dice, Dazed from its effects.
    pub fn ability(&self, ranks: i64, extra_dice: i64) -> Ability {
        Ability {
            ranks,
            extra_dice,
            dazed: self.is_dazed(),
        }
    }

    pub fn validate(&self) -> Result<(), RulesError> {
        if self.health.max < 1 || !(0..=self.health.max).contains(&self.health.current) {
            return Err(RulesError::invalid(
                "health",
                "current health must be 0 to the maximum, and the maximum at least 1",
            ));
        }
        Ok(())
    }

    fn check_alive(&self) -> Result<(), RulesError> {
        self.validate()?;
        if self.health.current == 0 {
            return Err(RulesError::invalid(
                "health",
                "the character is dead (health 0) and cannot be healed",
            ));
        }
        Ok(())
    }

    /// Time passes: every effect and condition timed in `unit` (turn, hour, day, week, month,
    /// year) counts down by `amount`; those that reach 0 end. Other units are left alone.
    pub fn elapse(&self, amount: i64, unit: &str) -> Result<(Wounds, Vec<String>), RulesError> {
        self.validate()?;
        if !super::move_ranges::D12_ELAPSE.contains(amount) {
            return Err(RulesError::invalid(
                "amount",
                format!("{amount} is out of range: let 1 to {ELAPSE_MAX} units of time pass"),
            ));
        }
        if !UNITS.contains(&unit) {
            return Err(RulesError::invalid(
                "unit",
                format!("time passes in one of: {}", UNITS.join(", ")),
            ));
        }
        let mut next = self.clone();
        let mut events = Vec::new();
        next.effects.retain_mut(|e| {
            count_down(
                &mut e.remaining,
                amount,
                unit,
                &isolated(&e.name),
                &mut events,
            )
        });
        next.conditions.retain_mut(|c| {
            let label = format!("{} condition {}", c.kind, isolated(&c.detail));
            count_down(&mut c.remaining, amount, unit, &label, &mut events)
        });
        if next.salve_used_today && is_a_day_or_more(amount, unit) {
            next.salve_used_today = false;
            events.push("A new day: Healing Salve can be used again".into());
        }
        Ok((next, events))
    }

    /// Natural healing: 1 health a day, up to the maximum; a new day allows Salve again.
    pub fn heal_days(&self, days: i64) -> Result<(Wounds, Vec<String>), RulesError> {
        self.check_alive()?;
        if !super::move_ranges::D12_HEAL_DAYS.contains(days) {
            return Err(RulesError::invalid(
                "days",
                format!("{days} is out of range: heal 1 to {HEAL_DAYS_MAX} days"),
            ));
        }
        let mut next = self.clone();
        next.health.current = (self.health.current + days).min(self.health.max);
        next.salve_used_today = false;
        let gained = next.health.current - self.health.current;
        Ok((
            next,
            vec![format!("{days} day(s) of rest: +{gained} health")],
        ))
    }

    /// Healing Salve: +1 health, once a day.
    pub fn salve(&self) -> Result<(Wounds, Vec<String>), RulesError> {
        self.check_alive()?;
        if self.salve_used_today {
            return Err(RulesError::invalid(
                "salve",
                "Healing Salve works once a day: heal a day first",
            ));
        }
        let mut next = self.clone();
        next.health.current = (self.health.current + 1).min(self.health.max);
        next.salve_used_today = true;
        let gained = next.health.current - self.health.current;
        Ok((next, vec![format!("Healing Salve: +{gained} health")]))
    }

    /// Tries to remove effect or condition `index` (effects first, then conditions) with an
    /// ability check: >= its row's Roll by ordinary means, >= the next row's by extraordinary.
    pub fn remove(
        &self,
        index: usize,
        extraordinary: bool,
        ability: &Ability,
        dice: &MoveDice,
    ) -> Result<(Wounds, Vec<String>, MadeRoll), RulesError> {
        let (request, label, difficulty) = self.removal(index, extraordinary, ability)?;
        let rolled = dice.roll(&request, HouseRules::ruled(), 0)?;
        let means = if extraordinary {
            "extraordinary"
        } else {
            "ordinary"
        };
        let mut next = self.clone();
        let event = if rolled.success {
            if index < next.effects.len() {
                next.effects.remove(index);
            } else {
                next.conditions.remove(index - self.effects.len());
            }
            format!(
                "{label} removed by {means} means ({} >= {difficulty})",
                total(&rolled)
            )
        } else {
            format!(
                "{label} stays: {means} means needed {difficulty}, rolled {}",
                total(&rolled)
            )
        };
        let made = MadeRoll {
            request,
            result: rolled,
        };
        Ok((next, vec![event], made))
    }

    /// The straight request that tries to remove effect or condition `index` (see
    /// [`Wounds::remove`]), for its exact odds before rolling.
    pub fn removal_request(
        &self,
        index: usize,
        extraordinary: bool,
        ability: &Ability,
    ) -> Result<RollRequest, RulesError> {
        Ok(self.removal(index, extraordinary, ability)?.0)
    }

    /// The removal check's request, what it removes and its difficulty.
    fn removal(
        &self,
        index: usize,
        extraordinary: bool,
        ability: &Ability,
    ) -> Result<(RollRequest, String, i64), RulesError> {
        self.validate()?;
        let (label, row) = match (
            self.effects.get(index),
            index.checked_sub(self.effects.len()),
        ) {
            (Some(e), _) => (isolated(&e.name).into_owned(), effect_row(e)),
            (None, Some(i)) => match self.conditions.get(i) {
                Some(c) => (format!("{} {}", c.kind, isolated(&c.detail)), c.row),
                None => {
                    return Err(RulesError::invalid(
                        "index",
                        "no effect or condition at that place in the list",
                    ))
                }
            },
            (None, None) => unreachable!("index < effects.len() matched above"),
        };
        if !(1..=9).contains(&row) {
            return Err(RulesError::invalid(
                "row",
                format!("{label} has no table row (1 to 9) to set the check's difficulty"),
            ));
        }
        let difficulty = if extraordinary {
            DAMAGE_TABLE.get(row as usize).map_or(54, |r| r.roll)
        } else {
            DAMAGE_TABLE[row as usize - 1].roll
        };
        let request = RollRequest::D12Straight(d12::Straight {
            ranks: ability.ranks,
            extra_dice: ability.extra_dice,
            dazed: ability.dazed,
            difficulty,
        });
        Ok((request, label, difficulty))
    }
}

pub(super) fn total(rolled: &RollResult) -> i64 {
    rolled.total.unwrap_or(0)
}

/// An effect's table row: its own, or for a sheet effect without one, the row whose Damage
/// Effect names it with that duration ("Stunned 1 turn" row 3, "Stunned 5 turns" row 4).
fn effect_row(effect: &Effect) -> i64 {
    if effect.row > 0 {
        return effect.row;
    }
    let unit = |text: &str| {
        text.split(' ')
            .nth(1)
            .map(|u| u.trim_end_matches('s').to_string())
    };
    let rows = || {
        DAMAGE_TABLE.iter().zip(1..).filter_map(|(line, row)| {
            let (name, duration) = line.effect.split_once(' ')?;
            (name == effect.name).then_some((duration, row))
        })
    };
    rows()
        .find(|(duration, _)| *duration == effect.remaining)
        .or_else(|| {
            rows().find(|(duration, _)| {
                duration.starts_with("1d12 ") && unit(duration) == unit(&effect.remaining)
            })
        })
        .map_or(0, |(_, row)| row)
}

/// Whether `amount` `unit`s make at least a day (so Healing Salve works again).
fn is_a_day_or_more(amount: i64, unit: &str) -> bool {
    match unit {
        "day" | "week" | "month" | "year" => amount >= 1,
        "hour" => amount >= 24,
        _ => false,
    }
}

/// The units a duration is counted in (singular).
const UNITS: [&str; 6] = ["turn", "hour", "day", "week", "month", "year"];

/// Counts `remaining` ("3 turns") down by `amount` if it is in `unit`; false when it ends.
fn count_down(
    remaining: &mut String,
    amount: i64,
    unit: &str,
    label: &str,
    events: &mut Vec<String>,
) -> bool {
    let Some((n, its_unit)) = remaining.split_once(' ') else {
        return true;
    };
    let (Ok(n), true) = (n.parse::<i64>(), its_unit.trim_end_matches('s') == unit) else {
        return true;
    };
    let left = n - amount;
    if left <= 0 {
        events.push(format!("{label} ends"));
        return false;
    }
    *remaining = format!("{left} {unit}{}", if left == 1 { "" } else { "s" });
    events.push(format!("{label}: {remaining} left"));
    true
}

#[cfg(test)]
#[path = "wounds_tests.rs"]
mod tests;
