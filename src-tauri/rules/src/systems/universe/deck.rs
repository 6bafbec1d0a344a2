//! The 54-card Universe deck and card initiative (RULES.md section 3, "Universe deck").
//!
//! Pure state: every action takes the deck and returns a new deck plus the events to log. The
//! shuffles draw from the crate's seeded ChaCha8 [`Tray`], with the seed given by the caller, so a
//! logged action replays the same cards.

use serde::{Deserialize, Serialize};

pub use super::cards::{Card, Suit, DECK_SIZE};
use crate::error::RulesError;
use crate::table::RulingId;
use crate::tray::Tray;

// Its rulings are the `Universe…` ids of `RulingId` (`rulings.rs`), worded there once.

/// Which side a combatant is on; decides what a joker dealt to them does to fate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Side {
    Pc,
    HostileNpc,
    FriendlyNpc,
}

/// Someone in the encounter who is dealt an initiative card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Combatant {
    /// The encounter's id for this combatant (unique within the round).
    pub id: String,
    pub side: Side,
}

/// The card a combatant holds for this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DealtCard {
    pub combatant: Combatant,
    pub card: Card,
}

/// What a joker dealt for initiative does to fate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum JokerFate {
    /// A PC gains positive fate (draws a fate card).
    Positive,
    /// A hostile NPC gives the GM negative fate.
    Negative,
    /// A friendly NPC gains nothing.
    None,
}

/// Why the deck was shuffled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ShuffleReason {
    /// A new deck for a new encounter.
    NewDeck,
    /// A joker was dealt in the round before.
    JokerRound,
    /// The draw pile ran out; the discard pile became the draw pile.
    DrawPileEmpty,
}

/// What happened to the deck, for the roll log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DeckEvent {
    Shuffled {
        reason: ShuffleReason,
        seed: u64,
        cards: usize,
    },
    Dealt {
        round: u32,
        combatant: String,
        card: Card,
    },
    /// A joker was dealt: the combatant acts first and whenever they like; `fate` is what the
    /// table must do next (the fate module draws the card).
    JokerDealt {
        combatant: String,
        fate: JokerFate,
        ruling: RulingId,
    },
}

/// The deck between actions: the draw pile (top is the last element), the discard pile and the
/// cards dealt for the current round. Cards held as fate are outside the deck (see
/// [`UniverseDeck::check`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniverseDeck {
    pub draw: Vec<Card>,
    pub discard: Vec<Card>,
    /// 0 before the first deal.
    pub round: u32,
    pub dealt: Vec<DealtCard>,
}

/// One entry of the initiative order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Turn {
    pub combatant: String,
    pub card: Card,
    /// True for a joker: may act whenever they like during the round.
    pub any_time: bool,
}

/// Shuffles `cards` in place with a Fisher–Yates pass over the tray's dice.
pub(crate) fn shuffle(cards: &mut [Card], tray: &mut Tray) {
    for i in (1..cards.len()).rev() {
        let j = tray.roll(i as u32 + 1) as usize - 1;
        cards.swap(i, j);
    }
}

/// The initiative order of a set of dealt cards: jokers first (in deal order), then Ace high down
/// to 2, equal ranks by suit.
pub fn initiative_order(dealt: &[DealtCard]) -> Vec<Turn> {
    let mut order: Vec<&DealtCard> = dealt.iter().collect();
    // A stable sort keeps two jokers in the order they were dealt.
    order.sort_by_key(|d| d.card.initiative_key());
    order
        .into_iter()
        .map(|d| Turn {
            combatant: d.combatant.id.clone(),
            card: d.card,
            any_time: d.card.is_joker(),
        })
        .collect()
}

impl UniverseDeck {
    /// A full deck, shuffled with `seed`, nothing dealt.
    pub fn new(seed: u64) -> (UniverseDeck, Vec<DeckEvent>) {
        let mut draw = Card::full_deck();
        shuffle(&mut draw, &mut Tray::new(seed));
        let deck = UniverseDeck {
            draw,
            discard: Vec::new(),
            round: 0,
            dealt: Vec::new(),
        };
        let event = DeckEvent::Shuffled {
            reason: ShuffleReason::NewDeck,
            seed,
            cards: DECK_SIZE,
        };
        (deck, vec![event])
    }

