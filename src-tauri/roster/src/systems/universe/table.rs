//! `universe` at the table: card initiative from the 54-card Universe deck, fate cards (PCs
//! seated as players with Lucky and the cards kept on their sheet, the GM's negative pool), saves
//! with hp/Sanity augmentation, sudden takedown, group stealth and a foot chase of 2d4 rounds.
//!
//! The deck is shuffled (with that action's seed) the first time someone sits at the table.
//! The first round is dealt by the `deal` move when combat starts; every later round is dealt by
//! the new-round hook, so the encounter's order always follows the cards.

use indexmap::IndexMap;
use rollbook_rules::table::universe_deck::{Card, Side};
use rollbook_rules::table::universe_fate::UniverseTable;
use rollbook_rules::table::universe_moves::chase_length;
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::RollRequest;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::table::track::Adjustment;
use crate::table::{Outcome, SystemRules, TableContext, TableError};

use super::state::*;
use super::words::*;

impl SystemRules for UniverseEncounter {
    type Move = UniverseMove;

    fn empty(_system: crate::model::System) -> Self {
        Self::default()
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        let mut next = self.clone();
        if next.table.is_none() {
            if ctx.seats.is_empty() {
                return Ok(next);
            }
            let (table, _) = UniverseTable::new(&[], ctx.dice.seed()).map_err(TableError::from)?;
            next.table = Some(table);
        }
        let mut table = next.table.take().expect("made above");
        let here: Vec<String> = ctx
            .seats
            .iter()
            .map(|s| s.participant.id.to_string())
            .collect();
        let gone: Vec<String> = table
            .players
            .keys()
            .filter(|id| !here.contains(id))
            .cloned()
            .collect();
        for id in gone {
            table = table.unseat_player(&id).0;
        }
        let mut parts = IndexMap::new();
        for seat in &ctx.seats {
            let id = seat.participant.id;
            let mut part = match self.parts.get(&id) {
                Some(part) => {
                    parts.insert(id, part.clone());
                    continue;
                }
                None => part_from(ctx, id),
            };
            if part.side == Side::Pc {
                let sheet = universe_sheet(ctx, id);
                let lucky = sheet.is_some_and(|s| s.lucky);
                let mut kept = Vec::new();
                let mut refused: Vec<String> = Vec::new();
                let codes: Vec<String> = sheet.map(|s| s.fate.clone()).unwrap_or_default();
                for code in codes {
                    match Card::parse(&code) {
                        Ok(card) if in_piles(&table, card) => kept.push(card),
                        _ => refused.push(code),
                    }
                }
                kept.truncate(if lucky { 2 } else { 1 });
                if !refused.is_empty() {
                    part.note = Some(format!(
                        "fate on the sheet not brought to the table ({}): the card is held or dealt already",
                        refused.join(", ")
                    ));
                }
                table = table
                    .seat_player(&id.to_string(), lucky, &kept)
                    .map_err(TableError::from)?
                    .0;
            }
            parts.insert(id, part);
        }
        next.table = Some(table);
        next.parts = parts;
        if let Some(chase) = &mut next.chase {
            chase.participant_ids.retain(|id| ctx.seat(*id).is_ok());
        }
        if next
            .pending_save
            .as_ref()
            .is_some_and(|p| ctx.seat(p.participant_id).is_err())
        {
            next.pending_save = None;
        }
        Ok(next)
    }

