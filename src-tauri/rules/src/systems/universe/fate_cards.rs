//! What fate cards are and do (RULES.md section 3, "Fate cards"): a player's hand and limit,
//! who plays a card and for what, what playing it does ([`effect_of`]), and what happens to
//! fate, for the roll log. The table that deals and holds them is `fate`.

use serde::{Deserialize, Serialize};

use super::deck::{Card, DeckEvent};
use crate::error::RulesError;
use crate::table::RulingId;

/// One player's fate: the cards held and whether the character is Lucky.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerFate {
    pub lucky: bool,
    pub cards: Vec<Card>,
}

impl PlayerFate {
    /// How many fate cards this player may hold.
    pub fn limit(&self) -> usize {
        if self.lucky {
            2
        } else {
            1
        }
    }
}

/// Why fate is gained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FateCause {
    NaturalTwenty,
    Joker,
}

/// Who plays a fate card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "holder", content = "id", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Holder {
    Player(String),
    Gm,
}

/// What a fate card is used for (a free action).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "use", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FateUse {
    /// Enter initiative a second time at the card's place, as `combatant`.
    SecondInitiative { combatant: String },
    /// Numbered card: + value to one attack. Face card: +10 to one attack.
    Attack,
    /// Numbered card: + value to AC against one attack. Face card: +10 AC.
    ArmorClass,
    /// Numbered card: + value to one save. Face card: the save succeeds.
    Save,
}

/// What using a card does, for the roll in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", content = "value", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FateEffect {
    SecondInitiative,
    AttackBonus(u8),
    ArmorClassBonus(u8),
    SaveBonus(u8),
    SaveSucceeds,
}

/// What happened to fate, for the roll log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FateEvent {
    Deck(DeckEvent),
    /// A player sat down with the fate cards kept on their sheet.
    Seated {
        player: String,
        kept: Vec<Card>,
    },
    /// A joker came up as a fate draw and went to the discard pile.
    JokerRedrawn {
        card: Card,
        ruling: RulingId,
    },
    Gained {
        holder: Holder,
        card: Card,
        cause: FateCause,
    },
    /// Fate was due but the holder is at the limit; nothing is drawn.
    Forgone {
        holder: Holder,
        reason: String,
    },
    Used {
        holder: Holder,
        card: Card,
        effect: FateEffect,
    },
}

/// What playing `card` for `usage` does (RULES.md: a numbered card adds its value, a face card
/// +10, or makes a save succeed). A joker is never held, so it has no effect.
pub fn effect_of(card: Card, usage: &FateUse) -> Result<FateEffect, RulesError> {
    let rank = match card {
        Card::Suited { rank, .. } => rank,
        Card::Joker(_) => return Err(RulesError::invalid("card", "a joker is never held as fate")),
    };
    let face = rank > 10;
    Ok(match (usage, face) {
        (FateUse::SecondInitiative { .. }, _) => FateEffect::SecondInitiative,
        (FateUse::Attack, false) => FateEffect::AttackBonus(rank),
        (FateUse::Attack, true) => FateEffect::AttackBonus(10),
        (FateUse::ArmorClass, false) => FateEffect::ArmorClassBonus(rank),
        (FateUse::ArmorClass, true) => FateEffect::ArmorClassBonus(10),
        (FateUse::Save, false) => FateEffect::SaveBonus(rank),
        (FateUse::Save, true) => FateEffect::SaveSucceeds,
    })
}

pub(super) fn holder_name(holder: &Holder) -> String {
    match holder {
        Holder::Gm => "the GM".to_string(),
        Holder::Player(id) => id.clone(),
    }
}