    /// True when the current round dealt a joker (the next deal reshuffles).
    pub fn joker_this_round(&self) -> bool {
        self.dealt.iter().any(|d| d.card.is_joker())
    }

    /// The current round's initiative order.
    pub fn order(&self) -> Vec<Turn> {
        initiative_order(&self.dealt)
    }

    /// Every card in the deck's piles and hands (not the fate cards held).
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.draw
            .iter()
            .chain(&self.discard)
            .copied()
            .chain(self.dealt.iter().map(|d| d.card))
    }

    /// Checks that the deck plus the cards `held` as fate are exactly the 54 distinct cards, so a
    /// persisted state read back is refused when it lost or doubled a card.
    pub fn check(&self, held: &[Card]) -> Result<(), RulesError> {
        let mut seen = std::collections::HashSet::new();
        for card in self.cards().chain(held.iter().copied()) {
            if !seen.insert(card) {
                return Err(RulesError::invalid(
                    "deck",
                    format!("the card {card} is in the deck twice"),
                ));
            }
        }
        if seen.len() != DECK_SIZE {
            return Err(RulesError::invalid(
                "deck",
                format!(
                    "the deck holds {} cards; it must hold all {DECK_SIZE}",
                    seen.len()
                ),
            ));
        }
        Ok(())
    }

    /// The tests' shorthand for [`UniverseDeck::deal_round_with`] with the cards drawn.
    #[cfg(test)]
    pub fn deal_round(
        &self,
        combatants: &[Combatant],
        seed: u64,
    ) -> Result<(UniverseDeck, Vec<DeckEvent>), RulesError> {
        self.deal_round_with(combatants, seed, None)
    }

    /// Deals the next round: the last round's cards go to the discard pile (all of the deck is
    /// shuffled first if that round dealt a joker), then one card per combatant. `seed` drives any
    /// shuffle this needs. The cards are dealt from a real deck when `typed` gives
    /// them: one code per combatant, in their order (`AS`, `10H`, `JK` for either joker). Each
    /// must be a card the tracked deck could deal now, from its draw pile (the discard pile
    /// shuffled in once that runs out); else it is refused at `cards[i]`, saying where it is.
    pub fn deal_round_with(
        &self,
        combatants: &[Combatant],
        seed: u64,
        typed: Option<&[String]>,
    ) -> Result<(UniverseDeck, Vec<DeckEvent>), RulesError> {
        check_combatants(combatants)?;
        if let Some(codes) = typed.filter(|codes| codes.len() != combatants.len()) {
            return Err(RulesError::invalid(
                "cards",
                format!(
                    "type one card for each of the {} combatants, in turn order ({} typed)",
                    combatants.len(),
                    codes.len()
                ),
            ));
        }
        // Every card not held as fate can be dealt (the last round's come back first).
        let dealable = self.draw.len() + self.discard.len() + self.dealt.len();
        if combatants.len() > dealable {
            return Err(RulesError::invalid(
                "combatants",
                format!(
                    "{} combatants but only {dealable} cards can be dealt ({} are held as fate); \
                     take some out of the encounter or play their fate cards",
                    combatants.len(),
                    DECK_SIZE - dealable
                ),
            ));
        }
        let mut next = self.clone();
        let mut events = Vec::new();
        let mut tray = Tray::new(seed);
        let joker_round = self.joker_this_round();
        next.discard.extend(next.dealt.drain(..).map(|d| d.card));
        if joker_round {
            next.discard.append(&mut next.draw);
            next.reshuffle_discard(&mut tray, seed, ShuffleReason::JokerRound, &mut events);
        }
        next.round += 1;
        for (i, combatant) in combatants.iter().enumerate() {
            let card = match typed {
                Some(codes) => next.take_typed(&codes[i], i, &mut tray, seed, &mut events)?,
                None => next.draw_card(&mut tray, seed, &mut events)?,
            };
            events.push(DeckEvent::Dealt {
                round: next.round,
                combatant: combatant.id.clone(),
                card,
            });
            if card.is_joker() {
                events.push(joker_event(combatant));
            }
            next.dealt.push(DealtCard {
                combatant: combatant.clone(),
                card,
            });
        }
        Ok((next, events))
    }

    /// Puts a card that left the deck (a fate card used or given up) on the discard pile.
    pub fn return_card(&mut self, card: Card) {
        self.discard.push(card);
    }

    /// Takes the top card, shuffling the discard pile in first when the draw pile is empty.
    pub(crate) fn draw_card(
        &mut self,
        tray: &mut Tray,
        seed: u64,
        events: &mut Vec<DeckEvent>,
    ) -> Result<Card, RulesError> {
        if self.draw.is_empty() {
            self.reshuffle_discard(tray, seed, ShuffleReason::DrawPileEmpty, events);
        }
        self.draw.pop().ok_or_else(|| {
            RulesError::invalid(
                "deck",
                "no card is left to draw: every card is dealt or held as fate",
            )
        })
    }

    /// Takes the card `code` typed for the `i`th combatant out of the draw pile (shuffling the
    /// discard pile in first when the draw pile is empty, as a draw would).
    pub(crate) fn take_typed(
        &mut self,
        code: &str,
        i: usize,
        tray: &mut Tray,
        seed: u64,
        events: &mut Vec<DeckEvent>,
    ) -> Result<Card, RulesError> {
        let field = format!("cards[{i}]");
        let code = code.trim().to_uppercase();
        let wanted = if code == "JK" {
            None
        } else {
            Some(Card::parse(&code).map_err(|_| {
                RulesError::invalid(
                    &field,
                    format!(
                        "\"{code}\" is not a card: the rank (A, 2..10, J, Q, K) then the suit \
                         (S, H, D, C), e.g. AS or 10H, or JK for a joker"
                    ),
                )
            })?)
        };
        let fits = |card: &Card| wanted.map_or(card.is_joker(), |w| *card == w);
        if self.draw.is_empty() {
            self.reshuffle_discard(tray, seed, ShuffleReason::DrawPileEmpty, events);
        }
        if let Some(at) = self.draw.iter().position(fits) {
            return Ok(self.draw.remove(at));
        }
        // Who holds it is said by the combatant's id: the caller knows their names.
        let where_ = if let Some(d) = self.dealt.iter().find(|d| fits(&d.card)) {
            format!("is dealt already this round (to {})", d.combatant.id)
        } else if self.discard.iter().any(fits) {
            "is in the discard pile: it was dealt in an earlier round, and the deck is shuffled \
             again only when its draw pile runs out or after a joker"
                .to_string()
        } else {
            "is held as a fate card, out of the deck".to_string()
        };
        let message = if code == "JK" {
            format!("no joker is left in the draw pile (one {where_})")
        } else {
            format!("{code} {where_}")
        };
        Err(RulesError::invalid(field, message))
    }

    /// Shuffles the discard pile under the (empty or emptied) draw pile.
    fn reshuffle_discard(
        &mut self,
        tray: &mut Tray,
        seed: u64,
        reason: ShuffleReason,
        events: &mut Vec<DeckEvent>,
    ) {
        let mut pile = std::mem::take(&mut self.discard);
        shuffle(&mut pile, tray);
        pile.append(&mut self.draw);
        self.draw = pile;
        events.push(DeckEvent::Shuffled {
            reason,
            seed,
            cards: self.draw.len(),
        });
    }
}

fn joker_event(combatant: &Combatant) -> DeckEvent {
    let (fate, ruling) = match combatant.side {
        Side::Pc => (JokerFate::Positive, RulingId::UniverseJokerToPc),
        Side::HostileNpc => (JokerFate::Negative, RulingId::UniverseJokerToHostileNpc),
        Side::FriendlyNpc => (JokerFate::None, RulingId::UniverseJokerToFriendlyNpc),
    };
    DeckEvent::JokerDealt {
        combatant: combatant.id.clone(),
        fate,
        ruling,
    }
}

fn check_combatants(combatants: &[Combatant]) -> Result<(), RulesError> {
    if combatants.is_empty() {
        return Err(RulesError::invalid(
            "combatants",
            "deal to at least one combatant",
        ));
    }
    let mut ids = std::collections::HashSet::new();
    for c in combatants {
        if c.id.trim().is_empty() {
            return Err(RulesError::invalid(
                "combatants",
                "every combatant needs an id",
            ));
        }
        if !ids.insert(c.id.as_str()) {
            return Err(RulesError::invalid(
                "combatants",
                format!("\"{}\" is listed twice; deal each combatant one card", c.id),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "deck_tests.rs"]
mod tests;
