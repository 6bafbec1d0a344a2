//! Table moves with dice rolled at the table and typed in (issue 13), in every system: the faces
//! a seeded move read, typed back, make the same move (events, state) with its rolls logged as
//! by hand; `table_dice_asked` lists the dice as they go in and says what the move would say once
//! they are all in; too few, too many or an impossible face is refused with nothing written.

use crate::common;

use common::table::{all_systems, fight_in, snapshot, system};
use rollbook_roster::table::SystemMove;
use rollbook_roster::{PlayOptions, Store, System, TableAction, TablePlay};
use serde_json::{json, Value};
use uuid::Uuid;

fn action(system_id: System, mut value: Value) -> TableAction {
    value["system"] = system_id.to_string().into();
    system(serde_json::from_value::<SystemMove>(value).unwrap())
}

/// A move that sets up a rolling move (none for universe and genre), and the rolling move.
fn moves(system_id: System, pc: Uuid, goon: Uuid) -> (Option<Value>, Value) {
    match system_id {
        System::File(file) => panic!("written for the five, not {file:?}"),
        System::Stunt => (
            Some(
                json!({"move": "task_start", "participant_id": pc, "label": "Pick the lock",
                "kind": "doubles_only", "needed": 2}),
            ),
            json!({"move": "task_throw", "task_id": 1}),
        ),
        System::Marks => (
            Some(
                json!({"move": "task_start", "participant_id": pc, "label": "Crack the vault",
                "pool": {"attribute_dice": 3, "skill_dice": 2}, "needed": 5}),
            ),
            json!({"move": "task_attempt", "task_id": 1}),
        ),
        System::D12 => (
            Some(
                json!({"move": "attack_start", "attacker_id": goon, "defender_id": pc,
                "kind": "physical", "ability": "Attack", "ranks": 3, "weapon": "Unarmed"}),
            ),
            json!({"move": "attack_roll"}),
        ),
        System::Universe => (
            None,
            json!({"move": "save", "participant_id": pc, "save": "physical"}),
        ),
        System::Genre => (
            None,
            json!({"move": "act", "participant_id": pc, "plan": {"grunt": 0},
                "request": {"system": "genre", "roll": "action", "dice": 4, "difficulty": 2}}),
        ),
    }
}

/// Every face the play's logged rolls read, in order.
fn faces_of(play: &TablePlay) -> Vec<u32> {
    let dice = play
        .rolls
        .iter()
        .flat_map(|r| r.result["dice"].as_array().unwrap());
    dice.map(|face| face.as_u64().unwrap() as u32).collect()
}

fn by_hand(seed: u64, faces: &[u32]) -> PlayOptions {
    PlayOptions {
        seed: Some(seed),
        dice: Some(faces.to_vec()),
        ..PlayOptions::default()
    }
}

/// Every roster's fight, ready for its rolling move: (store, system, encounter, rolling move).
fn ready() -> Vec<(Store, System, Uuid, TableAction)> {
    let mut found = Vec::new();
    for roster in all_systems().rosters().unwrap() {
        let mut store = all_systems();
        let fight = fight_in(&mut store, roster.id);
        let order = store.encounter(fight).unwrap().state.order;
        let (pc, goon) = (order[0].id, order.last().unwrap().id);
        let (setup, rolling) = moves(roster.system, pc, goon);
        if let Some(setup) = setup {
            store
                .play(fight, &action(roster.system, setup), Some(5))
                .unwrap();
        }
        found.push((store, roster.system, fight, action(roster.system, rolling)));
    }
    assert_eq!(found.len(), 5, "one roster per system");
    found
}

