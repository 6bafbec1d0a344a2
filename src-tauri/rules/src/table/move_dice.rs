//! The dice of one table move. The app rolls them from a seed, each roll of the move on its own
//! stream (so a roll added to a move never changes the dice of the others), or they were rolled
//! at the table and typed in: then the move's rolls read them in turn, in the order a seeded
//! move's rolls list their `dice`, and the move is refused unless every face was read and each
//! was a face of its die. Either way the same roll code runs, so the same faces make the same
//! move.
//!
//! What is not dice (the initiative and fate decks' shuffles) always comes from the seed.

use std::cell::{Cell, RefCell};

use crate::answer::Rolled;
use crate::die_asked::DieAsked;
use crate::house_rules::HouseRules;
use crate::request::RollRequest;
use crate::tray::{refuse_bad_faces, Tray};
use crate::{RollResult, RulesError, MAX_PORTABLE_SEED};

/// Where a move's dice come from (see the module's documentation).
#[derive(Debug)]
pub struct MoveDice {
    seed: u64,
    hand: Option<RefCell<Hand>>,
    /// Every face read so far, whoever rolled it.
    read: RefCell<Vec<u32>>,
    /// The cards from a real deck, read in turn: the deal's (one per combatant, in their
    /// order), then each fate card the move draws (RULES.md's last section: when the table plays
    /// by hand, every card the app would draw is typed too).
    cards: Option<Vec<String>>,
    /// How many of `cards` were read.
    cards_read: Cell<usize>,
    /// The combatants a deal of this move dealt to (whose cards are typed in by hand).
    dealt_to: RefCell<Vec<String>>,
    /// Who drew each fate card while cards are typed (a player's id, or `gm`), in order.
    fate_drawn: RefCell<Vec<String>>,
    /// How many of those draws the cards typed did not cover: still to be typed.
    fate_missing: Cell<usize>,
}

/// The faces typed in for a move and what its rolls have read of them so far.
#[derive(Debug)]
struct Hand {
    faces: Vec<u32>,
    /// Every die read, in order; past the faces given, the dice still needed.
    asked: Vec<DieAsked>,
    /// The first face that was not a face of its die: (place, face, sides).
    impossible: Option<(usize, u32, u32)>,
}

impl MoveDice {
    /// The app rolls, from `seed`.
    pub fn seeded(seed: u64) -> Self {
        Self {
            seed,
            hand: None,
            read: RefCell::default(),
            cards: None,
            cards_read: Cell::new(0),
            dealt_to: RefCell::default(),
            fate_drawn: RefCell::default(),
            fate_missing: Cell::new(0),
        }
    }

    /// Dice rolled at the table: `faces` in the order the move reads them. `seed` still
    /// shuffles what is not dice (cards).
    pub fn by_hand(faces: Vec<u32>, seed: u64) -> Self {
        let hand = Hand {
            faces,
            asked: Vec::new(),
            impossible: None,
        };
        Self {
            seed,
            hand: Some(RefCell::new(hand)),
            read: RefCell::default(),
            cards: None,
            cards_read: Cell::new(0),
            dealt_to: RefCell::default(),
            fate_drawn: RefCell::default(),
            fate_missing: Cell::new(0),
        }
    }

    /// The same dice, with the initiative cards dealt from a real deck (`AS`, `10H`, `JK`), one
    /// per combatant of the move's deal in their order, instead of the app's shuffle.
    pub fn with_cards(mut self, cards: Option<Vec<String>>) -> Self {
        self.cards = cards;
        self
    }

    /// For a deal to `combatants` (their ids, in order): the cards typed in for it, if any (at
    /// most one each: the cards after them are fate cards). Remembers who was dealt to, for
    /// [`MoveDice::dealt_to`].
    pub fn cards_for(&self, combatants: &[String]) -> Option<&[String]> {
        self.dealt_to.borrow_mut().extend_from_slice(combatants);
        let cards = self.cards.as_deref()?;
        let from = self.cards_read.get().min(cards.len());
        let to = (from + combatants.len()).min(cards.len());
        self.cards_read.set(to);
        Some(&cards[from..to])
    }

    /// Whether the move's cards come from a real deck: cards were typed for it, or its dice
    /// were rolled at the table (then a fate card it draws is typed too).
    fn cards_typed(&self) -> bool {
        self.cards.is_some() || self.is_by_hand()
    }

    /// The next card typed for a fate card `holder` draws (a player's id, or `gm`), with its
    /// place in the cards typed; `None` when the app draws it — a seeded move with no cards
    /// typed, or when the cards typed ran out: then the card is counted as missing (the move is
    /// refused by [`MoveDice::finish`], and the window asks for it) and the app's draw stands in
    /// so the rest of the move can still be worked out.
    pub fn typed_fate_card(&self, holder: &str) -> Option<(String, usize)> {
        if !self.cards_typed() {
            return None;
        }
        self.fate_drawn.borrow_mut().push(holder.to_string());
        let at = self.cards_read.get();
        match self.cards.as_deref().and_then(|cards| cards.get(at)) {
            Some(code) => {
                self.cards_read.set(at + 1);
                Some((code.clone(), at))
            }
            None => {
                self.fate_missing.set(self.fate_missing.get() + 1);
                None
            }
        }
    }

