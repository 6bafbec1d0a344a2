//! How lucky a roll was (`rollbook_rules::standing`): percentiles checked by hand, the fair mean
//! of ½ and the variance (1 − Σp³)/12 against enumeration of every face the dice can show, and
//! seeded rolls averaging ½.

use rollbook_rules::standing::{self, luck_of, Standing, Verdict, MIN_ROLLS_JUDGED, UNUSUAL};
use rollbook_rules::{odds, parse_request, roll, roll_by_hand, HouseRules, RulesError};

fn standing_of(json: &str, faces: &[u32]) -> (String, Standing) {
    let request = parse_request(json).unwrap();
    let rolled = roll_by_hand(&request, HouseRules::ruled(), faces).unwrap();
    let exact = odds(&request).unwrap();
    let standing = standing::standing(&request, &exact, &rolled.outcome).unwrap();
    (rolled.outcome, standing)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_universe_attack_d20_plus_5_against_ac_15_by_hand() {
    // Naturals: 1 fumbles (1/20); 2–9 miss (7–14 < 15: 8/20); 10–19 hit (10/20); 20 is a
    // critical (1/20). Mid-rank: fumble 0 + 1/40; hit 1/20 + 8/20 + 10/40 = 0.7; critical
    // 19/20 + 1/40 = 0.975.
    let attack = r#"{"system":"universe","roll":"attack","bonus":5,"ac":15}"#;
    let (outcome, s) = standing_of(attack, &[1]);
    assert_eq!(outcome, "fumble");
    assert!(close(s.percentile, 0.025), "{}", s.percentile);
    let (outcome, s) = standing_of(attack, &[12]);
    assert_eq!(outcome, "hit");
    assert!(close(s.percentile, 0.7), "{}", s.percentile);
    let (outcome, s) = standing_of(attack, &[20]);
    assert_eq!(outcome, "critical");
    assert!(close(s.percentile, 0.975), "{}", s.percentile);
    let (outcome, s) = standing_of(attack, &[5]);
    assert_eq!(outcome, "miss");
    assert!(close(s.percentile, 0.05 + 0.2), "{}", s.percentile);
    // Σp³ = 2·(1/20)³ + (8/20)³ + (10/20)³ = 0.18925.
    assert!(close(s.variance, (1.0 - 0.18925) / 12.0), "{}", s.variance);
}

#[test]
fn numbers_go_upwards_and_a_save_s_fate_beats_a_plain_success() {
    // d12 straight, no ranks: one d12 (a 12 explodes); a 7 has 6/12 below it and 1/12 its own.
    let straight = r#"{"system":"d12","roll":"straight","ranks":0,"difficulty":6}"#;
    let (outcome, s) = standing_of(straight, &[7]);
    assert_eq!(outcome, "7");
    assert!(
        close(s.percentile, 6.0 / 12.0 + 1.0 / 24.0),
        "{}",
        s.percentile
    );
    // A save DC 10: failure 1–9 (9/20), success 10–19 (10/20), fate on 20 (1/20): worst first
    // failure, success, fate although the answer lists fate first.
    let save = r#"{"system":"universe","roll":"save","dc":10}"#;
    let (outcome, s) = standing_of(save, &[20]);
    assert_eq!(outcome, "fate");
    assert!(close(s.percentile, 0.975), "{}", s.percentile);
    let (outcome, s) = standing_of(save, &[15]);
    assert_eq!(outcome, "success");
    assert!(close(s.percentile, 0.45 + 0.25), "{}", s.percentile);
    // A stunt check: fumble, failure, success, critical as the answer lists them.
    let request = parse_request(r#"{"system":"stunt","roll":"check"}"#).unwrap();
    let exact = odds(&request).unwrap();
    assert_eq!(
        request.outcomes_worst_first(&exact),
        ["fumble", "failure", "success", "critical"]
    );
    // A marks extended task: completing sooner is luckier.
    let request = parse_request(r#"{"system":"marks","roll":"extended","max_steps":3}"#).unwrap();
    let exact = odds(&request).unwrap();
    assert_eq!(
        request.outcomes_worst_first(&exact),
        ["failure", "3", "2", "1"]
    );
}

/// Every way the dice of `json` can fall, each with its probability, as the outcome it gives:
/// the faces are typed in one die at a time, the engine saying which die it wants next.
fn enumerate(json: &str) -> Vec<(String, f64)> {
    let request = parse_request(json).unwrap();
    let mut out = Vec::new();
    let mut stack = vec![(Vec::<u32>::new(), 1.0)];
    while let Some((faces, p)) = stack.pop() {
        match roll_by_hand(&request, HouseRules::ruled(), &faces) {
            Ok(rolled) => out.push((rolled.outcome, p)),
            Err(RulesError::DiceMissing { sides, .. }) => {
                assert!(
                    faces.len() < 8,
                    "{json}: a roll that never ends (it rerolls)"
                );
                let next = sides[0];
                for face in 1..=next {
                    let mut more = faces.clone();
                    more.push(face);
                    stack.push((more, p / f64::from(next)));
                }
            }
            Err(e) => panic!("{json}: {faces:?}: {e}"),
        }
        assert!(out.len() < 200_000, "{json}: too many ways to enumerate");
    }
    out
}

#[test]
fn fair_dice_average_one_half_with_the_variance_of_the_formula() {
    let kinds = [
        r#"{"system":"universe","roll":"attack","bonus":5,"ac":15}"#,
        r#"{"system":"universe","roll":"attack","bonus":2,"ac":14,"advantage":true}"#,
        r#"{"system":"universe","roll":"save","dc":12,"bonus":1}"#,
        r#"{"system":"universe","roll":"skill","skill":2,"difficulty":9}"#,
        r#"{"system":"universe","roll":"augmented_save","dc":14,"pool":8}"#,
        r#"{"system":"stunt","roll":"check"}"#,
        r#"{"system":"stunt","roll":"damage","dice":3,"sides":6,"htk":10}"#,
        r#"{"system":"genre","roll":"action","dice":3,"difficulty":3}"#,
        r#"{"system":"universe","roll":"group_stealth","leader":2,"members":[1,0],"difficulty":9}"#,
    ];
    for json in kinds {
        let request = parse_request(json).unwrap();
        let exact = odds(&request).unwrap();
        let ways = enumerate(json);
        let total: f64 = ways.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9, "{json}: {total}");
        let (mut mean, mut square) = (0.0, 0.0);
        let mut variance = None;
        for (outcome, p) in &ways {
            let s = standing::standing(&request, &exact, outcome).unwrap();
            mean += p * s.percentile;
            square += p * s.percentile * s.percentile;
            variance = Some(s.variance);
        }
        let brute_variance = square - mean * mean;
        let cubes: f64 = exact.outcomes.values().map(|p| p.powi(3)).sum();
        assert!((mean - 0.5).abs() < 1e-9, "{json}: mean {mean}");
        assert!(
            (brute_variance - (1.0 - cubes) / 12.0).abs() < 1e-9,
            "{json}: variance {brute_variance} against {}",
            (1.0 - cubes) / 12.0
        );
        assert!((variance.unwrap() - brute_variance).abs() < 1e-9, "{json}");
    }
}

#[test]
fn seeded_rolls_average_one_half_and_run_fair() {
    let kinds = [
        r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#,
        r#"{"system":"d12","roll":"opposed","attacker_ranks":1,"defender_ranks":2}"#,
        r#"{"system":"universe","roll":"attack","bonus":5,"ac":15}"#,
        r#"{"system":"marks","roll":"extended"}"#,
        r#"{"system":"stunt","roll":"doubles"}"#,
        r#"{"system":"genre","roll":"action"}"#,
    ];
    let mut all = Vec::new();
    for json in kinds {
        let request = parse_request(json).unwrap();
        let exact = odds(&request).unwrap();
        let standings: Vec<Standing> = (0..4000)
            .map(|seed| {
                let rolled = roll(&request, seed).unwrap();
                standing::standing(&request, &exact, &rolled.outcome).unwrap()
            })
            .collect();
        let luck = luck_of(&standings);
        let mean = luck.mean.unwrap();
        // 4 standard errors of the mean of 4,000 fair percentiles (each at most 1/12).
        assert!(
            (mean - 0.5).abs() < 4.0 * (1.0f64 / 12.0 / 4000.0).sqrt(),
            "{json}: {mean}"
        );
        assert!(luck.z.unwrap().abs() < 4.0, "{json}: z {:?}", luck.z);
        all.extend(standings);
    }
    let luck = luck_of(&all);
    assert!(luck.z.unwrap().abs() < 4.0, "{:?}", luck);
    let rolls: u32 = luck.tenths.iter().sum();
    assert_eq!(rolls as usize, all.len());
    let fair: f64 = luck.fair_tenths.iter().sum();
    assert!((fair - all.len() as f64).abs() < 1e-6);
}

#[test]
fn a_run_all_high_runs_hot_and_all_low_cold_in_words() {
    let attack = r#"{"system":"universe","roll":"attack","bonus":5,"ac":15}"#;
    let high: Vec<Standing> = (0..MIN_ROLLS_JUDGED)
        .map(|_| standing_of(attack, &[20]).1)
        .collect();
    let luck = luck_of(&high);
    assert_eq!(luck.verdict, Verdict::Hot);
    assert!(luck.chance.unwrap() < 0.05);
    assert!(
        luck.words
            .starts_with("The dice ran hot: fair dice do this less than 1 time in a million."),
        "{}",
        luck.words
    );
    let low: Vec<Standing> = (0..MIN_ROLLS_JUDGED)
        .map(|_| standing_of(attack, &[1]).1)
        .collect();
    assert_eq!(luck_of(&low).verdict, Verdict::Cold);
    // Game night II: one fumble read "Cold". Below MIN_ROLLS_JUDGED, however far the run
    // strays, it is too few to judge.
    for n in 1..MIN_ROLLS_JUDGED {
        let luck = luck_of(&low[..n]);
        assert_eq!(luck.verdict, Verdict::TooFew, "{n} rolls");
        assert!(
            luck.words.starts_with("Too few rolls to judge: "),
            "{}",
            luck.words
        );
    }
    // Middling rolls, hits and misses in turn, are nothing to remark on.
    let middling: Vec<Standing> = (0..MIN_ROLLS_JUDGED)
        .map(|i| standing_of(attack, &[if i % 2 == 0 { 12 } else { 8 }]).1)
        .collect();
    let luck = luck_of(&middling);
    assert_eq!(luck.verdict, Verdict::Fair);
    assert!(
        luck.words.starts_with("The dice ran fair"),
        "{}",
        luck.words
    );
    // z and the chance: hand-made standings with a known sum and variance.
    let n = MIN_ROLLS_JUDGED as f64;
    let s = Standing {
        percentile: 0.5 + 2.241_402_727_604_947 * (1.0f64 / 12.0 / n).sqrt(),
        variance: 1.0 / 12.0,
        fair_tenths: [0.1; 10],
    };
    let luck = luck_of(vec![&s; MIN_ROLLS_JUDGED]);
    assert!((luck.z.unwrap() - 2.241_402_727_604_947).abs() < 1e-9);
    assert!(
        (luck.chance.unwrap() - 0.025).abs() < 1e-9,
        "{:?}",
        luck.chance
    );
    assert_eq!(
        luck.words,
        "The dice ran hot: fair dice do this about 1 time in 40."
    );
    assert_eq!(luck_of([]).words, "No rolls to judge.");
}

/// MIN_ROLLS_JUDGED is where Hoeffding's bound at the furthest a run can stray, 2·e^(−n/2),
/// first falls under UNUSUAL.
#[test]
fn the_fewest_rolls_judged_follow_from_hoeffdings_bound() {
    let bound = |n: usize| 2.0 * (-(n as f64) / 2.0).exp();
    assert!(bound(MIN_ROLLS_JUDGED) < UNUSUAL);
    assert!(bound(MIN_ROLLS_JUDGED - 1) >= UNUSUAL);
}