#[test]
fn a_seeded_move_s_faces_typed_back_make_the_same_move_logged_by_hand() {
    for (mut store, system_id, fight, rolling) in ready() {
        for seed in 10..16 {
            let seeded = store.play(fight, &rolling, Some(seed)).unwrap();
            let faces = faces_of(&seeded);
            assert!(!faces.is_empty(), "{system_id}: the move rolled");
            let state = store.encounter(fight).unwrap().state;
            store.undo_table_action(fight).unwrap();

            let asked = store.table_dice_asked(fight, &rolling, &[], None).unwrap();
            assert_eq!(asked.given, 0);
            assert!(asked.events.is_none());
            assert!(!asked.dice.is_empty() && asked.dice.iter().all(|d| !d.label.is_empty()));
            let all_in = store
                .table_dice_asked(fight, &rolling, &faces, None)
                .unwrap();
            assert_eq!(all_in.dice.len(), faces.len(), "{system_id}");
            assert_eq!(all_in.events.as_ref(), Some(&seeded.entry.events));

            let typed = store
                .play(fight, &rolling, by_hand(seed, &faces))
                .unwrap_or_else(|e| panic!("{system_id} seed {seed}: {e}"));
            assert_eq!(typed.entry.events, seeded.entry.events, "{system_id}");
            assert_eq!(store.encounter(fight).unwrap().state, state, "{system_id}");
            assert_eq!(typed.rolls.len(), seeded.rolls.len());
            for roll in &typed.rolls {
                assert_eq!(
                    roll.result["by_hand"], true,
                    "{system_id}: logged as by hand"
                );
                assert_eq!(roll.result["seed"], 0);
            }
            store.undo_table_action(fight).unwrap();
        }
    }
}

#[test]
fn too_few_too_many_or_impossible_faces_are_refused_with_nothing_written() {
    for (mut store, system_id, fight, rolling) in ready() {
        let faces = faces_of(&store.play(fight, &rolling, Some(21)).unwrap());
        store.undo_table_action(fight).unwrap();
        let before = snapshot(&store, fight);
        let mut refused = |typed: &[u32]| {
            let error = store.play(fight, &rolling, by_hand(21, typed)).unwrap_err();
            assert_eq!(snapshot(&store, fight), before, "{system_id}: {error}");
            error.code()
        };
        assert_eq!(
            refused(&faces[..faces.len() - 1]),
            "dice_missing",
            "{system_id}"
        );
        let more = [faces.as_slice(), &[1]].concat();
        assert_eq!(refused(&more), "dice_left_over", "{system_id}");
        let mut impossible = faces.clone();
        impossible[0] = 99;
        assert_eq!(refused(&impossible), "invalid_request", "{system_id}");
        let error = store
            .table_dice_asked(fight, &rolling, &impossible, None)
            .unwrap_err();
        assert!(
            error.to_string().starts_with("dice[0]: 99 is not a face"),
            "{error}"
        );
        // Dice typed for an action that rolls nothing are left over.
        let error = store
            .play(fight, &TableAction::NextTurn, by_hand(1, &[3]))
            .unwrap_err();
        assert_eq!(error.code(), "dice_left_over");
    }
}

/// The universe fight's dealt cards (combatant id, card code), in the deck's deal order.
fn dealt(store: &Store, fight: Uuid) -> Vec<(String, String)> {
    let state = store.encounter(fight).unwrap().state;
    let Some(rollbook_roster::table::SystemTable::Universe(table)) = state.system_state else {
        panic!("a universe table");
    };
    let deck = table.table.expect("dealt").deck;
    deck.dealt
        .iter()
        .map(|d| (d.combatant.id.clone(), d.card.to_string()))
        .collect()
}

/// The participants' ids, in turn order.
fn participants(store: &Store, fight: Uuid) -> Vec<Uuid> {
    let e = store.encounter(fight).unwrap();
    e.state.order.iter().map(|p| p.id).collect()
}

fn cards(codes: &[&str]) -> PlayOptions {
    PlayOptions {
        seed: Some(3),
        cards: Some(codes.iter().map(|c| c.to_string()).collect()),
        ..PlayOptions::default()
    }
}

