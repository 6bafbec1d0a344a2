//! Issue 28: a stored name holding a right-to-left override is isolated (FIRST STRONG ISOLATE …
//! POP DIRECTIONAL ISOLATE) wherever Rust puts it into a sentence, so it reorders nothing but
//! itself: the table's events and roll details in all five systems (and the generic actions:
//! adding, turns, order, renaming, what the players see), the refusals that name someone, and
//! the refusal of a roll of another system. Every character, the quick NPCs, the encounter and
//! an alias are given such names, and so are the marks and stunt tasks; every sentence (and every
//! string of the players' view) is then read for a control that escapes its isolate. A sheet's
//! problems quote the names they are about isolated too.

use crate::common;

use common::table::all_systems;
use rollbook_roster::{
    CharacterPatch, RollPlace, RosterPatch, Store, System, TableAction, Visibility,
};
use serde_json::{json, Value};
use uuid::Uuid;

const RLO: char = '\u{202E}';

/// Whether `text` is safe beside other text: every bidi embedding, override or mark sits inside
/// an isolate, and every isolate it opens is closed (nothing after it is reordered).
fn contained(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '\u{2066}'..='\u{2068}' => depth += 1,
            '\u{2069}' if depth == 0 => return false,
            '\u{2069}' => depth -= 1,
            '\u{202A}'..='\u{202E}' | '\u{200E}' | '\u{200F}' | '\u{061C}' if depth == 0 => {
                return false
            }
            _ => {}
        }
    }
    depth == 0
}

#[test]
fn the_check_catches_a_raw_override_and_passes_an_isolated_one() {
    assert!(!contained("Added \u{202E}Vex, Brick"));
    assert!(!contained("Added \u{2068}\u{202E}Vex, Brick"));
    assert!(contained("Added \u{2068}\u{202E}Vex\u{2069}, Brick"));
    assert!(contained("Brick's turn"));
}

/// The roster of `system` in the fixture with it and every character of it renamed to start
/// with a right-to-left override; its id and the characters' ids.
fn overridden(store: &mut Store, system: System) -> (Uuid, Vec<Uuid>) {
    let roster = store
        .rosters()
        .unwrap()
        .into_iter()
        .find(|r| r.system == system)
        .unwrap();
    let patch = RosterPatch {
        name: Some(format!("{RLO}{}", roster.name)),
        ..RosterPatch::default()
    };
    store.update_roster(roster.id, patch).unwrap();
    let mut ids = Vec::new();
    for c in store.characters(roster.id).unwrap() {
        let patch = CharacterPatch {
            name: Some(format!("{RLO}{}", c.name)),
            ..CharacterPatch::default()
        };
        ids.push(store.update_character(c.id, patch).unwrap().id);
    }
    (roster.id, ids)
}

fn system_move(system: System, mut mv: Value) -> TableAction {
    mv["system"] = json!(system.as_str());
    serde_json::from_value(json!({"action": "system", "move": mv})).unwrap()
}

