//! Fate cards of the Universe system (RULES.md section 3, "Fate cards"), on top of the deck.
//!
//! Fate cards come out of the same 54-card deck as initiative, so this state owns the deck: the
//! players' held cards, the GM's negative fate pool and the cards played as a second initiative
//! entry are all outside the deck's piles, and [`UniverseTable::check`] proves none is lost.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::deck::{Card, Combatant, DealtCard, DeckEvent, JokerFate, Turn, UniverseDeck};
use super::fate_cards::holder_name;
pub use super::fate_cards::{
    effect_of, FateCause, FateEffect, FateEvent, FateUse, Holder, PlayerFate,
};
use crate::error::{plain_serde_message, RulesError};
use crate::table::MoveDice;
use crate::table::RulingId;
use crate::tray::Tray;

// Its rulings are the `Universe…Fate…` ids of `RulingId` (`rulings.rs`), worded there once.

/// The deck plus every fate card out of it, the state persisted for a `universe` encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniverseTable {
    pub deck: UniverseDeck,
    /// Keyed by the player's combatant id.
    pub players: IndexMap<String, PlayerFate>,
    /// The GM's negative fate pool.
    pub gm: Vec<Card>,
    /// Fate cards played this round as a second initiative entry (discarded at the next deal).
    pub second_entries: Vec<DealtCard>,
}

impl UniverseTable {
    /// How many negative fate cards the GM may hold: one per player seated.
    pub fn gm_limit(&self) -> usize {
        self.players.len()
    }

    /// A table for `players` (id, Lucky, the fate cards kept on the sheet), the deck shuffled with
    /// `seed` and the kept cards taken out of it.
    pub fn new(
        players: &[(String, bool, Vec<Card>)],
        seed: u64,
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        let (deck, deck_events) = UniverseDeck::new(seed);
        let mut table = UniverseTable {
            deck,
            players: IndexMap::new(),
            gm: Vec::new(),
            second_entries: Vec::new(),
        };
        let mut events: Vec<FateEvent> = deck_events.into_iter().map(FateEvent::Deck).collect();
        for (id, lucky, kept) in players {
            let (next, seated) = table.seat_player(id, *lucky, kept)?;
            table = next;
            events.extend(seated);
        }
        Ok((table, events))
    }

    /// Seats a player (at the start or joining mid-encounter) with the fate cards kept on their
    /// sheet; the kept cards come out of the deck's draw or discard pile.
    pub fn seat_player(
        &self,
        id: &str,
        lucky: bool,
        kept: &[Card],
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        let field = || format!("players.{id}.fate");
        if id.trim().is_empty() {
            return Err(RulesError::invalid("players", "every player needs an id"));
        }
        if self.players.contains_key(id) {
            return Err(RulesError::invalid(
                "players",
                format!("\"{id}\" is seated twice"),
            ));
        }
        let fate = PlayerFate {
            lucky,
            cards: kept.to_vec(),
        };
        if kept.len() > fate.limit() {
            return Err(RulesError::invalid(
                field(),
                format!(
                    "{id} keeps {} fate cards; a player keeps at most one, two when Lucky",
                    kept.len()
                ),
            ));
        }
        let mut next = self.clone();
        for card in kept {
            if card.is_joker() {
                return Err(RulesError::invalid(
                    field(),
                    format!("{card} is a joker; a joker is never kept as fate"),
                ));
            }
            let deck = &mut next.deck;
            if let Some(at) = deck.draw.iter().position(|c| c == card) {
                deck.draw.remove(at);
            } else if let Some(at) = deck.discard.iter().position(|c| c == card) {
                deck.discard.remove(at);
            } else {
                return Err(RulesError::invalid(
                    field(),
                    format!("{card} is already dealt or held; the deck holds each card once"),
                ));
            }
        }
        next.players.insert(id.to_string(), fate);
        let event = FateEvent::Seated {
            player: id.to_string(),
            kept: kept.to_vec(),
        };
        Ok((next, vec![event]))
    }

    /// The fate cards `id` keeps, as the sheet's `fate` codes (FORMAT.md), to save at the end of
    /// the session.
    pub fn kept_codes(&self, id: &str) -> Result<Vec<String>, RulesError> {
        let fate = self.players.get(id).ok_or_else(|| not_seated(id))?;
        Ok(fate.cards.iter().map(Card::to_string).collect())
    }

    /// Reads a persisted table back, refusing one that lost or doubled a card or holds past a
    /// limit.
    pub fn from_json(text: &str) -> Result<UniverseTable, RulesError> {
        let table: UniverseTable = serde_json::from_str(text)
            .map_err(|e| RulesError::malformed(plain_serde_message(&e.to_string())))?;
        table.check()?;
        Ok(table)
    }

    /// Every card held outside the deck's piles.
    pub fn held(&self) -> Vec<Card> {
        let players = self.players.values().flat_map(|p| p.cards.iter().copied());
        let entries = self.second_entries.iter().map(|d| d.card);
        players
            .chain(self.gm.iter().copied())
            .chain(entries)
            .collect()
    }

