//! `universe` at the table through `Store::play` with fixed seeds: card initiative orders the
//! encounter, jokers grant fate and reshuffle the deck, fate limits, fate on a save,
//! augmentation's cost, the chase countdown, undo, and all 54 cards after any sequence.

use proptest::prelude::*;
use rollbook_roster::table::{SystemMove, SystemTable, UniverseEncounter};
use rollbook_roster::{
    CharacterKind, Encounter, NewCharacter, NewRoster, Store, System, TableAction,
};
use rollbook_rules::table::universe_deck::{Card, Suit};
use rollbook_rules::table::universe_moves::chase_length;
use rollbook_rules::table::{Event, MoveDice, RulingId};
use serde_json::{json, Value};
use uuid::Uuid;

struct Game {
    store: Store,
    encounter: Uuid,
}

fn character(
    store: &mut Store,
    roster: Uuid,
    name: &str,
    kind: CharacterKind,
    sheet: Value,
) -> Uuid {
    let mut new = NewCharacter::named(name);
    new.kind = kind;
    new.sheet = Some(sheet);
    store.create_character(roster, new).unwrap().id
}

/// Ann (Lucky, keeps QH and 7S), Bo (hp 12, Sanity 8, Physical DC 12, Stealth 2), the stored NPC
/// Warden (combat skill 3) and two quick Goons.
fn game() -> Game {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Night", System::Universe))
        .unwrap()
        .id;
    let ann = character(
        &mut store,
        roster,
        "Ann",
        CharacterKind::Pc,
        json!({"lucky": true, "fate": ["QH", "7S"]}),
    );
    let bo = character(
        &mut store,
        roster,
        "Bo",
        CharacterKind::Pc,
        json!({
            "hp": {"current": 12, "max": 12}, "sanity": {"current": 8, "max": 10},
            "saves": {"physical": 12, "mental": 14, "luck": 15},
            "skills": [{"name": "Stealth", "level": 2}, {"name": "Athletics", "level": 1}]
        }),
    );
    let warden = character(
        &mut store,
        roster,
        "Warden",
        CharacterKind::Npc,
        json!({"combat_skill": 3}),
    );
    let encounter = store.create_encounter(roster, "Docks").unwrap().id;
    let mut g = Game { store, encounter };
    g.play(
        TableAction::AddCharacters {
            character_ids: vec![ann, bo, warden],
        },
        1,
    );
    g.play(
        TableAction::AddNpcs {
            label: "Goon".into(),
            count: 2,
            sheet: None,
        },
        2,
    );
    g
}

fn system(m: Value) -> TableAction {
    let mut m = m;
    m["system"] = json!("universe");
    TableAction::System {
        r#move: serde_json::from_value::<SystemMove>(m).unwrap(),
    }
}

impl Game {
    fn play(&mut self, action: TableAction, seed: u64) -> rollbook_roster::TablePlay {
        self.store
            .play(self.encounter, &action, Some(seed))
            .unwrap()
    }
    fn try_play(
        &mut self,
        action: TableAction,
        seed: u64,
    ) -> Result<rollbook_roster::TablePlay, String> {
        self.store
            .play(self.encounter, &action, Some(seed))
            .map_err(|e| e.to_string())
    }
    fn encounter(&self) -> Encounter {
        self.store.encounter(self.encounter).unwrap()
    }
    fn id(&self, name: &str) -> Uuid {
        self.encounter()
            .state
            .order
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .id
    }
    fn table(&self) -> UniverseEncounter {
        universe(&self.encounter())
    }
    fn held(&self, name: &str) -> Vec<Card> {
        let t = self.table();
        t.table
            .unwrap()
            .players
            .get(&self.id(name).to_string())
            .map(|p| p.cards.clone())
            .unwrap_or_default()
    }
    fn snapshot(&self) -> (Encounter, usize) {
        (
            self.encounter(),
            self.store.table_actions(self.encounter).unwrap().len(),
        )
    }
}

fn universe(e: &Encounter) -> UniverseEncounter {
    match &e.state.system_state {
        Some(SystemTable::Universe(t)) => (**t).clone(),
        other => panic!("no universe table: {other:?}"),
    }
}

/// The order key written out again from RULES.md, independent of the rules crate's: jokers
/// first, then Ace high down to 2, then spades > hearts > diamonds > clubs.
fn rules_key(card: Card) -> (u8, u8, u8) {
    match card {
        Card::Joker(_) => (0, 0, 0),
        Card::Suited { rank, suit } => {
            let high = if rank == 1 { 14 } else { rank };
            let suit = match suit {
                Suit::Spades => 0,
                Suit::Hearts => 1,
                Suit::Diamonds => 2,
                Suit::Clubs => 3,
            };
            (1, 14 - high, suit)
        }
    }
}

