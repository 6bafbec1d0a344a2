//! Seeded sampling: rolling a request many times gives outcome frequencies that fit its exact
//! odds, and every roll answers with an outcome key of those odds and a consistent `success`.
//!
//! Seeds are fixed (0..N), so the test is reproducible. Each frequency must lie within 5
//! standard errors of its exact probability, and a chi-square over all outcomes must be below
//! its 99.99th percentile.

use std::collections::HashMap;

use rollbook_rules::{odds_with, parse_request, roll_with, HouseRules};

const ROLLS: u64 = 100_000;

/// The chi-square 99.99th percentile for `df` degrees of freedom (Wilson–Hilferty).
fn chi_square_limit(df: f64) -> f64 {
    let z = 3.719; // the 99.99th percentile of the normal distribution
    let h = 2.0 / (9.0 * df);
    df * (1.0 - h + z * h.sqrt()).powi(3)
}

fn check_sampling(json: &str, rolls: u64) {
    check_sampling_under(json, HouseRules::ruled(), rolls)
}

/// [`check_sampling`] under a roster's house rules.
fn check_sampling_under(json: &str, house: &HouseRules, rolls: u64) {
    let request = parse_request(json).unwrap();
    let exact = odds_with(&request, house).unwrap();
    let mut counts: HashMap<String, u64> = HashMap::new();
    let mut success_of: HashMap<String, bool> = HashMap::new();
    let mut successes = 0u64;
    for seed in 0..rolls {
        let result = roll_with(&request, house, seed).unwrap();
        assert!(
            exact
                .outcomes
                .get(&result.outcome)
                .is_some_and(|&p| p > 0.0),
            "{json}: seed {seed} rolled outcome {:?}, which the odds give no chance",
            result.outcome
        );
        assert!(!result.dice.is_empty(), "{json}: a roll with no dice");
        let earlier = success_of.insert(result.outcome.clone(), result.success);
        assert!(
            earlier.is_none_or(|s| s == result.success),
            "{json}: outcome {} is sometimes a success and sometimes not",
            result.outcome
        );
        successes += u64::from(result.success);
        *counts.entry(result.outcome).or_default() += 1;
    }
    let n = rolls as f64;
    let mut chi_square = 0.0;
    let mut cells = 0;
    for (key, &p) in &exact.outcomes {
        let observed = counts.get(key).copied().unwrap_or(0) as f64;
        let se = (p * (1.0 - p) / n).sqrt();
        assert!(
            (observed / n - p).abs() <= 5.0 * se + 1e-9,
            "{json}: outcome {key}: observed {} exact {p}",
            observed / n
        );
        // Pool tiny cells so the chi-square approximation holds.
        if n * p >= 5.0 {
            chi_square += (observed - n * p).powi(2) / (n * p);
            cells += 1;
        }
    }
    if cells >= 2 {
        let limit = chi_square_limit((cells - 1) as f64);
        assert!(
            chi_square < limit,
            "{json}: chi-square {chi_square} over {limit}"
        );
    }
    let se = (exact.success * (1.0 - exact.success) / n).sqrt();
    assert!(
        (successes as f64 / n - exact.success).abs() <= 5.0 * se + 1e-9,
        "{json}: success observed {} exact {}",
        successes as f64 / n,
        exact.success
    );
    // The outcomes counted as success are exactly those whose probabilities make up `success`.
    let success_mass: f64 = exact
        .outcomes
        .iter()
        .filter(|(k, _)| success_of.get(*k) == Some(&true))
        .map(|(_, p)| p)
        .sum();
    let unseen: f64 = exact
        .outcomes
        .iter()
        .filter(|(k, _)| !success_of.contains_key(*k))
        .map(|(_, p)| p)
        .sum();
    assert!(
        (success_mass - exact.success).abs() <= unseen + 1e-9,
        "{json}: success keys sum to {success_mass}, odds say {}",
        exact.success
    );
}

