//! What the Universe table still needed for a running encounter: a player leaving (their fate
//! cards back to the deck) and the length of a foot chase (RULES.md section 3, "Foot chase").

use serde::{Deserialize, Serialize};

use super::fate::UniverseTable;
use crate::table::MoveDice;

// Its ruling (a leaving player's fate) is `RulingId::UniverseLeaverFate` (`rulings.rs`).

impl UniverseTable {
    /// Unseats a player who left: their fate cards go to the discard pile, and the GM's pool is
    /// cut to the new player count. Returns the table and the cards put back. An id not seated
    /// changes nothing.
    pub fn unseat_player(&self, id: &str) -> (UniverseTable, Vec<super::deck::Card>) {
        let mut next = self.clone();
        let mut returned = Vec::new();
        if let Some(fate) = next.players.shift_remove(id) {
            returned.extend(fate.cards);
        }
        while next.gm.len() > next.gm_limit() {
            if let Some(card) = next.gm.pop() {
                returned.push(card);
            }
        }
        for card in &returned {
            next.deck.return_card(*card);
        }
        (next, returned)
    }
}

/// A foot chase's length: 2d4 rounds, the two faces in the order rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChaseLength {
    pub dice: [u8; 2],
    pub rounds: u8,
}

/// A runner's move in feet when the chase round does not say (the sheet holds no move).
pub const DEFAULT_MOVE_FEET: i64 = 30;

/// A runner's Athletics bonus in a chase round: Athletics level + floor(move in feet / 10)
/// (RULES.md section 3, "Foot chase").
pub fn chase_athletics(level: i64, move_feet: i64) -> i64 {
    level + move_feet.div_euclid(10)
}

/// Which of two runners wins a chase round by their Athletics totals: the higher; a tie wins
/// nothing (`RulingId::UniverseChaseTies`).
pub fn chase_winner(totals: [i64; 2]) -> Option<usize> {
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Rolls a foot chase's 2d4 rounds with the move's `dice`.
pub fn chase_length(dice: &MoveDice) -> ChaseLength {
    let (_, dice) = dice.with_tray(0, |tray| {
        tray.aim("Chase length");
        [tray.roll(4) as u8, tray.roll(4) as u8]
    });
    ChaseLength {
        dice,
        rounds: dice[0] + dice[1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::universe_deck::Card;

    fn card(code: &str) -> Card {
        Card::parse(code).unwrap()
    }

    #[test]
    fn a_runner_adds_a_tenth_of_their_move_and_ties_win_nothing() {
        assert_eq!(chase_athletics(2, 30), 5);
        assert_eq!(chase_athletics(0, 39), 3);
        assert_eq!(chase_athletics(1, 0), 1);
        assert_eq!(chase_winner([12, 9]), Some(0));
        assert_eq!(chase_winner([9, 12]), Some(1));
        assert_eq!(chase_winner([10, 10]), None);
    }

    #[test]
    fn a_leaving_player_returns_their_cards_and_trims_the_gm_pool() {
        let players = vec![
            ("a".to_string(), true, vec![card("QH"), card("2C")]),
            ("b".to_string(), false, vec![]),
        ];
        let (mut table, _) = UniverseTable::new(&players, 7).unwrap();
        let gm_card = table.deck.draw.pop().unwrap();
        let gm_second = table.deck.draw.pop().unwrap();
        table.gm = vec![gm_card, gm_second];
        table.check().unwrap();
        let (next, returned) = table.unseat_player("a");
        assert!(!next.players.contains_key("a"));
        assert_eq!(next.gm, vec![gm_card]);
        assert_eq!(returned, vec![card("QH"), card("2C"), gm_second]);
        assert!(next.deck.discard.ends_with(&returned));
        next.check().unwrap();
        let (same, none) = next.unseat_player("nobody");
        assert_eq!(same, next);
        assert!(none.is_empty());
    }

    #[test]
    fn a_chase_lasts_two_to_eight_rounds_and_repeats_with_its_seed() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..400 {
            let chase = chase_length(&MoveDice::seeded(seed));
            assert!(chase.dice.iter().all(|d| (1..=4).contains(d)));
            assert_eq!(chase.rounds, chase.dice[0] + chase.dice[1]);
            assert_eq!(chase, chase_length(&MoveDice::seeded(seed)));
            seen.insert(chase.rounds);
        }
        assert_eq!(seen, (2..=8).collect());
    }
}
