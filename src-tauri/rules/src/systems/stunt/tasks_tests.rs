use super::*;
use proptest::prelude::*;

fn house() -> &'static HouseRules {
    HouseRules::ruled()
}

/// The quick roll of the same request and seed: what every table roll must equal.
fn quick(request: &str, seed: u64) -> RollResult {
    crate::roll(&crate::parse_request(request).unwrap(), seed).unwrap()
}

/// The first seed from 0 whose `request` roll lands on `outcome` (a deterministic search, so the
/// tests cover both ends without hard-coding dice).
fn seed_for(request: &str, outcome: &str) -> u64 {
    (0..10_000)
        .find(|&s| quick(request, s).outcome == outcome)
        .expect("some seed gives every outcome")
}

const NEXT_DOUBLE: &str = r#"{"system":"stunt","roll":"doubles","needed":1}"#;
const DOUBLE_SIX: &str = r#"{"system":"stunt","roll":"double_six"}"#;

#[test]
fn current_above_max_or_max_above_the_limit_is_refused_naming_the_field() {
    let err = Htk::new(12, 10).unwrap_err();
    assert!(err.to_string().starts_with("htk.current"), "{err}");
    let err = Htk::new(1, HTK_LIMIT + 1).unwrap_err();
    assert!(err.to_string().starts_with("htk.max"), "{err}");
}

#[test]
fn fixed_damage_and_healing_stay_within_zero_and_max() {
    let htk = Htk::new(10, 12).unwrap();
    assert_eq!(htk.damage(4).htk, Htk::new(6, 12).unwrap());
    assert_eq!(htk.damage(15).htk, Htk::new(0, 12).unwrap());
    assert_eq!(htk.damage(15).points, 15);
    assert_eq!(htk.heal(1).htk, Htk::new(11, 12).unwrap());
    assert_eq!(htk.heal(9).htk, Htk::new(12, 12).unwrap());
}

#[test]
fn dice_damage_is_the_quick_roll_of_the_engine_damage_request() {
    let htk = Htk::new(30, 30).unwrap();
    let dice = DamageDice {
        dice: 2,
        sides: 6,
        bonus: 3,
    };
    let rolled = htk
        .damage_dice(dice, house(), &MoveDice::seeded(7))
        .unwrap();
    let quick = quick(
        r#"{"system":"stunt","roll":"damage","dice":2,"sides":6,"bonus":3,"htk":30}"#,
        7,
    );
    assert_eq!(rolled.result, quick);
    assert_eq!(rolled.request.kind_id(), ("stunt", "damage"));
    let sum: u32 = quick.dice.iter().sum();
    assert_eq!(rolled.event.points, sum + 3);
    assert_eq!(rolled.event.htk.current, 30 - sum - 3);
}

#[test]
fn a_negative_bonus_never_heals() {
    let htk = Htk::new(5, 9).unwrap();
    let dice = DamageDice {
        dice: 1,
        sides: 4,
        bonus: -10,
    };
    let rolled = htk
        .damage_dice(dice, house(), &MoveDice::seeded(1))
        .unwrap();
    assert_eq!(rolled.event.points, 0);
    assert_eq!(rolled.event.htk, htk);
}

#[test]
fn bad_damage_dice_are_refused_by_the_engine_naming_the_field() {
    let htk = Htk::new(5, 5).unwrap();
    let one_side = DamageDice {
        dice: 1,
        sides: 1,
        bonus: 0,
    };
    let err = htk
        .damage_dice(one_side, house(), &MoveDice::seeded(1))
        .unwrap_err();
    assert!(err.to_string().starts_with("sides"), "{err}");
    let too_many = DamageDice {
        dice: 61,
        sides: 6,
        bonus: 0,
    };
    let err = htk
        .damage_dice(too_many, house(), &MoveDice::seeded(1))
        .unwrap_err();
    assert!(err.to_string().starts_with("dice"), "{err}");
}

