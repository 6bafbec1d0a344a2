//! `genre` at the table through the store: the running state comes from the sheet, an action
//! roll carries the table's modifiers (and rolls the dice of a quick roll of the previewed
//! request), Grunt penalties and Bust A Nut's rounds are spent, refusals write nothing, and undo
//! puts the exact state back.

use crate::common;
use rollbook_roster::table::{GenreMove, SystemMove, SystemTable};
use rollbook_rules::table::{Event, RulingId};

use common::table::{self, seat, system};
use rollbook_roster::{Encounter, LogQuery, NewRoster, Store, System, TableAction, TablePlay};
use rollbook_rules::table::genre_state::{ActionPlan, GenreState, GenreTrackers};
use rollbook_rules::HouseRules;
use serde_json::{json, Value};
use uuid::Uuid;

struct Table {
    store: Store,
    encounter: Uuid,
    /// Vex's character id and participant id.
    character: Uuid,
    vex: Uuid,
}

/// A genre roster with Vex (level 1, Stamina 2) seated in an encounter with `glory` and
/// `trackers` on the sheet.
fn table(glory: i64, trackers: Value) -> Table {
    let sheet = json!({
        "level": 1,
        "attributes": {"Strength": 3, "Agility": 2, "Stamina": 2, "Intellect": 2, "Presence": 2},
        "glory": glory,
        "trackers": trackers,
    });
    let seated = seat(
        NewRoster::new("Friday", System::Genre),
        "Dockside",
        &[("Vex", sheet)],
        0,
    );
    Table {
        character: seated.characters[0],
        vex: seated.participants[0],
        store: seated.store,
        encounter: seated.encounter,
    }
}

fn fresh() -> Table {
    table(0, json!({}))
}

/// Strength 3 against 3 dice, as the sheet's Strength roll asks it.
fn strength() -> Value {
    json!({"system": "genre", "roll": "action", "dice": 3, "modifier": 0, "difficulty": 3})
}

fn act(participant_id: Uuid, plan: ActionPlan) -> GenreMove {
    GenreMove::Act {
        participant_id,
        plan,
        request: strength(),
        roll: None,
    }
}

fn grunt(n: i64) -> ActionPlan {
    ActionPlan {
        grunt: n,
        ..ActionPlan::default()
    }
}

fn nut() -> ActionPlan {
    ActionPlan {
        bust_a_nut: true,
        ..ActionPlan::default()
    }
}

fn genre(m: GenreMove) -> TableAction {
    system(SystemMove::Genre(m))
}

impl Table {
    fn play(&mut self, m: GenreMove, seed: u64) -> TablePlay {
        table::play(&mut self.store, self.encounter, &genre(m), seed)
    }

    fn refused(&mut self, m: GenreMove) -> String {
        table::refused(&mut self.store, self.encounter, &genre(m))
    }

    fn generic(&mut self, action: TableAction) -> Encounter {
        self.store
            .play(self.encounter, &action, Some(5))
            .unwrap()
            .encounter
    }

    /// The previewed request of an action as JSON.
    fn preview(&self, plan: ActionPlan) -> Value {
        let request = self
            .store
            .preview_table_move(self.encounter, &SystemMove::Genre(act(self.vex, plan)))
            .unwrap()
            .expect("an action roll previews a request");
        serde_json::to_value(request).unwrap()
    }

    fn state(&self) -> GenreState {
        let e = self.store.encounter(self.encounter).unwrap();
        let Some(SystemTable::Genre(genre)) = e.state.system_state else {
            panic!("genre state expected, got {:?}", e.state.system_state);
        };
        genre.parts[&self.vex].state.clone()
    }
}

#[test]
fn the_running_state_starts_from_the_sheet() {
    let t = table(
        4,
        json!({"grunt_penalties": [-1], "grunts_since_rest": 1, "nuts_used": 1, "nut_rounds_left": 2}),
    );
    assert_eq!(
        t.state(),
        GenreState {
            glory: 4,
            trackers: GenreTrackers {
                grunt_penalties: vec![-1],
                grunts_since_rest: 1,
                nuts_used: 1,
                nut_rounds_left: 2,
            },
            nut_this_round: false,
        }
    );
    // The pending penalty and the nut's -1 die are in the next action's request.
    let next = t.preview(ActionPlan::default());
    assert_eq!(
        (next["dice"].clone(), next["modifier"].clone()),
        (json!(2), json!(-1))
    );
}

