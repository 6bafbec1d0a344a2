//! `stunt` at the table through `Store::play` with fixed seeds: HTK from the sheet or set for a
//! quick NPC, damage in points / dice / Minor Damage equal to a quick roll of the engine's
//! `damage` request, healing, running Doubles Only and Double Six Only tasks reset or ended on
//! 1-1, chart checks under the roster's house rules, refusals writing nothing, and undo.

use crate::common;
use rollbook_roster::table::{StuntEncounter, SystemTable};
use rollbook_rules::table::{Event, RulingId};

use common::table::{self, seat};
use rollbook_roster::{NewRoster, Store, System, TableAction, TablePlay};
use rollbook_rules::table::stunt_tasks::{Htk, TaskStatus};
use rollbook_rules::{HouseRules, RollResult};
use serde_json::{json, Value};
use uuid::Uuid;

struct Game {
    store: Store,
    encounter: Uuid,
    /// Rook: a stored PC with HTK 26 of 30 on the sheet.
    rook: Uuid,
    rook_character: Uuid,
    /// A quick NPC.
    goon: Uuid,
}

fn game_with(house_rules: Option<HouseRules>) -> Game {
    let mut roster = NewRoster::new("Thursday", System::Stunt);
    roster.house_rules = house_rules;
    let rook = json!({"htk": {"current": 26, "max": 30}});
    let seated = seat(roster, "Rooftops", &[("Rook", rook)], 1);
    Game {
        rook: seated.participants[0],
        goon: seated.participants[1],
        rook_character: seated.characters[0],
        store: seated.store,
        encounter: seated.encounter,
    }
}

fn game() -> Game {
    game_with(None)
}

/// A stunt move from its JSON, as the window sends it.
fn stunt(mv: Value) -> TableAction {
    serde_json::from_value(json!({"action": "system", "move": mv})).unwrap()
}

impl Game {
    fn play(&mut self, mv: Value, seed: u64) -> TablePlay {
        table::play(&mut self.store, self.encounter, &stunt(mv), seed)
    }

    fn refused(&mut self, mv: Value) -> String {
        table::refused(&mut self.store, self.encounter, &stunt(mv))
    }

    fn table(&self) -> StuntEncounter {
        match self
            .store
            .encounter(self.encounter)
            .unwrap()
            .state
            .system_state
        {
            Some(SystemTable::Stunt(t)) => t,
            other => panic!("no stunt table: {other:?}"),
        }
    }

    fn htk(&self, participant: Uuid) -> Htk {
        self.table().parts[&participant].htk
    }
}

/// The quick roll of the same request and seed.
fn quick(request: Value, seed: u64) -> RollResult {
    let request = rollbook_rules::request_from_value(request).unwrap();
    rollbook_rules::roll(&request, seed).unwrap()
}

/// The first seed whose quick roll of `request` lands on `outcome`.
fn seed_for(request: Value, outcome: &str) -> u64 {
    (0..10_000)
        .find(|&s| quick(request.clone(), s).outcome == outcome)
        .expect("some seed gives every outcome")
}

#[test]
fn htk_comes_from_the_sheet_and_a_quick_npc_gets_a_fresh_sheets() {
    let g = game();
    assert_eq!(g.htk(g.rook), Htk::new(26, 30).unwrap());
    assert_eq!(g.htk(g.goon), Htk::new(20, 20).unwrap());
}

#[test]
fn dice_damage_is_the_quick_roll_and_is_logged_with_the_character() {
    let mut g = game();
    let play = g.play(
        json!({"system": "stunt", "move": "damage", "participant_id": g.rook,
               "dice": {"dice": 2, "sides": 6, "bonus": 1}}),
        42,
    );
    let quick = quick(
        json!({"system": "stunt", "roll": "damage", "dice": 2, "sides": 6, "bonus": 1, "htk": 26}),
        42,
    );
    let points = quick.total.unwrap() as u32;
    assert_eq!(g.htk(g.rook), Htk::new(26 - points, 30).unwrap());
    assert_eq!(play.rolls.len(), 1);
    let logged = &play.rolls[0];
    assert_eq!((logged.dice.clone(), logged.seed), (quick.dice, 42));
    assert_eq!(logged.character_id, Some(g.rook_character));
    assert_eq!(logged.roll, "damage");
    assert!(
        play.entry.summary.starts_with(&format!(
            "Rook takes {points} damage: HTK {} of 30.",
            26 - points
        )),
        "{}",
        play.entry.summary
    );
}