/// Moves of `system` that name their participants in words: `a` and `b` are characters,
/// `npc` a quick NPC. Some may be refused at the stage they come in (their refusal is read
/// too).
fn moves(system: System, a: Uuid, b: Uuid, npc: Uuid) -> Vec<Value> {
    match system {
        System::File(file) => panic!("written for the five, not {file:?}"),
        System::Stunt => vec![
            json!({"move": "task_start", "participant_id": a, "label": format!("{RLO}Pick the lock"),
                   "kind": "doubles_only", "needed": 2}),
            json!({"move": "task_throw", "task_id": 1}),
            json!({"move": "minor_damage", "participant_id": b}),
            json!({"move": "damage", "participant_id": npc, "points": 2}),
            json!({"move": "damage", "participant_id": a, "dice": {"dice": 1, "sides": 6}}),
            json!({"move": "heal", "participant_id": npc, "points": 1}),
            json!({"move": "set_htk", "participant_id": npc, "current": 4, "max": 20}),
            json!({"move": "adjust", "participant_id": a, "track": "htk", "by": -1}),
            json!({"move": "check", "participant_id": b, "active": "Skilled",
                   "defending": "Average"}),
            json!({"move": "task_close", "task_id": 1}),
            json!({"move": "set_htk", "participant_id": a, "current": 4, "max": 20}),
        ],
        System::Marks => vec![
            json!({"move": "task_start", "participant_id": a, "label": format!("{RLO}Crack the vault"),
                   "pool": {"attribute_dice": 3, "skill_dice": 2}, "needed": 5}),
            json!({"move": "task_attempt", "task_id": 1}),
            json!({"move": "task_contest", "participant_id": a, "label": format!("{RLO}Sneak past"),
                   "pool": {"attribute_dice": 3, "skill_dice": 1}, "defender_id": npc,
                   "defender_pool": {"attribute_dice": 2, "skill_dice": 1}}),
            json!({"move": "task_attempt", "task_id": 2}),
            json!({"move": "extended_start", "participant_id": b, "label": format!("{RLO}Hack the grid"),
                   "pool": {"attribute_dice": 3, "skill_dice": 2}, "plateau": 6,
                   "min_steps": 1, "max_steps": 4}),
            json!({"move": "extended_step", "task_id": 3}),
            json!({"move": "task_close", "task_id": 1}),
            json!({"move": "task_start", "participant_id": b, "label": "Both",
                   "pool": {"roll": "No such roll", "attribute_dice": 1}}),
        ],
        System::Genre => vec![
            json!({"move": "gain_glory", "participant_id": a, "points": 2}),
            json!({"move": "act", "participant_id": a, "plan": {"grunt": 1},
                   "request": {"system": "genre", "roll": "action", "dice": 4, "difficulty": 2}}),
            json!({"move": "act", "participant_id": b, "roll": "No such roll",
                   "request": {"system": "genre", "roll": "action", "dice": 4, "difficulty": 2}}),
            json!({"move": "spend_opposing_glory", "participant_id": a, "points": 1}),
            json!({"move": "set_stats", "participant_id": npc, "level": 2, "stamina": 3}),
            json!({"move": "set_stats", "participant_id": a, "level": 2, "stamina": 3}),
            json!({"move": "rest"}),
        ],
        System::D12 => vec![
            json!({"move": "attack_start", "attacker_id": npc, "defender_id": a,
                   "kind": "physical", "ability": "Attack", "ranks": 3, "weapon": "Unarmed"}),
            json!({"move": "attack_roll"}),
            json!({"move": "damage_roll"}),
            json!({"move": "choose_row", "row": 1}),
            json!({"move": "attack_cancel"}),
            json!({"move": "attack_start", "attacker_id": a, "defender_id": npc,
                   "kind": "physical", "ability": "No such ability", "weapon": "Unarmed"}),
            json!({"move": "set_npc", "participant_id": npc, "health": 8, "dodge": 1,
                   "mind": 1, "toughness": 1, "will_power": 1}),
            json!({"move": "set_npc", "participant_id": a, "health": 8, "dodge": 1,
                   "mind": 1, "toughness": 1, "will_power": 1}),
            json!({"move": "adjust", "participant_id": b, "track": "health", "by": -1}),
            json!({"move": "heal_days", "participant_id": b, "days": 1}),
            json!({"move": "elapse", "amount": 1, "unit": "day"}),
        ],
        System::Universe => vec![
            json!({"move": "deal"}),
            json!({"move": "save", "participant_id": a, "save": "physical"}),
            json!({"move": "attack", "attacker_id": a, "target_id": npc}),
            json!({"move": "damage", "participant_id": npc, "points": 3}),
            json!({"move": "adjust", "participant_id": a, "track": "hp", "by": -1}),
            json!({"move": "set_side", "participant_id": npc, "side": "friendly_npc"}),
            json!({"move": "set_side", "participant_id": a, "side": "friendly_npc"}),
            json!({"move": "sudden_takedown", "attacker_id": a, "target_id": npc}),
            json!({"move": "group_stealth", "leader_id": a, "member_ids": [b, npc],
                   "difficulty": 9}),
            json!({"move": "start_chase", "participant_ids": [a, npc]}),
            json!({"move": "chase_round", "first_id": a, "second_id": npc}),
            json!({"move": "chase_round", "first_id": a, "second_id": b}),
            json!({"move": "augment_after", "participant_id": a}),
        ],
    }
}

