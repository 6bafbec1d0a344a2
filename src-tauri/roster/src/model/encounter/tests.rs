//! The generic actions, played on states in memory.

use super::*;
use crate::model::Visibility;
use proptest::prelude::*;
use uuid::Uuid;

fn npcs(state: &EncounterState, label: &str, count: u32) -> EncounterState {
    let action = TableAction::AddNpcs {
        label: label.into(),
        count,
        sheet: None,
    };
    state.apply(&action, &[]).unwrap().0
}

fn names(state: &EncounterState) -> Vec<&str> {
    state.order.iter().map(|p| p.name.as_str()).collect()
}

fn id(state: &EncounterState, name: &str) -> Uuid {
    state.order.iter().find(|p| p.name == name).unwrap().id
}

#[test]
fn quick_npcs_are_numbered_on_from_the_highest() {
    let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
    assert_eq!(names(&s), ["Goon 1", "Goon 2"]);
    assert_eq!(
        s.current,
        Some(s.order[0].id),
        "the first to join has the turn"
    );
    let s = npcs(&s, " Goon ", 1);
    assert_eq!(names(&s), ["Goon 1", "Goon 2", "Goon 3"]);
    let without_1 = s
        .apply(
            &TableAction::RemoveParticipant {
                participant_id: id(&s, "Goon 1"),
            },
            &[],
        )
        .unwrap()
        .0;
    assert_eq!(names(&npcs(&without_1, "Goon", 1))[2], "Goon 4");
    assert_eq!(names(&npcs(&s, "Goonie", 1))[3], "Goonie 1");
}

#[test]
fn next_turn_wraps_into_a_new_round() {
    let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
    let (s, said) = s.apply(&TableAction::NextTurn, &[]).unwrap();
    assert_eq!(
        (s.round, s.current, said.as_str()),
        (1, Some(s.order[1].id), "Goon 2's turn")
    );
    let (s, said) = s.apply(&TableAction::NextTurn, &[]).unwrap();
    assert_eq!((s.round, s.current), (2, Some(s.order[0].id)));
    assert_eq!(said, "Round 2, Goon 1's turn");
    let (s, _) = s.apply(&TableAction::NextRound, &[]).unwrap();
    assert_eq!(s.round, 3);
}

#[test]
fn names_holding_bidi_controls_are_isolated_in_what_the_actions_say() {
    let s = npcs(&EncounterState::new("Ambush"), "\u{202E}nooG", 2);
    let (s, said) = s
        .apply(
            &TableAction::AddNpcs {
                label: "Drone".into(),
                count: 1,
                sheet: None,
            },
            &[],
        )
        .unwrap();
    assert_eq!(said, "Added Drone 1");
    let iso = |n: u32| format!("\u{2068}\u{202E}nooG {n}\u{2069}");
    let said = npcs(&EncounterState::new("Ambush"), "\u{202E}nooG", 2)
        .apply(&TableAction::NextTurn, &[])
        .unwrap()
        .1;
    assert_eq!(said, format!("{}'s turn", iso(2)));
    let (s, said) = s
        .apply(
            &TableAction::SetTurn {
                participant_id: s.order[2].id,
            },
            &[],
        )
        .unwrap();
    assert_eq!(said, "Drone 1's turn");
    let (_, said) = s.apply(&TableAction::NextTurn, &[]).unwrap();
    assert_eq!(said, format!("Round 2, {}'s turn", iso(1)));
    let (_, said) = s
        .apply(
            &TableAction::MoveDown {
                participant_id: s.order[0].id,
            },
            &[],
        )
        .unwrap();
    assert_eq!(said, format!("Moved {} down to place 2", iso(1)));
    let refused = s
        .apply(
            &TableAction::MoveUp {
                participant_id: s.order[0].id,
            },
            &[],
        )
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains(&format!("{} is already first", iso(1))),
        "{refused}"
    );
    let (_, said) = s
        .apply(
            &TableAction::Rename {
                name: "\u{202E}ffoor".into(),
            },
            &[],
        )
        .unwrap();
    assert_eq!(said, "Renamed to \u{2068}\u{202E}ffoor\u{2069}");
    let added = npcs(&EncounterState::new("Ambush"), "Goon", 1)
        .apply(
            &TableAction::AddNpcs {
                label: "\u{202E}nooG".into(),
                count: 2,
                sheet: None,
            },
            &[],
        )
        .unwrap()
        .1;
    assert_eq!(added, format!("Added {}, {}", iso(1), iso(2)));
}