#[test]
fn minor_damage_is_the_quick_roll_of_six_d6() {
    let htk = Htk::new(40, 40).unwrap();
    let rolled = htk.minor_damage(house(), &MoveDice::seeded(3)).unwrap();
    let quick = quick(
        r#"{"system":"stunt","roll":"damage","dice":6,"sides":6,"bonus":0,"htk":40}"#,
        3,
    );
    assert_eq!(rolled.result, quick);
    assert_eq!(quick.dice.len(), 6);
    assert_eq!(rolled.event.points, quick.dice.iter().sum::<u32>());
}

#[test]
fn minor_damage_under_a_house_rule_of_4_dice_is_the_quick_roll_of_four_d6() {
    let house = HouseRules {
        minor_damage_dice: 4,
        ..HouseRules::default()
    };
    let htk = Htk::new(40, 40).unwrap();
    for seed in 0..20 {
        let rolled = htk.minor_damage(&house, &MoveDice::seeded(seed)).unwrap();
        let quick = quick(
            r#"{"system":"stunt","roll":"damage","dice":4,"sides":6,"bonus":0,"htk":40}"#,
            seed,
        );
        assert_eq!(rolled.result, quick);
        assert_eq!(quick.dice.len(), 4);
        assert_eq!(rolled.event.points, quick.dice.iter().sum::<u32>());
        assert_eq!(
            rolled.request,
            htk.damage_request(DamageDice::minor(&house), &house)
                .unwrap()
        );
    }
}

#[test]
fn a_doubles_only_throw_counts_one_double_and_its_time_steps() {
    let task = StuntTask::doubles_only(3).unwrap();
    let seed = seed_for(NEXT_DOUBLE, "success");
    let thrown = task.throw(false, house(), &MoveDice::seeded(seed)).unwrap();
    let quick = quick(NEXT_DOUBLE, seed);
    assert_eq!(thrown.result, quick);
    assert_eq!(thrown.task.doubles, 1);
    assert_eq!(thrown.task.time_steps as usize, quick.dice.len() / 2);
    assert_eq!(thrown.task.status, TaskStatus::Running);
    // The last throw is the counted double.
    let n = quick.dice.len();
    assert_eq!(quick.dice[n - 1], quick.dice[n - 2]);
}

#[test]
fn one_one_sets_a_doubles_only_task_back_to_the_start_keeping_its_time() {
    let seed = seed_for(NEXT_DOUBLE, "failure");
    let quick = quick(NEXT_DOUBLE, seed);
    assert_eq!(quick.dice[quick.dice.len() - 2..], [1, 1]);
    let task = StuntTask {
        doubles: 2,
        time_steps: 5,
        ..StuntTask::doubles_only(3).unwrap()
    };
    let thrown = task.throw(false, house(), &MoveDice::seeded(seed)).unwrap();
    assert_eq!(thrown.result, quick);
    assert_eq!(thrown.task.doubles, 0);
    assert_eq!(thrown.task.resets, 1);
    assert_eq!(thrown.task.status, TaskStatus::Running);
    assert_eq!(thrown.task.time_steps as usize, 5 + quick.dice.len() / 2);
    assert!(
        thrown.events.contains(&crate::table::Event::ruling(
            crate::table::RulingId::StuntDoublesReset
        )),
        "{:?}",
        thrown.events
    );
}

#[test]
fn the_last_double_succeeds_and_a_succeeded_task_is_not_thrown_again() {
    let seed = seed_for(NEXT_DOUBLE, "success");
    let task = StuntTask {
        doubles: 1,
        ..StuntTask::doubles_only(2).unwrap()
    };
    let done = task
        .throw(false, house(), &MoveDice::seeded(seed))
        .unwrap()
        .task;
    assert_eq!((done.doubles, done.status), (2, TaskStatus::Succeeded));
    let err = done
        .throw(false, house(), &MoveDice::seeded(seed))
        .unwrap_err();
    assert!(err.to_string().contains("already succeeded"), "{err}");
}