#[test]
fn minor_damage_is_six_d6_named_as_a_ruling_and_stops_at_zero() {
    let mut g = game();
    g.play(
        json!({"system": "stunt", "move": "set_htk", "participant_id": g.goon, "current": 4, "max": 20}),
        1,
    );
    let play = g.play(
        json!({"system": "stunt", "move": "minor_damage", "participant_id": g.goon}),
        9,
    );
    let quick = quick(
        json!({"system": "stunt", "roll": "damage", "dice": 6, "sides": 6, "htk": 4}),
        9,
    );
    assert_eq!(play.rolls[0].dice, quick.dice);
    assert_eq!(
        play.rolls[0].character_id, None,
        "a quick NPC has no character"
    );
    // 6d6 is at least 6, more than the Goon's 4.
    assert_eq!(g.htk(g.goon), Htk::new(0, 20).unwrap());
    assert!(
        play.entry
            .events
            .contains(&Event::ruling(RulingId::StuntMinorDamage)),
        "{}",
        play.entry.summary
    );
    assert!(play
        .entry
        .events
        .contains(&Event::ruling(RulingId::StuntHtkBounds)));
}

#[test]
fn fixed_damage_and_healing_roll_nothing_and_heal_stops_at_max() {
    let mut g = game();
    let play = g.play(
        json!({"system": "stunt", "move": "damage", "participant_id": g.rook, "points": 10}),
        1,
    );
    assert!(play.rolls.is_empty());
    assert_eq!(g.htk(g.rook), Htk::new(16, 30).unwrap());
    let play = g.play(
        json!({"system": "stunt", "move": "heal", "participant_id": g.rook, "points": 50}),
        1,
    );
    assert_eq!(g.htk(g.rook), Htk::new(30, 30).unwrap());
    assert!(
        play.entry
            .events
            .contains(&Event::ruling(RulingId::StuntHtkBounds)),
        "{}",
        play.entry.summary
    );
}

#[test]
fn bad_moves_are_refused_and_write_nothing() {
    let mut g = game();
    let both = g.refused(
        json!({"system": "stunt", "move": "damage", "participant_id": g.rook,
                                "points": 3, "dice": {"dice": 1, "sides": 6}}),
    );
    assert!(both.contains("one of the two"), "{both}");
    let sides = g.refused(
        json!({"system": "stunt", "move": "damage", "participant_id": g.rook,
                                 "dice": {"dice": 1, "sides": 1}}),
    );
    assert!(sides.contains("sides"), "{sides}");
    let above = g.refused(
        json!({"system": "stunt", "move": "set_htk", "participant_id": g.goon,
                                 "current": 9, "max": 5}),
    );
    assert!(above.contains("above max"), "{above}");
    let stranger = g.refused(json!({"system": "stunt", "move": "heal",
                                    "participant_id": Uuid::nil(), "points": 1}));
    assert!(stranger.contains("not in this encounter"), "{stranger}");
    let no_needed = g.refused(json!({"system": "stunt", "move": "task_start",
        "participant_id": g.goon, "label": "Pick the lock", "kind": "doubles_only"}));
    assert!(no_needed.contains("needed"), "{no_needed}");
    let zero = g.refused(json!({"system": "stunt", "move": "task_start",
        "participant_id": g.goon, "label": "Pick the lock", "kind": "doubles_only", "needed": 0}));
    assert!(zero.contains("Doubles needed takes 1 to 60"), "{zero}");
    let no_label = g.refused(json!({"system": "stunt", "move": "task_start",
        "participant_id": g.goon, "label": "  ", "kind": "double_six_only"}));
    assert!(no_label.contains("label"), "{no_label}");
    let no_task = g.refused(json!({"system": "stunt", "move": "task_throw", "task_id": 7}));
    assert!(no_task.contains("no open task 7"), "{no_task}");
}

