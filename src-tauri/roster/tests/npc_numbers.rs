//! Monsters with numbers (issue 27): quick NPCs added with a sheet's numbers, checked as a sheet
//! is; numbered copies of a roster character, each with its own health; a quick NPC kept as a
//! roster character. Played through the store, as the window and the command line do.

use rollbook_roster::table::{SystemMove, SystemTable, UniverseEncounter};
use rollbook_roster::{
    CharacterKind, Encounter, NewCharacter, NewRoster, RosterError, Store, System, TableAction,
};
use rollbook_rules::RollRequest;
use serde_json::{json, Value};
use uuid::Uuid;

struct Table {
    store: Store,
    roster: Uuid,
    encounter: Uuid,
}

fn universe_table() -> Table {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Night", System::Universe))
        .unwrap()
        .id;
    let encounter = store.create_encounter(roster, "Airlock").unwrap().id;
    Table {
        store,
        roster,
        encounter,
    }
}

impl Table {
    fn play(&mut self, action: TableAction) -> Result<Encounter, RosterError> {
        Ok(self.store.play(self.encounter, &action, Some(7))?.encounter)
    }

    fn character(&mut self, name: &str, kind: CharacterKind, sheet: Value) -> Uuid {
        let mut new = NewCharacter::named(name);
        new.kind = kind;
        new.sheet = Some(sheet);
        self.store.create_character(self.roster, new).unwrap().id
    }

    fn id(&self, name: &str) -> Uuid {
        let e = self.store.encounter(self.encounter).unwrap();
        e.state.order.iter().find(|p| p.name == name).unwrap().id
    }

    fn universe(&self) -> UniverseEncounter {
        let e = self.store.encounter(self.encounter).unwrap();
        match e.state.system_state {
            Some(SystemTable::Universe(t)) => *t,
            other => panic!("no universe table: {other:?}"),
        }
    }

    fn hp(&self, name: &str) -> i64 {
        self.universe().parts[&self.id(name)].hp
    }

    fn attack_request(&self, attacker: &str, target: &str) -> RollRequest {
        let attack = json!({"system": "universe", "move": "attack",
            "attacker_id": self.id(attacker), "target_id": self.id(target)});
        let attack: SystemMove = serde_json::from_value(attack).unwrap();
        self.store
            .preview_table_move(self.encounter, &attack)
            .unwrap()
            .unwrap()
    }
}

fn npcs(label: &str, count: u32, sheet: Option<Value>) -> TableAction {
    TableAction::AddNpcs {
        label: label.into(),
        count,
        sheet,
    }
}

fn attack_numbers(request: &RollRequest) -> (i64, i64) {
    let value = serde_json::to_value(request).unwrap();
    (
        value["bonus"].as_i64().unwrap(),
        value["ac"].as_i64().unwrap(),
    )
}

#[test]
fn quick_npcs_with_numbers_attack_and_are_attacked_with_them() {
    let mut t = universe_table();
    t.character("Ann", CharacterKind::Pc, json!({"combat_skill": 2}));
    let ann = t.store.characters(t.roster).unwrap()[0].id;
    t.play(TableAction::AddCharacters {
        character_ids: vec![ann],
    })
    .unwrap();
    let numbers = json!({"combat_skill": 3, "attack_bonus": 2, "ac": 14, "hp": {"max": 12}});
    let e = t.play(npcs("Drone", 3, Some(numbers))).unwrap();
    let names: Vec<&str> = e.state.order.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Drone 1", "Drone 2", "Drone 3"]);
    // Stored whole: what was left out is the blank sheet's, the tracker given its max is full.
    let sheet = e.state.order[1].sheet.as_ref().unwrap();
    assert_eq!(sheet["hp"], json!({"current": 12, "max": 12}));
    assert_eq!(sheet["saves"]["physical"], 15);
    assert_eq!(t.hp("Drone 2"), 12);
    // Ann's attack reads the drone's AC; the drone's its combat skill and attack bonus.
    assert_eq!(attack_numbers(&t.attack_request("Ann", "Drone 1")), (2, 14));
    assert_eq!(attack_numbers(&t.attack_request("Drone 1", "Ann")), (5, 10));
    // A quick NPC with the defaults still reads as before.
    t.play(npcs("Goon", 1, None)).unwrap();
    assert_eq!(attack_numbers(&t.attack_request("Ann", "Goon 1")), (2, 10));
    assert_eq!(t.hp("Goon 1"), 10);
}

#[test]
fn numbers_past_a_sheet_limit_are_refused_at_their_path_and_change_nothing() {
    let mut t = universe_table();
    let before = t.store.encounter(t.encounter).unwrap();
    let err = t
        .play(npcs("Drone", 2, Some(json!({"ac": 41, "hp": {"max": 0}}))))
        .unwrap_err();
    let paths: Vec<&str> = err.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(err.code(), "invalid_sheet", "{err}");
    assert!(paths.contains(&"sheet.ac"), "{paths:?}");
    assert!(paths.contains(&"sheet.hp.max"), "{paths:?}");
    let unknown = t
        .play(npcs("Drone", 1, Some(json!({"armour": 3}))))
        .unwrap_err();
    assert_eq!(unknown.code(), "invalid_sheet", "{unknown}");
    assert_eq!(t.store.encounter(t.encounter).unwrap(), before);
}