#[test]
fn a_grunt_rolls_its_bonus_and_the_next_two_actions_carry_the_penalties() {
    let mut t = fresh();
    let preview = t.preview(grunt(2));
    assert_eq!(preview["grunt"], 2);
    assert_eq!(preview["modifier"], 0);
    let played = t.play(act(t.vex, grunt(2)), 42);
    // The dice are those of a quick roll of the previewed request with the same seed.
    let request = rollbook_rules::request_from_value(preview).unwrap();
    let quick = rollbook_rules::roll_with(&request, &HouseRules::default(), 42).unwrap();
    assert_eq!(played.rolls.len(), 1);
    let logged = &played.rolls[0];
    assert_eq!((logged.dice.clone(), logged.seed), (quick.dice, 42));
    assert_eq!(logged.outcome, quick.outcome);
    assert_eq!(logged.request["grunt"], 2);
    assert_eq!(logged.character_id, Some(t.character));
    // The event restating the roll's detail says so (the window leaves it out beside the dice),
    // and it is the only one.
    let restating: Vec<_> = played
        .entry
        .events
        .iter()
        .filter(|e| e.roll_detail)
        .collect();
    assert_eq!(restating.len(), 1, "{:?}", played.entry.events);
    assert!(restating[0].text.contains(&logged.detail));
    let by_vex = LogQuery {
        character_id: Some(t.character),
        ..LogQuery::default()
    };
    assert_eq!(t.store.roll_log(&by_vex).unwrap().len(), 1);
    assert!(
        played.entry.summary.contains("Grunt +2"),
        "{}",
        played.entry.summary
    );
    assert_eq!(t.state().trackers.grunt_penalties, vec![-2, -1]);
    assert_eq!(t.state().trackers.grunts_since_rest, 1);

    for penalty in [-2, -1] {
        assert_eq!(t.preview(ActionPlan::default())["modifier"], penalty);
        let played = t.play(act(t.vex, ActionPlan::default()), 7);
        assert_eq!(played.rolls[0].request["modifier"], penalty);
        assert!(
            played
                .entry
                .summary
                .contains(&format!("Grunt penalty {penalty}")),
            "{}",
            played.entry.summary
        );
    }
    assert_eq!(t.preview(ActionPlan::default())["modifier"], 0);
    assert!(t.state().trackers.grunt_penalties.is_empty());
}

#[test]
fn bust_a_nut_costs_a_die_for_the_two_rounds_after_its_own() {
    let mut t = fresh();
    assert_eq!(t.preview(nut())["bust_a_nut"], true);
    let played = t.play(act(t.vex, nut()), 9);
    assert_eq!(played.rolls[0].request["bust_a_nut"], true);
    assert!(
        played
            .entry
            .events
            .contains(&Event::ruling(RulingId::GenreNutTiming)),
        "{}",
        played.entry.summary
    );
    assert_eq!(t.state().trackers.nut_rounds_left, 2);
    assert_eq!(t.state().trackers.nuts_used, 1);
    // "for the next two rounds": the rest of the nut's own round is at full dice.
    assert_eq!(t.preview(ActionPlan::default())["dice"], 3);
    let e = t.generic(TableAction::NextRound);
    assert_eq!(e.state.round, 2);
    assert_eq!(t.state().trackers.nut_rounds_left, 2);
    assert_eq!(t.preview(ActionPlan::default())["dice"], 2);
    // next_turn past the last participant also starts a new round.
    let e = t.generic(TableAction::NextTurn);
    assert_eq!(e.state.round, 3);
    assert_eq!(t.state().trackers.nut_rounds_left, 1);
    assert_eq!(t.preview(ActionPlan::default())["dice"], 2);
    let e = t.generic(TableAction::NextRound);
    assert_eq!(e.state.round, 4);
    assert_eq!(t.state().trackers.nut_rounds_left, 0);
    assert_eq!(t.preview(ActionPlan::default())["dice"], 3);
    let log = t.store.table_actions(t.encounter).unwrap();
    assert!(
        log.last()
            .unwrap()
            .summary
            .contains("0 round(s) of -1 die left"),
        "{}",
        log.last().unwrap().summary
    );
}

#[test]
fn bust_a_nut_past_the_uses_costs_glory() {
    let mut t = fresh();
    t.play(act(t.vex, nut()), 1);
    // Level 1: one use per adventure; a second costs a Glory Point Vex does not have.
    let err = t.refused(act(t.vex, nut()));
    assert!(err.contains("1 Glory Point"), "{err}");
    t.play(
        GenreMove::GainGlory {
            participant_id: t.vex,
            points: 1,
        },
        2,
    );
    let played = t.play(act(t.vex, nut()), 3);
    assert!(
        played
            .entry
            .summary
            .contains("past the uses: 1 Glory Point"),
        "{}",
        played.entry.summary
    );
    assert_eq!(t.state().glory, 0);
    assert_eq!(t.state().trackers.nuts_used, 2);
}