#[test]
fn stunt_rolls_fit_their_odds() {
    check_sampling(
        r#"{"system":"stunt","roll":"check","active":"Skilled","defending":"Talented"}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"stunt","roll":"doubles","needed":2}"#,
        ROLLS / 2,
    );
    check_sampling(r#"{"system":"stunt","roll":"double_six"}"#, ROLLS / 2);
    check_sampling(
        r#"{"system":"stunt","roll":"damage","dice":3,"sides":6,"bonus":2,"htk":12}"#,
        ROLLS,
    );
}

#[test]
fn genre_rolls_fit_their_odds() {
    check_sampling(
        r#"{"system":"genre","roll":"action","dice":3,"difficulty":2,"glory":1,"opposing_glory":1}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"genre","roll":"action","dice":2,"difficulty":4,"grunt":2}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"genre","roll":"action","dice":1,"difficulty":1,"bust_a_nut":true,"modifier":-2}"#,
        ROLLS,
    );
}

#[test]
fn universe_rolls_fit_their_odds() {
    check_sampling(
        r#"{"system":"universe","roll":"skill","skill":2,"difficulty":9}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"universe","roll":"attack","bonus":3,"ac":14,"advantage":true}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"universe","roll":"save","dc":15,"bonus":2}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"universe","roll":"augmented_save","dc":16,"bonus":1,"before":1,"pool":14}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"universe","roll":"group_stealth","leader":2,"members":[0,1,-1],"difficulty":8}"#,
        ROLLS,
    );
}

#[test]
fn marks_rolls_fit_their_odds() {
    check_sampling(
        r#"{"system":"marks","roll":"pool","attribute_dice":3,"skill_dice":3,"needed":3}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"marks","roll":"pool","attribute_dice":2,"skill_dice":1,"super_dice":2,"super_skill_dice":1,"penalty":1}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"marks","roll":"extended","attribute_dice":2,"skill_dice":1,"plateau":4,"min_steps":2,"max_steps":4}"#,
        ROLLS / 2,
    );
    check_sampling(
        r#"{"system":"marks","roll":"contested","attribute_dice":3,"skill_dice":1,"defender_attribute_dice":3}"#,
        ROLLS / 2,
    );
}

#[test]
fn d12_rolls_fit_their_odds() {
    check_sampling(
        r#"{"system":"d12","roll":"straight","ranks":2,"extra_dice":1,"difficulty":18}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"d12","roll":"straight","ranks":1,"dazed":true,"difficulty":12}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"d12","roll":"opposed","attacker_ranks":3,"defender_ranks":1}"#,
        ROLLS,
    );
    check_sampling(
        r#"{"system":"d12","roll":"damage","damage_dice":4,"cap":3,"column":"effect","defender_ranks":0}"#,
        ROLLS,
    );
}

#[test]
fn d12_rolls_fit_their_odds_under_a_house_miss_margin() {
    for miss_margin in [0, 5, 10] {
        let house = HouseRules {
            miss_margin,
            ..HouseRules::default()
        };
        check_sampling_under(
            r#"{"system":"d12","roll":"opposed","attacker_ranks":2,"defender_ranks":1}"#,
            &house,
            ROLLS / 2,
        );
        check_sampling_under(
            r#"{"system":"d12","roll":"damage","damage_dice":3,"cap":2,"defender_ranks":1}"#,
            &house,
            ROLLS / 2,
        );
    }
}

#[test]
fn minor_damage_rolls_fit_their_odds_under_a_house_rule() {
    use rollbook_rules::table::stunt_tasks::{DamageDice, Htk};
    for minor_damage_dice in [1, 4, 20] {
        let house = HouseRules {
            minor_damage_dice,
            ..HouseRules::default()
        };
        let request = Htk::new(12, 12)
            .unwrap()
            .damage_request(DamageDice::minor(&house), &house)
            .unwrap();
        let json = serde_json::to_string(&request).unwrap();
        check_sampling_under(&json, &house, ROLLS / 2);
    }
}
