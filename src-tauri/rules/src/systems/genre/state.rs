//! `genre` running state (RULES.md section 2): Grunt and its pending penalties, Bust A Nut and its
//! two rounds of -1 die, Glory spent on both sides, the "rest" and "end adventure" resets.
//!
//! The state's JSON is exactly the sheet's `glory` + `trackers` (FORMAT.md), so the roster can
//! copy it onto a sheet. Actions take the state and return a new one plus events; nothing here
//! rolls dice: [`GenreState::modifiers`] says what the next action request gets, and
//! [`ActionModifiers::apply`] writes that into the request.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::RulesError;

// Its rulings are the `Genre…` ids of `RulingId` (`rulings.rs`), worded there once.

pub use super::sheet_limits::GLORY_MAX;

/// The sheet's `trackers` object.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// Same JSON as the sheet's `GenreTrackers` (roster crate); one name per TypeScript declaration.
#[cfg_attr(feature = "ts", ts(rename = "GenreTableTrackers"))]
pub struct GenreTrackers {
    /// Penalties still due, next action first (e.g. `[-2, -1]`).
    pub grunt_penalties: Vec<i64>,
    /// Grunts since the last hour of rest (at most Stamina).
    pub grunts_since_rest: i64,
    /// Bust A Nut uses this adventure.
    pub nuts_used: i64,
    /// Rounds of -1 die still to come after a Bust A Nut.
    pub nut_rounds_left: i64,
}

/// A genre character's running state: its Glory Points and trackers, as on the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GenreState {
    pub glory: i64,
    pub trackers: GenreTrackers,
    /// Bust A Nut was used this round: its two rounds of -1 die start with the next round. The
    /// table keeps this (the sheet's trackers of FORMAT.md have no place for it); left out of
    /// the JSON when false, so the state still reads as the sheet's `glory` + `trackers`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub nut_this_round: bool,
}

/// What of the sheet the rules need besides the state: Stamina caps the Grunts, level the nuts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GenreCharacter {
    pub level: i64,
    pub stamina: i64,
}

/// A quick NPC's level and Stamina until the GM sets them: a level 1 character of average
/// Stamina (RULES.md gives NPCs no sheet; the GM can change both with `set_stats`).
pub const QUICK_NPC: GenreCharacter = GenreCharacter {
    level: 1,
    stamina: 2,
};

/// What the character does on its next action roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActionPlan {
    /// 0 (none) or +1..+3.
    pub grunt: i64,
    pub bust_a_nut: bool,
    /// Glory Points spent as automatic successes.
    pub glory: i64,
    /// An action of patience (the GM decides): no Grunt allowed.
    pub patience: bool,
}

/// One change to the running state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum GenreAction {
    /// The character makes an action roll with this plan.
    Act { plan: ActionPlan },
    /// The character, as the opposing side, spends Glory to negate the challenger's successes.
    SpendOpposingGlory { points: i64 },
    /// The GM awards Glory Points.
    GainGlory { points: i64 },
    /// A round ends: one of Bust A Nut's rounds of -1 die is over.
    NextRound,
    /// One game hour of rest: the Grunt count starts again.
    Rest,
    /// The adventure ends: Bust A Nut's uses start again.
    EndAdventure,
}

/// What the next action request gets from the running state and the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActionModifiers {
    /// The Grunt bonus (request field `grunt`).
    pub grunt: i64,
    /// The pending Grunt penalty, added to the request's `modifier` (0 or negative).
    pub penalty: i64,
    /// Dice added to the request's `dice` (-1 during Bust A Nut's two rounds).
    pub dice: i64,
    /// Request field `bust_a_nut`.
    pub bust_a_nut: bool,
    /// Request field `glory`.
    pub glory: i64,
    /// Glory Points the action costs in all: the spent ones plus 1 for a nut past the uses.
    pub glory_cost: i64,
}

impl ActionModifiers {
    /// Writes the modifiers into a `genre` `action` request (a JSON object): `dice` and
    /// `modifier` are adjusted, `grunt`, `bust_a_nut` and `glory` are set.
    pub fn apply(&self, request: &mut Map<String, Value>) {
        let field = |request: &Map<String, Value>, name: &str| {
            request.get(name).and_then(Value::as_i64).unwrap_or(0)
        };
        let dice = (field(request, "dice") + self.dice).max(0);
        let modifier = field(request, "modifier") + self.penalty;
        request.insert("dice".into(), dice.into());
        request.insert("modifier".into(), modifier.into());
        request.insert("grunt".into(), self.grunt.into());
        request.insert("bust_a_nut".into(), self.bust_a_nut.into());
        request.insert("glory".into(), self.glory.into());
    }
}

