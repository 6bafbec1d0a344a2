//! Dealing the universe deck: the table, a participant's part, who is dealt, the order from
//! the cards and the deal itself.

use rollbook_rules::table::universe_deck::{Combatant, Side};
use rollbook_rules::table::universe_fate::UniverseTable;
use rollbook_rules::table::{Event, RulingId};
use uuid::Uuid;

use crate::table::{Outcome, TableContext, TableError};

use super::state::*;
use super::words::*;

impl UniverseEncounter {
    pub(super) fn deck(&self) -> Result<&UniverseTable, TableError> {
        self.table.as_ref().ok_or_else(|| {
            TableError::stage("nobody sits at this table yet; add participants first")
        })
    }

    /// A participant's universe state and name (isolated for a sentence).
    pub(super) fn part(
        &self,
        ctx: &TableContext,
        id: Uuid,
    ) -> Result<(&UniversePart, String), TableError> {
        let seat = ctx.seat(id)?;
        let part = self.parts.get(&id).ok_or_else(|| {
            TableError::invalid(format!("{} has no universe state yet", seat.name()))
        })?;
        Ok((part, seat.name().into_owned()))
    }

    /// Who is dealt a card: every seat, with its side.
    pub(super) fn combatants(&self, ctx: &TableContext) -> Vec<Combatant> {
        ctx.seats
            .iter()
            .map(|s| Combatant {
                id: s.participant.id.to_string(),
                side: self
                    .parts
                    .get(&s.participant.id)
                    .map_or(Side::HostileNpc, |p| p.side),
            })
            .collect()
    }

    /// The encounter's order from the cards: each participant once at their dealt card (a
    /// second entry from a fate card is in the state and the events, not the order); anyone
    /// who joined after the deal comes last, in the order they stand.
    pub fn card_order(&self, ctx: &TableContext) -> Vec<Uuid> {
        let mut order: Vec<Uuid> = Vec::new();
        if let Some(table) = &self.table {
            for dealt in &table.deck.order() {
                if let Ok(id) = Uuid::parse_str(&dealt.combatant) {
                    if ctx.seat(id).is_ok() && !order.contains(&id) {
                        order.push(id);
                    }
                }
            }
        }
        for seat in &ctx.seats {
            if !order.contains(&seat.participant.id) {
                order.push(seat.participant.id);
            }
        }
        order
    }

    /// Deals the encounter's current round.
    pub(super) fn deal(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        let round = ctx.encounter.round;
        let table = self.deck()?;
        if ctx.seats.is_empty() {
            return Ok(Outcome::said(
                self.clone(),
                vec![format!("Round {round}: nobody to deal a card to.")],
            ));
        }
        let combatants = self.combatants(ctx);
        let (table, fate_events) = table
            .deal_round_with(&combatants, ctx.dice)
            .map_err(|refused| TableError::from(named(ctx, refused)))?;
        let mut next = self.clone();
        next.table = Some(table);
        next.dealt_round = round;
        let order = next.card_order(ctx);
        let first = order.first().and_then(|id| ctx.seat(*id).ok());
        let mut events = vec![Event::said(format!(
            "Round {round}: cards dealt; {} acts first.",
            first.map_or("nobody".into(), |s| s.name())
        ))];
        for event in &fate_events {
            events.extend(fate_words(ctx, event, round));
        }
        let any_time: Vec<String> = next
            .deck()?
            .deck
            .dealt
            .iter()
            .filter(|d| d.card.is_joker())
            .map(|d| name_of(ctx, &d.combatant.id))
            .collect();
        if !any_time.is_empty() {
            events.push(Event::said(format!(
                "{} may act any time this round; the deck is reshuffled before the next deal.",
                any_time.join(" and ")
            )));
            events.push(Event::ruling(RulingId::UniverseJokersFirst));
            if any_time.len() > 1 {
                events.push(Event::ruling(RulingId::UniverseTwoJokers));
            }
        }
        events.push(Event::ruling(RulingId::UniverseInitiative));
        Ok(Outcome {
            table: next,
            order: Some(order),
            events,
            rolls: Vec::new(),
        })
    }
}