#[test]
fn to_the_end_rolls_the_doubles_still_needed() {
    let task = StuntTask {
        doubles: 1,
        ..StuntTask::doubles_only(4).unwrap()
    };
    let request = task.throw_request(true, house()).unwrap();
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!(json["needed"], 3);
    let odds = crate::odds(&request).unwrap();
    assert!((odds.success - (5.0f64 / 6.0).powi(3)).abs() < 1e-12);
    let seed = 11;
    let thrown = task.throw(true, house(), &MoveDice::seeded(seed)).unwrap();
    let quick = quick(r#"{"system":"stunt","roll":"doubles","needed":3}"#, seed);
    assert_eq!(thrown.result, quick);
    let expected = if quick.success {
        (4, TaskStatus::Succeeded)
    } else {
        (0, TaskStatus::Running)
    };
    assert_eq!((thrown.task.doubles, thrown.task.status), expected);
}

#[test]
fn double_six_only_succeeds_on_six_six_and_ends_for_good_on_one_one() {
    let task = StuntTask::double_six_only();
    let win = seed_for(DOUBLE_SIX, "success");
    let thrown = task.throw(false, house(), &MoveDice::seeded(win)).unwrap();
    assert_eq!(thrown.result, quick(DOUBLE_SIX, win));
    assert_eq!(thrown.task.status, TaskStatus::Succeeded);

    let lose = seed_for(DOUBLE_SIX, "failure");
    let quick = quick(DOUBLE_SIX, lose);
    assert_eq!(quick.dice[quick.dice.len() - 2..], [1, 1]);
    let thrown = task.throw(false, house(), &MoveDice::seeded(lose)).unwrap();
    assert_eq!(thrown.result, quick);
    assert_eq!(thrown.task.status, TaskStatus::Failed);
    assert_eq!(thrown.task.time_steps as usize, quick.dice.len() / 2);
    let err = thrown
        .task
        .throw(false, house(), &MoveDice::seeded(1))
        .unwrap_err();
    assert!(err.to_string().contains("never try it again"), "{err}");
}

#[test]
fn a_doubles_only_task_needs_one_to_sixty_doubles() {
    assert!(StuntTask::doubles_only(0)
        .unwrap_err()
        .to_string()
        .starts_with("needed"));
    assert!(StuntTask::doubles_only(61).is_err());
    assert!(StuntTask::doubles_only(60).is_ok());
}

proptest! {
    #[test]
    fn htk_stays_in_bounds(max in 0u32..500, cur in 0u32..500, seed in 0u64..1_000_000, n in 0i64..10, bonus in -20i64..20) {
        let htk = Htk::new(cur.min(max), max).unwrap();
        let dice = DamageDice { dice: n, sides: 6, bonus };
        let rolled = htk.damage_dice(dice, house(), &MoveDice::seeded(seed)).unwrap();
        prop_assert!(rolled.event.htk.current <= htk.current && rolled.event.htk.max == max);
        let json = serde_json::to_string(&rolled.event.htk).unwrap();
        prop_assert_eq!(serde_json::from_str::<Htk>(&json).unwrap(), rolled.event.htk);
    }

    #[test]
    fn a_running_doubles_task_stays_consistent(needed in 1u32..5, seeds in proptest::collection::vec(0u64..1_000_000, 1..12)) {
        let mut task = StuntTask::doubles_only(needed).unwrap();
        for seed in seeds {
            let Ok(thrown) = task.throw(false, house(), &MoveDice::seeded(seed)) else { break };
            prop_assert!(thrown.task.time_steps > task.time_steps);
            prop_assert!(thrown.task.doubles <= needed);
            prop_assert_eq!(thrown.task.status == TaskStatus::Succeeded, thrown.task.doubles == needed);
            task = thrown.task;
        }
    }
}
