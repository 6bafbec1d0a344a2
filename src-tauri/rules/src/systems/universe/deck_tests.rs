use super::*;
use proptest::prelude::*;

fn card(code: &str) -> Card {
    Card::parse(code).unwrap()
}

fn pc(id: &str) -> Combatant {
    Combatant {
        id: id.to_string(),
        side: Side::Pc,
    }
}

fn npc(id: &str) -> Combatant {
    Combatant {
        id: id.to_string(),
        side: Side::HostileNpc,
    }
}

/// A deck whose draw pile deals `top` first (in that order), the rest of the deck under them.
fn stacked(top: &[&str]) -> UniverseDeck {
    let top: Vec<Card> = top.iter().map(|c| card(c)).collect();
    let mut draw: Vec<Card> = Card::full_deck()
        .into_iter()
        .filter(|c| !top.contains(c))
        .collect();
    draw.extend(top.iter().rev());
    UniverseDeck {
        draw,
        discard: Vec::new(),
        round: 0,
        dealt: Vec::new(),
    }
}

fn order_ids(deck: &UniverseDeck) -> Vec<String> {
    deck.order().into_iter().map(|t| t.combatant).collect()
}

#[test]
fn order_runs_jokers_then_ace_high_then_suit() {
    // Worked by hand from RULES.md: the joker first, Ace above every number, 10S before 10H
    // (spades > hearts), 2D last.
    let deck = stacked(&["10H", "10S", "AC", "2D", "JK1"]);
    let names = ["ann", "bob", "cid", "dee", "eve"];
    let people: Vec<Combatant> = names.iter().map(|n| pc(n)).collect();
    let (deck, _) = deck.deal_round(&people, 1).unwrap();
    assert_eq!(order_ids(&deck), ["eve", "cid", "bob", "ann", "dee"]);
    let order = deck.order();
    assert!(order[0].any_time);
    assert!(order[1..].iter().all(|t| !t.any_time));
}

#[test]
fn equal_ranks_break_spades_hearts_diamonds_clubs() {
    let deck = stacked(&["7C", "7D", "7H", "7S", "KC"]);
    let people: Vec<Combatant> = ["c", "d", "h", "s", "k"].iter().map(|n| pc(n)).collect();
    let (deck, _) = deck.deal_round(&people, 1).unwrap();
    assert_eq!(order_ids(&deck), ["k", "s", "h", "d", "c"]);
}

#[test]
fn two_jokers_act_in_deal_order() {
    let deck = stacked(&["JK2", "AS", "JK1"]);
    let (deck, _) = deck
        .deal_round(&[pc("first"), pc("ace"), pc("second")], 1)
        .unwrap();
    assert_eq!(order_ids(&deck), ["first", "second", "ace"]);
}

#[test]
fn joker_fate_follows_the_side() {
    let deck = stacked(&["JK1", "JK2", "3C"]);
    let friend = Combatant {
        id: "ally".into(),
        side: Side::FriendlyNpc,
    };
    let (_, events) = deck
        .deal_round(&[pc("hero"), npc("orc"), friend.clone()], 1)
        .unwrap();
    let fates: Vec<(String, JokerFate)> = events
        .iter()
        .filter_map(|e| match e {
            DeckEvent::JokerDealt {
                combatant, fate, ..
            } => Some((combatant.clone(), *fate)),
            _ => None,
        })
        .collect();
    assert_eq!(
        fates,
        [
            ("hero".to_string(), JokerFate::Positive),
            ("orc".to_string(), JokerFate::Negative)
        ]
    );
    let (_, events) = stacked(&["JK1"]).deal_round(&[friend], 1).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        DeckEvent::JokerDealt { fate: JokerFate::None, ruling, .. }
            if *ruling == crate::table::RulingId::UniverseJokerToFriendlyNpc
    )));
}

#[test]
fn a_joker_round_reshuffles_the_whole_deck_before_the_next_deal() {
    let deck = stacked(&["JK1", "5H", "9C", "4S"]);
    let (deck, _) = deck.deal_round(&[pc("a"), pc("b")], 1).unwrap();
    assert!(deck.joker_this_round());
    let (deck, events) = deck.deal_round(&[pc("a"), pc("b")], 2).unwrap();
    assert!(events.contains(&DeckEvent::Shuffled {
        reason: ShuffleReason::JokerRound,
        seed: 2,
        cards: DECK_SIZE,
    }));
    assert!(deck.discard.is_empty());
    assert_eq!(deck.draw.len(), DECK_SIZE - 2);
    assert_eq!(deck.round, 2);
    deck.check(&[]).unwrap();
}

#[test]
fn a_round_without_jokers_discards_and_keeps_dealing_from_the_pile() {
    let deck = stacked(&["5H", "9C", "4S", "8D"]);
    let (deck, _) = deck.deal_round(&[pc("a"), pc("b")], 1).unwrap();
    let (deck, events) = deck.deal_round(&[pc("a"), pc("b")], 2).unwrap();
    assert!(!events
        .iter()
        .any(|e| matches!(e, DeckEvent::Shuffled { .. })));
    assert_eq!(deck.discard, [card("5H"), card("9C")]);
    let dealt: Vec<Card> = deck.dealt.iter().map(|d| d.card).collect();
    assert_eq!(dealt, [card("4S"), card("8D")]);
}

