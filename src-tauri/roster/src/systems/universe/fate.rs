//! Fate at the universe table: what a fate event does to the table, a natural 20's fate, who
//! plays a card for a participant and what a card adds.

use rollbook_rules::table::universe_deck::{Card, Side};
use rollbook_rules::table::universe_fate::{FateCause, FateEvent, Holder, UniverseTable};
use rollbook_rules::table::{Event, RulingId};
use uuid::Uuid;

use crate::table::{Outcome, TableContext, TableError};

use super::state::*;
use super::words::*;

impl UniverseEncounter {
    pub(super) fn fate_outcome(
        &self,
        ctx: &TableContext,
        result: Result<(UniverseTable, Vec<FateEvent>), rollbook_rules::RulesError>,
        lead: Option<String>,
    ) -> Result<Outcome<Self>, TableError> {
        let (table, fate_events) = result.map_err(TableError::from)?;
        let mut next = self.clone();
        next.table = Some(table);
        let mut events: Vec<Event> = lead.into_iter().map(Event::said).collect();
        for event in &fate_events {
            events.extend(fate_words(ctx, event, ctx.encounter.round));
        }
        Ok(Outcome::said(next, events))
    }

    pub(super) fn natural_twenty(
        &self,
        ctx: &TableContext,
        id: Uuid,
    ) -> Result<Outcome<Self>, TableError> {
        let (part, name) = self.part(ctx, id)?;
        let table = self.deck()?;
        let holder = if is_pc(ctx, id) {
            Holder::Player(id.to_string())
        } else if part.side == Side::HostileNpc {
            Holder::Gm
        } else {
            return Ok(Outcome::said(
                self.clone(),
                vec![
                    Event::said(format!(
                        "{name} rolled a natural 20; a friendly NPC gains no fate."
                    )),
                    Event::ruling(RulingId::UniverseFriendlyNaturalTwenty),
                ],
            ));
        };
        let mut outcome = self.fate_outcome(
            ctx,
            table.gain_fate_with(holder.clone(), FateCause::NaturalTwenty, ctx.dice),
            Some(format!("{name} rolled a natural 20.")),
        )?;
        if holder == Holder::Gm {
            outcome
                .events
                .push(Event::ruling(RulingId::UniverseHostileNaturalTwenty));
        }
        Ok(outcome)
    }

    /// The fate a natural 20 brings (see [`Self::natural_twenty`]), its events added to
    /// `events` without the "rolled a natural 20" line the roll already says.
    pub(super) fn fate_of_natural_twenty(
        &self,
        ctx: &TableContext,
        id: Uuid,
        events: &mut Vec<Event>,
    ) -> Result<Self, TableError> {
        let gained = self.natural_twenty(ctx, id)?;
        events.extend(gained.events.into_iter().skip(1));
        Ok(gained.table)
    }

    /// Who plays a card for `participant_id` on a roll: the player, or the GM for a hostile NPC
    /// (negative fate); `None` for a friendly NPC.
    pub(super) fn card_holder(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
    ) -> Result<Option<Uuid>, TableError> {
        let (part, name) = self.part(ctx, participant_id)?;
        let seated = self
            .table
            .as_ref()
            .is_some_and(|t| t.players.contains_key(&participant_id.to_string()));
        match (seated, part.side) {
            (true, _) => Ok(Some(participant_id)),
            (false, Side::HostileNpc) => Ok(None),
            _ => Err(TableError::invalid(format!(
                "{name} holds no fate cards and the GM plays none for a friendly NPC"
            ))),
        }
    }

    /// What a card adds to an attack or to AC: a numbered card its value, a face card 10.
    pub(super) fn card_bonus(code: &str) -> Result<i64, TableError> {
        match parse_card(code)? {
            Card::Suited { rank, .. } if rank > 10 => Ok(10),
            Card::Suited { rank, .. } => Ok(i64::from(rank)),
            Card::Joker(_) => Err(TableError::invalid("a joker is never held as fate")),
        }
    }
}
