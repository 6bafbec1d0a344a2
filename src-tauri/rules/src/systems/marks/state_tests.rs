use super::*;
use proptest::prelude::*;

#[test]
fn failed_attempts_take_dice_in_the_ruled_order() {
    // RULES.md: human skill, human attribute, super skill, super dice.
    let mut task = MarksTask::new([2, 1, 1, 1], 0, 1);
    let mut seen = vec![task.dice_left()];
    for _ in 0..5 {
        task.failed_attempts += 1;
        seen.push(task.dice_left());
    }
    assert_eq!(
        seen,
        vec![
            [2, 1, 1, 1],
            [2, 0, 1, 1],
            [1, 0, 1, 1],
            [0, 0, 1, 1],
            [0, 0, 1, 0],
            [0, 0, 0, 0],
        ]
    );
}

#[test]
fn the_next_request_carries_difficulty_plus_failures() {
    let mut task = MarksTask::new([3, 3, 0, 0], 2, 1);
    task.failed_attempts = 1;
    let request = task.next_request();
    // The typed request reads as the contract's JSON, and the engine's kind accepts it.
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!(json["roll"], "pool");
    assert_eq!(json["penalty"], 3);
    assert!(request.validate(crate::HouseRules::ruled()).is_ok());
}

#[test]
fn an_attempt_rolls_the_same_dice_as_a_quick_roll() {
    let task = MarksTask::new([3, 3, 0, 0], 0, 1);
    let quick = crate::roll(&task.next_request(), 42).unwrap();
    let (next, events) = task.apply(&MarksTaskAction::Attempt { seed: 42 }).unwrap();
    assert!(events[0].text.contains(&quick.detail));
    assert_eq!(next.done, quick.success);
    assert_eq!(next.failed_attempts, i64::from(!quick.success));
}

#[test]
fn a_task_fails_until_no_dice_are_left_then_refuses() {
    // One die cannot reach 200 Marks, so the attempt fails; its failure takes the only die, and
    // the next attempt is refused.
    let mut task = MarksTask::new([1, 0, 0, 0], 0, 200);
    let (next, _) = task.apply(&MarksTaskAction::Attempt { seed: 1 }).unwrap();
    assert_eq!(next.failed_attempts, 1);
    assert_eq!(next.dice_left(), [0, 0, 0, 0]);
    let err = next
        .apply(&MarksTaskAction::Attempt { seed: 2 })
        .unwrap_err();
    assert!(err.to_string().contains("no dice"), "{err}");
    task.done = true;
    assert!(task.apply(&MarksTaskAction::Attempt { seed: 3 }).is_err());
}

#[test]
fn invalid_states_are_refused() {
    let mut task = MarksTask::new([3, 0, 0, 0], 0, 1);
    task.failed_attempts = -1;
    let err = task
        .apply(&MarksTaskAction::Attempt { seed: 1 })
        .unwrap_err();
    assert!(err.to_string().contains("failed_attempts"), "{err}");
}