    /// Checks the 54 cards are all there exactly once and every holding is within its limit.
    pub fn check(&self) -> Result<(), RulesError> {
        self.deck.check(&self.held())?;
        for (id, fate) in &self.players {
            if fate.cards.len() > fate.limit() {
                return Err(RulesError::invalid(
                    format!("players.{id}.fate"),
                    format!("{id} holds more fate cards than allowed"),
                ));
            }
        }
        if self.gm.len() > self.gm_limit() {
            return Err(RulesError::invalid(
                "gm",
                "the GM holds more negative fate cards than there are players",
            ));
        }
        Ok(())
    }

    /// The tests' shorthand for [`UniverseTable::deal_round_with`] with the cards drawn.
    #[cfg(test)]
    pub fn deal_round(
        &self,
        combatants: &[Combatant],
        seed: u64,
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        self.deal_round_with(combatants, &MoveDice::seeded(seed))
    }

    /// Deals the next initiative round and draws the fate its jokers grant (a PC's joker to that
    /// player if seated, a hostile NPC's to the GM). Last round's second entries are discarded.
    /// `dice` gives the seed of the shuffles and draws, or the cards from a real deck: the deal's
    /// ([`UniverseDeck::deal_round_with`]) and then each fate card its jokers draw
    /// ([`MoveDice::typed_fate_card`]), so the app's deck and the table's never part.
    pub fn deal_round_with(
        &self,
        combatants: &[Combatant],
        dice: &MoveDice,
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        let seed = dice.seed();
        let ids: Vec<String> = combatants.iter().map(|c| c.id.clone()).collect();
        let typed = dice.cards_for(&ids);
        let mut next = self.clone();
        for entry in next.second_entries.drain(..) {
            next.deck.return_card(entry.card);
        }
        let (deck, deck_events) = next.deck.deal_round_with(combatants, seed, typed)?;
        next.deck = deck;
        let mut events = Vec::new();
        // Fate draws use their own stream so they never change the cards dealt.
        let mut tray = Tray::new(seed ^ FATE_STREAM);
        for event in deck_events {
            let grant = match &event {
                DeckEvent::JokerDealt {
                    combatant,
                    fate: JokerFate::Positive,
                    ..
                } => Some(Holder::Player(combatant.clone())),
                DeckEvent::JokerDealt {
                    fate: JokerFate::Negative,
                    ..
                } => Some(Holder::Gm),
                _ => None,
            };
            events.push(FateEvent::Deck(event));
            if let Some(Holder::Player(id)) = &grant {
                if !next.players.contains_key(id) {
                    let reason = format!("{id} is not seated as a player, so no fate is drawn");
                    let holder = Holder::Player(id.clone());
                    events.push(FateEvent::Forgone { holder, reason });
                    continue;
                }
            }
            if let Some(holder) = grant {
                next.gain(holder, FateCause::Joker, &mut tray, dice, &mut events)?;
            }
        }
        Ok((next, events))
    }

    /// `holder` gains fate (a player's natural 20 or joker; the GM's from a hostile joker),
    /// the card drawn by the app from `seed`.
    pub fn gain_fate(
        &self,
        holder: Holder,
        cause: FateCause,
        seed: u64,
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        self.gain_fate_with(holder, cause, &MoveDice::seeded(seed))
    }

    /// [`UniverseTable::gain_fate`] with the move's `dice`: the card is typed when the table
    /// plays by hand ([`MoveDice::typed_fate_card`]), else drawn from their seed.
    pub fn gain_fate_with(
        &self,
        holder: Holder,
        cause: FateCause,
        dice: &MoveDice,
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        let mut next = self.clone();
        let mut events = Vec::new();
        next.gain(
            holder,
            cause,
            &mut Tray::new(dice.seed()),
            dice,
            &mut events,
        )?;
        Ok((next, events))
    }

    /// `holder` plays `card` for `usage`; the card goes to the discard pile (or into this round's
    /// initiative, for a second entry).
    pub fn use_card(
        &self,
        holder: Holder,
        card: Card,
        usage: FateUse,
    ) -> Result<(UniverseTable, Vec<FateEvent>), RulesError> {
        let mut next = self.clone();
        let effect = effect_of(card, &usage)?;
        let hand = next.hand_mut(&holder)?;
        let Some(at) = hand.iter().position(|c| *c == card) else {
            return Err(RulesError::invalid(
                "card",
                format!("{} does not hold {card}", holder_name(&holder)),
            ));
        };
        hand.remove(at);
        match usage {
            FateUse::SecondInitiative { combatant } => {
                let Some(dealt) = next.deck.dealt.iter().find(|d| d.combatant.id == combatant)
                else {
                    return Err(RulesError::invalid(
                        "combatant",
                        format!("{combatant} has no initiative card this round; deal first"),
                    ));
                };
                let combatant = dealt.combatant.clone();
                next.second_entries.push(DealtCard { combatant, card });
            }
            _ => next.deck.return_card(card),
        }
        let event = FateEvent::Used {
            holder,
            card,
            effect,
        };
        Ok((next, vec![event]))
    }