#[test]
fn a_doubles_only_task_counts_doubles_resets_on_one_one_and_succeeds() {
    let mut g = game();
    let play = g.play(
        json!({"system": "stunt", "move": "task_start", "participant_id": g.goon,
               "label": "Pick the lock", "kind": "doubles_only", "needed": 2}),
        1,
    );
    assert!(play.rolls.is_empty());
    let id = g.table().tasks[0].id;
    let next_double = json!({"system": "stunt", "roll": "doubles", "needed": 1});
    let win = seed_for(next_double.clone(), "success");
    let lose = seed_for(next_double.clone(), "failure");

    let throw = json!({"system": "stunt", "move": "task_throw", "task_id": id});
    let play = g.play(throw.clone(), win);
    let first = quick(next_double.clone(), win);
    assert_eq!(play.rolls[0].dice, first.dice);
    let task = g.table().tasks[0].task;
    assert_eq!(
        (task.doubles, task.time_steps as usize),
        (1, first.dice.len() / 2)
    );

    let play = g.play(throw.clone(), lose);
    let second = quick(next_double.clone(), lose);
    assert_eq!(play.rolls[0].dice, second.dice);
    let task = g.table().tasks[0].task;
    assert_eq!(
        (task.doubles, task.resets, task.status),
        (0, 1, TaskStatus::Running)
    );
    assert_eq!(
        task.time_steps as usize,
        (first.dice.len() + second.dice.len()) / 2
    );
    assert!(play.entry.summary.contains("back to the start"));
    assert!(
        play.entry
            .events
            .contains(&Event::ruling(RulingId::StuntDoublesReset)),
        "{}",
        play.entry.summary
    );

    // The preview of a throw is the request it rolls; to the end, the doubles still needed.
    let preview = g
        .store
        .preview_table_move(
            g.encounter,
            &serde_json::from_value(
                json!({"system": "stunt", "move": "task_throw", "task_id": id, "to_the_end": true}),
            )
            .unwrap(),
        )
        .unwrap()
        .unwrap();
    assert_eq!(serde_json::to_value(&preview).unwrap()["needed"], 2);

    g.play(throw.clone(), win);
    g.play(throw.clone(), win);
    assert_eq!(g.table().tasks[0].task.status, TaskStatus::Succeeded);
    let again = g.refused(throw);
    assert!(again.contains("already succeeded"), "{again}");
}

#[test]
fn a_double_six_only_task_failed_on_one_one_can_never_be_started_again() {
    let mut g = game();
    let start = json!({"system": "stunt", "move": "task_start", "participant_id": g.rook,
                       "label": "Fix the plumbing", "kind": "double_six_only"});
    g.play(start.clone(), 1);
    let id = g.table().tasks[0].id;
    let lose = seed_for(json!({"system": "stunt", "roll": "double_six"}), "failure");
    let play = g.play(
        json!({"system": "stunt", "move": "task_throw", "task_id": id}),
        lose,
    );
    let dice = &play.rolls[0].dice;
    assert_eq!(dice[dice.len() - 2..], [1, 1]);
    assert_eq!(play.rolls[0].character_id, Some(g.rook_character));
    assert_eq!(g.table().tasks[0].task.status, TaskStatus::Failed);
    g.play(
        json!({"system": "stunt", "move": "task_close", "task_id": id}),
        1,
    );
    assert!(g.table().tasks[0].closed);
    let mut again = start.clone();
    again["label"] = json!("fix the plumbing");
    let err = g.refused(again);
    assert!(err.contains("never try it again"), "{err}");
    // Another character may.
    let mut other = start;
    other["participant_id"] = json!(g.goon);
    g.play(other, 1);
    assert_eq!(g.table().tasks.last().unwrap().id, id + 1);
}