fn assert_order_follows_cards(g: &Game) {
    let e = g.encounter();
    let t = universe(&e);
    let dealt = &t.table.as_ref().unwrap().deck.dealt;
    let card_of = |id: Uuid| {
        dealt
            .iter()
            .find(|d| d.combatant.id == id.to_string())
            .unwrap()
            .card
    };
    let keys: Vec<_> = e
        .state
        .order
        .iter()
        .map(|p| rules_key(card_of(p.id)))
        .collect();
    let jokers_in_deal_order = keys.iter().take_while(|k| k.0 == 0).count();
    for pair in keys[jokers_in_deal_order..].windows(2) {
        assert!(pair[0] < pair[1], "order follows the cards: {keys:?}");
    }
    assert!(keys[jokers_in_deal_order..].iter().all(|k| k.0 == 1));
    assert_eq!(e.state.order.len(), dealt.len(), "each participant once");
}

fn all_cards_there(e: &Encounter) {
    universe(e)
        .table
        .unwrap()
        .check()
        .expect("all 54 cards, none twice");
}

#[test]
fn seating_brings_the_sheets_fate_and_sides() {
    let g = game();
    let t = g.table();
    let table = t.table.as_ref().unwrap();
    assert_eq!(
        g.held("Ann"),
        [Card::parse("QH").unwrap(), Card::parse("7S").unwrap()]
    );
    assert!(table.players[&g.id("Ann").to_string()].lucky);
    assert!(g.held("Bo").is_empty());
    assert!(
        !table.players.contains_key(&g.id("Warden").to_string()),
        "an NPC holds no fate"
    );
    let side = |n: &str| serde_json::to_value(t.parts[&g.id(n)].side).unwrap();
    assert_eq!(side("Ann"), "pc");
    assert_eq!(side("Warden"), "hostile_npc");
    assert_eq!(side("Goon 1"), "hostile_npc");
    assert_eq!(t.parts[&g.id("Bo")].hp, 12);
    assert_eq!(t.dealt_round, 0, "nothing dealt before combat starts");
    all_cards_there(&g.encounter());
}

#[test]
fn the_encounter_serves_what_each_held_fate_card_does() {
    use rollbook_rules::table::universe_fate::FateEffect;
    let g = game();
    let Some(rollbook_roster::table::TableView::Universe { fate, .. }) = g.encounter().view else {
        panic!("a universe view expected");
    };
    let by_card = |code: &str| {
        let card = Card::parse(code).unwrap();
        *fate.iter().find(|f| f.card == card).expect("a held card")
    };
    // Ann's sheet brings QH and 7S: a face card gives 10 or makes a save, a numbered one its value.
    let queen = by_card("QH");
    assert_eq!(
        (queen.attack, queen.armor_class, queen.save),
        (
            FateEffect::AttackBonus(10),
            FateEffect::ArmorClassBonus(10),
            FateEffect::SaveSucceeds
        )
    );
    assert_eq!(by_card("7S").save, FateEffect::SaveBonus(7));
    assert_eq!(fate.len(), 2, "only the cards held are served");
    let served = serde_json::to_value(&g.encounter().view).unwrap();
    assert_eq!(served["fate"][0]["card"], "QH");
    assert_eq!(
        served["fate"][1]["attack"],
        json!({"effect": "attack_bonus", "value": 7})
    );
}

#[test]
fn the_encounter_serves_who_holds_fate_how_much_each_may_and_whether_deal_may_be_pressed() {
    use rollbook_roster::table::{CardHolder, DealBar, TableView};
    let universe_view = |g: &Game| match g.encounter().view {
        Some(TableView::Universe {
            fate,
            players,
            gm_limit,
            deal_bar,
        }) => (fate, players, gm_limit, deal_bar),
        other => panic!("a universe view expected, got {other:?}"),
    };
    let mut g = game();
    let (ann, bo) = (g.id("Ann"), g.id("Bo"));
    let (fate, players, gm_limit, deal_bar) = universe_view(&g);
    // Ann's sheet keeps QH and 7S, both hers; Lucky holds two, anyone else one.
    let holders: Vec<_> = fate
        .iter()
        .map(|f| (f.card.to_string(), f.holder))
        .collect();
    let hers = CardHolder::Player {
        participant_id: ann,
    };
    assert_eq!(
        holders,
        [("QH".to_string(), hers), ("7S".to_string(), hers)]
    );
    let limits: Vec<_> = players
        .iter()
        .map(|p| (p.participant_id, p.lucky, p.limit))
        .collect();
    assert_eq!(limits, [(ann, true, 2), (bo, false, 1)]);
    assert_eq!(gm_limit, 2, "one negative fate card per player");
    assert_eq!(
        deal_bar, None,
        "round 1 is not dealt yet and people are seated"
    );

    g.play(system(json!({"move": "deal"})), 40);
    let (.., deal_bar) = universe_view(&g);
    assert_eq!(deal_bar, Some(DealBar::Dealt { round: 1 }));
    let refused = g.try_play(system(json!({"move": "deal"})), 41).unwrap_err();
    assert!(refused.contains("dealt already"), "{refused}");

    let served = serde_json::to_value(&g.encounter().view).unwrap();
    assert_eq!(served["deal_bar"], json!({"reason": "dealt", "round": 1}));
    assert_eq!(
        served["fate"][0]["holder"],
        json!({"holder": "player", "participant_id": ann})
    );
}