    /// The round's initiative order with the fate cards played as second entries; a second entry
    /// wins ties on rank.
    pub fn order(&self) -> Vec<Turn> {
        let mut all: Vec<(bool, &DealtCard)> = self.deck.dealt.iter().map(|d| (false, d)).collect();
        all.extend(self.second_entries.iter().map(|d| (true, d)));
        all.sort_by_key(|(second, d)| {
            let (joker, rank, suit) = d.card.initiative_key();
            (joker, rank, !second, suit)
        });
        all.into_iter()
            .map(|(_, d)| Turn {
                combatant: d.combatant.id.clone(),
                card: d.card,
                any_time: d.card.is_joker(),
            })
            .collect()
    }

    fn hand_mut(&mut self, holder: &Holder) -> Result<&mut Vec<Card>, RulesError> {
        match holder {
            Holder::Gm => Ok(&mut self.gm),
            Holder::Player(id) => self
                .players
                .get_mut(id)
                .map(|p| &mut p.cards)
                .ok_or_else(|| not_seated(id)),
        }
    }

    fn gain(
        &mut self,
        holder: Holder,
        cause: FateCause,
        tray: &mut Tray,
        dice: &MoveDice,
        events: &mut Vec<FateEvent>,
    ) -> Result<(), RulesError> {
        let (held, limit) = match &holder {
            Holder::Gm => (self.gm.len(), self.gm_limit()),
            Holder::Player(id) => {
                let fate = self.players.get(id).ok_or_else(|| not_seated(id))?;
                (fate.cards.len(), fate.limit())
            }
        };
        if held >= limit {
            let reason = match &holder {
                Holder::Gm => "the GM holds one negative fate card per player already".to_string(),
                Holder::Player(id) if limit == 2 => format!("{id} is Lucky and holds two already"),
                Holder::Player(id) => format!("{id} holds a fate card already"),
            };
            events.push(FateEvent::Forgone { holder, reason });
            return Ok(());
        }
        let in_piles = self.deck.draw.iter().chain(&self.deck.discard);
        if in_piles.filter(|c| !c.is_joker()).count() == 0 {
            // A big table can hold every card; the round must still go on.
            events.push(FateEvent::Forgone {
                holder,
                reason: format!(
                    "no card is left to draw ({})",
                    RulingId::UniverseFateForgone.text()
                ),
            });
            return Ok(());
        }
        let card = self.draw_fate(&holder, tray, dice, events)?;
        self.hand_mut(&holder)?.push(card);
        events.push(FateEvent::Gained {
            holder,
            card,
            cause,
        });
        Ok(())
    }

    /// Draws a non-joker card for `holder` (typed from a real deck when `dice` has it); a joker
    /// goes to the discard pile and the draw is repeated.
    fn draw_fate(
        &mut self,
        holder: &Holder,
        tray: &mut Tray,
        dice: &MoveDice,
        events: &mut Vec<FateEvent>,
    ) -> Result<Card, RulesError> {
        let seed = dice.seed();
        let key = match holder {
            Holder::Gm => "gm",
            Holder::Player(id) => id.as_str(),
        };
        let in_piles = self.deck.draw.iter().chain(&self.deck.discard);
        if in_piles.filter(|c| !c.is_joker()).count() == 0 {
            return Err(RulesError::invalid(
                "deck",
                "no card is left to draw as fate: every card is dealt or held",
            ));
        }
        // Once the app draws (a seeded move, or a stand-in for a card not typed yet), a joker
        // it draws is redrawn by the app too: a stand-in's joker is no card the table drew, so
        // it must not ask for one more card to be typed.
        let mut typed = true;
        loop {
            let mut deck_events = Vec::new();
            let card = match typed.then(|| dice.typed_fate_card(key)).flatten() {
                Some((code, at)) => {
                    self.deck
                        .take_typed(&code, at, tray, seed, &mut deck_events)?
                }
                None => {
                    typed = false;
                    self.deck.draw_card(tray, seed, &mut deck_events)?
                }
            };
            events.extend(deck_events.into_iter().map(FateEvent::Deck));
            if !card.is_joker() {
                return Ok(card);
            }
            self.deck.return_card(card);
            events.push(FateEvent::JokerRedrawn {
                card,
                ruling: RulingId::UniverseJokerAsFate,
            });
        }
    }
}

/// Mixed into the deal's seed for fate draws made during a deal.
const FATE_STREAM: u64 = 0x5eed_fa7e;

fn not_seated(id: &str) -> RulesError {
    RulesError::invalid(
        "player",
        format!("{id} is not a player at this table; seat them first"),
    )
}

#[cfg(test)]
#[path = "fate_tests.rs"]
mod tests;
