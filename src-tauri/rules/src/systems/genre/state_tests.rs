use super::*;
use proptest::prelude::*;

const HERO: GenreCharacter = GenreCharacter {
    level: 2,
    stamina: 2,
};

fn act(plan: ActionPlan) -> GenreAction {
    GenreAction::Act { plan }
}

fn grunt(n: i64) -> GenreAction {
    act(ActionPlan {
        grunt: n,
        ..ActionPlan::default()
    })
}

fn nut() -> GenreAction {
    act(ActionPlan {
        bust_a_nut: true,
        ..ActionPlan::default()
    })
}

fn run(state: &GenreState, actions: &[GenreAction]) -> Result<GenreState, RulesError> {
    actions.iter().try_fold(state.clone(), |s, a| {
        s.apply(&HERO, a).map(|(next, _)| next)
    })
}

#[test]
fn json_is_the_sheets_glory_and_trackers() {
    let sheet = r#"{"glory":2,"trackers":{"grunt_penalties":[-2,-1],"grunts_since_rest":1,"nuts_used":0,"nut_rounds_left":0}}"#;
    let state: GenreState = serde_json::from_str(sheet).unwrap();
    assert_eq!(state.trackers.grunt_penalties, vec![-2, -1]);
    assert_eq!(serde_json::to_string(&state).unwrap(), sheet);
}

#[test]
fn grunt_three_then_penalties_minus_three_to_minus_one() {
    let s = run(&GenreState::default(), &[grunt(3)]).unwrap();
    assert_eq!(s.trackers.grunt_penalties, vec![-3, -2, -1]);
    // The penalties must be spent before a new Grunt, one per action.
    let err = s.apply(&HERO, &grunt(1)).unwrap_err();
    assert!(err.to_string().contains("penalties are spent"), "{err}");
    let mut s = s;
    for expected in [-3, -2, -1] {
        let m = s.modifiers(&HERO, &ActionPlan::default()).unwrap();
        assert_eq!(m.penalty, expected);
        s = s.apply(&HERO, &act(ActionPlan::default())).unwrap().0;
    }
    assert!(s.trackers.grunt_penalties.is_empty());
    assert_eq!(
        s.modifiers(&HERO, &ActionPlan::default()).unwrap().penalty,
        0
    );
    assert!(s.apply(&HERO, &grunt(1)).is_ok());
}

#[test]
fn at_most_stamina_grunts_until_rest() {
    let s = run(
        &GenreState::default(),
        &[grunt(1), act(ActionPlan::default()), grunt(1)],
    )
    .unwrap();
    let s = run(&s, &[act(ActionPlan::default())]).unwrap();
    assert_eq!(s.trackers.grunts_since_rest, 2);
    let err = s.apply(&HERO, &grunt(1)).unwrap_err();
    assert!(err.to_string().contains("Stamina 2"), "{err}");
    let rested = run(&s, &[GenreAction::Rest]).unwrap();
    assert!(rested.apply(&HERO, &grunt(2)).is_ok());
}

#[test]
fn grunt_refused_with_nut_on_patience_and_out_of_range() {
    let both = ActionPlan {
        grunt: 1,
        bust_a_nut: true,
        ..ActionPlan::default()
    };
    let patient = ActionPlan {
        grunt: 1,
        patience: true,
        ..ActionPlan::default()
    };
    let s = GenreState::default();
    for plan in [
        both,
        patient,
        ActionPlan {
            grunt: 4,
            ..ActionPlan::default()
        },
    ] {
        let err = s.modifiers(&HERO, &plan).unwrap_err();
        assert!(err.to_string().starts_with("grunt: "), "{err}");
    }
}