#[test]
fn removing_whose_turn_it_is_passes_the_turn_on() {
    let s = npcs(&EncounterState::new("Ambush"), "Goon", 3);
    let last = id(&s, "Goon 3");
    let s = s
        .apply(
            &TableAction::SetTurn {
                participant_id: last,
            },
            &[],
        )
        .unwrap()
        .0;
    let s = s
        .apply(
            &TableAction::RemoveParticipant {
                participant_id: last,
            },
            &[],
        )
        .unwrap()
        .0;
    assert_eq!(
        s.current,
        Some(id(&s, "Goon 1")),
        "the last left: back to the first"
    );
    let first = id(&s, "Goon 1");
    let s = s
        .apply(
            &TableAction::RemoveParticipant {
                participant_id: first,
            },
            &[],
        )
        .unwrap()
        .0;
    assert_eq!(s.current, Some(id(&s, "Goon 2")));
    let only = id(&s, "Goon 2");
    let s = s
        .apply(
            &TableAction::RemoveParticipant {
                participant_id: only,
            },
            &[],
        )
        .unwrap()
        .0;
    assert_eq!((s.order.len(), s.current), (0, None));
}

#[test]
fn refusals_say_what_to_change() {
    let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
    let refused = |action: TableAction| s.apply(&action, &[]).unwrap_err().to_string();
    let first = id(&s, "Goon 1");
    assert_eq!(
        refused(TableAction::MoveUp {
            participant_id: first
        }),
        "Goon 1 is already first"
    );
    assert_eq!(
        refused(TableAction::SetOrder {
            participant_ids: vec![first]
        }),
        "Goon 2 is missing from the order; list every participant once"
    );
    assert_eq!(
        refused(TableAction::SetOrder {
            participant_ids: vec![first, first]
        }),
        "Goon 1 is listed twice; list each participant once"
    );
    assert_eq!(
        refused(TableAction::AddNpcs {
            label: "Goon".into(),
            count: 0,
            sheet: None,
        }),
        "add 1 to 50 NPCs at a time, not 0"
    );
    assert_eq!(
        refused(TableAction::Rename { name: " ".into() }),
        "the encounter name is empty; a name takes 1 to 120 characters"
    );
    let stranger = Uuid::nil();
    assert_eq!(
        refused(TableAction::SetTurn {
            participant_id: stranger
        }),
        format!("participant {stranger} is not in this encounter")
    );
    assert_eq!(
        EncounterState::new("x")
            .apply(&TableAction::NextTurn, &[])
            .unwrap_err()
            .to_string(),
        "nobody is in the encounter yet; add participants first"
    );
}

#[test]
fn a_character_joins_once() {
    let vex = JoiningCharacter {
        id: Uuid::new_v4(),
        name: "Vex".into(),
        sheet: None,
    };
    let add = TableAction::AddCharacters {
        character_ids: vec![vex.id],
    };
    let s = EncounterState::new("x");
    let (s, said) = s.apply(&add, std::slice::from_ref(&vex)).unwrap();
    assert_eq!(
        (said.as_str(), s.order[0].character_id),
        ("Added Vex", Some(vex.id))
    );
    assert_eq!(
        s.apply(&add, &[vex]).unwrap_err().to_string(),
        "Vex is already in the encounter"
    );
}

