//! Fights prepared ahead (issue 27): an encounter saved as a plan and started from it twice,
//! "Duplicate encounter", a plan naming a character no longer in the roster, delete and restore.

use rollbook_roster::table::{SystemMove, SystemTable};
use rollbook_roster::{
    CharacterKind, CharacterPatch, NewCharacter, NewRoster, Store, System, TableAction, Visibility,
};
use serde_json::json;
use uuid::Uuid;

struct Prepared {
    store: Store,
    roster: Uuid,
    warden: Uuid,
    fight: Uuid,
}

/// Ann (a PC), two copies of the Warden, and a hidden quick Sniper with AC 16, in "Airlock".
fn prepared() -> Prepared {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Night", System::Universe))
        .unwrap()
        .id;
    let ann = store
        .create_character(roster, NewCharacter::named("Ann"))
        .unwrap()
        .id;
    let mut warden = NewCharacter::named("Warden");
    warden.kind = CharacterKind::Npc;
    warden.sheet = Some(json!({"ac": 13, "hp": {"current": 8, "max": 8}}));
    let warden = store.create_character(roster, warden).unwrap().id;
    let fight = store.create_encounter(roster, "Airlock").unwrap().id;
    let actions = [
        TableAction::AddCharacters {
            character_ids: vec![ann],
        },
        TableAction::AddCopies {
            character_id: warden,
            count: 2,
        },
        TableAction::AddNpcs {
            label: "Sniper".into(),
            count: 1,
            sheet: Some(json!({"ac": 16})),
        },
    ];
    store.play_all(fight, &actions, Some(1)).unwrap();
    let sniper = store.encounter(fight).unwrap().state.order[3].id;
    let hide = TableAction::SetVisibility {
        participant_id: sniper,
        visibility: Visibility {
            hidden: true,
            ..Visibility::default()
        },
    };
    store.play(fight, &hide, Some(2)).unwrap();
    Prepared {
        store,
        roster,
        warden,
        fight,
    }
}

fn names(store: &Store, encounter: Uuid) -> Vec<String> {
    let e = store.encounter(encounter).unwrap();
    e.state.order.iter().map(|p| p.name.clone()).collect()
}

