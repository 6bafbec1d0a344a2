//! The universe table in words: cards, fate events, names, and the sheet lookups the moves share.

use rollbook_rules::table::universe_deck::{Card, DeckEvent, ShuffleReason, Suit};
use rollbook_rules::table::universe_fate::{FateCause, FateEffect, FateEvent, Holder};
use rollbook_rules::table::{Event, RulingId};
use uuid::Uuid;

use crate::table::{TableContext, TableError};

use crate::model::CharacterKind;
use crate::sheet::{Sheet, UniverseSheet};

/// "the Queen of hearts (QH)", "a joker (JK1)".
pub fn card_words(card: Card) -> String {
    match card {
        Card::Joker(_) => format!("a joker ({card})"),
        Card::Suited { rank, suit } => {
            let rank = match rank {
                1 => "Ace".to_string(),
                11 => "Jack".to_string(),
                12 => "Queen".to_string(),
                13 => "King".to_string(),
                n => n.to_string(),
            };
            let suit = match suit {
                Suit::Spades => "spades",
                Suit::Hearts => "hearts",
                Suit::Diamonds => "diamonds",
                Suit::Clubs => "clubs",
            };
            format!("the {rank} of {suit} ({card})")
        }
    }
}

pub(super) fn parse_card(code: &str) -> Result<Card, TableError> {
    Card::parse(code.trim()).map_err(TableError::from)
}

pub(super) fn universe_sheet<'a>(ctx: &'a TableContext, id: Uuid) -> Option<&'a UniverseSheet> {
    match ctx.seat(id).ok()?.sheet() {
        Some(Sheet::Universe(s)) => Some(s),
        _ => None,
    }
}

pub(super) fn is_pc(ctx: &TableContext, id: Uuid) -> bool {
    ctx.seat(id)
        .ok()
        .and_then(|s| s.character)
        .is_some_and(|c| c.kind == CharacterKind::Pc)
}

/// The name of the participant with id `id`, isolated for a sentence.
pub(super) fn name_of(ctx: &TableContext, id: &str) -> String {
    Uuid::parse_str(id)
        .ok()
        .and_then(|id| ctx.seat(id).ok())
        .map(|s| s.name().into_owned())
        .unwrap_or_else(|| "someone who left".to_string())
}

/// The rules' refusal with every combatant's id (the deck knows no names: "3C is dealt
/// already this round (to <id>)") put as the participant's name.
pub(super) fn named(
    ctx: &TableContext,
    refused: rollbook_rules::RulesError,
) -> rollbook_rules::RulesError {
    match refused {
        rollbook_rules::RulesError::Invalid { field, mut message } => {
            for seat in &ctx.seats {
                let id = seat.participant.id.to_string();
                if message.contains(&id) {
                    message = message.replace(&id, &seat.name());
                }
            }
            rollbook_rules::RulesError::Invalid { field, message }
        }
        other => other,
    }
}

pub(super) fn holder_words(ctx: &TableContext, holder: &Holder) -> String {
    match holder {
        Holder::Gm => "The GM".to_string(),
        Holder::Player(id) => name_of(ctx, id),
    }
}

pub(super) fn skill_level(sheet: &UniverseSheet, skill: &str) -> i64 {
    sheet
        .skills
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(skill))
        .map_or(0, |s| s.level)
}

/// A fate event in words.
pub(super) fn fate_words(ctx: &TableContext, event: &FateEvent, round: u32) -> Vec<Event> {
    match event {
        FateEvent::Deck(DeckEvent::Shuffled { reason, cards, .. }) => match reason {
            ShuffleReason::NewDeck => vec![Event::said(format!("A new deck of {cards} cards was shuffled."))],
            ShuffleReason::JokerRound => vec![
                Event::said("The deck was reshuffled: a joker was dealt last round."),
                Event::ruling(RulingId::UniverseJokerReshuffle),
            ],
            ShuffleReason::DrawPileEmpty => vec![
                Event::said(format!("The draw pile ran out; the discard pile was shuffled into a new one of {cards} cards.")),
                Event::ruling(RulingId::UniverseDrawPileEmpty),
            ],
        },
        FateEvent::Deck(DeckEvent::Dealt { combatant, card, .. }) => {
            let any_time = if card.is_joker() { ": acts any time this round" } else { "" };
            vec![Event::said(format!(
                "Round {round}: {} is dealt {}{any_time}.",
                name_of(ctx, combatant),
                card_words(*card)
            ))]
        }
        FateEvent::Deck(DeckEvent::JokerDealt { ruling, .. }) => vec![Event::ruling(*ruling)],
        FateEvent::Seated { player, kept } if !kept.is_empty() => vec![Event::said(format!(
            "{} sits down with fate kept from last session: {}.",
            name_of(ctx, player),
            kept.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
        ))],
        FateEvent::Seated { .. } => Vec::new(),
        FateEvent::JokerRedrawn { card, ruling } => vec![
            Event::said(format!("{} came up as fate and went back; another card was drawn.", card_words(*card))),
            Event::ruling(*ruling),
        ],
        FateEvent::Gained { holder, card, cause } => {
            let why = match cause {
                FateCause::NaturalTwenty => "a natural 20",
                FateCause::Joker => "a joker",
            };
            let what = match holder {
                Holder::Gm => "negative fate",
                Holder::Player(_) => "a fate card",
            };
            vec![Event::said(format!(
                "{} gains {what} for {why}: {}.",
                holder_words(ctx, holder),
                card_words(*card)
            ))]
        }
        FateEvent::Forgone { holder, reason } => {
            let reason = match holder {
                Holder::Player(id) => reason.replace(id.as_str(), &name_of(ctx, id)),
                Holder::Gm => reason.clone(),
            };
            vec![Event::said(format!("No fate drawn: {reason}."))]
        }
        FateEvent::Used { holder, card, effect } => {
            let effect = match effect {
                FateEffect::SecondInitiative => "enters initiative a second time at its place (winning ties)".to_string(),
                FateEffect::AttackBonus(n) => format!("+{n} to one attack"),
                FateEffect::ArmorClassBonus(n) => format!("+{n} AC against one attack"),
                FateEffect::SaveBonus(n) => format!("+{n} to one save"),
                FateEffect::SaveSucceeds => "the save succeeds".to_string(),
            };
            vec![Event::said(format!(
                "{} plays {}: {effect}.",
                holder_words(ctx, holder),
                card_words(*card)
            ))]
        }
    }
}