#[test]
fn a_check_reads_the_rosters_own_chart() {
    // The house makes Skilled against Average need 36 (the ruled chart says 6): only doubles pass.
    let mut house = HouseRules::default();
    let (skilled, average) = (
        house.stunt.level_index("Skilled").unwrap(),
        house.stunt.level_index("Average").unwrap(),
    );
    house.stunt.chart[skilled][average] = 36;
    let mut g = game_with(Some(house));
    let request =
        json!({"system": "stunt", "roll": "check", "active": "Skilled", "defending": "Average"});
    // A throw the ruled chart passes: no doubles, product 6 or more.
    let seed = (0..10_000)
        .find(|&s| {
            let d = quick(request.clone(), s);
            d.success && d.dice[0] != d.dice[1]
        })
        .unwrap();
    let play = g.play(
        json!({"system": "stunt", "move": "check", "participant_id": g.rook,
               "active": "Skilled", "defending": "Average"}),
        seed,
    );
    assert_eq!(play.rolls[0].dice, quick(request, seed).dice);
    assert_eq!(play.rolls[0].outcome, "failure", "{}", play.rolls[0].detail);
    let err = g.refused(
        json!({"system": "stunt", "move": "check", "participant_id": g.rook,
                               "active": "Legendary", "defending": "Average"}),
    );
    assert!(err.contains("not a level of this chart"), "{err}");
}

#[test]
fn undo_puts_htk_and_tasks_back_exactly() {
    let mut g = game();
    g.play(
        json!({"system": "stunt", "move": "task_start", "participant_id": g.goon,
               "label": "Climb", "kind": "doubles_only", "needed": 3}),
        1,
    );
    let before = g.store.encounter(g.encounter).unwrap();
    g.play(
        json!({"system": "stunt", "move": "minor_damage", "participant_id": g.rook}),
        5,
    );
    g.play(
        json!({"system": "stunt", "move": "task_throw", "task_id": 1}),
        5,
    );
    g.store.undo_table_action(g.encounter).unwrap();
    let undone = g.store.undo_table_action(g.encounter).unwrap();
    assert_eq!(undone.state, before.state);
}

#[test]
fn a_participant_who_leaves_takes_their_tasks_and_the_others_keep_theirs() {
    let mut g = game();
    g.play(
        json!({"system": "stunt", "move": "damage", "participant_id": g.rook, "points": 3}),
        1,
    );
    g.play(
        json!({"system": "stunt", "move": "task_start", "participant_id": g.goon,
               "label": "Climb", "kind": "double_six_only"}),
        1,
    );
    g.store
        .play(
            g.encounter,
            &TableAction::RemoveParticipant {
                participant_id: g.goon,
            },
            Some(1),
        )
        .unwrap();
    let table = g.table();
    assert!(table.tasks.is_empty());
    assert_eq!(table.parts.len(), 1);
    assert_eq!(g.htk(g.rook), Htk::new(23, 30).unwrap());
    // A new round changes nothing at a stunt table.
    g.store
        .play(g.encounter, &TableAction::NextRound, Some(1))
        .unwrap();
    assert_eq!(g.table(), table);
}

#[test]
fn save_to_sheets_writes_a_pcs_htk_and_leaves_quick_npcs_alone() {
    let mut g = game();
    g.play(
        json!({"system": "stunt", "move": "damage", "participant_id": g.rook, "points": 7}),
        1,
    );
    g.play(
        json!({"system": "stunt", "move": "damage", "participant_id": g.goon, "points": 7}),
        1,
    );
    let changed = g.store.save_encounter_to_sheets(g.encounter).unwrap();
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0].id, g.rook_character);
    let sheet = serde_json::to_value(&g.store.character(g.rook_character).unwrap().sheet).unwrap();
    assert_eq!(sheet["htk"], json!({"current": 19, "max": 30}));
    // Saved again with nothing new: no sheet changes.
    assert!(g
        .store
        .save_encounter_to_sheets(g.encounter)
        .unwrap()
        .is_empty());
}