#[test]
fn copies_of_a_roster_character_each_keep_their_own_health() {
    let mut t = universe_table();
    let drone = t.character(
        "Drone",
        CharacterKind::Npc,
        json!({"ac": 13, "hp": {"current": 8, "max": 8}}),
    );
    let e = t
        .play(TableAction::AddCopies {
            character_id: drone,
            count: 3,
        })
        .unwrap();
    let copies: Vec<(&str, Option<Uuid>, Option<Uuid>)> = e
        .state
        .order
        .iter()
        .map(|p| (p.name.as_str(), p.character_id, p.copy_of))
        .collect();
    assert_eq!(
        copies,
        [
            ("Drone 1", None, Some(drone)),
            ("Drone 2", None, Some(drone)),
            ("Drone 3", None, Some(drone))
        ]
    );
    // Two more number on from the highest.
    t.play(TableAction::AddCopies {
        character_id: drone,
        count: 2,
    })
    .unwrap();
    assert!(t.store.encounter(t.encounter).unwrap().state.order[4].name == "Drone 5");

    let hit: SystemMove = serde_json::from_value(json!({"system": "universe", "move": "adjust",
        "participant_id": t.id("Drone 2"), "track": "hp", "by": -5}))
    .unwrap();
    t.play(TableAction::System { r#move: hit }).unwrap();
    assert_eq!(
        ["Drone 1", "Drone 2", "Drone 3"].map(|n| t.hp(n)),
        [8, 3, 8]
    );
    // Copies write nothing back, and later edits of the character leave them as they joined.
    t.store.save_encounter_to_sheets(t.encounter).unwrap();
    let sheet = t.store.character(drone).unwrap().sheet.to_value();
    assert_eq!(sheet["hp"], json!({"current": 8, "max": 8}));
    t.store
        .update_character(
            drone,
            rollbook_roster::CharacterPatch {
                sheet: Some(json!({"ac": 18, "hp": {"current": 8, "max": 8}})),
                ..Default::default()
            },
        )
        .unwrap();
    t.play(npcs("Scout", 1, None)).unwrap();
    assert_eq!(
        attack_numbers(&t.attack_request("Scout 1", "Drone 1")).1,
        13
    );
}

#[test]
fn copies_are_refused_past_the_batch_and_for_a_character_elsewhere() {
    let mut t = universe_table();
    let drone = t.character("Drone", CharacterKind::Npc, json!({}));
    let err = t
        .play(TableAction::AddCopies {
            character_id: drone,
            count: 51,
        })
        .unwrap_err();
    assert!(err.to_string().contains("1 to 50 copies"), "{err}");
    let err = t
        .play(TableAction::AddCopies {
            character_id: Uuid::new_v4(),
            count: 1,
        })
        .unwrap_err();
    assert_eq!(err.code(), "character_not_found", "{err}");
    assert!(t
        .store
        .encounter(t.encounter)
        .unwrap()
        .state
        .order
        .is_empty());
}

#[test]
fn a_quick_npc_is_kept_as_a_roster_character_with_its_numbers() {
    let mut t = universe_table();
    let numbers = json!({"combat_skill": 4, "ac": 15, "hp": {"max": 20}});
    let e = t.play(npcs("Warden", 2, Some(numbers))).unwrap();
    let added = e.state.order[1].sheet.clone().unwrap();
    let kept = t
        .store
        .keep_as_character(t.encounter, t.id("Warden 2"), None)
        .unwrap();
    assert_eq!(
        (kept.name.as_str(), kept.kind, kept.sheet.to_value()),
        ("Warden", CharacterKind::Npc, added)
    );
    // The participant stays a quick NPC; the kept character copies like any other.
    let e = t.store.encounter(t.encounter).unwrap();
    assert_eq!(e.state.order[1].character_id, None);
    t.play(TableAction::AddCopies {
        character_id: kept.id,
        count: 1,
    })
    .unwrap();
    assert_eq!(t.hp("Warden 3"), 20);
    // A stored character is not kept twice.
    let ann = t.character("Ann", CharacterKind::Pc, json!({}));
    t.play(TableAction::AddCharacters {
        character_ids: vec![ann],
    })
    .unwrap();
    let err = t
        .store
        .keep_as_character(t.encounter, t.id("Ann"), None)
        .unwrap_err();
    assert!(err.to_string().contains("already"), "{err}");
}

/// A hit applied in one step: the attack's damage, typed, takes hp down to 0 and no further,
/// logged and undone like any move.
#[test]
fn a_hit_s_damage_takes_hp_to_zero_and_no_further_and_is_undone() {
    let mut t = universe_table();
    t.play(npcs("Drone", 1, Some(json!({"hp": {"max": 12}}))))
        .unwrap();
    let damage = |id: Uuid, points: i64| -> TableAction {
        let m: SystemMove = serde_json::from_value(
            json!({"system": "universe", "move": "damage", "participant_id": id, "points": points}),
        )
        .unwrap();
        TableAction::System { r#move: m }
    };
    let drone = t.id("Drone 1");
    let played = t
        .store
        .play(t.encounter, &damage(drone, 7), Some(1))
        .unwrap();
    assert_eq!(
        played.entry.events[0].to_string(),
        "Drone 1 takes 7 damage: hp 12 → 5."
    );
    assert_eq!(t.hp("Drone 1"), 5);
    let played = t
        .store
        .play(t.encounter, &damage(drone, 9), Some(2))
        .unwrap();
    let said: Vec<String> = played
        .entry
        .events
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        said,
        [
            "Drone 1 takes 9 damage: hp 5 → 0.",
            "Drone 1 is at 0 hp: mortally wounded."
        ]
    );
    assert_eq!(t.hp("Drone 1"), 0);
    t.store.undo_table_action(t.encounter).unwrap();
    assert_eq!(t.hp("Drone 1"), 5);
    let err = t.play(damage(drone, -1)).unwrap_err();
    assert_eq!(err.code(), "out_of_range", "{err}");
}