#[test]
fn a_grunt_is_barred_first_by_the_state_then_by_the_plan_and_refused_for_that_reason() {
    let fresh = GenreState::default();
    let with = |bust_a_nut, patience| ActionPlan {
        grunt: 1,
        bust_a_nut,
        patience,
        ..ActionPlan::default()
    };
    assert_eq!(fresh.grunt_bar(&HERO, &with(false, false)), None);
    assert_eq!(
        fresh.grunt_bar(&HERO, &with(true, true)),
        Some(GruntBar::BustANut)
    );
    assert_eq!(
        fresh.grunt_bar(&HERO, &with(false, true)),
        Some(GruntBar::Patience)
    );
    let pending = run(&fresh, &[grunt(2)]).unwrap();
    let bar = pending.grunt_bar(&HERO, &with(true, false));
    assert_eq!(bar, Some(GruntBar::PenaltiesPending { left: 2 }));
    let refused = pending.modifiers(&HERO, &with(true, false)).unwrap_err();
    assert!(
        refused.to_string().contains(&bar.unwrap().message()),
        "{refused}"
    );
    let tired = run(&fresh, &[grunt(1), act(ActionPlan::default()), grunt(1)]).unwrap();
    let tired = run(&tired, &[act(ActionPlan::default())]).unwrap();
    assert_eq!(
        tired.grunt_bar(&HERO, &ActionPlan::default()),
        Some(GruntBar::RestNeeded {
            grunts: 2,
            stamina: 2
        })
    );
}

#[test]
fn nut_gives_a_die_now_and_takes_one_for_two_rounds() {
    let s = GenreState::default();
    let m = s.modifiers(
        &HERO,
        &ActionPlan {
            bust_a_nut: true,
            ..Default::default()
        },
    );
    assert_eq!(m.unwrap().dice, 0);
    let s = run(&s, &[nut()]).unwrap();
    assert_eq!(s.trackers.nut_rounds_left, 2);
    // "for the next two rounds": the rest of the nut's own round is as usual.
    assert_eq!(s.modifiers(&HERO, &ActionPlan::default()).unwrap().dice, 0);
    let s = run(&s, &[GenreAction::NextRound]).unwrap();
    assert_eq!(s.modifiers(&HERO, &ActionPlan::default()).unwrap().dice, -1);
    let s = run(&s, &[GenreAction::NextRound]).unwrap();
    assert_eq!(s.modifiers(&HERO, &ActionPlan::default()).unwrap().dice, -1);
    let s = run(&s, &[GenreAction::NextRound]).unwrap();
    assert_eq!(s.modifiers(&HERO, &ActionPlan::default()).unwrap().dice, 0);
    assert_eq!(s.trackers.nut_rounds_left, 0);
}

#[test]
fn a_state_stored_by_an_earlier_build_reads_as_before() {
    // States stored by earlier builds have no `nut_this_round`: their -1 rounds are under way.
    let s: GenreState = serde_json::from_str(
        r#"{"glory":0,"trackers":{"grunt_penalties":[],"grunts_since_rest":0,"nuts_used":1,"nut_rounds_left":2}}"#,
    )
    .unwrap();
    assert!(!s.nut_this_round);
    assert_eq!(s.modifiers(&HERO, &ActionPlan::default()).unwrap().dice, -1);
    // And the JSON stays the sheet's shape when no nut is this round's.
    assert!(!serde_json::to_string(&s)
        .unwrap()
        .contains("nut_this_round"));
}

#[test]
fn nuts_past_the_level_cost_one_glory_each() {
    let s = GenreState {
        glory: 1,
        ..GenreState::default()
    };
    let s = run(&s, &[nut(), nut()]).unwrap();
    assert_eq!((s.glory, s.trackers.nuts_used), (1, 2));
    let (s, events) = s.apply(&HERO, &nut()).unwrap();
    assert_eq!((s.glory, s.trackers.nuts_used), (0, 3));
    assert!(
        events.iter().any(|e| e.contains("1 Glory Point")),
        "{events:?}"
    );
    let err = s.apply(&HERO, &nut()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("glory: Bust A Nut past its 2 uses"),
        "{err}"
    );
    let fresh = run(&s, &[GenreAction::EndAdventure]).unwrap();
    assert_eq!(fresh.trackers, GenreTrackers::default());
    assert!(fresh.apply(&HERO, &nut()).is_ok());
}

