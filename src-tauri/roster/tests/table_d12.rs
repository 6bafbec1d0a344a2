//! `d12` at the table through `Store::play` with fixed seeds: one whole attack chain (attack vs
//! Dodge → Damage Dice → damage roll vs Toughness → a row below the one reached → health), a
//! miss ending the chain, a row above the reached one refused with nothing written, the dice of
//! every step equal to a quick roll of its previewed request, rolls logged under the attacker,
//! undo stage by stage, rounds counting durations down, healing, and Save to sheets.

use crate::common;
use rollbook_roster::table::{D12Encounter, SystemMove, SystemTable};
use rollbook_rules::table::{Event, RulingId};

use common::table::seat;
use rollbook_roster::{LogQuery, NewRoster, Store, System, TableAction};
use rollbook_rules::table::d12_chain::{Ability, Stage};
use rollbook_rules::DAMAGE_TABLE;
use serde_json::{json, Value};
use uuid::Uuid;

struct Fight {
    store: Store,
    encounter: Uuid,
    vex: Uuid,
    brick: Uuid,
    brick_character: Uuid,
}

/// Vex (Guns 4, a Laser Pistol) against Brick (no ranks in Dodge or Toughness, 12 health,
/// Dazed for 2 turns on the sheet).
fn fight() -> Fight {
    let vex = json!({
        "abilities": [{"name": "Guns", "ranks": 4}, {"name": "Dodge", "ranks": 1, "defense": "dodge"},
                      {"name": "Mind", "ranks": 0, "defense": "mind"},
                      {"name": "Toughness", "ranks": 2, "defense": "toughness"},
                      {"name": "Will Power", "ranks": 1, "defense": "will_power"}],
        "health": {"current": 12, "max": 12}, "equipment": ["Laser Pistol"]});
    let brick = json!({
        "health": {"current": 12, "max": 12},
        "effects": [{"name": "Dazed", "remaining": "2 turns"}]});
    let seated = seat(
        NewRoster::new("Heroes", System::D12),
        "Alley",
        &[("Vex", vex), ("Brick", brick)],
        0,
    );
    Fight {
        vex: seated.participants[0],
        brick: seated.participants[1],
        brick_character: seated.characters[1],
        store: seated.store,
        encounter: seated.encounter,
    }
}

fn d12(value: Value) -> TableAction {
    let mut value = value;
    value["system"] = "d12".into();
    TableAction::System {
        r#move: serde_json::from_value::<SystemMove>(value).unwrap(),
    }
}

impl Fight {
    fn table(&self) -> D12Encounter {
        match self
            .store
            .encounter(self.encounter)
            .unwrap()
            .state
            .system_state
        {
            Some(SystemTable::D12(t)) => t,
            other => panic!("d12 state expected, got {other:?}"),
        }
    }

    fn start(&mut self) {
        let start = d12(json!({"move": "attack_start", "attacker_id": self.vex,
            "defender_id": self.brick, "kind": "physical", "ability": "Guns",
            "weapon": "Laser Pistol"}));
        self.store.play(self.encounter, &start, Some(2)).unwrap();
    }