#[test]
fn an_empty_universe_table_serves_deal_as_refused_for_nobody_seated() {
    use rollbook_roster::table::{DealBar, TableView};
    let mut g = game();
    for name in ["Ann", "Bo", "Warden", "Goon 1", "Goon 2"] {
        let participant_id = g.id(name);
        g.play(TableAction::RemoveParticipant { participant_id }, 3);
    }
    let Some(TableView::Universe { deal_bar, .. }) = g.encounter().view else {
        panic!("a universe view expected");
    };
    assert_eq!(deal_bar, Some(DealBar::NobodySeated));
    let refused = g.try_play(system(json!({"move": "deal"})), 4).unwrap_err();
    assert!(refused.contains("add participants"), "{refused}");
}

#[test]
fn dealing_orders_the_encounter_by_card_and_deals_once_a_round() {
    let mut g = game();
    let played = g.play(system(json!({"move": "deal"})), 40);
    assert!(
        played.entry.summary.starts_with("Round 1: cards dealt;"),
        "{}",
        played.entry.summary
    );
    assert!(played
        .entry
        .events
        .contains(&Event::ruling(RulingId::UniverseInitiative)));
    assert_order_follows_cards(&g);
    let e = g.encounter();
    assert_eq!(
        e.state.current,
        Some(e.state.order[0].id),
        "the first card acts first"
    );
    assert_eq!(g.table().table.unwrap().deck.dealt.len(), 5);
    let before = g.snapshot();
    let refused = g.try_play(system(json!({"move": "deal"})), 41).unwrap_err();
    assert!(refused.contains("dealt already"), "{refused}");
    assert_eq!(g.snapshot(), before, "a refusal writes nothing");
    for seed in 0..6 {
        let played = g.play(TableAction::NextRound, 100 + seed);
        assert!(played.entry.summary.contains("cards dealt"));
        assert_order_follows_cards(&g);
        let e = g.encounter();
        assert_eq!(
            e.state.current,
            e.state.order.first().map(|p| p.id),
            "the first card acts first"
        );
        all_cards_there(&e);
    }
}

/// Game night II: NextTurn past the last of round 1 deals round 2, and its log entry named the
/// first of round 1's order ("Drone 3's turn") while the order and the header said Drone 1.
#[test]
fn next_turn_into_a_dealt_round_names_who_acts_first_after_the_deal() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Night", System::Universe))
        .unwrap()
        .id;
    let encounter = store.create_encounter(roster, "Drones").unwrap().id;
    let mut g = Game { store, encounter };
    g.play(
        TableAction::AddNpcs {
            label: "Drone".into(),
            count: 3,
            sheet: None,
        },
        1,
    );
    g.play(system(json!({"move": "deal"})), 2);
    // Every seed tried until a round-2 deal puts someone else first than round 1 did.
    let mut reordered = 0;
    for seed in 0..40u64 {
        let before = g.snapshot();
        let first_before = g.encounter().state.order[0].id;
        for n in 0..2 {
            g.play(TableAction::NextTurn, 10 + n);
        }
        let played = g.play(TableAction::NextTurn, 100 + seed);
        let e = g.encounter();
        assert_eq!(e.state.round, 2);
        let first = &e.state.order[0];
        assert_eq!(e.state.current, Some(first.id), "the deal's first acts");
        assert!(
            played
                .entry
                .summary
                .starts_with(&format!("Round 2, {}'s turn", first.name)),
            "the entry names who acts: {}",
            played.entry.summary
        );
        if first.id != first_before {
            reordered += 1;
        }
        for _ in 0..3 {
            g.store.undo_table_action(g.encounter).unwrap();
        }
        assert_eq!(g.encounter().state, before.0.state, "back to round 1");
    }
    assert!(reordered > 0, "no seed dealt round 2 another first");
}

