//! The cards of the Universe deck (RULES.md section 3, "Universe deck"): 52 and two jokers,
//! their codes (FORMAT.md) and the order initiative reads them in.

use std::cmp::Reverse;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::RulesError;

/// How many cards the Universe deck holds: 52 plus two jokers.
pub const DECK_SIZE: usize = 54;

/// A card suit, in tie-breaking order: spades beat hearts beat diamonds beat clubs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }
}

/// One card of the Universe deck. Written as the roster format's codes (FORMAT.md: rank then suit,
/// `A`, `2`..`10`, `J`, `Q`, `K` and `S`, `H`, `D`, `C`, e.g. `QH`); the two jokers are `JK1` and
/// `JK2` (they never appear on a sheet: a joker drawn as fate is redrawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub enum Card {
    /// `rank` is 1 (Ace) to 13 (King).
    Suited { rank: u8, suit: Suit },
    /// Joker 1 or 2.
    Joker(u8),
}

impl Card {
    /// A suited card; `rank` 1 (Ace) to 13 (King).
    pub fn suited(rank: u8, suit: Suit) -> Result<Card, RulesError> {
        if !(1..=13).contains(&rank) {
            return Err(RulesError::invalid(
                "card",
                format!("rank {rank} is not a card rank (1 = Ace up to 13 = King)"),
            ));
        }
        Ok(Card::Suited { rank, suit })
    }

    /// Every card of a full deck, in a fixed (unshuffled) order.
    pub fn full_deck() -> Vec<Card> {
        let mut cards: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=13).map(move |rank| Card::Suited { rank, suit }))
            .collect();
        cards.extend([Card::Joker(1), Card::Joker(2)]);
        cards
    }

    /// Reads a card code (`QH`, `10S`, `AC`, `JK1`); the error says what a code looks like.
    pub fn parse(code: &str) -> Result<Card, RulesError> {
        let bad = || {
            RulesError::invalid(
                "card",
                format!(
                    "\"{code}\" is not a card: write the rank (A, 2..10, J, Q, K) then the suit \
                     (S, H, D, C), e.g. QH, or JK1 / JK2 for a joker"
                ),
            )
        };
        match code {
            "JK1" => return Ok(Card::Joker(1)),
            "JK2" => return Ok(Card::Joker(2)),
            _ => {}
        }
        let suit_char = code.chars().last().ok_or_else(bad)?;
        let suit = match suit_char {
            'S' => Suit::Spades,
            'H' => Suit::Hearts,
            'D' => Suit::Diamonds,
            'C' => Suit::Clubs,
            _ => return Err(bad()),
        };
        let rank = match &code[..code.len() - suit_char.len_utf8()] {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            number => match number.parse::<u8>() {
                Ok(n) if (2..=10).contains(&n) && !number.starts_with('0') => n,
                _ => return Err(bad()),
            },
        };
        Ok(Card::Suited { rank, suit })
    }

    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker(_))
    }

    /// The sort key of initiative: jokers first, then Ace (high) down to 2, then suit. Smaller
    /// keys act earlier.
    pub(crate) fn initiative_key(self) -> (u8, Reverse<u8>, Reverse<Suit>) {
        match self {
            Card::Joker(_) => (0, Reverse(0), Reverse(Suit::Spades)),
            Card::Suited { rank, suit } => {
                let high = if rank == 1 { 14 } else { rank };
                (1, Reverse(high), Reverse(suit))
            }
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::Joker(n) => write!(f, "JK{n}"),
            Card::Suited { rank, suit } => {
                let rank = match rank {
                    1 => "A".to_string(),
                    11 => "J".to_string(),
                    12 => "Q".to_string(),
                    13 => "K".to_string(),
                    n => n.to_string(),
                };
                write!(f, "{rank}{}", suit.letter())
            }
        }
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

impl TryFrom<String> for Card {
    type Error = RulesError;
    fn try_from(code: String) -> Result<Card, RulesError> {
        Card::parse(&code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(code: &str) -> Card {
        Card::parse(code).unwrap()
    }

    #[test]
    fn card_codes_read_and_write_back() {
        for c in Card::full_deck() {
            assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
        }
        assert_eq!(
            card("QH"),
            Card::Suited {
                rank: 12,
                suit: Suit::Hearts
            }
        );
        assert_eq!(
            card("10S"),
            Card::Suited {
                rank: 10,
                suit: Suit::Spades
            }
        );
        assert_eq!(
            card("AC"),
            Card::Suited {
                rank: 1,
                suit: Suit::Clubs
            }
        );
        for bad in ["", "1S", "11H", "010S", "QX", "qh", "JK3", "Q"] {
            let err = Card::parse(bad).unwrap_err().to_string();
            assert!(err.contains("is not a card"), "{bad}: {err}");
        }
        assert_eq!(serde_json::to_string(&card("10D")).unwrap(), "\"10D\"");
        assert!(serde_json::from_str::<Card>("\"ZZ\"").is_err());
    }

    #[test]
    fn full_deck_is_54_distinct_cards() {
        let cards = Card::full_deck();
        assert_eq!(cards.len(), DECK_SIZE);
        let distinct: std::collections::HashSet<_> = cards.iter().collect();
        assert_eq!(distinct.len(), DECK_SIZE);
        assert_eq!(cards.iter().filter(|c| c.is_joker()).count(), 2);
    }
}