/// Why no Grunt may go on the next action (RULES.md "Grunting"). The window is served this for
/// every participant (the encounter's `view`) and offers a Grunt only when there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum GruntBar {
    /// The last Grunt's penalties are not all spent yet.
    PenaltiesPending { left: usize },
    /// As many Grunts since the last rest as the character's Stamina.
    RestNeeded { grunts: i64, stamina: i64 },
    /// Not with Bust A Nut on the same action.
    BustANut,
    /// Not on an action of patience.
    Patience,
}

impl GruntBar {
    /// The refusal of a plan with a Grunt, in words.
    pub fn message(&self) -> String {
        match self {
            GruntBar::PenaltiesPending { left } => {
                format!("no new Grunt until the last one's penalties are spent ({left} left)")
            }
            GruntBar::RestNeeded { grunts, stamina } => format!(
                "already {grunts} Grunts since rest (Stamina {stamina}): an hour of rest resets the count"
            ),
            GruntBar::BustANut => {
                "a Grunt cannot be combined with Bust A Nut on the same action".into()
            }
            GruntBar::Patience => "no Grunt on an action of patience".into(),
        }
    }
}

fn invalid(field: &str, message: impl Into<String>) -> RulesError {
    RulesError::invalid(field, message)
}

fn check_points(field: &str, points: i64) -> Result<(), RulesError> {
    if points < 0 {
        return Err(invalid(field, "Glory Points cannot be negative"));
    }
    Ok(())
}

impl GenreState {
    /// Refuses a state no sequence of actions can reach (e.g. a hand-edited sheet).
    pub fn validate(&self) -> Result<(), RulesError> {
        let t = &self.trackers;
        check_points("glory", self.glory)?;
        if self.glory > GLORY_MAX {
            return Err(invalid("glory", format!("is at most {GLORY_MAX}")));
        }
        for (name, value) in [
            ("trackers.grunts_since_rest", t.grunts_since_rest),
            ("trackers.nuts_used", t.nuts_used),
        ] {
            if value < 0 {
                return Err(invalid(name, "cannot be negative"));
            }
        }
        if !(0..=2).contains(&t.nut_rounds_left) {
            return Err(invalid("trackers.nut_rounds_left", "must be 0, 1 or 2"));
        }
        if self.nut_this_round && t.nut_rounds_left != 2 {
            return Err(invalid(
                "nut_this_round",
                "a nut this round leaves its two rounds of -1 die still to come",
            ));
        }
        // Pending penalties are a tail -k, ..., -1 of a Grunt of at most 3.
        let n = t.grunt_penalties.len() as i64;
        let expected: Vec<i64> = (1..=n).rev().map(|k| -k).collect();
        if n > 3 || t.grunt_penalties != expected {
            return Err(invalid(
                "trackers.grunt_penalties",
                "must count up to -1 one step at a time, at most three left (e.g. [-2, -1])",
            ));
        }
        Ok(())
    }

    /// Why a Grunt may not go on the next action under `plan` (its Grunt aside), if so: first
    /// what the state bars (pending penalties, then the Grunts since rest), then the plan.
    pub fn grunt_bar(&self, character: &GenreCharacter, plan: &ActionPlan) -> Option<GruntBar> {
        let t = &self.trackers;
        if !t.grunt_penalties.is_empty() {
            return Some(GruntBar::PenaltiesPending {
                left: t.grunt_penalties.len(),
            });
        }
        if t.grunts_since_rest >= character.stamina {
            return Some(GruntBar::RestNeeded {
                grunts: t.grunts_since_rest,
                stamina: character.stamina,
            });
        }
        if plan.bust_a_nut {
            return Some(GruntBar::BustANut);
        }
        if plan.patience {
            return Some(GruntBar::Patience);
        }
        None
    }