#[test]
fn refused_moves_write_nothing() {
    let mut t = fresh();
    let both = ActionPlan {
        grunt: 1,
        bust_a_nut: true,
        ..ActionPlan::default()
    };
    let err = t.refused(act(t.vex, both));
    assert!(err.contains("cannot be combined"), "{err}");
    let spend = ActionPlan {
        glory: 1,
        ..ActionPlan::default()
    };
    let err = t.refused(act(t.vex, spend));
    assert!(err.contains("has 0"), "{err}");
    let err = t.refused(GenreMove::SpendOpposingGlory {
        participant_id: t.vex,
        points: 2,
    });
    assert!(err.contains("Glory"), "{err}");
    let err = t.refused(GenreMove::Act {
        participant_id: t.vex,
        plan: ActionPlan::default(),
        request: json!({"system": "marks", "roll": "pool"}),
        roll: None,
    });
    assert!(err.contains("action"), "{err}");
    // A stored character's level comes from the sheet.
    let err = t.refused(GenreMove::SetStats {
        participant_id: t.vex,
        level: 3,
        stamina: 3,
    });
    assert!(err.contains("sheet"), "{err}");
    // Stamina 2: the third Grunt before rest is refused.
    t.play(act(t.vex, grunt(1)), 1);
    t.play(act(t.vex, ActionPlan::default()), 2);
    t.play(act(t.vex, grunt(1)), 3);
    t.play(act(t.vex, ActionPlan::default()), 4);
    let err = t.refused(act(t.vex, grunt(1)));
    assert!(err.contains("Stamina 2"), "{err}");
}

#[test]
fn rest_and_end_of_adventure_reset_their_trackers() {
    let mut t = table(
        3,
        json!({"grunt_penalties": [-2, -1], "grunts_since_rest": 2, "nuts_used": 1, "nut_rounds_left": 1}),
    );
    let played = t.play(GenreMove::Rest, 1);
    // The rulings this depends on are named as rulings.
    assert!(
        played
            .entry
            .events
            .contains(&Event::ruling(RulingId::GenreRestEndsNut)),
        "{}",
        played.entry.summary
    );
    let rested = t.state();
    assert_eq!(rested.trackers.grunts_since_rest, 0);
    assert_eq!(rested.trackers.nut_rounds_left, 0);
    // Resting does not clear the pending penalties nor the nut uses (ruling).
    assert_eq!(rested.trackers.grunt_penalties, vec![-2, -1]);
    assert_eq!(rested.trackers.nuts_used, 1);
    t.play(GenreMove::EndAdventure, 2);
    assert_eq!(
        t.state(),
        GenreState {
            glory: 3,
            trackers: GenreTrackers::default(),
            nut_this_round: false,
        }
    );
}

#[test]
fn a_quick_npc_gets_defaults_and_the_gm_sets_its_stats() {
    let mut t = fresh();
    let e = t.generic(TableAction::AddNpcs {
        label: "Goon".into(),
        count: 1,
        sheet: None,
    });
    let goon = e.state.order[1].id;
    t.play(
        GenreMove::SetStats {
            participant_id: goon,
            level: 2,
            stamina: 4,
        },
        1,
    );
    let played = t.play(act(goon, nut()), 2);
    // An NPC's roll is logged without a character.
    assert_eq!(played.rolls[0].character_id, None);
    let e = t.store.encounter(t.encounter).unwrap();
    let Some(SystemTable::Genre(genre)) = e.state.system_state else {
        panic!("genre state expected");
    };
    assert_eq!(genre.parts[&goon].character.level, 2);
    assert_eq!(genre.parts[&goon].state.trackers.nuts_used, 1);
}

#[test]
fn undo_puts_the_exact_state_back() {
    let mut t = fresh();
    t.play(act(t.vex, grunt(3)), 1);
    let before = t.store.encounter(t.encounter).unwrap().state;
    t.play(act(t.vex, ActionPlan::default()), 2);
    t.generic(TableAction::NextRound);
    t.store.undo_table_action(t.encounter).unwrap();
    t.store.undo_table_action(t.encounter).unwrap();
    assert_eq!(t.store.encounter(t.encounter).unwrap().state, before);
    assert_eq!(t.state().trackers.grunt_penalties, vec![-3, -2, -1]);
}