    fn apply(
        &self,
        action: &UniverseMove,
        ctx: &TableContext,
    ) -> Result<Outcome<Self>, TableError> {
        match action {
            UniverseMove::Deal => {
                if let Some(bar) = self.deal_bar(ctx.encounter.round, !ctx.seats.is_empty()) {
                    return Err(bar.refusal());
                }
                self.deal(ctx)
            }
            UniverseMove::SetSide {
                participant_id,
                side,
            } => {
                let (_, name) = self.part(ctx, *participant_id)?;
                if is_pc(ctx, *participant_id) || *side == Side::Pc {
                    return Err(TableError::invalid(format!(
                        "{name}: only an NPC changes sides (hostile or friendly); a PC is a stored character of kind PC"
                    )));
                }
                let mut next = self.clone();
                next.parts[participant_id].side = *side;
                let words = if *side == Side::FriendlyNpc {
                    "friendly"
                } else {
                    "hostile"
                };
                Ok(Outcome::said(
                    next,
                    vec![
                        Event::said(format!("{name} is now a {words} NPC.")),
                        Event::ruling(RulingId::UniverseJokerFate),
                    ],
                ))
            }
            UniverseMove::NaturalTwenty { participant_id } => {
                self.natural_twenty(ctx, *participant_id)
            }
            UniverseMove::UseFate {
                participant_id,
                card,
                usage,
                combatant_id,
            } => self.use_fate(ctx, *participant_id, card, *usage, *combatant_id),
            UniverseMove::Save {
                participant_id,
                save,
                dc,
                before,
                fate_card,
            } => self.save(
                ctx,
                *participant_id,
                *save,
                *dc,
                *before,
                fate_card.as_deref(),
            ),
            UniverseMove::AugmentAfter { participant_id } => {
                self.augment_after(ctx, *participant_id)
            }
            UniverseMove::Attack {
                attacker_id,
                target_id,
                ac,
                advantage,
                fate_card,
                target_fate_card,
            } => self.attack(
                ctx,
                *attacker_id,
                *target_id,
                *ac,
                *advantage,
                [fate_card.as_deref(), target_fate_card.as_deref()],
            ),
            UniverseMove::SuddenTakedown {
                attacker_id,
                target_id,
                nonlethal,
            } => {
                let request = self.takedown_request(ctx, *attacker_id, *target_id)?;
                let (roll, detail) = self.rolled(ctx, *target_id, request)?;
                let (_, attacker) = self.part(ctx, *attacker_id)?;
                let (_, target) = self.part(ctx, *target_id)?;
                let mut next = self.clone();
                let mut events = vec![Event::roll_detail(format!(
                    "Sudden takedown by {attacker}: {target}'s Physical save at minus {attacker}'s combat skill: {detail}"
                ))];
                if roll.result.outcome == "fate" {
                    events.push(Event::said(format!(
                        "{target} rolled a natural 20 and survives the takedown."
                    )));
                    next = next.fate_of_natural_twenty(ctx, *target_id, &mut events)?;
                } else if roll.result.success {
                    events.push(Event::said(format!("{target} survives the takedown.")));
                } else {
                    let state = if *nonlethal { "unconscious" } else { "dead" };
                    next.parts[target_id].condition = Some(state.to_string());
                    events.push(Event::said(format!("{target} is {state}.")));
                }
                events.push(Event::ruling(RulingId::UniverseSuddenTakedown));
                Ok(Outcome {
                    table: next,
                    order: None,
                    events,
                    rolls: vec![roll],
                })
            }
            UniverseMove::GroupStealth {
                leader_id,
                member_ids,
                difficulty,
            } => {
                let request = self.stealth_request(ctx, *leader_id, member_ids, *difficulty)?;
                let (roll, detail) = self.rolled(ctx, *leader_id, request)?;
                let (_, leader) = self.part(ctx, *leader_id)?;
                let verdict = if roll.result.success {
                    "the group stays hidden"
                } else {
                    "the group is spotted"
                };
                Ok(Outcome {
                    table: self.clone(),
                    order: None,
                    events: vec![Event::roll_detail(format!(
                        "Group stealth led by {leader}: {detail} — {verdict}."
                    ))],
                    rolls: vec![roll],
                })
            }
            UniverseMove::StartChase { participant_ids } => {
                if self.chase.is_some() {
                    return Err(TableError::stage("a foot chase is under way; end it first"));
                }
                if participant_ids.len() < 2 {
                    return Err(TableError::invalid(
                        "a foot chase needs at least two participants",
                    ));
                }
                let mut names = Vec::new();
                for id in participant_ids {
                    names.push(self.part(ctx, *id)?.1);
                }
                let length = chase_length(ctx.dice);
                let mut next = self.clone();
                next.chase = Some(Chase {
                    length,
                    rounds_left: length.rounds,
                    participant_ids: participant_ids.clone(),
                    rounds: Vec::new(),
                });
                Ok(Outcome::said(
                    next,
                    vec![
                        Event::said(format!(
                            "Foot chase ({}): 2d4 = {} + {} = {} rounds, this one the first.",
                            names.join(", "),
                            length.dice[0],
                            length.dice[1],
                            length.rounds
                        )),
                        Event::said("Each round: opposed Athletics, 2d6 + Athletics + floor(move in feet / 10); the higher total may attack or try to trip."),
                        Event::ruling(RulingId::UniverseChaseTies),
                    ],
                ))
            }
            UniverseMove::ChaseRound {
                first_id,
                second_id,
                first_move_feet,
                second_move_feet,
            } => self.chase_round(
                ctx,
                [*first_id, *second_id],
                [*first_move_feet, *second_move_feet],
            ),
            UniverseMove::Adjust(Adjustment {
                participant_id,
                track,
                by,
                to,
            }) => self.adjust(ctx, *participant_id, *track, *by, *to),
            UniverseMove::Damage {
                participant_id,
                points,
            } => self.damage(ctx, *participant_id, *points),
            UniverseMove::EndChase => {
                if self.chase.is_none() {
                    return Err(TableError::stage("no foot chase is under way"));
                }
                let mut next = self.clone();
                next.chase = None;
                Ok(Outcome::said(
                    next,
                    vec!["The foot chase ends.".to_string()],
                ))
            }
        }
    }

    fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        let mut base = self.clone();
        base.pending_save = None;
        let mut chase_events = Vec::new();
        if let Some(chase) = &mut base.chase {
            chase.rounds_left = chase.rounds_left.saturating_sub(1);
            if chase.rounds_left == 0 {
                base.chase = None;
                chase_events.push(Event::said(
                    "The foot chase is over: its rounds have run out.",
                ));
            } else {
                chase_events.push(Event::said(format!(
                    "Foot chase: {} of {} rounds left.",
                    chase.rounds_left, chase.length.rounds
                )));
            }
        }
        let mut outcome = if base.table.is_none() || ctx.seats.is_empty() {
            Outcome::said(base, Vec::<Event>::new())
        } else {
            base.deal(ctx)?
        };
        outcome.events.extend(chase_events);
        Ok(outcome)
    }

    /// hp and Sanity as they stand at the table (within the sheet's max), and for a PC the fate
    /// cards held, as the sheet's codes, to keep for the next session.
    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        ctx.seats
            .iter()
            .filter_map(|seat| {
                let id = seat.participant.id;
                let sheet = universe_sheet(ctx, id)?;
                let part = self.parts.get(&id)?;
                let mut fields = serde_json::Map::new();
                let track =
                    |current: i64, max: i64| json!({"current": current.clamp(0, max), "max": max});
                fields.insert("hp".into(), track(part.hp, sheet.hp.max));
                fields.insert("sanity".into(), track(part.sanity, sheet.sanity.max));
                if let Some(codes) = self
                    .table
                    .as_ref()
                    .and_then(|t| t.kept_codes(&id.to_string()).ok())
                {
                    fields.insert("fate".into(), json!(codes));
                }
                Some((id, fields))
            })
            .collect()
    }

    fn preview(
        &self,
        action: &UniverseMove,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match action {
            UniverseMove::Save {
                participant_id,
                save,
                dc,
                before,
                fate_card,
            } => {
                let bonus = match fate_card.as_deref().map(parse_card).transpose()? {
                    Some(Card::Suited { rank, .. }) if rank <= 10 => i64::from(rank),
                    _ => 0,
                };
                self.save_request(ctx, *participant_id, *save, *dc, *before, bonus)
                    .map(Some)
            }
            UniverseMove::Attack {
                attacker_id,
                target_id,
                ac,
                advantage,
                fate_card,
                target_fate_card,
            } => self
                .attack_request(
                    ctx,
                    *attacker_id,
                    *target_id,
                    *ac,
                    *advantage,
                    [fate_card.as_deref(), target_fate_card.as_deref()],
                )
                .map(Some),
            UniverseMove::SuddenTakedown {
                attacker_id,
                target_id,
                ..
            } => self
                .takedown_request(ctx, *attacker_id, *target_id)
                .map(Some),
            UniverseMove::GroupStealth {
                leader_id,
                member_ids,
                difficulty,
            } => self
                .stealth_request(ctx, *leader_id, member_ids, *difficulty)
                .map(Some),
            _ => Ok(None),
        }
    }
}
