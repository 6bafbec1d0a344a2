//! `genre` at the table: each participant's Glory Points and trackers (Grunt penalties, Bust A
//! Nut), taken from the sheet when they join; action rolls with the running state's modifiers
//! written into the request; Glory on both sides; rest and end-of-adventure resets; one of Bust
//! A Nut's rounds of -1 die spent at each new round.

use indexmap::IndexMap;
use rollbook_rules::table::genre_state::{
    ActionPlan, GenreAction, GenreCharacter, GenreState, GenreTrackers, QUICK_NPC,
};
use rollbook_rules::table::{ranges, Event, RulingId};
use rollbook_rules::RollRequest;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::sheet::Sheet;
use crate::table::{seated_parts, Outcome, SystemRules, TableContext, TableError, TableRoll};

/// One participant's running state and what of the sheet the rules read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GenrePart {
    pub character: GenreCharacter,
    pub state: GenreState,
}

/// Every participant's part, by participant id.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GenreEncounter {
    pub parts: IndexMap<Uuid, GenrePart>,
}

/// A `genre` move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum GenreMove {
    /// An action roll: `request` is a genre `action` request (from the sheet's rolls); the
    /// plan's Grunt, Bust A Nut and Glory and the pending penalties are written into it.
    Act {
        participant_id: Uuid,
        #[serde(default)]
        plan: ActionPlan,
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        request: Value,
        /// The label of the character's sheet roll the request was taken from. A sheet roll
        /// already carries the saved sheet's Grunt penalty and Bust A Nut die; the table keeps
        /// its own trackers, so it takes those back out before adding its modifiers.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        roll: Option<String>,
    },
    /// As the opposing side, Glory spent to negate the challenger's successes.
    SpendOpposingGlory { participant_id: Uuid, points: i64 },
    /// The GM awards Glory Points.
    GainGlory { participant_id: Uuid, points: i64 },
    /// An hour of rest for everyone in the encounter.
    Rest,
    /// The adventure ends for everyone in the encounter.
    EndAdventure,
    /// A quick NPC's level and Stamina (a stored character's come from its sheet).
    SetStats {
        participant_id: Uuid,
        level: i64,
        stamina: i64,
    },
}

impl GenreEncounter {
    fn part(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
    ) -> Result<(&GenrePart, String), TableError> {
        let seat = ctx.seat(participant_id)?;
        let part = self.parts.get(&participant_id).ok_or_else(|| {
            TableError::invalid(format!("{} has no genre state yet", seat.name()))
        })?;
        Ok((part, seat.name().into_owned()))
    }

    /// `action` for one participant, its events prefixed with the name.
    fn act_on(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        action: &GenreAction,
    ) -> Result<(GenreEncounter, Vec<String>), TableError> {
        let (part, name) = self.part(ctx, participant_id)?;
        let (state, events) = part
            .state
            .apply(&part.character, action)
            .map_err(|e| TableError::invalid(format!("{name}: {e}")))?;
        let mut next = self.clone();
        next.parts[&participant_id].state = state;
        Ok((
            next,
            events.into_iter().map(|e| format!("{name}: {e}")).collect(),
        ))
    }

    /// The request an action roll makes: the sheet's request with the running state's modifiers.
    fn action_request(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        plan: &ActionPlan,
        request: &Value,
        roll: Option<&str>,
    ) -> Result<RollRequest, TableError> {
        TableError::check_range(&ranges::GENRE_GRUNT, plan.grunt)?;
        let (part, name) = self.part(ctx, participant_id)?;
        let mut fields = match request {
            Value::Object(fields)
                if fields.get("system") == Some(&Value::from("genre"))
                    && fields.get("roll") == Some(&Value::from("action")) =>
            {
                fields.clone()
            }
            _ => {
                return Err(TableError::invalid(
                    "an action roll needs a genre \"action\" roll request",
                ))
            }
        };
        if let Some(label) = roll {
            without_saved_trackers(ctx, participant_id, label, &mut fields)?;
        }
        let modifiers = part
            .state
            .modifiers(&part.character, plan)
            .map_err(|e| TableError::invalid(format!("{name}: {e}")))?;
        modifiers.apply(&mut fields);
        rollbook_rules::request_from_value(Value::Object(fields)).map_err(TableError::from)
    }

