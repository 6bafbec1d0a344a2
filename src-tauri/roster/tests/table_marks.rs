//! `marks` at the table through the store: tasks whose pool comes from the sheet (or dice
//! entered for a quick NPC), one more die off per failed attempt, contested tasks against the
//! defender's sheet, extended tasks rolled step by step to the plateau; rolls are quick rolls of
//! the previewed request, logged with the character; refusals write nothing; undo restores.

use crate::common;
use rollbook_roster::table::{MarksMove, RunningTask, SystemMove, SystemTable, TaskKind, TaskPool};
use rollbook_rules::table::{Event, RulingId};

use common::table::{self, seat, system};
use rollbook_roster::{LogQuery, NewRoster, Store, System, TableAction, TablePlay};
use rollbook_rules::table::marks_state::ExtendedStatus;
use rollbook_rules::{HouseRules, RollRequest, RollResult};
use serde_json::{json, Value};
use uuid::Uuid;

/// Vex's and Mara's seats and Goon 1's, at the shared table (tests/common/table.rs).
struct Table {
    store: Store,
    encounter: Uuid,
    /// Vex's character id; Vex, Mara and Goon 1's participant ids.
    vex_character: Uuid,
    vex: Uuid,
    mara: Uuid,
    goon: Uuid,
}

/// A marks sheet: every attribute at `attribute`, Stealth at `stealth` ranks.
fn sheet(attribute: i64, stealth: i64) -> Value {
    json!({
        "attributes": {"Agility": attribute, "Cunning": attribute, "Intelligence": 2,
                       "Fortitude": 2, "Domination": 2},
        "skills": [{"name": "Stealth", "rank": stealth}],
    })
}

/// Vex (Stealth 3 on a pool of 3: RULES.md's worked example), Mara (Agility 4) and a quick NPC.
fn table() -> Table {
    let seated = seat(
        NewRoster::new("Saturday", System::Marks),
        "Vault",
        &[("Vex", sheet(3, 3)), ("Mara", sheet(4, 0))],
        1,
    );
    Table {
        vex_character: seated.characters[0],
        vex: seated.participants[0],
        mara: seated.participants[1],
        goon: seated.participants[2],
        store: seated.store,
        encounter: seated.encounter,
    }
}

fn from_sheet(roll: &str) -> TaskPool {
    TaskPool {
        roll: Some(roll.into()),
        ..TaskPool::default()
    }
}

fn entered(attribute_dice: i64, skill_dice: i64) -> TaskPool {
    TaskPool {
        attribute_dice,
        skill_dice,
        ..TaskPool::default()
    }
}

fn marks(m: MarksMove) -> TableAction {
    system(SystemMove::Marks(m))
}

impl Table {
    fn play(&mut self, m: MarksMove, seed: u64) -> TablePlay {
        table::play(&mut self.store, self.encounter, &marks(m), seed)
    }

    fn refused(&mut self, m: MarksMove) -> String {
        table::refused(&mut self.store, self.encounter, &marks(m))
    }

    fn tasks(&self) -> Vec<RunningTask> {
        let e = self.store.encounter(self.encounter).unwrap();
        let Some(SystemTable::Marks(marks)) = e.state.system_state else {
            panic!("marks state expected, got {:?}", e.state.system_state);
        };
        marks.tasks
    }

    /// Goon 1 starts a task on one entered die and fails it once: no dice are left. Answers
    /// the attempt move.
    fn fail_the_gate(&mut self) -> MarksMove {
        self.play(
            MarksMove::TaskStart {
                participant_id: self.goon,
                label: "Lift the gate".into(),
                pool: entered(1, 0),
                difficulty: 0,
                needed: 3,
            },
            1,
        );
        // One d6 cannot make 3 Marks... except through re-rolls on 6s: find a failing seed.
        let attempt = MarksMove::TaskAttempt { task_id: 1 };
        let (seed, _) = Table::seed_where(&self.preview(attempt.clone()), false);
        self.play(attempt.clone(), seed);
        attempt
    }

    fn preview(&self, m: MarksMove) -> RollRequest {
        self.store
            .preview_table_move(self.encounter, &SystemMove::Marks(m))
            .unwrap()
            .expect("a roll previews its request")
    }