#[test]
fn jokers_grant_fate_to_a_pc_and_the_gm_and_the_next_deal_reshuffles() {
    let mut g = game();
    g.play(system(json!({"move": "deal"})), 7);
    let (mut pc_joker, mut gm_joker) = (false, false);
    for round in 0..400u64 {
        if pc_joker && gm_joker {
            break;
        }
        let before = g.table();
        let joker_before = before.table.as_ref().unwrap().deck.joker_this_round();
        let played = g.play(TableAction::NextRound, 1000 + round);
        let after = g.table();
        let table = after.table.as_ref().unwrap();
        if joker_before {
            assert!(
                played
                    .entry
                    .summary
                    .contains("The deck was reshuffled: a joker was dealt last round."),
                "{}",
                played.entry.summary
            );
        } else {
            assert!(!played.entry.summary.contains("reshuffled: a joker"));
        }
        let jokers: Vec<_> = table
            .deck
            .dealt
            .iter()
            .filter(|d| d.card.is_joker())
            .collect();
        if jokers.len() == 2 {
            assert!(played
                .entry
                .events
                .contains(&Event::ruling(RulingId::UniverseTwoJokers)));
            let order: Vec<String> = g
                .encounter()
                .state
                .order
                .iter()
                .map(|p| p.id.to_string())
                .collect();
            assert_eq!(
                order[..2],
                [
                    jokers[0].combatant.id.clone(),
                    jokers[1].combatant.id.clone()
                ]
            );
        }
        for dealt in table.deck.dealt.iter().filter(|d| d.card.is_joker()) {
            let name = g
                .encounter()
                .state
                .order
                .iter()
                .find(|p| p.id.to_string() == dealt.combatant.id)
                .unwrap()
                .name
                .clone();
            assert!(played
                .entry
                .summary
                .contains(&format!("{name} is dealt a joker")));
            assert!(played.entry.summary.contains("may act any time this round"));
            let was = before.table.as_ref().unwrap();
            match name.as_str() {
                "Ann" | "Bo" => {
                    let p = &dealt.combatant.id;
                    let limit = was.players[p].limit();
                    let held_before = was.players[p].cards.len();
                    assert_eq!(table.players[p].cards.len(), (held_before + 1).min(limit));
                    pc_joker |= held_before < limit;
                }
                _ => {
                    assert_eq!(table.gm.len(), (was.gm.len() + 1).min(2));
                    gm_joker |= was.gm.len() < 2;
                }
            }
        }
        all_cards_there(&g.encounter());
        // Cards spent keep the fate pools open, so both kinds of joker keep mattering.
        if table.gm.len() == 2 {
            let card = table.gm[0].to_string();
            g.play(
                system(json!({"move": "use_fate", "card": card, "use": "attack"})),
                5,
            );
        }
        for who in ["Ann", "Bo"] {
            if let Some(card) = g.held(who).first() {
                let id = g.id(who);
                g.play(system(json!({"move": "use_fate", "participant_id": id, "card": card.to_string(), "use": "armor_class"})), 5);
            }
        }
    }
    assert!(
        pc_joker && gm_joker,
        "within 400 rounds a joker went to a PC and to an NPC"
    );
}

#[test]
fn fate_limits_follow_lucky_and_the_player_count() {
    let mut g = game();
    let (ann, bo, warden) = (g.id("Ann"), g.id("Bo"), g.id("Warden"));
    let nat = |id: Uuid| system(json!({"move": "natural_twenty", "participant_id": id}));
    // Ann is Lucky and holds two already.
    let played = g.play(nat(ann), 3);
    assert!(
        played
            .entry
            .summary
            .contains("No fate drawn: Ann is Lucky and holds two already"),
        "{}",
        played.entry.summary
    );
    assert_eq!(g.held("Ann").len(), 2);
    let played = g.play(nat(bo), 3);
    assert!(played
        .entry
        .summary
        .contains("Bo gains a fate card for a natural 20"));
    assert_eq!(g.held("Bo").len(), 1);
    let played = g.play(nat(bo), 4);
    assert!(played
        .entry
        .summary
        .contains("No fate drawn: Bo holds a fate card already"));
    assert_eq!(g.held("Bo").len(), 1);
    for seed in 0..3 {
        g.play(nat(warden), 10 + seed);
    }
    assert_eq!(
        g.table().table.unwrap().gm.len(),
        2,
        "one negative card per player, two players"
    );
    let played = g.play(
        system(json!({"move": "set_side", "participant_id": warden, "side": "friendly_npc"})),
        1,
    );
    assert!(played
        .entry
        .events
        .contains(&Event::ruling(RulingId::UniverseJokerFate)));
    let played = g.play(nat(warden), 20);
    assert!(played
        .entry
        .summary
        .contains("a friendly NPC gains no fate"));
    let refused = g.try_play(
        system(json!({"move": "set_side", "participant_id": ann, "side": "hostile_npc"})),
        1,
    );
    assert!(refused.unwrap_err().contains("only an NPC changes sides"));
    all_cards_there(&g.encounter());
}

#[test]
fn a_fate_card_on_a_save_adds_its_value_or_makes_it_succeed() {
    let mut g = game();
    let ann = g.id("Ann");
    let save = |card: &str, seed_note: &str| {
        let _ = seed_note;
        system(json!({"move": "save", "participant_id": ann, "save": "luck", "fate_card": card}))
    };
    let preview = g.store.preview_table_move(g.encounter, &serde_json::from_value(json!({
        "system": "universe", "move": "save", "participant_id": ann, "save": "luck", "fate_card": "7S"})).unwrap())
        .unwrap().unwrap();
    let played = g.play(save("7S", ""), 77);
    assert_eq!(played.rolls.len(), 1);
    let quick = rollbook_rules::roll(&preview, 77).unwrap();
    assert_eq!(
        played.rolls[0].dice, quick.dice,
        "the same dice as a quick roll with the seed"
    );
    assert_eq!(played.rolls[0].request["bonus"], 7);
    assert_eq!(played.rolls[0].request["dc"], 15, "the sheet's Luck DC");
    assert_eq!(played.rolls[0].character_name.as_deref(), Some("Ann"));
    assert!(played
        .entry
        .summary
        .contains("Ann plays the 7 of spades (7S): +7 to one save."));
    assert_eq!(g.held("Ann"), [Card::parse("QH").unwrap()]);
    let played = g.play(save("QH", ""), 78);
    assert!(
        played.rolls.is_empty(),
        "a face card makes the save succeed without a roll"
    );
    assert!(played
        .entry
        .summary
        .starts_with("Ann's save succeeds: a face card"));
    assert!(played
        .entry
        .events
        .contains(&Event::ruling(RulingId::UniverseFaceCardSave)));
    assert!(g.held("Ann").is_empty());
    let before = g.snapshot();
    let refused = g.try_play(save("QH", ""), 79).unwrap_err();
    assert!(refused.contains("does not hold QH"), "{refused}");
    assert_eq!(g.snapshot(), before);
    all_cards_there(&g.encounter());
}