    /// Everyone's part after `action`.
    fn act_on_all(
        &self,
        ctx: &TableContext,
        action: &GenreAction,
    ) -> Result<Outcome<Self>, TableError> {
        let mut next = self.clone();
        let mut events = Vec::new();
        for seat in &ctx.seats {
            let (table, said) = next.act_on(ctx, seat.participant.id, action)?;
            next = table;
            events.extend(said);
        }
        Ok(Outcome::said(next, events))
    }
}

/// Takes out of a sheet roll's request (`fields`) the dice and modifier the saved sheet's
/// trackers put in it (a Bust A Nut's -1 die, the next Grunt penalty): the table's own trackers
/// are added instead.
fn without_saved_trackers(
    ctx: &TableContext,
    participant_id: Uuid,
    label: &str,
    fields: &mut serde_json::Map<String, Value>,
) -> Result<(), TableError> {
    let seat = ctx.seat(participant_id)?;
    let name = seat.name();
    let Some(Sheet::Genre(sheet)) = seat.sheet() else {
        return Err(TableError::invalid(format!(
            "{name} has no genre sheet to take \"{label}\" from; send the request alone"
        )));
    };
    let untracked = Sheet::Genre(crate::sheet::GenreSheet {
        trackers: Default::default(),
        ..sheet.clone()
    });
    let saved = Sheet::Genre(sheet.clone()).rolls(ctx.house_rules);
    let clean = untracked.rolls(ctx.house_rules);
    let find = |rolls: &[crate::SheetRoll]| {
        rolls
            .iter()
            .find(|r| r.label == label)
            .map(|r| r.request.clone())
            .ok_or_else(|| {
                TableError::invalid(format!("{name}'s sheet has no roll named \"{label}\""))
            })
    };
    let (saved, clean) = (find(&saved)?, find(&clean)?);
    for field in ["dice", "modifier"] {
        let of = |v: &Value| v.get(field).and_then(Value::as_i64).unwrap_or(0);
        let given = fields.get(field).and_then(Value::as_i64).unwrap_or(0);
        fields.insert(field.into(), (given + of(&clean) - of(&saved)).into());
    }
    Ok(())
}

/// A part from the sheet: its level, Stamina, Glory and trackers as saved.
fn part_from(sheet: Option<&Sheet>) -> GenrePart {
    match sheet {
        Some(Sheet::Genre(s)) => GenrePart {
            character: GenreCharacter {
                level: s.level,
                stamina: s.attributes.get("Stamina").copied().unwrap_or(0),
            },
            state: GenreState {
                glory: s.glory,
                trackers: GenreTrackers {
                    grunt_penalties: s.trackers.grunt_penalties.clone(),
                    grunts_since_rest: s.trackers.grunts_since_rest,
                    nuts_used: s.trackers.nuts_used,
                    nut_rounds_left: s.trackers.nut_rounds_left,
                },
                // The sheet has no place for a nut this round: its -1 rounds count as under way.
                nut_this_round: false,
            },
        },
        _ => GenrePart {
            character: QUICK_NPC,
            state: GenreState::default(),
        },
    }
}

impl SystemRules for GenreEncounter {
    type Move = GenreMove;

    fn empty(_system: crate::model::System) -> Self {
        GenreEncounter::default()
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        let parts = seated_parts(&self.parts, ctx, |seat| part_from(seat.sheet()));
        Ok(GenreEncounter { parts })
    }