    /// The first seed from 1 whose quick roll of `request` succeeds (or fails).
    fn seed_where(request: &RollRequest, success: bool) -> (u64, RollResult) {
        (1..500)
            .map(|seed| {
                let r = rollbook_rules::roll_with(request, &HouseRules::default(), seed).unwrap();
                (seed, r)
            })
            .find(|(_, r)| r.success == success)
            .expect("a seed within 500 rolls")
    }
}

fn request_json(r: &RollRequest) -> Value {
    serde_json::to_value(r).unwrap()
}

fn success(r: &RollRequest) -> f64 {
    rollbook_rules::odds_with(r, &HouseRules::default())
        .unwrap()
        .success
}

#[test]
fn the_worked_example_falls_with_each_failed_attempt() {
    let mut t = table();
    let played = t.play(
        MarksMove::TaskStart {
            participant_id: t.vex,
            label: "Slip past the guard".into(),
            pool: from_sheet("Stealth"),
            difficulty: 0,
            needed: 1,
        },
        1,
    );
    assert!(played.rolls.is_empty());
    let task = &t.tasks()[0];
    assert_eq!(
        (task.label.as_str(), task.source.as_str()),
        ("Slip past the guard", "Stealth on the sheet")
    );
    let attempt = MarksMove::TaskAttempt { task_id: task.id };
    let request = t.preview(attempt.clone());
    let fields = request_json(&request);
    assert_eq!(
        (
            fields["attribute_dice"].clone(),
            fields["skill_dice"].clone()
        ),
        (json!(3), json!(3))
    );
    let mut odds = success(&request);
    assert_eq!(format!("{odds:.4}"), "0.9081");

    for failures in 1..=3 {
        let request = t.preview(attempt.clone());
        let (seed, quick) = Table::seed_where(&request, false);
        let played = t.play(attempt.clone(), seed);
        let rolled = &played.rolls[0];
        assert_eq!((rolled.dice.clone(), rolled.success), (quick.dice, false));
        assert_eq!(rolled.character_id, Some(t.vex_character));
        assert!(
            played
                .entry
                .events
                .contains(&Event::ruling(RulingId::MarksPenaltyPerFailure)),
            "{}",
            played.entry.summary
        );
        let next = t.preview(attempt.clone());
        assert_eq!(request_json(&next)["penalty"], failures);
        let now = success(&next);
        assert!(now < odds, "{now} after {failures} failures, was {odds}");
        odds = now;
    }
    let TaskKind::Task { task, attempts, .. } = &t.tasks()[0].kind else {
        panic!("a task");
    };
    assert_eq!((task.failed_attempts, *attempts), (3, 3));
    // Three failures took the three skill dice: the attributes are whole.
    assert_eq!(task.dice_left(), [3, 0, 0, 0]);

    let (seed, _) = Table::seed_where(&t.preview(attempt.clone()), true);
    let played = t.play(attempt.clone(), seed);
    assert!(played.rolls[0].success);
    let err = t.refused(attempt.clone());
    assert!(err.contains("already succeeded"), "{err}");
    assert!(t
        .store
        .preview_table_move(t.encounter, &SystemMove::Marks(attempt))
        .is_err());
    let by_vex = LogQuery {
        character_id: Some(t.vex_character),
        ..LogQuery::default()
    };
    assert_eq!(t.store.roll_log(&by_vex).unwrap().len(), 4);
}

#[test]
fn a_contested_task_rolls_against_the_defenders_sheet() {
    let mut t = table();
    t.play(
        MarksMove::TaskContest {
            participant_id: t.vex,
            label: "Sneak past Mara".into(),
            pool: from_sheet("Stealth"),
            difficulty: 1,
            defender_id: t.mara,
            defender_pool: from_sheet("Agility"),
            defender_penalty: 0,
        },
        1,
    );
    let task_id = t.tasks()[0].id;
    let attempt = MarksMove::TaskAttempt { task_id };
    let request = request_json(&t.preview(attempt.clone()));
    assert_eq!(request["roll"], "contested");
    assert_eq!(request["penalty"], 1);
    // Mara's Agility roll: Agility 4 alone.
    assert_eq!(request["defender_attribute_dice"], 4);
    let (seed, quick) = Table::seed_where(&t.preview(attempt.clone()), false);
    let played = t.play(attempt.clone(), seed);
    assert_eq!(played.rolls[0].dice, quick.dice);
    let after = request_json(&t.preview(attempt));
    // Only the side trying again loses a die (ruling).
    assert_eq!(
        (after["penalty"].clone(), after["defender_penalty"].clone()),
        (json!(2), json!(0))
    );
    let TaskKind::Task { defender_id, .. } = &t.tasks()[0].kind else {
        panic!("a task");
    };
    assert_eq!(*defender_id, Some(t.mara));
}