#[test]
fn augmentation_costs_two_before_and_four_after_the_roll() {
    let mut g = game();
    let bo = g.id("Bo");
    let before = g.snapshot();
    let refused = g.try_play(
        system(json!({"move": "save", "participant_id": bo, "save": "luck", "before": 1})),
        1,
    );
    assert!(refused.unwrap_err().contains("only with fate cards"));
    assert_eq!(g.snapshot(), before);
    // Find a seed whose save fails by a margin Bo can still buy after the roll.
    let mut turned = None;
    for seed in 0..200 {
        let played = g.play(
            system(json!({"move": "save", "participant_id": bo, "save": "physical", "before": 1})),
            seed,
        );
        assert_eq!(played.rolls[0].request["before"], 1);
        assert_eq!(played.rolls[0].request["pool"], 12);
        assert!(played
            .entry
            .summary
            .contains("Bo spent 2 hp for +1 before the roll (2 per +1); 10 hp left."));
        assert_eq!(g.table().parts[&bo].hp, 10);
        if let Some(cost) = played.rolls[0].outcome.strip_prefix("spend_") {
            turned = Some(cost.parse::<i64>().unwrap());
            break;
        }
        g.store.undo_table_action(g.encounter).unwrap();
    }
    let cost = turned.expect("a save that can be turned after the roll");
    assert_eq!(cost % 4, 0, "4 hp per +1 after the roll");
    assert_eq!(g.table().pending_save.unwrap().cost, cost);
    let played = g.play(
        system(json!({"move": "augment_after", "participant_id": bo})),
        1,
    );
    assert!(played.entry.summary.contains(&format!(
        "Bo spent {cost} hp after the roll (4 per +1): the save succeeds"
    )));
    assert_eq!(g.table().parts[&bo].hp, 10 - cost);
    assert!(g
        .try_play(
            system(json!({"move": "augment_after", "participant_id": bo})),
            1
        )
        .is_err());
}

#[test]
fn takedown_and_group_stealth_roll_through_the_engine() {
    let mut g = game();
    let (ann, bo, warden, goon) = (g.id("Ann"), g.id("Bo"), g.id("Warden"), g.id("Goon 1"));
    let takedown = json!({"system": "universe", "move": "sudden_takedown", "attacker_id": warden, "target_id": bo});
    let request = g
        .store
        .preview_table_move(
            g.encounter,
            &serde_json::from_value(takedown.clone()).unwrap(),
        )
        .unwrap()
        .unwrap();
    let as_json = serde_json::to_value(&request).unwrap();
    assert_eq!(
        (as_json["dc"].clone(), as_json["bonus"].clone()),
        (json!(12), json!(-3))
    );
    let played = g.play(
        TableAction::System {
            r#move: serde_json::from_value(takedown).unwrap(),
        },
        9,
    );
    let quick = rollbook_rules::roll(&request, 9).unwrap();
    assert_eq!(played.rolls[0].dice, quick.dice);
    assert_eq!(played.rolls[0].character_name.as_deref(), Some("Bo"));
    let condition = g.table().parts[&bo].condition.clone();
    assert_eq!(
        condition.is_none(),
        quick.success,
        "{}",
        played.entry.summary
    );
    let stealth = json!({"system": "universe", "move": "group_stealth", "leader_id": bo, "member_ids": [ann, goon], "difficulty": 9});
    let request = g
        .store
        .preview_table_move(
            g.encounter,
            &serde_json::from_value(stealth.clone()).unwrap(),
        )
        .unwrap()
        .unwrap();
    let as_json = serde_json::to_value(&request).unwrap();
    assert_eq!(
        (as_json["leader"].clone(), as_json["members"].clone()),
        (json!(2), json!([0, 0]))
    );
    let played = g.play(
        TableAction::System {
            r#move: serde_json::from_value(stealth).unwrap(),
        },
        11,
    );
    assert_eq!(
        played.rolls[0].dice,
        rollbook_rules::roll(&request, 11).unwrap().dice
    );
}