    fn apply(&self, action: &GenreMove, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        match action {
            GenreMove::Act {
                participant_id,
                plan,
                request,
                roll,
            } => {
                let request =
                    self.action_request(ctx, *participant_id, plan, request, roll.as_deref())?;
                let result = ctx
                    .dice
                    .roll(&request, ctx.house_rules, 0)
                    .map_err(TableError::from)?;
                let (next, said) =
                    self.act_on(ctx, *participant_id, &GenreAction::Act { plan: *plan })?;
                let name = ctx.seat(*participant_id)?.name();
                let mut events = vec![Event::roll_detail(format!(
                    "{name} rolled: {}",
                    result.detail
                ))];
                events.extend(said.into_iter().map(Event::said));
                if plan.bust_a_nut {
                    events.push(Event::ruling(RulingId::GenreNutTiming));
                }
                let (part, _) = self.part(ctx, *participant_id)?;
                if plan.patience && !part.state.trackers.grunt_penalties.is_empty() {
                    events.push(Event::ruling(RulingId::GenrePenaltiesSpent));
                }
                Ok(Outcome {
                    table: next,
                    order: None,
                    events,
                    rolls: vec![TableRoll {
                        participant_id: Some(*participant_id),
                        request,
                        result,
                    }],
                })
            }
            GenreMove::SpendOpposingGlory {
                participant_id,
                points,
            } => {
                TableError::check_range(&ranges::GENRE_GLORY_SPENT, *points)?;
                let action = GenreAction::SpendOpposingGlory { points: *points };
                let (next, events) = self.act_on(ctx, *participant_id, &action)?;
                Ok(Outcome::said(next, events))
            }
            GenreMove::GainGlory {
                participant_id,
                points,
            } => {
                TableError::check_range(&ranges::GENRE_GLORY_GAINED, *points)?;
                let action = GenreAction::GainGlory { points: *points };
                let (next, events) = self.act_on(ctx, *participant_id, &action)?;
                Ok(Outcome::said(next, events))
            }
            GenreMove::Rest => {
                let mut outcome = self.act_on_all(ctx, &GenreAction::Rest)?;
                outcome
                    .events
                    .push(Event::ruling(RulingId::GenreRestEndsNut));
                outcome
                    .events
                    .push(Event::ruling(RulingId::GenrePenaltiesSpent));
                Ok(outcome)
            }
            GenreMove::EndAdventure => {
                let mut outcome = self.act_on_all(ctx, &GenreAction::EndAdventure)?;
                outcome
                    .events
                    .push(Event::ruling(RulingId::GenreEndAdventure));
                Ok(outcome)
            }
            GenreMove::SetStats {
                participant_id,
                level,
                stamina,
            } => {
                let seat = ctx.seat(*participant_id)?;
                if seat.character.is_some() {
                    return Err(TableError::invalid(format!(
                        "{}'s level and Stamina come from the sheet; change them there",
                        seat.name()
                    )));
                }
                TableError::check_range(&ranges::GENRE_NPC_LEVEL, *level)?;
                TableError::check_range(&ranges::GENRE_NPC_STAMINA, *stamina)?;
                let mut next = self.clone();
                let (part, name) = self.part(ctx, *participant_id)?;
                let mut part = part.clone();
                part.character = GenreCharacter {
                    level: *level,
                    stamina: *stamina,
                };
                next.parts.insert(*participant_id, part);
                Ok(Outcome::said(
                    next,
                    vec![format!("{name}: level {level}, Stamina {stamina}")],
                ))
            }
        }
    }

    fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        self.act_on_all(ctx, &GenreAction::NextRound)
    }

    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        ctx.seats
            .iter()
            .filter(|seat| seat.character.is_some())
            .filter_map(|seat| {
                let part = self.parts.get(&seat.participant.id)?;
                let mut fields = serde_json::Map::new();
                fields.insert("glory".into(), part.state.glory.into());
                fields.insert(
                    "trackers".into(),
                    serde_json::to_value(&part.state.trackers).ok()?,
                );
                Some((seat.participant.id, fields))
            })
            .collect()
    }

    fn preview(
        &self,
        action: &GenreMove,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match action {
            GenreMove::Act {
                participant_id,
                plan,
                request,
                roll,
            } => self
                .action_request(ctx, *participant_id, plan, request, roll.as_deref())
                .map(Some),
            _ => Ok(None),
        }
    }
}