#[test]
fn an_extended_task_adds_up_marks_to_its_plateau() {
    let mut t = table();
    t.play(
        MarksMove::ExtendedStart {
            participant_id: t.goon,
            label: "Crack the safe".into(),
            pool: entered(4, 2),
            penalty: 0,
            plateau: 4,
            min_steps: 2,
            max_steps: 6,
        },
        1,
    );
    let task_id = t.tasks()[0].id;
    assert_eq!(t.tasks()[0].source, "entered dice");
    // New rounds do not step it: steps are the GM's time steps.
    t.store
        .play(t.encounter, &TableAction::NextRound, Some(8))
        .unwrap();
    let TaskKind::Extended { task } = &t.tasks()[0].kind else {
        panic!("an extended task");
    };
    assert_eq!(task.steps, 0);
    let step = MarksMove::ExtendedStep { task_id };
    let mut total = 0;
    let mut steps = 0;
    loop {
        let request = t.preview(step.clone());
        assert_eq!(request_json(&request)["needed"], 0);
        let quick =
            rollbook_rules::roll_with(&request, &HouseRules::default(), 100 + steps).unwrap();
        let played = t.play(step.clone(), 100 + steps);
        assert_eq!(played.rolls[0].dice, quick.dice);
        // A quick NPC's roll is logged with no character.
        assert_eq!(played.rolls[0].character_id, None);
        total += quick.total.unwrap();
        steps += 1;
        let TaskKind::Extended { task } = &t.tasks()[0].kind else {
            panic!("an extended task");
        };
        assert_eq!((task.marks, task.steps), (total, steps as i64));
        match task.status {
            ExtendedStatus::Running => assert!(total < 4 && steps < 6),
            ExtendedStatus::Completed { on_step } => {
                assert!(total >= 4);
                assert_eq!(on_step, (steps as i64).max(2));
                break;
            }
            ExtendedStatus::Failed => {
                assert_eq!((steps, total < 4), (6, true));
                break;
            }
        }
    }
    let err = t.refused(step);
    assert!(err.contains("over"), "{err}");
    let err = t.refused(MarksMove::TaskAttempt { task_id });
    assert!(err.contains("extended"), "{err}");
    let played = t.play(MarksMove::TaskClose { task_id }, 9);
    assert!(
        played.entry.summary.contains("task closed"),
        "{}",
        played.entry.summary
    );
    assert!(t.tasks().is_empty());
}

#[test]
fn refused_moves_write_nothing() {
    let mut t = table();
    let start = |participant_id, label: &str, pool| MarksMove::TaskStart {
        participant_id,
        label: label.into(),
        pool,
        difficulty: 0,
        needed: 1,
    };
    let err = t.refused(start(t.vex, "Climb", from_sheet("Climbing")));
    assert!(err.contains("no roll named \"Climbing\""), "{err}");
    let err = t.refused(start(t.goon, "Climb", from_sheet("Agility")));
    assert!(err.contains("enter the dice"), "{err}");
    let both = TaskPool {
        attribute_dice: 2,
        ..from_sheet("Agility")
    };
    let err = t.refused(start(t.vex, "Climb", both));
    assert!(err.contains("not both"), "{err}");
    let err = t.refused(start(t.vex, "  ", entered(2, 0)));
    assert!(err.contains("name the task"), "{err}");
    t.refused(start(t.vex, "Climb", entered(-1, 0)));
    let err = t.refused(MarksMove::TaskContest {
        participant_id: t.vex,
        label: "Shove".into(),
        pool: entered(2, 0),
        difficulty: 0,
        defender_id: t.vex,
        defender_pool: entered(2, 0),
        defender_penalty: 0,
    });
    assert!(err.contains("another participant"), "{err}");
    t.refused(MarksMove::ExtendedStart {
        participant_id: t.vex,
        label: "Research".into(),
        pool: entered(2, 0),
        penalty: 0,
        plateau: 5,
        min_steps: 4,
        max_steps: 2,
    });
    let err = t.refused(MarksMove::TaskAttempt { task_id: 7 });
    assert!(err.contains("no open task 7"), "{err}");
    let err = t.refused(MarksMove::TaskClose { task_id: 7 });
    assert!(err.contains("no open task 7"), "{err}");
}