fn hurt(store: &mut Store, encounter: Uuid, at: usize) {
    let id = store.encounter(encounter).unwrap().state.order[at].id;
    let hit: SystemMove = serde_json::from_value(json!({"system": "universe", "move": "adjust",
        "participant_id": id, "track": "hp", "by": -3}))
    .unwrap();
    store
        .play(encounter, &TableAction::System { r#move: hit }, Some(3))
        .unwrap();
}

fn hp(store: &Store, encounter: Uuid, at: usize) -> i64 {
    let e = store.encounter(encounter).unwrap();
    match e.state.system_state {
        Some(SystemTable::Universe(t)) => t.parts[&e.state.order[at].id].hp,
        _ => panic!("no universe table yet"),
    }
}

#[test]
fn a_plan_is_started_twice_each_time_as_it_was_saved() {
    let mut p = prepared();
    let plan = p
        .store
        .save_plan(p.fight, Some("Airlock ambush"), "Sniper on the gantry")
        .unwrap();
    assert_eq!(plan.contents.participants.len(), 4);
    assert_eq!(plan.contents.notes, "Sniper on the gantry");
    // What happens in the fight afterwards is not in the plan.
    hurt(&mut p.store, p.fight, 1);

    let first = p.store.start_plan(plan.id, None).unwrap();
    let second = p.store.start_plan(plan.id, Some("Airlock, again")).unwrap();
    for (e, name) in [(&first, "Airlock ambush"), (&second, "Airlock, again")] {
        assert_eq!(e.state.name, name);
        assert_eq!(e.state.round, 1);
        assert_eq!(e.state.current, Some(e.state.order[0].id));
        assert_eq!(
            names(&p.store, e.id),
            ["Ann", "Warden 1", "Warden 2", "Sniper 1"]
        );
        let sniper = e.state.order[3].id;
        assert!(
            e.state.visibility_of(sniper).hidden,
            "the hidden stay hidden"
        );
        assert_eq!(e.state.order[3].sheet.as_ref().unwrap()["ac"], 16);
        assert_eq!(e.state.order[1].copy_of, Some(p.warden));
    }
    assert_ne!(first.state.order[0].id, second.state.order[0].id);
    // Each start has its own table: a copy starts unhurt whatever the saved fight went through.
    hurt(&mut p.store, first.id, 2);
    hurt(&mut p.store, second.id, 0);
    assert_eq!(hp(&p.store, first.id, 1), 8);
    assert_eq!(hp(&p.store, second.id, 1), 8);

    // A copy starts from its character's sheet as it is when started.
    p.store
        .update_character(
            p.warden,
            CharacterPatch {
                sheet: Some(json!({"ac": 15, "hp": {"current": 11, "max": 11}})),
                ..Default::default()
            },
        )
        .unwrap();
    let third = p.store.start_plan(plan.id, None).unwrap();
    assert_eq!(third.state.order[1].sheet.as_ref().unwrap()["ac"], 15);
    assert_eq!(p.store.encounters(p.roster).unwrap().len(), 4);
}

#[test]
fn duplicate_starts_the_same_fight_afresh() {
    let mut p = prepared();
    hurt(&mut p.store, p.fight, 1);
    p.store
        .play(p.fight, &TableAction::NextRound, Some(4))
        .unwrap();
    let copy = p.store.duplicate_encounter(p.fight, None).unwrap();
    assert_eq!(copy.state.name, "Airlock (copy)");
    assert_eq!(copy.state.round, 1);
    assert_eq!(hp(&p.store, copy.id, 1), 8, "the table starts afresh");
    assert_eq!(names(&p.store, copy.id), names(&p.store, p.fight));
    hurt(&mut p.store, copy.id, 0);
    assert_eq!(hp(&p.store, copy.id, 1), 8);
    assert!(p.store.table_actions(copy.id).unwrap().len() == 1);
}

#[test]
fn a_plan_naming_a_character_gone_from_the_roster_is_refused_and_writes_nothing() {
    let mut p = prepared();
    let plan = p.store.save_plan(p.fight, None, "").unwrap();
    p.store.delete_character(p.warden).unwrap();
    let before = p.store.encounters(p.roster).unwrap().len();
    let err = p.store.start_plan(plan.id, None).unwrap_err();
    assert_eq!(err.code(), "invalid_table_action", "{err}");
    assert!(
        err.to_string()
            .starts_with("Warden 1 of the plan is no longer in the roster"),
        "{err}"
    );
    assert_eq!(p.store.encounters(p.roster).unwrap().len(), before);
}

#[test]
fn plans_are_found_by_name_deleted_and_restored() {
    let mut p = prepared();
    let plan = p.store.save_plan(p.fight, Some("Gantry"), "").unwrap();
    assert_eq!(p.store.find_plan(p.roster, "gantry").unwrap().id, plan.id);
    assert_eq!(
        p.store.find_plan(p.roster, "Nope").unwrap_err().code(),
        "plan_not_found"
    );
    p.store.delete_plan(plan.id).unwrap();
    assert!(p.store.plans(p.roster).unwrap().is_empty());
    assert_eq!(
        p.store.start_plan(plan.id, None).unwrap_err().code(),
        "plan_not_found"
    );
    p.store.restore_plan(plan.id).unwrap();
    assert_eq!(p.store.plans(p.roster).unwrap().len(), 1);
    let long = "x".repeat(10_000);
    let err = p.store.save_plan(p.fight, Some(&long), "").unwrap_err();
    assert!(err.to_string().contains("name"), "{err}");
    assert_eq!(p.store.plans(p.roster).unwrap().len(), 1);
}
