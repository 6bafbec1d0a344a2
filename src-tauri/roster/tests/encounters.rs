//! Encounters in the store: every table action is logged with the state before and after, undo
//! restores the exact prior state, and a refused action writes nothing.

use rollbook_roster::table::{GenreMove, SystemMove, SystemTable};
use rollbook_roster::{
    Encounter, EncounterState, NewCharacter, NewRoster, Store, System, TableAction,
};
use uuid::Uuid;

struct Table {
    store: Store,
    roster: Uuid,
    vex: Uuid,
    mara: Uuid,
}

fn table() -> Table {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Friday", System::Genre))
        .unwrap()
        .id;
    let vex = store
        .create_character(roster, NewCharacter::named("Vex"))
        .unwrap()
        .id;
    let mara = store
        .create_character(roster, NewCharacter::named("Mara"))
        .unwrap()
        .id;
    Table {
        store,
        roster,
        vex,
        mara,
    }
}

/// The GM awards `points` Glory to a participant (a genre system move).
fn glory(participant_id: Uuid, points: i64) -> TableAction {
    TableAction::System {
        r#move: SystemMove::Genre(GenreMove::GainGlory {
            participant_id,
            points,
        }),
    }
}

fn names(e: &Encounter) -> Vec<&str> {
    e.state.order.iter().map(|p| p.name.as_str()).collect()
}

fn pid(e: &Encounter, name: &str) -> Uuid {
    e.state.order.iter().find(|p| p.name == name).unwrap().id
}

/// Everything a write could touch, to prove a refusal wrote nothing.
fn snapshot(store: &Store, id: Uuid) -> (Encounter, usize) {
    (
        store.encounter(id).unwrap(),
        store.table_actions(id).unwrap().len(),
    )
}