/// Universe initiative from a real deck: the cards typed for a deal (and for a round that deals
/// itself) are the cards dealt, in turn order, checked against the cards the deck has left.
#[test]
fn universe_cards_typed_from_a_real_deck_are_dealt_and_checked_against_the_deck() {
    let mut store = all_systems();
    let roster = store
        .rosters()
        .unwrap()
        .into_iter()
        .find(|r| r.system == System::Universe)
        .unwrap();
    let fight = fight_in(&mut store, roster.id);
    let order = participants(&store, fight);
    let deal = action(System::Universe, json!({"move": "deal"}));

    let asked = store.table_dice_asked(fight, &deal, &[], None).unwrap();
    assert!(asked.dice.is_empty());
    let dealt_to: Vec<Uuid> = asked.dealt_to.iter().map(|d| d.participant_id).collect();
    assert_eq!(dealt_to, order, "one card per combatant, in turn order");
    assert!(asked.events.is_none(), "no words until the cards are in");

    let codes: Vec<&str> =
        ["AS", "10h", "5C", "2C", "QD", "7S", "9H", "3D", "KC"][..order.len()].to_vec();
    let before = snapshot(&store, fight);
    let wrong_count = store.play(fight, &deal, cards(&codes[1..])).unwrap_err();
    assert!(
        wrong_count.to_string().contains("type one card for each"),
        "{wrong_count}"
    );
    let twice = [&codes[..1], &codes[..order.len() - 1]].concat();
    let error = store.play(fight, &deal, cards(&twice)).unwrap_err();
    // Game night II: the refusal names who holds the card, by name (never by id).
    let first = store.encounter(fight).unwrap().state.order[0].name.clone();
    assert!(
        error.to_string().starts_with(&format!(
            "cards[1]: AS is dealt already this round (to {first});"
        )),
        "{error}"
    );
    let error = store
        .play(fight, &deal, cards(&[&["XX"][..], &codes[1..]].concat()))
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("cards[0]: \"XX\" is not a card"),
        "{error}"
    );
    assert_eq!(snapshot(&store, fight), before, "refusals write nothing");

    let with_words = store
        .table_dice_asked(
            fight,
            &deal,
            &[],
            Some(&codes.iter().map(|c| c.to_string()).collect::<Vec<_>>()),
        )
        .unwrap();
    let played = store.play(fight, &deal, cards(&codes)).unwrap();
    assert_eq!(with_words.events, Some(played.entry.events));
    let shown: Vec<String> = dealt(&store, fight)
        .into_iter()
        .map(|(_, card)| card)
        .collect();
    let expected: Vec<String> = codes
        .iter()
        .map(|c| {
            if *c == "JK" {
                "JK1".to_string()
            } else {
                c.to_uppercase()
            }
        })
        .collect();
    assert_eq!(
        shown, expected,
        "the typed cards, a joker as the first left"
    );

    // The next round deals itself: its cards may be typed too, and last round's are discarded.
    let next_round = TableAction::NextRound;
    let error = store.play(fight, &next_round, cards(&codes)).unwrap_err();
    assert!(
        error.to_string().contains("is in the discard pile"),
        "{error}"
    );
    let fresh: Vec<&str> =
        ["4S", "5S", "6S", "8S", "9S", "JS", "QS", "KS", "2S"][..order.len()].to_vec();
    store.play(fight, &next_round, cards(&fresh)).unwrap();
    let round_two: Vec<String> = dealt(&store, fight).into_iter().map(|(_, c)| c).collect();
    assert_eq!(round_two, fresh);
    // Cards for an action that deals none are refused.
    let error = store
        .play(fight, &TableAction::NextTurn, cards(&fresh))
        .unwrap_err();
    assert!(
        error.to_string().contains("deals no initiative cards"),
        "{error}"
    );
}