#[test]
fn an_empty_draw_pile_takes_the_discard_pile_shuffled() {
    let (mut deck, _) = UniverseDeck::new(3);
    // Nearly everything discarded, jokers included: the dealer must reshuffle mid-deal.
    let kept: Vec<Card> = deck.draw.drain(..).collect();
    deck.draw = kept[..1].to_vec();
    deck.discard = kept[1..].to_vec();
    let people: Vec<Combatant> = (0..3).map(|i| pc(&format!("p{i}"))).collect();
    let (deck, events) = deck.deal_round(&people, 9).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        DeckEvent::Shuffled {
            reason: ShuffleReason::DrawPileEmpty,
            cards: 53,
            ..
        }
    )));
    assert_eq!(deck.dealt.len(), 3);
    deck.check(&[]).unwrap();
}

#[test]
fn more_combatants_than_cards_is_refused() {
    let (deck, _) = UniverseDeck::new(1);
    let people: Vec<Combatant> = (0..55).map(|i| pc(&format!("p{i}"))).collect();
    let err = deck.deal_round(&people, 1).unwrap_err().to_string();
    assert!(
        err.contains("55 combatants but only 54 cards can be dealt (0 are held as fate)"),
        "{err}"
    );
}

#[test]
fn bad_combatant_lists_are_refused_with_the_reason() {
    let (deck, _) = UniverseDeck::new(1);
    let err = deck.deal_round(&[], 1).unwrap_err().to_string();
    assert!(err.contains("at least one"), "{err}");
    let err = deck.deal_round(&[pc("a"), npc("a")], 1).unwrap_err();
    assert!(err.to_string().contains("\"a\" is listed twice"), "{err}");
    let err = deck.deal_round(&[pc(" ")], 1).unwrap_err();
    assert!(err.to_string().contains("needs an id"), "{err}");
}

#[test]
fn same_seed_same_cards() {
    assert_eq!(UniverseDeck::new(42), UniverseDeck::new(42));
    assert_ne!(UniverseDeck::new(42).0, UniverseDeck::new(43).0);
    let (deck, _) = UniverseDeck::new(5);
    let people = [pc("a"), npc("b"), pc("c")];
    assert_eq!(deck.deal_round(&people, 6), deck.deal_round(&people, 6));
}

#[test]
fn check_refuses_lost_or_doubled_cards() {
    let (mut deck, _) = UniverseDeck::new(1);
    deck.check(&[]).unwrap();
    let top = deck.draw.pop().unwrap();
    assert!(deck
        .check(&[])
        .unwrap_err()
        .to_string()
        .contains("53 cards"));
    deck.check(&[top]).unwrap();
    deck.discard.push(top);
    assert!(deck
        .check(&[top])
        .unwrap_err()
        .to_string()
        .contains("twice"));
}

#[test]
fn deck_state_survives_json() {
    let (deck, _) = UniverseDeck::new(8);
    let (deck, events) = deck.deal_round(&[pc("a"), npc("b")], 9).unwrap();
    let text = serde_json::to_string(&deck).unwrap();
    let back: UniverseDeck = serde_json::from_str(&text).unwrap();
    assert_eq!(back, deck);
    let events_json = serde_json::to_value(&events).unwrap();
    assert_eq!(events_json[0]["event"], "dealt");
}

proptest! {
    /// Across any sequence of deals (including refused ones), the deck keeps all 54 cards, each
    /// once, and a joker round is always followed by a full reshuffle.
    #[test]
    fn deck_always_holds_54_distinct_cards(
        seed in any::<u64>(),
        rounds in prop::collection::vec((0usize..60, any::<u64>()), 1..30),
    ) {
        let (mut deck, _) = UniverseDeck::new(seed);
        for (n, round_seed) in rounds {
            let people: Vec<Combatant> = (0..n).map(|i| pc(&format!("p{i}"))).collect();
            let had_joker = deck.joker_this_round();
            match deck.deal_round(&people, round_seed) {
                Ok((next, events)) => {
                    prop_assert_eq!(next.dealt.len(), n);
                    prop_assert_eq!(next.round, deck.round + 1);
                    let reshuffled = events.iter().any(|e| matches!(
                        e, DeckEvent::Shuffled { reason: ShuffleReason::JokerRound, .. }
                    ));
                    prop_assert_eq!(reshuffled, had_joker);
                    deck = next;
                }
                Err(_) => prop_assert!(n == 0 || n > DECK_SIZE),
            }
            prop_assert!(deck.check(&[]).is_ok());
        }
    }
}

#[test]
fn more_combatants_than_dealable_cards_is_refused_with_the_count() {
    let (mut deck, _) = UniverseDeck::new(3);
    // Ten cards are out as fate: 44 can be dealt.
    deck.draw.truncate(44);
    let many: Vec<Combatant> = (0..45).map(|i| npc(&format!("goon{i}"))).collect();
    let err = deck.deal_round(&many, 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "combatants: 45 combatants but only 44 cards can be dealt (10 are held as fate); take \
         some out of the encounter or play their fate cards"
    );
    assert!(deck.deal_round(&many[..44], 1).is_ok(), "44 can be dealt");
}