#[test]
fn json_round_trips() {
    let task = MarksTask::new([3, 2, 1, 0], 1, 3);
    let text = serde_json::to_string(&task).unwrap();
    assert_eq!(serde_json::from_str::<MarksTask>(&text).unwrap(), task);
    let action: MarksTaskAction = serde_json::from_str(r#"{"action":"attempt","seed":7}"#).unwrap();
    assert_eq!(action, MarksTaskAction::Attempt { seed: 7 });
}

proptest! {
    #[test]
    fn dice_never_negative_and_failures_never_decrease(
        pool in proptest::array::uniform4(0i64..4),
        difficulty in 0i64..3,
        needed in 1i64..6,
        seeds in proptest::collection::vec(any::<u64>(), 1..8),
    ) {
        prop_assume!(pool.iter().sum::<i64>() > 0);
        let mut task = MarksTask::new(pool, difficulty, needed);
        for seed in seeds {
            prop_assert!(task.dice_left().iter().all(|d| *d >= 0));
            let before = task.failed_attempts;
            match task.apply(&MarksTaskAction::Attempt { seed }) {
                Ok((next, _)) => {
                    prop_assert!(next.failed_attempts >= before);
                    let text = serde_json::to_string(&next).unwrap();
                    prop_assert_eq!(serde_json::from_str::<MarksTask>(&text).unwrap(), next.clone());
                    task = next;
                }
                Err(_) => prop_assert!(task.done || task.dice_left().iter().sum::<i64>() == 0),
            }
        }
    }
}

fn extended(plateau: i64, steps: (i64, i64)) -> ExtendedTask {
    ExtendedTask::new([3, 3, 0, 0], 0, plateau, steps)
}

#[test]
fn each_step_rolls_the_dice_of_a_quick_pool_roll() {
    let task = extended(100, (1, 5));
    let quick = crate::roll(&task.step_request(), 9).unwrap();
    let (next, events) = task.apply(&ExtendedAction::Step { seed: 9 }).unwrap();
    assert_eq!(next.marks, quick.total.unwrap());
    assert_eq!(next.steps, 1);
    assert!(events[0].text.contains(&quick.detail));
}

#[test]
fn reaching_the_plateau_early_completes_on_the_minimum_step() {
    // A plateau of 1 with 3 attribute dice: find a seed whose first step scores a Mark.
    let task = extended(1, (3, 5));
    let seed = (0..100)
        .find(|s| {
            task.apply(&ExtendedAction::Step { seed: *s })
                .unwrap()
                .0
                .marks
                >= 1
        })
        .unwrap();
    let (next, events) = task.apply(&ExtendedAction::Step { seed }).unwrap();
    assert_eq!(next.status, ExtendedStatus::Completed { on_step: 3 });
    assert_eq!(
        events[2],
        crate::table::Event::ruling(crate::table::RulingId::MarksExtendedSteps),
        "{events:?}"
    );
    assert!(next.apply(&ExtendedAction::Step { seed }).is_err());
}

#[test]
fn the_task_fails_after_the_maximum_steps_short_of_the_plateau() {
    let mut task = extended(500, (1, 2));
    for seed in [1, 2] {
        task = task.apply(&ExtendedAction::Step { seed }).unwrap().0;
    }
    assert_eq!(task.status, ExtendedStatus::Failed);
    let err = task.apply(&ExtendedAction::Step { seed: 3 }).unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
}

#[test]
fn invalid_extended_tasks_are_refused_by_the_extended_kind() {
    let err = extended(10, (4, 2))
        .apply(&ExtendedAction::Step { seed: 1 })
        .unwrap_err();
    assert!(err.to_string().contains("min_steps"), "{err}");
}

proptest! {
    #[test]
    fn marks_never_decrease_and_json_round_trips(
        plateau in 1i64..20,
        min in 1i64..4,
        extra in 0i64..4,
        seeds in proptest::collection::vec(any::<u64>(), 1..10),
    ) {
        let mut task = extended(plateau, (min, min + extra));
        for seed in seeds {
            match task.apply(&ExtendedAction::Step { seed }) {
                Ok((next, _)) => {
                    prop_assert!(next.marks >= task.marks);
                    prop_assert!(next.steps <= next.task.max_steps);
                    let text = serde_json::to_string(&next).unwrap();
                    prop_assert_eq!(serde_json::from_str::<ExtendedTask>(&text).unwrap(), next.clone());
                    task = next;
                }
                Err(_) => prop_assert!(task.status != ExtendedStatus::Running),
            }
        }
    }
}

const DEFENDER: DefenderPool = DefenderPool {
    attribute_dice: 2,
    skill_dice: 1,
    super_dice: 0,
    super_skill_dice: 0,
    penalty: 0,
};

#[test]
fn a_contested_attempt_is_the_contested_kind_and_only_the_attacker_loses_dice() {
    let mut task = MarksTask::new([3, 1, 0, 0], 1, 1).against(DEFENDER);
    task.failed_attempts = 2;
    let request = task.next_request();
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!(json["roll"], "contested");
    assert_eq!(json["penalty"], 3);
    assert_eq!(json["defender_penalty"], 0);
    let quick = crate::roll(&request, 5).unwrap();
    let (next, events) = task.apply(&MarksTaskAction::Attempt { seed: 5 }).unwrap();
    assert!(events[0].text.contains(&quick.detail));
    assert_eq!(next.done, quick.success);
    let text = serde_json::to_string(&next).unwrap();
    assert_eq!(serde_json::from_str::<MarksTask>(&text).unwrap(), next);
}

#[test]
fn worked_example_odds_fall_as_attempts_fail() {
    // RULES.md: attribute 3, skill 3 -> P(at least 1 Mark) = 0.9081. Each failure takes a skill
    // die first, so the odds of the next attempt fall; after three failures 3d6 keep 3 is left.
    let mut task = MarksTask::new([3, 3, 0, 0], 0, 1);
    let odds = |t: &MarksTask| crate::odds(&t.next_request()).unwrap().success;
    assert!((odds(&task) - 0.9081).abs() < 5e-5);
    let mut last = odds(&task);
    for _ in 0..3 {
        task.failed_attempts += 1;
        let now = odds(&task);
        assert!(now < last, "{now} !< {last}");
        last = now;
    }
    assert_eq!(task.dice_left(), [3, 0, 0, 0]);
}

#[test]
fn an_attempt_and_a_step_hand_back_the_roll_they_made() {
    let task = MarksTask::new([3, 3, 0, 0], 1, 1);
    let rolled = task.attempt(&MoveDice::seeded(11)).unwrap();
    let request = task.next_request();
    assert_eq!(rolled.request, request);
    assert_eq!(rolled.result, crate::roll(&request, 11).unwrap());
    assert_eq!(
        task.apply(&MarksTaskAction::Attempt { seed: 11 }).unwrap(),
        (rolled.task, rolled.events)
    );
    let extended = ExtendedTask::new([2, 1, 0, 0], 0, 5, (1, 4));
    let rolled = extended.step(&MoveDice::seeded(12)).unwrap();
    let request = extended.step_request();
    assert_eq!(rolled.result, crate::roll(&request, 12).unwrap());
    assert_eq!(rolled.task.marks, rolled.result.total.unwrap_or(0));
    assert!(extended.ready().is_ok());
}