/// The fate cards of a real deck (RULES.md's last section): when the table plays by hand, a fate
/// card a joker or a natural 20 draws is typed too, after the deal's cards, so the app's deck and
/// the table's never part. Until it is typed the move is refused (`cards_missing`), writing
/// nothing, and `table_dice_asked` names who draws it.
#[test]
fn a_fate_card_drawn_from_a_real_deck_is_typed_too() {
    use rollbook_roster::table::SystemTable;
    use rollbook_roster::{CharacterKind, NewCharacter, NewRoster};
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Night", System::Universe))
        .unwrap()
        .id;
    let mut pcs = Vec::new();
    for name in ["Ann", "Bo"] {
        let mut new = NewCharacter::named(name);
        new.kind = CharacterKind::Pc;
        pcs.push(store.create_character(roster, new).unwrap().id);
    }
    let fight = store.create_encounter(roster, "Airlock").unwrap().id;
    store
        .play(
            fight,
            &TableAction::AddCharacters {
                character_ids: pcs.clone(),
            },
            Some(1),
        )
        .unwrap();
    let [ann, bo]: [Uuid; 2] = participants(&store, fight).try_into().unwrap();
    let held = |store: &Store, who: Uuid| -> Vec<String> {
        match store.encounter(fight).unwrap().state.system_state {
            Some(SystemTable::Universe(t)) => t.table.unwrap().players[&who.to_string()]
                .cards
                .iter()
                .map(ToString::to_string)
                .collect(),
            _ => panic!("no universe table"),
        }
    };
    let typed = |codes: &[&str]| Some(codes.iter().map(|c| c.to_string()).collect::<Vec<_>>());

    // A joker dealt to Ann: her fate card is asked for once the deal's cards are typed.
    let deal = action(System::Universe, json!({"move": "deal"}));
    let asked = store.table_dice_asked(fight, &deal, &[], None).unwrap();
    assert!(asked.fate_to.is_empty(), "no fate known before the cards");
    let asked = store
        .table_dice_asked(fight, &deal, &[], typed(&["JK", "AS"]).as_deref())
        .unwrap();
    assert_eq!(asked.fate_to, ["Ann"]);
    assert!(asked.events.is_none(), "no words until the fate card is in");
    let before = snapshot(&store, fight);
    let err = store.play(fight, &deal, cards(&["JK", "AS"])).unwrap_err();
    assert_eq!(err.code(), "cards_missing", "{err}");
    assert_eq!(snapshot(&store, fight), before, "nothing written");
    let asked = store
        .table_dice_asked(fight, &deal, &[], typed(&["JK", "AS", "7H"]).as_deref())
        .unwrap();
    assert_eq!(
        asked.fate_to,
        ["Ann"],
        "the fate card typed stays asked for"
    );
    assert!(asked.events.is_some());
    store
        .play(fight, &deal, cards(&["JK", "AS", "7H"]))
        .unwrap();
    assert_eq!(
        held(&store, ann),
        ["7H"],
        "the card typed, not one the app drew"
    );

    // Bo's natural 20 rolled by hand: his fate card is typed with the die.
    let attack = action(
        System::Universe,
        json!({"move": "attack", "attacker_id": bo, "target_id": ann}),
    );
    let by_hand_20 = |codes: Option<Vec<String>>| PlayOptions {
        seed: Some(5),
        dice: Some(vec![20]),
        cards: codes,
        ..PlayOptions::default()
    };
    let before = snapshot(&store, fight);
    let err = store.play(fight, &attack, by_hand_20(None)).unwrap_err();
    assert_eq!(err.code(), "cards_missing", "{err}");
    assert_eq!(snapshot(&store, fight), before, "nothing written");
    let asked = store.table_dice_asked(fight, &attack, &[20], None).unwrap();
    assert_eq!(asked.fate_to, ["Bo"]);
    let err = store
        .play(fight, &attack, by_hand_20(typed(&["7H"])))
        .unwrap_err();
    assert!(err.to_string().contains("7H"), "Ann holds 7H: {err}");
    store
        .play(fight, &attack, by_hand_20(typed(&["QD"])))
        .unwrap();
    assert_eq!(held(&store, bo), ["QD"]);
    // Holding one already, Bo's next natural 20 draws none: a card typed for it is refused.
    let err = store
        .play(fight, &attack, by_hand_20(typed(&["2C"])))
        .unwrap_err();
    assert!(err.to_string().contains("draws no fate card"), "{err}");
    // A card more than a deal deals and draws is refused, naming it.
    let err = store
        .play(fight, &TableAction::NextRound, cards(&["2C", "3C", "4C"]))
        .unwrap_err();
    assert!(
        err.to_string().starts_with("cards[2]: 4C is one card more"),
        "{err}"
    );
}