#[test]
fn visibility_is_kept_until_it_is_the_default_or_its_participant_leaves() {
    use crate::model::HealthShown;
    let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
    let goon = id(&s, "Goon 2");
    let set = |state: &EncounterState, visibility: Visibility| {
        state.apply(
            &TableAction::SetVisibility {
                participant_id: goon,
                visibility,
            },
            &[],
        )
    };
    let masked = Visibility {
        hidden: false,
        alias: Some(" Masked figure ".into()),
        health: Some(HealthShown::Hidden),
    };
    let (s2, said) = set(&s, masked).unwrap();
    assert_eq!(
        said,
        "Showed Goon 2 to the players as “Masked figure”; Goon 2's health hidden from the \
         players"
    );
    assert_eq!(
        s2.visibility_of(goon).alias.as_deref(),
        Some("Masked figure")
    );
    let (s3, _) = set(&s2, Visibility::default()).unwrap();
    assert!(s3.visibility.is_empty(), "the default is not kept");
    assert_eq!(s3, s, "and the state is as before");
    let gone = s2
        .apply(
            &TableAction::RemoveParticipant {
                participant_id: goon,
            },
            &[],
        )
        .unwrap()
        .0;
    assert!(
        gone.visibility.is_empty(),
        "a participant who left takes it along"
    );

    let refused = |participant_id: Uuid, alias: &str| {
        s.apply(
            &TableAction::SetVisibility {
                participant_id,
                visibility: Visibility {
                    alias: Some(alias.into()),
                    ..Visibility::default()
                },
            },
            &[],
        )
        .unwrap_err()
        .to_string()
    };
    assert_eq!(
        refused(Uuid::nil(), "x"),
        format!("participant {} is not in this encounter", Uuid::nil())
    );
    assert_eq!(
        refused(goon, ""),
        "the alias is empty; a name takes 1 to 120 characters"
    );
}

#[test]
fn a_state_without_visibility_writes_as_an_earlier_build_wrote_it() {
    let s = npcs(&EncounterState::new("Ambush"), "Goon", 1);
    let json = serde_json::to_value(&s).unwrap();
    assert!(json.get("visibility").is_none());
    let back: EncounterState = serde_json::from_value(json).unwrap();
    assert_eq!(back, s);
}

#[test]
fn actions_read_and_write_as_tagged_json() {
    let action: TableAction =
        serde_json::from_str(r#"{"action":"add_npcs","label":"Goon","count":3}"#).unwrap();
    assert_eq!(
        action,
        TableAction::AddNpcs {
            label: "Goon".into(),
            count: 3,
            sheet: None,
        }
    );
    assert_eq!(
        serde_json::to_value(TableAction::NextRound).unwrap(),
        serde_json::json!({"action": "next_round"})
    );
}

proptest! {
    /// Whatever the GM does, each participant appears once, the turn is someone's exactly
    /// when someone takes part, and the round never goes back.
    #[test]
    fn the_state_stays_whole(seeds in proptest::collection::vec(any::<proptest::sample::Index>(), 1..40),
                             kinds in proptest::collection::vec(0usize..8, 1..40)) {
        let mut state = npcs(&EncounterState::new("Brawl"), "Goon", 3);
        for (seed, kind) in seeds.iter().zip(&kinds) {
            let ids: Vec<Uuid> = state.order.iter().map(|p| p.id).collect();
            let pick = if ids.is_empty() { Uuid::nil() } else { *seed.get(&ids) };
            let mut shuffled = ids.clone();
            if !shuffled.is_empty() {
                let n = seed.index(shuffled.len());
                shuffled.rotate_left(n);
            }
            let action = match kind {
                0 => TableAction::AddNpcs { label: "Goon".into(), count: 1 + seed.index(3) as u32, sheet: None },
                1 => TableAction::RemoveParticipant { participant_id: pick },
                2 => TableAction::MoveUp { participant_id: pick },
                3 => TableAction::MoveDown { participant_id: pick },
                4 => TableAction::SetTurn { participant_id: pick },
                5 => TableAction::SetOrder { participant_ids: shuffled },
                6 => TableAction::NextTurn,
                _ => TableAction::NextRound,
            };
            match state.apply(&action, &[]) {
                Ok((next, _)) => {
                    let mut seen: Vec<Uuid> = next.order.iter().map(|p| p.id).collect();
                    seen.sort();
                    seen.dedup();
                    prop_assert_eq!(seen.len(), next.order.len());
                    prop_assert_eq!(next.current.is_some(), !next.order.is_empty());
                    if let Some(c) = next.current {
                        prop_assert!(next.order.iter().any(|p| p.id == c));
                    }
                    prop_assert!(next.round >= state.round);
                    state = next;
                }
                Err(refused) => prop_assert!(!refused.to_string().is_empty()),
            }
        }
    }
}