#[test]
fn a_task_out_of_dice_cannot_be_tried_again() {
    let mut t = table();
    let attempt = t.fail_the_gate();
    let err = t.refused(attempt.clone());
    assert!(err.contains("no dice"), "{err}");
    assert!(t
        .store
        .preview_table_move(t.encounter, &SystemMove::Marks(attempt))
        .is_err());
}

#[test]
fn undo_and_leaving_participants() {
    let mut t = table();
    t.play(
        MarksMove::TaskStart {
            participant_id: t.vex,
            label: "Pick the lock".into(),
            pool: from_sheet("Stealth"),
            difficulty: 2,
            needed: 1,
        },
        1,
    );
    t.play(
        MarksMove::TaskStart {
            participant_id: t.mara,
            label: "Keep watch".into(),
            pool: from_sheet("Agility"),
            difficulty: 0,
            needed: 1,
        },
        2,
    );
    let before = t.store.encounter(t.encounter).unwrap().state;
    t.play(MarksMove::TaskAttempt { task_id: 1 }, 3);
    t.store.undo_table_action(t.encounter).unwrap();
    assert_eq!(t.store.encounter(t.encounter).unwrap().state, before);
    // Vex leaves: Vex's task goes, Mara's stays as it was; ids are not reused.
    t.store
        .play(
            t.encounter,
            &TableAction::RemoveParticipant {
                participant_id: t.vex,
            },
            Some(4),
        )
        .unwrap();
    let tasks = t.tasks();
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0].label, "Keep watch");
    t.play(
        MarksMove::TaskStart {
            participant_id: t.mara,
            label: "Run".into(),
            pool: entered(2, 0),
            difficulty: 0,
            needed: 1,
        },
        5,
    );
    assert_eq!(t.tasks()[1].id, 3);
}

/// The encounter's `view` (what the window shows) for task 1.
fn task_view(t: &Table) -> rollbook_roster::table::MarksTaskView {
    let e = t.store.encounter(t.encounter).unwrap();
    let Some(rollbook_roster::table::TableView::Marks { tasks }) = e.view else {
        panic!("a marks view expected, got {:?}", e.view);
    };
    tasks
        .into_iter()
        .find(|v| v.task_id == 1)
        .expect("task 1 in the view")
}

#[test]
fn the_encounter_serves_each_tasks_next_pool_after_the_removals() {
    let mut t = table();
    t.play(
        MarksMove::TaskStart {
            participant_id: t.vex,
            label: "Slip past the guard".into(),
            pool: from_sheet("Stealth"),
            difficulty: 1,
            needed: 1,
        },
        1,
    );
    let view = task_view(&t);
    // Difficulty 1 takes a human skill die first.
    assert_eq!(
        (view.penalty, view.dice_left, view.rollable),
        (1, [3, 2, 0, 0], true)
    );
    let attempt = MarksMove::TaskAttempt { task_id: 1 };
    let (seed, _) = Table::seed_where(&t.preview(attempt.clone()), false);
    t.play(attempt.clone(), seed);
    let view = task_view(&t);
    assert_eq!((view.penalty, view.dice_left), (2, [3, 1, 0, 0]));
    // What the view says is left is what the next roll rolls.
    let TaskKind::Task { task, .. } = &t.tasks()[0].kind else {
        panic!("a task");
    };
    assert_eq!(view.dice_left, task.dice_left());
    assert_eq!(request_json(&t.preview(attempt))["penalty"], 2);

    // A quick NPC's single die, gone after one failure: nothing left to roll.
    let mut t = table();
    t.fail_the_gate();
    let view = task_view(&t);
    assert_eq!((view.dice_left, view.rollable), ([0, 0, 0, 0], false));
}