    /// The modifiers of the next action roll under `plan`, or why the plan is not allowed.
    pub fn modifiers(
        &self,
        character: &GenreCharacter,
        plan: &ActionPlan,
    ) -> Result<ActionModifiers, RulesError> {
        self.validate()?;
        let t = &self.trackers;
        if !super::move_ranges::GENRE_GRUNT.contains(plan.grunt) {
            return Err(invalid("grunt", "a Grunt is +1, +2 or +3 (0 for none)"));
        }
        if plan.grunt > 0 {
            if let Some(bar) = self.grunt_bar(character, plan) {
                return Err(invalid("grunt", bar.message()));
            }
        }
        check_points("glory", plan.glory)?;
        let nut_cost = i64::from(plan.bust_a_nut && t.nuts_used >= character.level);
        let glory_cost = plan.glory + nut_cost;
        if glory_cost > self.glory {
            let why = if nut_cost > 0 {
                format!(
                    "Bust A Nut past its {} uses this adventure costs 1 Glory Point; ",
                    character.level
                )
            } else {
                String::new()
            };
            return Err(invalid(
                "glory",
                format!(
                    "{why}this action needs {glory_cost} Glory Points and the character has {}",
                    self.glory
                ),
            ));
        }
        Ok(ActionModifiers {
            grunt: plan.grunt,
            penalty: t.grunt_penalties.first().copied().unwrap_or(0),
            dice: -i64::from(t.nut_rounds_left > 0 && !self.nut_this_round),
            bust_a_nut: plan.bust_a_nut,
            glory: plan.glory,
            glory_cost,
        })
    }

    /// Applies one action: the new state and what happened, in words.
    pub fn apply(
        &self,
        character: &GenreCharacter,
        action: &GenreAction,
    ) -> Result<(GenreState, Vec<String>), RulesError> {
        self.validate()?;
        let mut next = self.clone();
        let mut events = Vec::new();
        let t = &mut next.trackers;
        match action {
            GenreAction::Act { plan } => {
                let m = self.modifiers(character, plan)?;
                if m.penalty != 0 {
                    t.grunt_penalties.remove(0);
                    events.push(format!("Grunt penalty {} on this action", m.penalty));
                }
                if m.dice != 0 {
                    events.push("Bust A Nut aftermath: -1 die on this action".into());
                }
                if plan.grunt > 0 {
                    t.grunt_penalties = (1..=plan.grunt).rev().map(|k| -k).collect();
                    t.grunts_since_rest += 1;
                    events.push(format!(
                        "Grunt +{}: the next actions take {}",
                        plan.grunt,
                        join(&t.grunt_penalties)
                    ));
                }
                if plan.bust_a_nut {
                    t.nuts_used += 1;
                    t.nut_rounds_left = 2;
                    next.nut_this_round = true;
                    let paid = if m.glory_cost > plan.glory {
                        ", past the uses: 1 Glory Point"
                    } else {
                        ""
                    };
                    events.push(format!(
                        "Bust A Nut (use {} of {}{paid}): +1 die now, then -1 die for the next two rounds",
                        t.nuts_used, character.level
                    ));
                }
                if plan.glory > 0 {
                    events.push(format!("{} Glory spent as automatic successes", plan.glory));
                }
                next.glory -= m.glory_cost;
            }
            GenreAction::SpendOpposingGlory { points } => {
                check_points("points", *points)?;
                if *points > self.glory {
                    return Err(invalid(
                        "points",
                        format!(
                            "the character has {} Glory Points, not {points}",
                            self.glory
                        ),
                    ));
                }
                next.glory -= points;
                events.push(format!(
                    "{points} Glory spent to negate the challenger's successes"
                ));
            }
            GenreAction::GainGlory { points } => {
                check_points("points", *points)?;
                next.glory = match self.glory.checked_add(*points) {
                    Some(glory) if glory <= GLORY_MAX => glory,
                    _ => {
                        return Err(invalid(
                            "points",
                            format!(
                                "{points} is out of range: the character holds {} of at most {GLORY_MAX} Glory Points, so 0 to {} more",
                                self.glory,
                                GLORY_MAX - self.glory
                            ),
                        ))
                    }
                };
                events.push(format!("{points} Glory Points awarded"));
            }
            GenreAction::NextRound => {
                if next.nut_this_round {
                    next.nut_this_round = false;
                    events.push("Bust A Nut aftermath: -1 die for this round and the next".into());
                } else if t.nut_rounds_left > 0 {
                    t.nut_rounds_left -= 1;
                    events.push(format!(
                        "Bust A Nut aftermath: {} round(s) of -1 die left",
                        t.nut_rounds_left
                    ));
                }
            }
            GenreAction::Rest => {
                t.grunts_since_rest = 0;
                t.nut_rounds_left = 0;
                next.nut_this_round = false;
                events.push("An hour of rest: the Grunt count starts again".into());
            }
            GenreAction::EndAdventure => {
                *t = GenreTrackers::default();
                next.nut_this_round = false;
                events.push("Adventure over: Bust A Nut uses and Grunts start again".into());
            }
        }
        Ok((next, events))
    }
}

fn join(penalties: &[i64]) -> String {
    penalties
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