    /// Who drew each fate card while cards are typed (ids, `gm` for the GM), in the order their
    /// cards are typed after the deal's.
    pub fn fate_drawn(&self) -> Vec<String> {
        self.fate_drawn.borrow().clone()
    }

    /// Who the move's deal dealt a card to (empty when it dealt none).
    pub fn dealt_to(&self) -> Vec<String> {
        self.dealt_to.borrow().clone()
    }

    /// The move's seed: what a seeded move is logged with, and what shuffles cards.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether the dice were rolled at the table.
    pub fn is_by_hand(&self) -> bool {
        self.hand.is_some()
    }

    /// The seed of the move's `n`th stream of dice: `seed + n`, kept within the portable seeds.
    pub fn stream(&self, n: u64) -> u64 {
        self.seed.wrapping_add(n) & MAX_PORTABLE_SEED
    }

    /// Rolls `request` under `house` with the move's `n`th stream (or the next faces typed in).
    pub fn roll(
        &self,
        request: &RollRequest,
        house: &HouseRules,
        n: u64,
    ) -> Result<RollResult, RulesError> {
        house.validate()?;
        request.validate(house)?;
        let (faces, rolled) = self.with_tray(n, |tray| request.make_roll(house, tray));
        Ok(self.result_of(rolled?, faces, n))
    }

    /// Makes a roll with `make` on the move's `n`th stream (or the next faces typed in), for
    /// rolls whose request was checked already and that read something more than the result.
    pub(crate) fn roll_made<T>(
        &self,
        n: u64,
        make: impl FnOnce(&mut Tray) -> (Rolled, T),
    ) -> (RollResult, T) {
        let (faces, (rolled, more)) = self.with_tray(n, make);
        (self.result_of(rolled, faces, n), more)
    }

    /// The result of a roll made on the move's `n`th stream (or by hand) with these faces.
    fn result_of(&self, rolled: Rolled, faces: Vec<u32>, n: u64) -> RollResult {
        let seed = if self.is_by_hand() { 0 } else { self.stream(n) };
        let mut result = crate::tray::result_of_faces(rolled, faces, seed);
        result.by_hand = self.is_by_hand();
        result
    }

    /// Runs `use_dice` with a tray of the move's `n`th stream, or one that reads the next faces
    /// typed in. Answers every face it read too.
    pub(crate) fn with_tray<T>(
        &self,
        n: u64,
        use_dice: impl FnOnce(&mut Tray) -> T,
    ) -> (Vec<u32>, T) {
        let (faces, answer) = self.tray_of(n, use_dice);
        self.read.borrow_mut().extend_from_slice(&faces);
        (faces, answer)
    }

    fn tray_of<T>(&self, n: u64, use_dice: impl FnOnce(&mut Tray) -> T) -> (Vec<u32>, T) {
        let Some(hand) = &self.hand else {
            let mut tray = Tray::new(self.stream(n));
            let answer = use_dice(&mut tray);
            return (tray.into_faces(), answer);
        };
        let mut hand = hand.borrow_mut();
        let start = hand.asked.len();
        let rest = hand.faces.get(start..).unwrap_or_default().to_vec();
        let mut tray = Tray::by_hand(rest);
        let answer = use_dice(&mut tray);
        if let (None, Some((place, face, sides))) = (hand.impossible, tray.impossible()) {
            hand.impossible = Some((start + place, face, sides));
        }
        hand.asked.extend_from_slice(tray.asked());
        (tray.into_faces(), answer)
    }

    /// Every face the move read so far, in order (typed back, they make the same move).
    pub fn faces_read(&self) -> Vec<u32> {
        self.read.borrow().clone()
    }

    /// The dice read so far (past the faces given, the fewest still needed: a missing face reads
    /// as a 1, which never earns another die) and how many faces were given. Empty for a seeded
    /// move.
    pub fn asked(&self) -> (Vec<DieAsked>, usize) {
        self.hand.as_ref().map_or((Vec::new(), 0), |hand| {
            let hand = hand.borrow();
            let given = hand.faces.len();
            (crate::dice::still_asked(&hand.asked, given), given)
        })
    }

    /// For dice by hand, once the move is made: every face was read and each was a face of its
    /// die; else the refusal (`invalid_request` at `dice[i]`, `dice_missing`, `dice_left_over`).
    /// Always `Ok` for a seeded move.
    pub fn finish(&self) -> Result<(), RulesError> {
        if let Some(hand) = &self.hand {
            let hand = hand.borrow();
            refuse_bad_faces(hand.faces.len(), &hand.asked, hand.impossible)?;
        }
        let read = self.cards_read.get();
        if let Some(cards) = &self.cards {
            if read == 0 && self.dealt_to.borrow().is_empty() && self.fate_drawn.borrow().is_empty()
            {
                return Err(RulesError::invalid(
                    "cards",
                    "this action deals no initiative cards and draws no fate card",
                ));
            }
            if read < cards.len() {
                return Err(RulesError::invalid(
                    format!("cards[{read}]"),
                    format!(
                        "{} is one card more than this action deals and draws ({read} {})",
                        cards[read],
                        if read == 1 { "card" } else { "cards" }
                    ),
                ));
            }
        }
        let wanted = self.fate_missing.get();
        if wanted > 0 {
            return Err(RulesError::CardsMissing {
                given: read,
                wanted,
            });
        }
        Ok(())
    }
}