#[test]
fn an_encounter_is_built_played_and_listed() {
    let mut t = table();
    let e = t
        .store
        .create_encounter(t.roster, "  Dockside Ambush ")
        .unwrap();
    assert_eq!(e.state, EncounterState::new("Dockside Ambush"));
    assert_eq!((e.state.round, e.state.current), (1, None));
    let e = t
        .store
        .play(
            e.id,
            &TableAction::AddCharacters {
                character_ids: vec![t.vex, t.mara],
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    let e = t
        .store
        .play(
            e.id,
            &TableAction::AddNpcs {
                label: "Goon".into(),
                count: 2,
                sheet: None,
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    assert_eq!(names(&e), ["Vex", "Mara", "Goon 1", "Goon 2"]);
    assert_eq!(e.state.order[0].character_id, Some(t.vex));
    assert_eq!(e.state.order[2].character_id, None);
    assert_eq!(e.state.current, Some(pid(&e, "Vex")));
    let goon2 = pid(&e, "Goon 2");
    let e = t
        .store
        .play(
            e.id,
            &TableAction::MoveUp {
                participant_id: goon2,
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    assert_eq!(names(&e), ["Vex", "Mara", "Goon 2", "Goon 1"]);
    let e = t
        .store
        .play(
            e.id,
            &TableAction::RemoveParticipant {
                participant_id: pid(&e, "Goon 1"),
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    for _ in 0..3 {
        t.store
            .play(e.id, &TableAction::NextTurn, None)
            .map(|p| p.encounter)
            .unwrap();
    }
    let e = t.store.encounter(e.id).unwrap();
    assert_eq!(e.state.round, 2, "three turns of three: round 2 begins");
    assert_eq!(e.state.current, Some(pid(&e, "Vex")));
    let log = t.store.table_actions(e.id).unwrap();
    let said: Vec<&str> = log.iter().map(|a| a.summary.as_str()).collect();
    assert_eq!(
        said,
        [
            "Added Vex, Mara",
            "Added Goon 1, Goon 2",
            "Moved Goon 2 up to place 3",
            "Removed Goon 1",
            "Mara's turn",
            "Goon 2's turn",
            "Round 2, Vex's turn"
        ]
    );
    let states = t.store.table_history(e.id).unwrap();
    assert_eq!(
        states.iter().map(|s| s.id).collect::<Vec<_>>(),
        log.iter().map(|a| a.id).collect::<Vec<_>>()
    );
    for pair in states.windows(2) {
        assert_eq!(
            pair[0].after, pair[1].before,
            "the log is a chain of states"
        );
    }
    assert_eq!(states.last().unwrap().after, e.state);
    let other = t.store.create_encounter(t.roster, "Rooftops").unwrap();
    let listed: Vec<Uuid> = t
        .store
        .encounters(t.roster)
        .unwrap()
        .iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(listed, [e.id, other.id]);
}

#[test]
fn a_play_answers_the_entries_and_rolls_the_log_keeps() {
    let mut t = table();
    let id = t.store.create_encounter(t.roster, "Docks").unwrap().id;
    let joined = t
        .store
        .play_all(
            id,
            &[
                TableAction::AddCharacters {
                    character_ids: vec![t.vex],
                },
                TableAction::AddNpcs {
                    label: "Goon".into(),
                    count: 1,
                    sheet: None,
                },
            ],
            Some(3),
        )
        .unwrap();
    let vex = pid(&joined[1].encounter, "Vex");
    let request =
        serde_json::json!({"system": "genre", "roll": "action", "dice": 3, "difficulty": 2});
    let act = TableAction::System {
        r#move: SystemMove::Genre(GenreMove::Act {
            participant_id: vex,
            plan: Default::default(),
            request,
            roll: None,
        }),
    };
    let rolled = t.store.play(id, &act, Some(9)).unwrap();
    t.store.undo_table_action(id).unwrap();
    let after_undo = t.store.play(id, &glory(vex, 2), Some(4)).unwrap();
    let log = t.store.table_actions(id).unwrap();
    let answered: Vec<_> = joined
        .iter()
        .chain([&rolled, &after_undo])
        .map(|p| p.entry.clone())
        .collect();
    let mut kept = log.clone();
    kept[2].undone_at = None; // undone after it was answered
    assert_eq!(answered, kept, "each play answers the entry the log keeps");
    assert!(log[2].undone_at.is_some());
    assert_eq!(rolled.rolls.len(), 1, "an action roll is logged");
    let logged = t
        .store
        .roll_log(&rollbook_roster::LogQuery::default())
        .unwrap();
    assert!(
        logged.contains(&rolled.rolls[0]),
        "its roll is the one logged"
    );
}

#[test]
fn undo_of_each_action_kind_restores_the_exact_prior_state() {
    let mut t = table();
    let id = t.store.create_encounter(t.roster, "Brawl").unwrap().id;
    t.store
        .play(
            id,
            &TableAction::AddCharacters {
                character_ids: vec![t.vex],
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    let e = t
        .store
        .play(
            id,
            &TableAction::AddNpcs {
                label: "Goon".into(),
                count: 2,
                sheet: None,
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    let (vex, g1, g2) = (pid(&e, "Vex"), pid(&e, "Goon 1"), pid(&e, "Goon 2"));
    let actions = [
        TableAction::AddCharacters {
            character_ids: vec![t.mara],
        },
        TableAction::AddNpcs {
            label: "Thug".into(),
            count: 3,
            sheet: None,
        },
        TableAction::RemoveParticipant {
            participant_id: vex,
        },
        TableAction::MoveUp { participant_id: g2 },
        TableAction::MoveDown {
            participant_id: vex,
        },
        TableAction::SetOrder {
            participant_ids: vec![g2, g1, vex],
        },
        TableAction::SetTurn { participant_id: g1 },
        TableAction::NextTurn,
        TableAction::NextRound,
        TableAction::Rename {
            name: "Bar Brawl".into(),
        },
        glory(g1, 2),
    ];
    for action in &actions {
        let before = t.store.encounter(id).unwrap();
        let after = t.store.play(id, action, None).map(|p| p.encounter).unwrap();
        assert_ne!(after.state, before.state, "{action:?} changed nothing");
        let undone = t.store.undo_table_action(id).unwrap();
        assert_eq!(undone.state, before.state, "undo of {action:?}");
        let log = t.store.table_actions(id).unwrap();
        let last = log.last().unwrap();
        assert_eq!(&last.action, action);
        assert!(
            last.undone_at.is_some(),
            "the undone action is kept, marked"
        );
    }
    // Undo walks back through the actions not yet undone, then stops.
    let e = t.store.undo_table_action(id).unwrap();
    assert_eq!(names(&e), ["Vex"]);
    let e = t.store.undo_table_action(id).unwrap();
    assert_eq!(e.state, EncounterState::new("Brawl"));
    let err = t.store.undo_table_action(id).unwrap_err();
    assert_eq!(err.code(), "nothing_to_undo");
    assert_eq!(
        err.to_string(),
        "nothing to undo: no table action of this encounter is left to undo"
    );
}

#[test]
fn the_state_survives_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let roster = store
        .create_roster(NewRoster::new("Friday", System::Genre))
        .unwrap();
    let id = store.create_encounter(roster.id, "Chase").unwrap().id;
    let add = TableAction::AddNpcs {
        label: "Goon".into(),
        count: 1,
        sheet: None,
    };
    let goon = store
        .play(id, &add, None)
        .map(|p| p.encounter)
        .unwrap()
        .state
        .order[0]
        .id;
    store
        .play(id, &glory(goon, 3), None)
        .map(|p| p.encounter)
        .unwrap();
    let saved = store.encounter(id).unwrap();
    drop(store);
    let store = Store::open(&path).unwrap();
    let read = store.encounter(id).unwrap();
    assert_eq!(read, saved);
    let Some(SystemTable::Genre(genre)) = &read.state.system_state else {
        panic!("genre state expected, got {:?}", read.state.system_state);
    };
    assert_eq!(genre.parts[&goon].state.glory, 3);
}

#[test]
fn a_participant_whose_character_is_deleted_stays_and_is_marked_absent() {
    let mut t = table();
    let id = t.store.create_encounter(t.roster, "Brawl").unwrap().id;
    let e = t
        .store
        .play(
            id,
            &TableAction::AddCharacters {
                character_ids: vec![t.vex, t.mara],
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    assert!(e.absent.is_empty());
    t.store.delete_character(t.vex).unwrap();
    let e = t.store.encounter(id).unwrap();
    assert_eq!(names(&e), ["Vex", "Mara"], "the name is kept");
    assert_eq!(e.absent, [pid(&e, "Vex")]);
    // Purged for good: still readable, still absent, and the GM can remove it.
    t.store.empty_trash().unwrap();
    let e = t.store.encounter(id).unwrap();
    assert_eq!(e.absent, [pid(&e, "Vex")]);
    let e = t
        .store
        .play(
            id,
            &TableAction::RemoveParticipant {
                participant_id: pid(&e, "Vex"),
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    assert_eq!((names(&e), e.absent.len()), (vec!["Mara"], 0));
    // A deleted character cannot join.
    t.store.delete_character(t.mara).unwrap();
    let e = t
        .store
        .play(
            id,
            &TableAction::RemoveParticipant {
                participant_id: pid(&e, "Mara"),
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    let err = t
        .store
        .play(
            e.id,
            &TableAction::AddCharacters {
                character_ids: vec![t.mara],
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap_err();
    assert_eq!(err.code(), "in_trash");
}

#[test]
fn invalid_actions_are_refused_and_write_nothing() {
    let mut t = table();
    let id = t.store.create_encounter(t.roster, "Brawl").unwrap().id;
    t.store
        .play(
            id,
            &TableAction::AddCharacters {
                character_ids: vec![t.vex],
            },
            None,
        )
        .map(|p| p.encounter)
        .unwrap();
    let other_roster = t
        .store
        .create_roster(NewRoster::new("Sunday", System::D12))
        .unwrap()
        .id;
    let stranger = t
        .store
        .create_character(other_roster, NewCharacter::named("Stranger"))
        .unwrap()
        .id;
    let vex_pid = t.store.encounter(id).unwrap().state.order[0].id;
    let refused = [
        (
            TableAction::AddCharacters {
                character_ids: vec![t.vex],
            },
            "invalid_table_action",
            "Vex is already in the encounter; nothing was changed",
        ),
        (
            TableAction::AddCharacters {
                character_ids: vec![t.mara, stranger],
            },
            "invalid_table_action",
            "Stranger belongs to another roster; only this roster's characters can join; nothing was changed",
        ),
        (
            TableAction::MoveDown {
                participant_id: vex_pid,
            },
            "invalid_table_action",
            "Vex is already last; nothing was changed",
        ),
        (
            TableAction::AddNpcs {
                label: "Goon".into(),
                count: 51,
                sheet: None,
            },
            "invalid_table_action",
            "add 1 to 50 NPCs at a time, not 51; nothing was changed",
        ),
        (
            TableAction::SetTurn {
                participant_id: Uuid::nil(),
            },
            "invalid_table_action",
            "participant 00000000-0000-0000-0000-000000000000 is not in this encounter; nothing was changed",
        ),
        (
            TableAction::AddCharacters {
                character_ids: vec![Uuid::nil()],
            },
            "character_not_found",
            "no character 00000000-0000-0000-0000-000000000000",
        ),
    ];
    for (action, code, message) in refused {
        let before = snapshot(&t.store, id);
        let err = t
            .store
            .play(id, &action, None)
            .map(|p| p.encounter)
            .unwrap_err();
        assert_eq!((err.code(), err.to_string().as_str()), (code, message));
        assert_eq!(snapshot(&t.store, id), before, "{action:?} wrote something");
    }
    let err = t.store.create_encounter(t.roster, "  ").unwrap_err();
    assert_eq!(err.code(), "invalid_table_action");
    assert_eq!(t.store.encounters(t.roster).unwrap().len(), 1);
    let err = t
        .store
        .play(Uuid::nil(), &TableAction::NextRound, None)
        .map(|p| p.encounter)
        .unwrap_err();
    assert_eq!(err.code(), "encounter_not_found");
}

#[test]
fn a_deleted_encounter_goes_to_the_trash_and_comes_back() {
    let mut t = table();
    let id = t.store.create_encounter(t.roster, "Brawl").unwrap().id;
    t.store
        .play(id, &TableAction::NextRound, None)
        .map(|p| p.encounter)
        .unwrap();
    let deleted = t.store.delete_encounter(id).unwrap();
    assert!(deleted.deleted_at.is_some());
    assert!(t.store.encounters(t.roster).unwrap().is_empty());
    assert_eq!(t.store.deleted_encounters(t.roster).unwrap()[0].id, id);
    for err in [
        t.store
            .play(id, &TableAction::NextRound, None)
            .map(|p| p.encounter)
            .unwrap_err(),
        t.store.undo_table_action(id).unwrap_err(),
    ] {
        assert_eq!(err.code(), "in_trash");
        assert_eq!(
            err.to_string(),
            "encounter \"Brawl\" is in the trash; restore it first"
        );
    }
    let back = t.store.restore_encounter(id).unwrap();
    assert_eq!((back.deleted_at, back.state.round), (None, 2));
    assert_eq!(
        t.store.table_actions(id).unwrap().len(),
        1,
        "the log came back too"
    );
    // An encounter goes with its roster: purging the roster purges it.
    t.store.delete_roster(t.roster).unwrap();
    assert_eq!(
        t.store.restore_encounter(id).unwrap_err().code(),
        "in_trash",
        "its roster is in the trash"
    );
    assert!(
        t.store.trash().unwrap().encounters.is_empty(),
        "listed with its roster, not on its own"
    );
    let purged = t.store.empty_trash().unwrap();
    assert_eq!(purged.encounters, 1);
    assert_eq!(
        t.store.encounter(id).unwrap_err().code(),
        "encounter_not_found"
    );
}

#[test]
fn emptying_the_trash_deletes_a_deleted_encounter_and_its_log_for_good() {
    let mut t = table();
    let kept = t.store.create_encounter(t.roster, "Kept").unwrap().id;
    let gone = t.store.create_encounter(t.roster, "Gone").unwrap().id;
    t.store
        .play(gone, &TableAction::NextRound, None)
        .map(|p| p.encounter)
        .unwrap();
    t.store.delete_encounter(gone).unwrap();
    let trash = t.store.trash().unwrap();
    assert_eq!(
        trash.encounters.iter().map(|e| e.id).collect::<Vec<_>>(),
        [gone]
    );
    let purged = t.store.empty_trash().unwrap();
    assert_eq!(
        (purged.rosters, purged.characters, purged.encounters),
        (0, 0, 1)
    );
    assert_eq!(
        t.store.encounter(gone).unwrap_err().code(),
        "encounter_not_found"
    );
    assert!(t.store.trash().unwrap().encounters.is_empty());
    assert_eq!(t.store.encounter(kept).unwrap().state.name, "Kept");
}

mod undo_property {
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::Index;

    /// An action built from the current state, so most of them apply (some are refused).
    fn action(state: &EncounterState, kind: u8, at: Index, t: &Table) -> TableAction {
        let ids: Vec<Uuid> = state.order.iter().map(|p| p.id).collect();
        let pick = if ids.is_empty() {
            Uuid::nil()
        } else {
            *at.get(&ids)
        };
        match kind % 10 {
            0 => TableAction::AddNpcs {
                label: "Goon".into(),
                count: 1 + at.index(3) as u32,
                sheet: None,
            },
            1 => TableAction::AddCharacters {
                character_ids: vec![if at.index(2) == 0 { t.vex } else { t.mara }],
            },
            2 => TableAction::RemoveParticipant {
                participant_id: pick,
            },
            3 => TableAction::MoveUp {
                participant_id: pick,
            },
            4 => TableAction::MoveDown {
                participant_id: pick,
            },
            5 => {
                let mut order = ids.clone();
                order.reverse();
                TableAction::SetOrder {
                    participant_ids: order,
                }
            }
            6 => TableAction::SetTurn {
                participant_id: pick,
            },
            7 => TableAction::NextTurn,
            8 => TableAction::NextRound,
            _ => glory(pick, at.index(5) as i64),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Any run of actions, undone one by one, passes back through every state it went
        /// through, in reverse, to the new encounter; refusals are not logged.
        #[test]
        fn undoing_everything_walks_back_through_every_state(
            steps in proptest::collection::vec((any::<u8>(), any::<Index>()), 1..25)
        ) {
            let mut t = table();
            let id = t.store.create_encounter(t.roster, "Brawl").unwrap().id;
            let mut states = vec![t.store.encounter(id).unwrap().state];
            for (kind, at) in steps {
                let a = action(states.last().unwrap(), kind, at, &t);
                if let Ok(e) = t.store.play(id, &a, None).map(|p| p.encounter) {
                    states.push(e.state);
                }
            }
            prop_assert_eq!(t.store.table_actions(id).unwrap().len(), states.len() - 1);
            states.pop();
            while let Some(expected) = states.pop() {
                let undone = t.store.undo_table_action(id).unwrap();
                prop_assert_eq!(undone.state, expected);
            }
            prop_assert_eq!(
                t.store.undo_table_action(id).unwrap_err().code(),
                "nothing_to_undo"
            );
        }
    }
}