#[test]
fn a_sheet_roll_is_not_charged_the_saved_trackers_twice() {
    // The saved sheet has a pending -1 and a round of Bust A Nut left; its Strength roll already
    // carries them (2 dice, -1). The table holds the same trackers and adds them itself.
    let mut t = table(
        0,
        json!({"grunt_penalties": [-1], "grunts_since_rest": 1, "nuts_used": 1, "nut_rounds_left": 1}),
    );
    let e = t.store.encounter(t.encounter).unwrap();
    let character = t.store.character(t.character).unwrap();
    let house = t.store.roster(e.roster_id).unwrap().house_rules;
    let rolls = character.sheet.rolls(&house);
    let sheet_roll = rolls.iter().find(|r| r.label == "Strength").unwrap();
    assert_eq!(
        (
            sheet_roll.request["dice"].clone(),
            sheet_roll.request["modifier"].clone()
        ),
        (json!(2), json!(-1))
    );
    let mut request = sheet_roll.request.clone();
    // The GM's situational +2 is kept.
    request["modifier"] = json!(1);
    let m = GenreMove::Act {
        participant_id: t.vex,
        plan: ActionPlan::default(),
        request,
        roll: Some("Strength".into()),
    };
    let preview = t
        .store
        .preview_table_move(t.encounter, &SystemMove::Genre(m.clone()))
        .unwrap()
        .unwrap();
    let preview = serde_json::to_value(preview).unwrap();
    assert_eq!(
        (preview["dice"].clone(), preview["modifier"].clone()),
        (json!(2), json!(1))
    );
    let played = t.play(m, 4);
    assert_eq!(played.rolls[0].request["modifier"], 1);
    // After the table spent them, the sheet's saved trackers no longer count.
    t.generic(TableAction::NextRound);
    let next = GenreMove::Act {
        participant_id: t.vex,
        plan: ActionPlan::default(),
        request: sheet_roll.request.clone(),
        roll: Some("Strength".into()),
    };
    let preview = t
        .store
        .preview_table_move(t.encounter, &SystemMove::Genre(next))
        .unwrap()
        .unwrap();
    let preview = serde_json::to_value(preview).unwrap();
    assert_eq!(
        (preview["dice"].clone(), preview["modifier"].clone()),
        (json!(3), json!(0))
    );
}

/// The encounter's `view` of Vex: why no Grunt, on a plain action, with Bust A Nut, on patience.
fn grunt_bars(t: &Table) -> [Option<rollbook_rules::table::genre_state::GruntBar>; 3] {
    let e = t.store.encounter(t.encounter).unwrap();
    let Some(rollbook_roster::table::TableView::Genre { parts }) = e.view else {
        panic!("a genre view expected, got {:?}", e.view);
    };
    let vex = parts.iter().find(|p| p.participant_id == t.vex).unwrap();
    [
        vex.grunt_bar,
        vex.grunt_bar_with_bust_a_nut,
        vex.grunt_bar_on_patience,
    ]
}

#[test]
fn the_encounter_serves_whether_each_participant_may_grunt() {
    use rollbook_rules::table::genre_state::GruntBar;
    let mut t = fresh();
    t.play(act(t.vex, ActionPlan::default()), 1);
    assert_eq!(
        grunt_bars(&t),
        [None, Some(GruntBar::BustANut), Some(GruntBar::Patience)]
    );
    // Allowed as served: the Grunt is played.
    t.play(act(t.vex, grunt(2)), 2);
    let pending = Some(GruntBar::PenaltiesPending { left: 2 });
    assert_eq!(grunt_bars(&t), [pending; 3], "the state's bar comes first");
    // Barred as served: the same Grunt is refused.
    let err = t.refused(act(t.vex, grunt(1)));
    assert!(err.contains("2 left"), "{err}");
    t.play(act(t.vex, ActionPlan::default()), 3);
    t.play(act(t.vex, ActionPlan::default()), 4);
    assert_eq!(grunt_bars(&t)[0], None);
    t.play(act(t.vex, grunt(1)), 5);
    t.play(act(t.vex, ActionPlan::default()), 6);
    // Stamina 2, two Grunts since rest.
    assert_eq!(
        grunt_bars(&t)[0],
        Some(GruntBar::RestNeeded {
            grunts: 2,
            stamina: 2
        })
    );
}