#[test]
fn glory_is_spent_on_both_sides_never_below_zero() {
    let s = GenreState {
        glory: 3,
        ..GenreState::default()
    };
    let plan = ActionPlan {
        glory: 2,
        ..ActionPlan::default()
    };
    let s = run(&s, &[act(plan)]).unwrap();
    assert_eq!(s.glory, 1);
    let err = s
        .apply(&HERO, &GenreAction::SpendOpposingGlory { points: 2 })
        .unwrap_err();
    assert!(err.to_string().starts_with("points: "), "{err}");
    let s = run(&s, &[GenreAction::SpendOpposingGlory { points: 1 }]).unwrap();
    assert_eq!(s.glory, 0);
    assert!(s.apply(&HERO, &act(plan)).is_err());
    let s = run(&s, &[GenreAction::GainGlory { points: 2 }]).unwrap();
    assert!(s.apply(&HERO, &act(plan)).is_ok());
}

#[test]
fn modifiers_make_a_valid_request_the_engine_rolls() {
    let s = run(&GenreState::default(), &[grunt(2)]).unwrap();
    let s = run(&s, &[nut()]).unwrap(); // pays the -2 and busts a nut
    let s = run(&s, &[GenreAction::NextRound]).unwrap(); // the first round of -1 die
    let m = s.modifiers(&HERO, &ActionPlan::default()).unwrap();
    let mut request = serde_json::json!({"system":"genre","roll":"action","dice":3,
        "modifier":1,"difficulty":2});
    m.apply(request.as_object_mut().unwrap());
    assert_eq!(request["dice"], 2);
    assert_eq!(request["modifier"], 0);
    let parsed = crate::request_from_value(request).unwrap();
    assert!(crate::roll(&parsed, 7).is_ok());
}

#[test]
fn hand_edited_trackers_are_refused_by_name() {
    let bad: GenreState = serde_json::from_str(
        r#"{"glory":0,"trackers":{"grunt_penalties":[-1,-2],"grunts_since_rest":0,"nuts_used":0,"nut_rounds_left":0}}"#,
    )
    .unwrap();
    let err = bad.apply(&HERO, &GenreAction::NextRound).unwrap_err();
    assert!(
        err.to_string().starts_with("trackers.grunt_penalties: "),
        "{err}"
    );
}

fn any_action() -> impl Strategy<Value = GenreAction> {
    prop_oneof![
        (0i64..=3, any::<bool>(), 0i64..=2, any::<bool>()).prop_map(
            |(grunt, bust_a_nut, glory, patience)| act(ActionPlan {
                grunt,
                bust_a_nut,
                glory,
                patience
            })
        ),
        (0i64..=2).prop_map(|points| GenreAction::SpendOpposingGlory { points }),
        (0i64..=2).prop_map(|points| GenreAction::GainGlory { points }),
        Just(GenreAction::NextRound),
        Just(GenreAction::Rest),
        Just(GenreAction::EndAdventure),
    ]
}

proptest! {
    /// Whatever the GM clicks, refused actions change nothing and accepted ones keep the
    /// state valid: glory never negative, Grunts never past Stamina, JSON round-trips.
    #[test]
    fn any_sequence_keeps_the_state_valid(actions in proptest::collection::vec(any_action(), 0..40)) {
        let mut s = GenreState::default();
        for a in &actions {
            if let Ok((next, events)) = s.apply(&HERO, a) {
                prop_assert!(next.validate().is_ok(), "{next:?} after {a:?}");
                prop_assert!(next.trackers.grunts_since_rest <= HERO.stamina);
                let may_be_quiet = matches!(a, GenreAction::NextRound | GenreAction::Act { .. });
                prop_assert!(may_be_quiet || !events.is_empty(), "no event for {:?}", a);
                let json = serde_json::to_string(&next).unwrap();
                prop_assert_eq!(serde_json::from_str::<GenreState>(&json).unwrap(), next.clone());
                s = next;
            }
        }
    }
}
