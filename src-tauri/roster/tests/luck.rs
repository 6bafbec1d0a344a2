//! `Store::luck`: every logged roll's percentile in its exact odds under its roster's house
//! rules, rolls by hand included, grouped overall, by character and by evening.

use jiff::tz::TimeZone;
use rollbook_roster::{LogQuery, NewCharacter, NewLogEntry, NewRoster, Store, System};
use rollbook_rules::standing::{Verdict, MIN_ROLLS_JUDGED};
use rollbook_rules::{parse_request, Dice};

const ATTACK: &str = r#"{"system":"universe","roll":"attack","bonus":5,"ac":15}"#;

#[test]
fn each_roll_stands_where_its_exact_odds_put_it_and_the_run_is_judged() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Deck", System::Universe))
        .unwrap();
    let vex = store
        .create_character(roster.id, NewCharacter::named("Vex"))
        .unwrap();
    let place = store.roll_place(None, Some(vex.id)).unwrap();
    let attack = parse_request(ATTACK).unwrap();
    // By hand: a 1 (fumble), a 12 (hit), a 20 (critical) for Vex; a 20 as a Quick roll.
    let rolled = store
        .roll_all_logged_with(
            &[attack.clone(), attack.clone(), attack.clone()],
            |i| Dice::ByHand(vec![[1, 12, 20][i]]),
            place.as_ref(),
        )
        .unwrap();
    let ids: Vec<i64> = rolled.iter().map(|(_, entry)| entry.id).collect();
    let (_, quick) = store
        .roll_all_logged_with(
            std::slice::from_ref(&attack),
            |_| Dice::ByHand(vec![20]),
            None,
        )
        .unwrap()
        .remove(0);
    // A roll whose outcome its odds do not have is left out, and counted.
    let mut odd = NewLogEntry::new(&attack, &rolled[0].0);
    odd.result["outcome"] = "glancing".into();
    store.log_roll(odd).unwrap();

    let report = store.luck_in(&LogQuery::default(), &TimeZone::UTC).unwrap();
    let percentile = |id: i64| {
        report
            .rolls
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.percentile)
            .unwrap()
    };
    assert!((percentile(ids[0]) - 0.025).abs() < 1e-12);
    assert!((percentile(ids[1]) - 0.7).abs() < 1e-12);
    assert!((percentile(ids[2]) - 0.975).abs() < 1e-12);
    assert!((percentile(quick.id) - 0.975).abs() < 1e-12);
    assert_eq!(report.unjudged, 1);
    assert_eq!(report.overall.rolls, 4);
    assert!((report.overall.mean.unwrap() - (0.025 + 0.7 + 0.975 * 2.0) / 4.0).abs() < 1e-12);
    let who: Vec<(Option<&str>, usize)> = report
        .characters
        .iter()
        .map(|c| (c.name.as_deref(), c.luck.rolls))
        .collect();
    assert_eq!(who, [(Some("Vex"), 3), (None, 1)]);
    assert_eq!(report.evenings.len(), 1);
    assert_eq!(report.evenings[0].luck.rolls, 4);

    // The log's filters pick the rolls judged.
    let vex_only = store
        .luck(&LogQuery {
            character_id: Some(vex.id),
            ..LogQuery::default()
        })
        .unwrap();
    assert_eq!(vex_only.overall.rolls, 3);
    assert_eq!(vex_only.unjudged, 0);
    let newest = store
        .luck(&LogQuery {
            limit: Some(2),
            ..LogQuery::default()
        })
        .unwrap();
    assert_eq!(newest.overall.rolls + newest.unjudged, 2);
}

#[test]
fn criticals_by_hand_run_hot_and_fumbles_cold() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Deck", System::Universe))
        .unwrap();
    let place = store.roll_place(Some(roster.id), None).unwrap();
    let attack = parse_request(ATTACK).unwrap();
    let many = vec![attack; MIN_ROLLS_JUDGED];
    store
        .roll_all_logged_with(&many, |_| Dice::ByHand(vec![20]), place.as_ref())
        .unwrap();
    let hot = store.luck(&LogQuery::default()).unwrap();
    assert_eq!(hot.overall.verdict, Verdict::Hot);
    assert!(hot.overall.words.starts_with("The dice ran hot"));
    store.clear_roll_log(&LogQuery::default()).unwrap();
    store
        .roll_all_logged_with(&many, |_| Dice::ByHand(vec![1]), place.as_ref())
        .unwrap();
    let cold = store.luck(&LogQuery::default()).unwrap();
    assert_eq!(cold.overall.verdict, Verdict::Cold);
    assert_eq!(cold.overall.tenths[0], MIN_ROLLS_JUDGED as u32);
    // One fumble alone is too few rolls to judge.
    store.clear_roll_log(&LogQuery::default()).unwrap();
    store
        .roll_all_logged_with(&many[..1], |_| Dice::ByHand(vec![1]), place.as_ref())
        .unwrap();
    let one = store.luck(&LogQuery::default()).unwrap();
    assert_eq!(one.overall.verdict, Verdict::TooFew);
    assert!(one.overall.words.starts_with("Too few rolls to judge"));
}

#[test]
fn rolls_of_a_system_whose_file_was_removed_are_counted_as_that() {
    let mut store = Store::open_in_memory().unwrap();
    let file = "format = 1\nid = \"luck-gone\"\nversion = 1\nname = \"Gone\"\n[rolls.flip]\nvalue = \"d2\"\ntarget = \"2\"\n";
    store.add_system_file(file).unwrap();
    let flip = parse_request(r#"{"system":"luck-gone","roll":"flip"}"#).unwrap();
    let attack = parse_request(ATTACK).unwrap();
    store
        .roll_all_logged_with(
            &[flip.clone(), flip, attack],
            |i| Dice::ByHand(vec![[1, 2, 12][i]]),
            None,
        )
        .unwrap();
    assert_eq!(store.luck(&LogQuery::default()).unwrap().unjudged, 0);
    store.remove_system_file("luck-gone").unwrap();
    let luck = store.luck(&LogQuery::default()).unwrap();
    assert_eq!(luck.overall.rolls, 1, "the universe attack is judged still");
    assert_eq!(luck.unjudged, 2);
    assert_eq!(luck.systems_gone.len(), 1);
    assert_eq!(
        (
            luck.systems_gone[0].system.as_str(),
            luck.systems_gone[0].rolls
        ),
        ("luck-gone", 2)
    );
}