#[test]
fn every_sentence_of_the_table_isolates_the_names_in_it() {
    for system in System::ALL {
        let mut store = all_systems();
        let (roster, characters) = overridden(&mut store, system);
        let fight = store
            .create_encounter(roster, &format!("{RLO}Fight"))
            .unwrap()
            .id;
        let mut refusals = Vec::new();
        let mut play = |store: &mut Store, action: TableAction, seed: u64| {
            if let Err(e) = store.play(fight, &action, Some(seed)) {
                refusals.push(e.to_string());
            }
        };
        play(
            &mut store,
            TableAction::AddCharacters {
                character_ids: characters.clone(),
            },
            1,
        );
        play(
            &mut store,
            TableAction::AddNpcs {
                label: format!("{RLO}Drone"),
                count: 2,
                sheet: None,
            },
            2,
        );
        play(
            &mut store,
            TableAction::AddCopies {
                character_id: characters[0],
                count: 1,
            },
            3,
        );
        // Refused, naming the one already in.
        play(
            &mut store,
            TableAction::AddCharacters {
                character_ids: vec![characters[1]],
            },
            4,
        );
        let order: Vec<Uuid> = store
            .encounter(fight)
            .unwrap()
            .state
            .order
            .iter()
            .map(|p| p.id)
            .collect();
        let (a, b, npc) = (order[0], order[1], order[characters.len()]);
        for (n, mv) in moves(system, a, b, npc).into_iter().enumerate() {
            play(&mut store, system_move(system, mv), 10 + n as u64);
        }
        let alias = Visibility {
            alias: Some(format!("{RLO}Masked figure")),
            ..Visibility::default()
        };
        let hidden = Visibility {
            hidden: true,
            ..Visibility::default()
        };
        for action in [
            TableAction::SetVisibility {
                participant_id: b,
                visibility: hidden,
            },
            TableAction::SetVisibility {
                participant_id: b,
                visibility: alias,
            },
            TableAction::MoveUp { participant_id: a },
            TableAction::MoveDown { participant_id: b },
            TableAction::MoveUp { participant_id: b },
            TableAction::SetTurn { participant_id: b },
            TableAction::NextTurn,
            TableAction::NextTurn,
            TableAction::NextRound,
            TableAction::SetOrder {
                participant_ids: vec![a, a],
            },
            TableAction::Rename {
                name: format!("{RLO}Rooftop"),
            },
            TableAction::RemoveParticipant {
                participant_id: npc,
            },
        ] {
            play(&mut store, action, 50);
        }
        // Around the round once more: the round turns on someone's name (a new deal's first
        // in universe).
        for _ in 0..order.len() {
            play(&mut store, TableAction::NextTurn, 60);
        }

        // The players' page puts the names it is sent into sentences ("Vex's turn"): every
        // string of its projection is contained too.
        let view = serde_json::to_value(store.players_view(fight).unwrap()).unwrap();
        let mut strings = Vec::new();
        every_string(&view, &mut strings);
        assert!(strings.iter().any(|s| s.contains(RLO)), "{system}: {view}");
        for text in &strings {
            assert!(
                contained(text),
                "{system}: the players' view lets {text:?} escape"
            );
        }

        let logged = store.table_actions(fight).unwrap();
        let texts: Vec<&str> = logged
            .iter()
            .flat_map(|a| a.events.iter().map(|e| e.text.as_str()))
            .collect();
        for text in texts
            .iter()
            .copied()
            .chain(refusals.iter().map(String::as_str))
        {
            assert!(
                contained(text),
                "{system}: a name escapes its isolate in {text:?}"
            );
        }
        // The sentences did name them: most of what was played says a name.
        let naming = texts.iter().filter(|t| t.contains(RLO)).count();
        assert!(
            naming >= 15,
            "{system}: only {naming} of {} events name someone: {texts:#?}",
            texts.len()
        );
        assert!(
            refusals.iter().any(|r| r.contains(RLO)),
            "{system}: no refusal named anyone: {refusals:#?}"
        );
    }
}

/// Every string in `value`, keys left out.
fn every_string(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| every_string(v, out)),
        Value::Object(map) => map.values().for_each(|v| every_string(v, out)),
        _ => {}
    }
}

#[test]
fn a_roll_of_another_system_is_refused_with_the_names_isolated() {
    let mut store = all_systems();
    let (roster, characters) = overridden(&mut store, System::D12);
    let place = RollPlace {
        roster: store.roster(roster).unwrap(),
        character: Some(store.character(characters[0]).unwrap()),
    };
    let stunt = rollbook_rules::parse_request(r#"{"system":"stunt","roll":"check"}"#).unwrap();
    let refused = place.check(&stunt).unwrap_err().to_string();
    assert!(refused.contains(RLO), "{refused}");
    assert!(contained(&refused), "{refused:?}");
}

#[test]
fn a_sheet_problem_quotes_the_name_it_is_about_isolated() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(rollbook_roster::NewRoster::new("Crew", System::D12))
        .unwrap();
    let twice = format!("{RLO}Guns");
    let mut new = rollbook_roster::NewCharacter::named("Vex");
    new.sheet =
        Some(json!({"abilities": [{"name": twice, "ranks": 1}, {"name": twice, "ranks": 1}]}));
    let refused = store.create_character(roster.id, new).unwrap_err();
    assert_eq!(refused.code(), "invalid_sheet");
    let text = refused.to_string();
    assert!(text.contains("is listed twice"), "{text}");
    assert!(text.contains(RLO), "{text}");
    assert!(contained(&text), "{text:?}");
}