#[test]
fn a_chase_lasts_its_rolled_rounds_and_counts_down() {
    let mut g = game();
    let (ann, goon) = (g.id("Ann"), g.id("Goon 1"));
    let played = g.play(
        system(json!({"move": "start_chase", "participant_ids": [ann, goon]})),
        31,
    );
    let length = chase_length(&MoveDice::seeded(31));
    let chase = g.table().chase.unwrap();
    assert_eq!(chase.length, length);
    assert_eq!(chase.rounds_left, length.rounds);
    assert!(played
        .entry
        .summary
        .contains(&format!("= {} rounds", length.rounds)));
    assert!(g
        .try_play(
            system(json!({"move": "start_chase", "participant_ids": [ann, goon]})),
            1
        )
        .is_err());
    for left in (1..length.rounds).rev() {
        let played = g.play(TableAction::NextRound, 50 + u64::from(left));
        assert!(played.entry.summary.contains(&format!(
            "Foot chase: {left} of {} rounds left.",
            length.rounds
        )));
        assert_eq!(g.table().chase.unwrap().rounds_left, left);
    }
    let played = g.play(TableAction::NextRound, 99);
    assert!(played.entry.summary.contains("The foot chase is over"));
    assert!(g.table().chase.is_none());
}

#[test]
fn a_chase_round_is_opposed_athletics_with_move_and_ties_win_nothing() {
    let mut g = game();
    let (bo, goon, ann) = (g.id("Bo"), g.id("Goon 1"), g.id("Ann"));
    let chase_round = |seed_feet: i64| {
        system(
            json!({"move": "chase_round", "first_id": bo, "second_id": goon, "first_move_feet": seed_feet}),
        )
    };
    assert!(g
        .try_play(chase_round(30), 1)
        .unwrap_err()
        .contains("no foot chase"));
    g.play(
        system(json!({"move": "start_chase", "participant_ids": [bo, goon]})),
        31,
    );
    let refused = g.try_play(
        system(json!({"move": "chase_round", "first_id": ann, "second_id": goon})),
        1,
    );
    assert!(refused.unwrap_err().contains("Ann is not in the chase"));
    let (mut won, mut tied) = (false, false);
    for seed in 0..60u64 {
        let played = g.play(chase_round(45), seed);
        assert_eq!(played.rolls.len(), 2);
        // Bo: Athletics 1 + floor(45 / 10); the Goon: 0 + floor(30 / 10).
        assert_eq!(played.rolls[0].request["skill"], 5);
        assert_eq!(played.rolls[1].request["skill"], 3);
        assert_eq!(played.rolls[0].character_name.as_deref(), Some("Bo"));
        let totals: Vec<i64> = played
            .rolls
            .iter()
            .zip([5, 3])
            .map(|(r, b)| r.dice.iter().map(|d| i64::from(*d)).sum::<i64>() + b)
            .collect();
        let first = rollbook_rules::request_from_value(played.rolls[0].request.clone()).unwrap();
        assert_eq!(
            played.rolls[0].dice,
            rollbook_rules::roll(&first, seed).unwrap().dice
        );
        let last = g.table().chase.unwrap().rounds.last().unwrap().clone();
        assert_eq!(last.totals.to_vec(), totals);
        match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Equal => {
                tied = true;
                assert_eq!(last.winner, None);
                assert!(played
                    .entry
                    .events
                    .contains(&Event::ruling(RulingId::UniverseChaseTies)));
            }
            std::cmp::Ordering::Greater => {
                won = true;
                assert_eq!(last.winner, Some(bo));
            }
            std::cmp::Ordering::Less => assert_eq!(last.winner, Some(goon)),
        }
    }
    assert!(won && tied);
}

#[test]
fn undo_puts_the_deck_back_exactly() {
    let mut g = game();
    g.play(system(json!({"move": "deal"})), 5);
    let before = g.encounter();
    for seed in 0..5 {
        g.play(TableAction::NextRound, 200 + seed);
    }
    let bo = g.id("Bo");
    g.play(
        system(json!({"move": "natural_twenty", "participant_id": bo})),
        3,
    );
    for _ in 0..6 {
        g.store.undo_table_action(g.encounter).unwrap();
    }
    assert_eq!(g.encounter().state, before.state);
}

#[test]
fn a_leaving_player_puts_their_fate_back() {
    let mut g = game();
    let ann = g.id("Ann");
    g.play(
        TableAction::RemoveParticipant {
            participant_id: ann,
        },
        1,
    );
    let t = g.table();
    let table = t.table.as_ref().unwrap();
    assert!(!table.players.contains_key(&ann.to_string()));
    assert!(table.deck.discard.contains(&Card::parse("QH").unwrap()));
    all_cards_there(&g.encounter());
}

/// The universe table, or None before the first action (undo may go back that far).
fn maybe_table(g: &Game) -> Option<UniverseEncounter> {
    match g.encounter().state.system_state {
        Some(SystemTable::Universe(t)) => Some(*t),
        _ => None,
    }
}