    /// The request `move` would roll, as the window previews it.
    fn preview(&self, r#move: Value) -> rollbook_rules::RollRequest {
        let TableAction::System { r#move } = d12(r#move) else {
            unreachable!()
        };
        self.store
            .preview_table_move(self.encounter, &r#move)
            .unwrap()
            .expect("a rolling move")
    }

    /// The first seed from 0 whose quick roll of `request` gives an outcome `wanted` accepts.
    fn seed_where(request: &rollbook_rules::RollRequest, wanted: impl Fn(i64) -> bool) -> u64 {
        (0..500)
            .find(|&s| {
                let r = rollbook_rules::roll(request, s).unwrap();
                wanted(r.outcome.parse().unwrap_or(0))
            })
            .expect("a seed within 500")
    }

    /// Rolls the attack with the first seed whose Damage Dice `wanted` accepts.
    fn attack_reaching(&mut self, wanted: impl Fn(i64) -> bool) {
        let attack = self.preview(json!({"move": "attack_roll"}));
        let seed = Fight::seed_where(&attack, wanted);
        self.store
            .play(
                self.encounter,
                &d12(json!({"move": "attack_roll"})),
                Some(seed),
            )
            .unwrap();
    }

    fn log_len(&self) -> usize {
        self.store.table_actions(self.encounter).unwrap().len()
    }
}

/// The ability a side of a previewed opposed request rolls (`attacker` or `defender`).
fn side(fields: &Value, who: &str) -> Ability {
    Ability {
        ranks: fields[format!("{who}_ranks")].as_i64().unwrap(),
        extra_dice: fields[format!("{who}_extra_dice")].as_i64().unwrap(),
        dazed: fields[format!("{who}_dazed")].as_bool().unwrap_or(false),
    }
}

/// One roll, one log entry: what the roll log holds for an attack and a damage step is the
/// very roll the rules' chain made and moved on from (request, dice, seed, total), for seeds of
/// every outcome — not a second roll of the same request.
#[test]
fn the_logged_roll_is_the_roll_the_chain_made() {
    for seed in [0, 7, 41, 300, 9_999] {
        let mut f = fight();
        f.start();
        let chain = f.table().attack.unwrap().chain;
        let opposed = serde_json::to_value(f.preview(json!({"move": "attack_roll"}))).unwrap();
        let (attacker, defender) = (side(&opposed, "attacker"), side(&opposed, "defender"));
        let (next, _, made) = chain
            .attack(
                &attacker,
                &defender,
                rollbook_rules::HouseRules::ruled(),
                &rollbook_rules::table::MoveDice::seeded(seed),
            )
            .unwrap();
        let played = f
            .store
            .play(
                f.encounter,
                &d12(json!({"move": "attack_roll"})),
                Some(seed),
            )
            .unwrap();
        let logged = &played.rolls[0];
        assert_eq!(logged.result, serde_json::to_value(&made.result).unwrap());
        assert_eq!(logged.request, serde_json::to_value(&made.request).unwrap());
        assert_eq!((logged.seed, &logged.dice), (seed, &made.result.dice));
        // The table moved on from that same roll.
        let stage = f.table().attack.map(|a| a.chain.stage);
        if next.stage == Stage::Done {
            assert_eq!(stage, None, "a miss ends the chain");
            continue;
        }
        assert_eq!(stage, Some(next.stage.clone()));

        let chain = f.table().attack.unwrap().chain;
        let tough = serde_json::to_value(f.preview(json!({"move": "damage_roll"}))).unwrap();
        let toughness = Ability {
            ranks: tough["defender_ranks"].as_i64().unwrap(),
            extra_dice: tough["defender_extra_dice"].as_i64().unwrap(),
            dazed: false,
        };
        let (next, _, made) = chain
            .damage(
                &toughness,
                rollbook_rules::HouseRules::ruled(),
                &rollbook_rules::table::MoveDice::seeded(seed + 1),
            )
            .unwrap();
        let played = f
            .store
            .play(
                f.encounter,
                &d12(json!({"move": "damage_roll"})),
                Some(seed + 1),
            )
            .unwrap();
        let logged = &played.rolls[0];
        assert_eq!(logged.result, serde_json::to_value(&made.result).unwrap());
        assert_eq!(logged.request, serde_json::to_value(&made.request).unwrap());
        assert_eq!(
            f.table().attack.map(|a| a.chain.stage),
            (next.stage != Stage::Done).then_some(next.stage)
        );
    }
}

#[test]
fn one_full_attack_chain_wounds_the_defender_and_logs_every_roll() {
    let mut f = fight();
    f.start();
    let attack = f.preview(json!({"move": "attack_roll"}));
    let Value::Object(fields) = serde_json::to_value(&attack).unwrap() else {
        unreachable!()
    };
    assert_eq!(
        (
            &fields["attacker_ranks"],
            &fields["defender_ranks"],
            &fields["defender_dazed"]
        ),
        (&json!(4), &json!(0), &json!(true)),
        "Guns 4 against Brick's Dodge, Dazed from the sheet's effect"
    );
    let seed = Fight::seed_where(&attack, |dice| dice >= 2);
    let played = f
        .store
        .play(
            f.encounter,
            &d12(json!({"move": "attack_roll"})),
            Some(seed),
        )
        .unwrap();
    let quick = rollbook_rules::roll(&attack, seed).unwrap();
    assert_eq!(
        played.rolls[0].dice, quick.dice,
        "the attack is a quick roll"
    );
    assert_eq!(played.rolls[0].character_name.as_deref(), Some("Vex"));
    let Stage::Damage { damage_dice } = f.table().attack.unwrap().chain.stage else {
        panic!("the chain waits for the damage roll");
    };
    assert_eq!(damage_dice.to_string(), quick.outcome);

    let damage = f.preview(json!({"move": "damage_roll"}));
    let seed = Fight::seed_where(&damage, |row| row >= 2);
    let played = f
        .store
        .play(
            f.encounter,
            &d12(json!({"move": "damage_roll"})),
            Some(seed),
        )
        .unwrap();
    assert_eq!(
        played.rolls[0].dice,
        rollbook_rules::roll(&damage, seed).unwrap().dice
    );
    let Stage::ChooseRow { reached, .. } = f.table().attack.unwrap().chain.stage else {
        panic!("the chain waits for the attacker's row");
    };
    assert!(reached >= 2);
    let choices = f.table().attack.unwrap().choices;
    assert_eq!(choices.len() as i64, reached, "rows 1 to the one reached");
    assert_eq!(
        (choices[1].name.as_str(), choices[1].does.clone()),
        ("Average", format!("{} damage", DAMAGE_TABLE[1].damage)),
        "a Laser Pistol reads the Damage column"
    );

    // A row above the one reached is refused and writes nothing.
    let before = (f.table(), f.log_len());
    let too_high = d12(json!({"move": "choose_row", "row": reached + 1}));
    let err = f.store.play(f.encounter, &too_high, Some(3)).unwrap_err();
    assert_eq!(err.code(), "invalid_table_action");
    assert!(
        err.to_string()
            .contains(&format!("choose a row from 0 to {reached}")),
        "{err}"
    );
    assert_eq!((f.table(), f.log_len()), before);

    // Any lower row: the Laser Pistol's Damage column takes that row's health.
    let row = reached - 1;
    let played = f
        .store
        .play(
            f.encounter,
            &d12(json!({"move": "choose_row", "row": row})),
            Some(4),
        )
        .unwrap();
    assert!(played
        .entry
        .summary
        .starts_with(&format!("Vex chooses row {row}")));
    let table = f.table();
    assert!(table.attack.is_none(), "the chain is over");
    let health = table.parts[&f.brick].wounds.health;
    assert_eq!(
        health.current,
        (12 - DAMAGE_TABLE[row as usize - 1].damage).max(0)
    );

    let log = f
        .store
        .roll_log(&LogQuery {
            character_id: Some(
                f.store.encounter(f.encounter).unwrap().state.order[0]
                    .character_id
                    .unwrap(),
            ),
            ..LogQuery::default()
        })
        .unwrap();
    assert_eq!(
        log.iter().map(|e| e.roll.as_str()).collect::<Vec<_>>(),
        ["damage", "opposed"],
        "both rolls logged under Vex, newest first"
    );

    // Undo walks back a stage at a time.
    let undone = f.store.undo_table_action(f.encounter).unwrap();
    let Some(SystemTable::D12(t)) = undone.state.system_state else {
        unreachable!()
    };
    assert!(matches!(
        t.attack.unwrap().chain.stage,
        Stage::ChooseRow { .. }
    ));
    assert_eq!(t.parts[&f.brick].wounds.health.current, 12);
    f.store.undo_table_action(f.encounter).unwrap();
    assert!(matches!(
        f.table().attack.unwrap().chain.stage,
        Stage::Damage { .. }
    ));
}

#[test]
fn a_miss_ends_the_chain() {
    let mut f = fight();
    f.start();
    let attack = f.preview(json!({"move": "attack_roll"}));
    let seed = Fight::seed_where(&attack, |dice| dice == 0);
    let played = f
        .store
        .play(
            f.encounter,
            &d12(json!({"move": "attack_roll"})),
            Some(seed),
        )
        .unwrap();
    assert!(
        played.entry.summary.contains("a miss"),
        "{}",
        played.entry.summary
    );
    assert!(played
        .entry
        .events
        .contains(&Event::ruling(RulingId::D12MarginMisses)));
    assert!(f.table().attack.is_none());
    let err = f
        .store
        .play(f.encounter, &d12(json!({"move": "damage_roll"})), Some(1))
        .unwrap_err();
    assert!(
        err.to_string().contains("no attack is being played"),
        "{err}"
    );
}

#[test]
fn rounds_count_durations_down_healing_and_save_to_sheets() {
    let mut f = fight();
    let dazed = |f: &Fight| {
        f.table().parts[&f.brick]
            .wounds
            .effects
            .iter()
            .map(|e| e.remaining.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(dazed(&f), ["2 turns"]);
    f.store
        .play(f.encounter, &TableAction::NextRound, Some(5))
        .unwrap();
    assert_eq!(dazed(&f), ["1 turn"]);
    let played = f
        .store
        .play(f.encounter, &TableAction::NextRound, Some(6))
        .unwrap();
    assert!(dazed(&f).is_empty(), "Dazed is over");
    assert!(
        played.entry.summary.contains("Brick"),
        "{}",
        played.entry.summary
    );

    // Wounded by hand (a quick NPC's health is set; a sheet's comes from the sheet).
    let refused = d12(
        json!({"move": "set_npc", "participant_id": f.brick, "health": 5,
        "dodge": 0, "mind": 0, "toughness": 0, "will_power": 0}),
    );
    let err = f.store.play(f.encounter, &refused, Some(7)).unwrap_err();
    assert!(err.to_string().contains("come from the sheet"), "{err}");

    f.start();
    f.attack_reaching(|dice| dice >= 2);
    let damage = f.preview(json!({"move": "damage_roll"}));
    let seed = Fight::seed_where(&damage, |row| row >= 1);
    f.store
        .play(
            f.encounter,
            &d12(json!({"move": "damage_roll"})),
            Some(seed),
        )
        .unwrap();
    f.store
        .play(
            f.encounter,
            &d12(json!({"move": "choose_row", "row": 1})),
            Some(8),
        )
        .unwrap();
    let hurt = f.table().parts[&f.brick].wounds.health.current;
    assert_eq!(hurt, 12 - DAMAGE_TABLE[0].damage);

    let salve = d12(json!({"move": "salve", "participant_id": f.brick}));
    f.store.play(f.encounter, &salve, Some(9)).unwrap();
    let err = f.store.play(f.encounter, &salve, Some(9)).unwrap_err();
    assert!(err.to_string().contains("once a day"), "{err}");
    let rest = d12(json!({"move": "heal_days", "participant_id": f.brick, "days": 1}));
    f.store.play(f.encounter, &rest, Some(10)).unwrap();
    let healed = f.table().parts[&f.brick].wounds.health.current;
    assert_eq!(healed, (hurt + 2).min(12));
    // A day passing as time, not only as days of rest, makes the salve usable again.
    f.store.play(f.encounter, &salve, Some(11)).unwrap();
    assert!(f.store.play(f.encounter, &salve, Some(11)).is_err());
    let day = d12(json!({"move": "elapse", "amount": 1, "unit": "day"}));
    f.store.play(f.encounter, &day, Some(12)).unwrap();
    f.store.play(f.encounter, &salve, Some(13)).unwrap();
    let healed = f.table().parts[&f.brick].wounds.health.current;
    assert_eq!(healed, (hurt + 4).min(12));

    let saved = f.store.save_encounter_to_sheets(f.encounter).unwrap();
    assert_eq!(
        saved.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
        ["Brick"],
        "Vex is unhurt; his sheet says so already"
    );
    let sheet = f
        .store
        .character(f.brick_character)
        .unwrap()
        .sheet
        .to_value();
    assert_eq!(sheet["health"], json!({"current": healed, "max": 12}));
    assert_eq!(sheet["effects"], json!([]), "Dazed ran out at the table");
}

#[test]
fn a_quick_npc_fights_with_the_ranks_the_gm_gives() {
    let mut f = fight();
    let add = TableAction::AddNpcs {
        label: "Thug".into(),
        count: 1,
        sheet: None,
    };
    let e = f.store.play(f.encounter, &add, Some(11)).unwrap().encounter;
    let thug = e.state.order[2].id;
    let set = d12(
        json!({"move": "set_npc", "participant_id": thug, "health": 8,
        "dodge": 2, "mind": 0, "toughness": 1, "will_power": 0}),
    );
    f.store.play(f.encounter, &set, Some(12)).unwrap();
    assert_eq!(f.table().parts[&thug].wounds.health.current, 8);

    let no_ranks = d12(json!({"move": "attack_start", "attacker_id": thug,
        "defender_id": f.vex, "kind": "physical", "ability": "Knife", "weapon": "Knife"}));
    let err = f.store.play(f.encounter, &no_ranks, Some(13)).unwrap_err();
    assert!(err.to_string().contains("give the ranks"), "{err}");
    let start = d12(json!({"move": "attack_start", "attacker_id": thug,
        "defender_id": f.vex, "kind": "physical", "ability": "Knife", "ranks": 3,
        "weapon": "Knife"}));
    f.store.play(f.encounter, &start, Some(14)).unwrap();
    let attack = f.preview(json!({"move": "attack_roll"}));
    let Value::Object(fields) = serde_json::to_value(&attack).unwrap() else {
        unreachable!()
    };
    assert_eq!(
        (&fields["attacker_ranks"], &fields["defender_ranks"]),
        (&json!(3), &json!(1)),
        "the Thug's 3 ranks against Vex's Dodge 1"
    );
    let pending = f.table().attack.unwrap();
    assert_eq!(
        pending.chain.weapon.cap, 1,
        "a Knife without Strength: cap 1"
    );
}

/// The encounter's `view` of the attack in progress.
fn attack_view(f: &Fight) -> Option<rollbook_roster::table::D12AttackView> {
    let e = f.store.encounter(f.encounter).unwrap();
    let Some(rollbook_roster::table::TableView::D12 { attack, .. }) = e.view else {
        panic!("a d12 view expected, got {:?}", e.view);
    };
    attack
}

#[test]
fn the_encounter_serves_the_damage_dice_the_weapons_cap_lets_roll() {
    let mut f = fight();
    f.start();
    assert_eq!(
        attack_view(&f).map(|a| a.damage_dice_rolled),
        Some(None),
        "nothing to cap before the attack roll"
    );
    f.attack_reaching(|dice| dice >= 3);
    let Stage::Damage { damage_dice } = f.table().attack.unwrap().chain.stage else {
        panic!("the chain waits for the damage roll");
    };
    assert!(damage_dice >= 3);
    // The Laser Pistol's cap (RULES.md: 2) is what the damage roll rolls.
    let pistol = rollbook_rules::table::d12_weapons::carried("Laser Pistol").unwrap();
    assert_eq!(
        attack_view(&f).unwrap().damage_dice_rolled,
        Some(pistol.base_cap)
    );
}

/// The encounter's `view` of the weapons each participant attacks with, by participant.
fn weapons_view(store: &Store, encounter: Uuid) -> Vec<(Uuid, Vec<String>)> {
    let e = store.encounter(encounter).unwrap();
    let Some(rollbook_roster::table::TableView::D12 { weapons, .. }) = e.view else {
        panic!("a d12 view expected, got {:?}", e.view);
    };
    weapons
        .into_iter()
        .map(|w| (w.participant_id, w.weapons))
        .collect()
}

#[test]
fn the_encounter_serves_the_weapons_each_participant_attacks_with_as_an_attack_matches_them() {
    // "\u{212A}nife" starts with the Kelvin sign, which Unicode lower-cases to "k" but an attack
    // (ASCII case only) does not take for a Knife: it is no weapon of RULES.md's.
    let sheet = json!({"abilities": [{"name": "Blades", "ranks": 2}],
        "equipment": [" knife ", "\u{212A}nife", "Body Armor", "LASER RIFLE"]});
    let mut seated = seat(
        NewRoster::new("Heroes", System::D12),
        "Alley",
        &[("Vex", sheet), ("Brick", json!({}))],
        1,
    );
    let unarmed = || "Unarmed".to_string();
    assert_eq!(
        weapons_view(&seated.store, seated.encounter),
        [
            (
                seated.participants[0],
                vec!["knife".to_string(), "LASER RIFLE".into(), unarmed()]
            ),
            (seated.participants[1], vec![unarmed()]),
            (seated.participants[2], vec![unarmed()]),
        ],
        "the sheet's weapons as it spells them, then Unarmed; a quick NPC has Unarmed only"
    );
    let kelvin = d12(
        json!({"move": "attack_start", "attacker_id": seated.participants[0],
        "defender_id": seated.participants[1], "kind": "physical", "ability": "Blades",
        "weapon": "\u{212A}nife"}),
    );
    let refused = seated
        .store
        .play(seated.encounter, &kelvin, Some(2))
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("is not a weapon of RULES.md"),
        "a weapon the view does not offer is not one an attack knows: {refused}"
    );

    // The view follows the sheet as it is now.
    seated
        .store
        .update_character(
            seated.characters[1],
            rollbook_roster::CharacterPatch {
                sheet: Some(json!({"equipment": ["Sword"]})),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        weapons_view(&seated.store, seated.encounter)[1].1,
        ["Sword", "Unarmed"]
    );
}