/// One random step of play.
#[derive(Debug, Clone)]
enum Step {
    Deal,
    NextRound,
    NaturalTwenty(usize),
    UseFirstCard(usize, u8),
    GmCard(usize),
    Save(usize, i64),
    Attack(usize, usize),
    AddGoon,
    Remove(usize),
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        Just(Step::Deal),
        Just(Step::NextRound),
        (0..6usize).prop_map(Step::NaturalTwenty),
        (0..6usize, 0..4u8).prop_map(|(p, u)| Step::UseFirstCard(p, u)),
        (0..6usize).prop_map(Step::GmCard),
        (0..6usize, 0..3i64).prop_map(|(p, b)| Step::Save(p, b)),
        (0..6usize, 0..6usize).prop_map(|(a, t)| Step::Attack(a, t)),
        Just(Step::AddGoon),
        (0..6usize).prop_map(Step::Remove),
        Just(Step::Undo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn all_54_cards_are_accounted_for_after_any_sequence(steps in prop::collection::vec(step(), 1..14), seed in 0u64..1000) {
        let mut g = game();
        for (n, s) in steps.iter().enumerate() {
            let seed = seed * 100 + n as u64;
            let ids: Vec<Uuid> = g.encounter().state.order.iter().map(|p| p.id).collect();
            let pick = |i: usize| ids.get(i % ids.len().max(1)).copied();
            let uses = ["attack", "armor_class", "save", "second_initiative"];
            let _ = match s {
                Step::Deal => g.try_play(system(json!({"move": "deal"})), seed).map(|_| ()),
                Step::NextRound => g.try_play(TableAction::NextRound, seed).map(|_| ()),
                Step::NaturalTwenty(i) => match pick(*i) {
                    Some(id) => g.try_play(system(json!({"move": "natural_twenty", "participant_id": id})), seed).map(|_| ()),
                    None => Ok(()),
                },
                Step::UseFirstCard(i, u) => match pick(*i) {
                    Some(id) => {
                        let card = maybe_table(&g).and_then(|t| t.table).and_then(|t| t.players.get(&id.to_string()).and_then(|p| p.cards.first().copied()));
                        match card {
                            Some(c) => g.try_play(system(json!({"move": "use_fate", "participant_id": id, "card": c.to_string(), "use": uses[*u as usize]})), seed).map(|_| ()),
                            None => Ok(()),
                        }
                    }
                    None => Ok(()),
                },
                Step::GmCard(i) => {
                    let card = maybe_table(&g).and_then(|t| t.table).and_then(|t| t.gm.first().copied());
                    match (card, pick(*i)) {
                        (Some(c), Some(id)) => g.try_play(system(json!({"move": "use_fate", "card": c.to_string(), "use": "second_initiative", "combatant_id": id})), seed).map(|_| ()),
                        _ => Ok(()),
                    }
                }
                Step::Save(i, before) => match pick(*i) {
                    Some(id) => g.try_play(system(json!({"move": "save", "participant_id": id, "save": "physical", "before": before})), seed).map(|_| ()),
                    None => Ok(()),
                },
                Step::Attack(a, t) => match (pick(*a), pick(*t)) {
                    (Some(a), Some(t)) => {
                        let card = maybe_table(&g).and_then(|t| t.table).and_then(|x| x.players.get(&a.to_string()).and_then(|p| p.cards.first().copied()));
                        let mut m = json!({"move": "attack", "attacker_id": a, "target_id": t});
                        if let Some(c) = card {
                            m["fate_card"] = json!(c.to_string());
                        }
                        g.try_play(system(m), seed).map(|_| ())
                    }
                    _ => Ok(()),
                },
                Step::AddGoon => g.try_play(TableAction::AddNpcs { label: "Goon".into(), count: 1, sheet: None }, seed).map(|_| ()),
                Step::Remove(i) => match pick(*i) {
                    Some(id) => g.try_play(TableAction::RemoveParticipant { participant_id: id }, seed).map(|_| ()),
                    None => Ok(()),
                },
                Step::Undo => g.store.undo_table_action(g.encounter).map(|_| ()).map_err(|e| e.to_string()),
            };
            let e = g.encounter();
            if let Some(SystemTable::Universe(t)) = &e.state.system_state {
                if let Some(table) = &t.table {
                    prop_assert!(table.check().is_ok(), "{:?}", table.check());
                }
                let mut ids: Vec<Uuid> = e.state.order.iter().map(|p| p.id).collect();
                let n = ids.len();
                ids.dedup();
                prop_assert_eq!(ids.len(), n);
            }
        }
    }
}

#[test]
fn saving_to_sheets_keeps_fate_hp_and_sanity() {
    let mut g = game();
    let (ann, bo) = (g.id("Ann"), g.id("Bo"));
    g.play(
        system(json!({"move": "use_fate", "participant_id": ann, "card": "7S", "use": "attack"})),
        1,
    );
    g.play(
        system(json!({"move": "natural_twenty", "participant_id": bo})),
        2,
    );
    g.play(
        system(json!({"move": "save", "participant_id": bo, "save": "mental", "before": 2})),
        3,
    );
    let drawn = g.held("Bo")[0].to_string();
    let saved = g.store.save_encounter_to_sheets(g.encounter).unwrap();
    let sheet = |name: &str| {
        let c = saved.iter().find(|c| c.name == name).unwrap();
        c.sheet.to_value()
    };
    assert_eq!(sheet("Ann")["fate"], json!(["QH"]));
    assert_eq!(sheet("Bo")["fate"], json!([drawn]));
    assert_eq!(
        sheet("Bo")["sanity"],
        json!({"current": 4, "max": 10}),
        "8 less 2 per +1"
    );
    assert_eq!(sheet("Bo")["hp"], json!({"current": 12, "max": 12}));
}

#[test]
fn an_attack_adds_fate_cards_on_both_sides_and_a_natural_twenty_brings_fate() {
    let mut g = game();
    let (ann, bo, warden) = (g.id("Ann"), g.id("Bo"), g.id("Warden"));
    g.play(
        system(json!({"move": "natural_twenty", "participant_id": warden})),
        4,
    );
    let gm_card = maybe_table(&g).and_then(|t| t.table).unwrap().gm[0];
    let bonus = |c: Card| match c {
        Card::Suited { rank, .. } => i64::from(rank.min(10)),
        Card::Joker(_) => unreachable!("never held"),
    };
    let attack = json!({"system": "universe", "move": "attack", "attacker_id": ann, "target_id": warden,
        "fate_card": "7S", "target_fate_card": gm_card.to_string()});
    let request = g
        .store
        .preview_table_move(
            g.encounter,
            &serde_json::from_value(attack.clone()).unwrap(),
        )
        .unwrap()
        .unwrap();
    let as_json = serde_json::to_value(&request).unwrap();
    assert_eq!(
        as_json["bonus"], 7,
        "Ann's combat skill 0 + attack bonus 0 + the 7 of spades"
    );
    assert_eq!(
        as_json["ac"],
        10 + bonus(gm_card),
        "the Warden's AC 10 + the GM's card"
    );
    let played = g.play(
        TableAction::System {
            r#move: serde_json::from_value(attack).unwrap(),
        },
        21,
    );
    assert_eq!(
        played.rolls[0].dice,
        rollbook_rules::roll(&request, 21).unwrap().dice
    );
    assert!(played
        .entry
        .summary
        .contains("Ann plays the 7 of spades (7S): +7 to one attack."));
    assert!(
        played.entry.summary.contains("The GM plays"),
        "{}",
        played.entry.summary
    );
    assert!(maybe_table(&g).and_then(|t| t.table).unwrap().gm.is_empty());
    assert_eq!(g.held("Ann"), [Card::parse("QH").unwrap()]);
    all_cards_there(&g.encounter());

    // The Warden (combat skill 3) attacks Bo until a natural 20: Bo's AC is 10, so only a
    // natural 1 misses; the critical gives the GM negative fate.
    let mut critical = false;
    for seed in 0..400 {
        let played = g.play(
            system(json!({"move": "attack", "attacker_id": warden, "target_id": bo})),
            seed,
        );
        assert_eq!(played.rolls[0].request["bonus"], 3);
        match played.rolls[0].outcome.as_str() {
            "critical" => {
                assert!(played
                    .entry
                    .summary
                    .contains("Warden rolled a natural 20: the attack hits."));
                assert!(
                    played
                        .entry
                        .summary
                        .contains("The GM gains negative fate for a natural 20"),
                    "{}",
                    played.entry.summary
                );
                assert_eq!(maybe_table(&g).and_then(|t| t.table).unwrap().gm.len(), 1);
                critical = true;
                break;
            }
            "fumble" => assert!(played.entry.summary.contains("with a complication")),
            _ => {}
        }
        g.store.undo_table_action(g.encounter).unwrap();
    }
    assert!(critical);
    let goon = g.id("Goon 1");
    g.play(
        system(json!({"move": "set_side", "participant_id": goon, "side": "friendly_npc"})),
        1,
    );
    let refused = g.try_play(
        system(json!({"move": "attack", "attacker_id": goon, "target_id": bo, "fate_card": "QH"})),
        1,
    );
    assert!(refused.unwrap_err().contains("friendly NPC"));
}

/// Who holds which card, by name: what two encounters played alike must agree on.
fn deal_by_name(g: &Game) -> Vec<(String, String)> {
    let e = g.encounter();
    let t = g.table();
    let dealt = &t.table.as_ref().unwrap().deck.dealt;
    let name = |id: &str| {
        e.state
            .order
            .iter()
            .find(|p| p.id.to_string() == id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    dealt
        .iter()
        .map(|d| (name(&d.combatant.id), format!("{:?}", d.card)))
        .collect()
}

#[test]
fn the_same_actions_with_the_same_seeds_give_the_same_encounter() {
    let play_an_evening = || {
        let mut g = game();
        g.play(system(json!({"move": "deal"})), 40);
        let mut deals = vec![deal_by_name(&g)];
        for seed in 0..8 {
            g.play(TableAction::NextRound, 100 + seed);
            deals.push(deal_by_name(&g));
        }
        (deals, g.held("Ann"), g.held("Bo"))
    };
    assert_eq!(play_an_evening(), play_an_evening());
}
