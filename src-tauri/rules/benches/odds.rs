//! Criterion benchmarks of the odds engine: every roll kind of the catalog at a small and a large
//! pool (and the largest the contract allows where that differs), grouped by system, plus a few
//! seeded rolls and the fixed cost every call pays.
//!
//! ```text
//! CARGO_TARGET_DIR=/tmp/bench-target cargo bench -p rollbook-rules
//! CARGO_TARGET_DIR=/tmp/bench-target cargo bench -p rollbook-rules -- odds/marks   # one system
//! ```
//!
//! One table drives everything: `(system, kind, case, request JSON)`. The bench refuses to run if
//! a kind of [`rollbook_rules::catalog`] has no case, so a new kind cannot go unmeasured.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rollbook_rules::{catalog, odds, odds_with, parse_request, roll, HouseRules, RollRequest};

/// `(system, kind, case, request JSON)`: the odds benchmarks.
const ODDS_CASES: &[(&str, &str, &str, &str)] = &[
    // stunt
    (
        "stunt",
        "check",
        "Skilled vs Average",
        r#"{"system":"stunt","roll":"check","active":"Skilled","defending":"Average"}"#,
    ),
    (
        "stunt",
        "check",
        "Poor vs Omega",
        r#"{"system":"stunt","roll":"check","active":"Poor","defending":"Omega"}"#,
    ),
    (
        "stunt",
        "doubles",
        "needed 3",
        r#"{"system":"stunt","roll":"doubles","needed":3}"#,
    ),
    (
        "stunt",
        "doubles",
        "needed 60",
        r#"{"system":"stunt","roll":"doubles","needed":60}"#,
    ),
    (
        "stunt",
        "double_six",
        "-",
        r#"{"system":"stunt","roll":"double_six"}"#,
    ),
    (
        "stunt",
        "damage",
        "6d6",
        r#"{"system":"stunt","roll":"damage","dice":6,"sides":6,"htk":20}"#,
    ),
    (
        "stunt",
        "damage",
        "60d6",
        r#"{"system":"stunt","roll":"damage","dice":60,"sides":6,"bonus":5,"htk":200}"#,
    ),
    (
        "stunt",
        "damage",
        "60d100",
        r#"{"system":"stunt","roll":"damage","dice":60,"sides":100,"htk":3000}"#,
    ),
    // genre
    (
        "genre",
        "action",
        "3v3",
        r#"{"system":"genre","roll":"action","dice":3,"difficulty":3}"#,
    ),
    (
        "genre",
        "action",
        "30v30",
        r#"{"system":"genre","roll":"action","dice":30,"modifier":2,"difficulty":30,"difficulty_modifier":-1,"glory":1,"opposing_glory":1}"#,
    ),
    (
        "genre",
        "action",
        "60v60",
        r#"{"system":"genre","roll":"action","dice":59,"bust_a_nut":true,"difficulty":60}"#,
    ),
    // universe
    (
        "universe",
        "skill",
        "+1 vs 8",
        r#"{"system":"universe","roll":"skill","skill":1,"difficulty":8}"#,
    ),
    (
        "universe",
        "skill",
        "+40 vs 100",
        r#"{"system":"universe","roll":"skill","skill":40,"difficulty":100}"#,
    ),
    (
        "universe",
        "attack",
        "plain",
        r#"{"system":"universe","roll":"attack","bonus":3,"ac":14}"#,
    ),
    (
        "universe",
        "attack",
        "advantage",
        r#"{"system":"universe","roll":"attack","bonus":3,"ac":14,"advantage":true}"#,
    ),
    (
        "universe",
        "save",
        "plain",
        r#"{"system":"universe","roll":"save","dc":15,"bonus":2}"#,
    ),
    (
        "universe",
        "save",
        "advantage",
        r#"{"system":"universe","roll":"save","dc":15,"bonus":2,"advantage":true}"#,
    ),
    (
        "universe",
        "augmented_save",
        "pool 0",
        r#"{"system":"universe","roll":"augmented_save","dc":16,"bonus":1}"#,
    ),
    (
        "universe",
        "augmented_save",
        "pool 1000 advantage",
        r#"{"system":"universe","roll":"augmented_save","dc":100,"bonus":1,"advantage":true,"before":10,"pool":1000}"#,
    ),
    (
        "universe",
        "group_stealth",
        "2 members",
        r#"{"system":"universe","roll":"group_stealth","leader":1,"members":[0,0],"difficulty":8}"#,
    ),
    (
        "universe",
        "group_stealth",
        "20 members",
        r#"{"system":"universe","roll":"group_stealth","leader":3,"members":[-1,0,1,2,3,-1,0,1,2,3,-1,0,1,2,3,-1,0,1,2,3],"difficulty":8}"#,
    ),
    (
        "universe",
        "group_stealth",
        "60 members",
        r#"{"system":"universe","roll":"group_stealth","leader":10,"members":[0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2],"difficulty":8}"#,
    ),
    // marks
    (
        "marks",
        "pool",
        "3 dice",
        r#"{"system":"marks","roll":"pool","attribute_dice":3}"#,
    ),
    (
        "marks",
        "pool",
        "12 dice",
        r#"{"system":"marks","roll":"pool","attribute_dice":6,"skill_dice":6,"needed":3}"#,
    ),
    (
        "marks",
        "pool",
        "12d6 + 6d10",
        r#"{"system":"marks","roll":"pool","attribute_dice":6,"skill_dice":6,"super_dice":3,"super_skill_dice":3,"needed":5}"#,
    ),
    (
        "marks",
        "pool",
        "60 dice keep 30",
        r#"{"system":"marks","roll":"pool","attribute_dice":30,"skill_dice":30,"needed":7}"#,
    ),
    (
        "marks",
        "pool",
        "60 dice keep 60",
        r#"{"system":"marks","roll":"pool","attribute_dice":60,"needed":7}"#,
    ),
    (
        "marks",
        "extended",
        "6 dice, plateau 10, 5 steps",
        r#"{"system":"marks","roll":"extended","attribute_dice":3,"skill_dice":3,"plateau":10,"min_steps":2,"max_steps":5}"#,
    ),
    (
        "marks",
        "extended",
        "12 dice, plateau 100, 50 steps",
        r#"{"system":"marks","roll":"extended","attribute_dice":6,"skill_dice":6,"plateau":100,"max_steps":50}"#,
    ),
    (
        "marks",
        "extended",
        "1 die, plateau 500, 1000 steps",
        r#"{"system":"marks","roll":"extended","attribute_dice":1,"plateau":500,"max_steps":1000}"#,
    ),
    (
        "marks",
        "contested",
        "6 v 6",
        r#"{"system":"marks","roll":"contested","attribute_dice":3,"skill_dice":3,"defender_attribute_dice":4,"defender_skill_dice":2}"#,
    ),
    (
        "marks",
        "contested",
        "60 v 60 keep 30",
        r#"{"system":"marks","roll":"contested","attribute_dice":30,"skill_dice":30,"defender_attribute_dice":30,"defender_skill_dice":30}"#,
    ),
    (
        "marks",
        "contested",
        "60 v 60 keep 60",
        r#"{"system":"marks","roll":"contested","attribute_dice":60,"defender_attribute_dice":60}"#,
    ),
    // d12
    (
        "d12",
        "straight",
        "1 rank",
        r#"{"system":"d12","roll":"straight","ranks":1,"difficulty":12}"#,
    ),
    (
        "d12",
        "straight",
        "4 ranks + 1 extra",
        r#"{"system":"d12","roll":"straight","ranks":4,"extra_dice":1,"difficulty":30}"#,
    ),
    (
        "d12",
        "straight",
        "59 ranks",
        r#"{"system":"d12","roll":"straight","ranks":59,"difficulty":500}"#,
    ),
    (
        "d12",
        "opposed",
        "0v0",
        r#"{"system":"d12","roll":"opposed"}"#,
    ),
    (
        "d12",
        "opposed",
        "4v4",
        r#"{"system":"d12","roll":"opposed","attacker_ranks":4,"defender_ranks":4}"#,
    ),
    (
        "d12",
        "opposed",
        "59v59",
        r#"{"system":"d12","roll":"opposed","attacker_ranks":59,"defender_ranks":59}"#,
    ),
    (
        "d12",
        "damage",
        "3 dice vs 1 rank",
        r#"{"system":"d12","roll":"damage","damage_dice":2,"cap":2,"defender_ranks":1}"#,
    ),
    (
        "d12",
        "damage",
        "10 dice vs 59 ranks",
        r#"{"system":"d12","roll":"damage","damage_dice":9,"cap":20,"defender_ranks":59}"#,
    ),
];

/// `(case, request JSON)`: the seeded-roll benchmarks (the dice, the outcome and the detail line).
const ROLL_CASES: &[(&str, &str)] = &[
    (
        "stunt check",
        r#"{"system":"stunt","roll":"check","active":"Skilled","defending":"Average"}"#,
    ),
    (
        "stunt doubles needed 3",
        r#"{"system":"stunt","roll":"doubles","needed":3}"#,
    ),
    (
        "genre action 30v30",
        r#"{"system":"genre","roll":"action","dice":30,"difficulty":30}"#,
    ),
    (
        "universe group_stealth 20 members",
        r#"{"system":"universe","roll":"group_stealth","leader":3,"members":[-1,0,1,2,3,-1,0,1,2,3,-1,0,1,2,3,-1,0,1,2,3],"difficulty":8}"#,
    ),
    (
        "marks pool 12 dice",
        r#"{"system":"marks","roll":"pool","attribute_dice":6,"skill_dice":6,"needed":3}"#,
    ),
    (
        "marks extended 12 dice",
        r#"{"system":"marks","roll":"extended","attribute_dice":6,"skill_dice":6,"plateau":100,"max_steps":50}"#,
    ),
    (
        "d12 opposed 4v4",
        r#"{"system":"d12","roll":"opposed","attacker_ranks":4,"defender_ranks":4}"#,
    ),
];

/// Parses a case's request and checks it answers, so a broken case fails loudly, not as a time.
fn request(name: &str, json: &str) -> RollRequest {
    let request = parse_request(json).unwrap_or_else(|e| panic!("case {name}: {e}"));
    odds(&request).unwrap_or_else(|e| panic!("case {name}: {e}"));
    request
}

/// Every kind of the catalog must have an odds case (a new kind cannot go unmeasured).
fn check_every_kind_is_covered() {
    for system in catalog().systems {
        for kind in system.kinds {
            assert!(
                ODDS_CASES
                    .iter()
                    .any(|&(s, k, _, _)| s == system.id && k == kind.id),
                "benches/odds.rs: {}/{} has no odds case",
                system.id,
                kind.id
            );
        }
    }
}

/// `odds/<system>/<kind>/<case>`: one group per system, in the catalog's order.
fn bench_odds(c: &mut Criterion) {
    check_every_kind_is_covered();
    for system in catalog().systems {
        let mut group = c.benchmark_group(format!("odds/{}", system.id));
        for &(_, kind, case, json) in ODDS_CASES.iter().filter(|c| c.0 == system.id) {
            let request = request(&format!("{}/{kind}/{case}", system.id), json);
            group.bench_with_input(BenchmarkId::new(kind, case), &request, |b, r| {
                b.iter(|| odds(black_box(r)))
            });
        }
        group.finish();
    }
}

/// `roll/<case>`: seeded rolls, a new seed every iteration.
fn bench_roll(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll");
    for &(case, json) in ROLL_CASES {
        let request = request(case, json);
        group.bench_with_input(BenchmarkId::from_parameter(case), &request, |b, r| {
            let mut seed = 0u64;
            b.iter(|| {
                seed = seed.wrapping_add(1);
                roll(black_box(r), seed)
            })
        });
    }
    group.finish();
}

/// `overhead/...`: what every call pays besides the dice: parsing the JSON (which lists the
/// system's kinds from the catalog), and `odds` building and checking the default house rules
/// each time, versus `odds_with` a roster's rules built once.
fn bench_overhead(c: &mut Criterion) {
    let json = r#"{"system":"universe","roll":"attack","bonus":3,"ac":14,"advantage":true}"#;
    let request = request("overhead", json);
    let house = HouseRules::default();
    let mut group = c.benchmark_group("overhead");
    group.bench_function("parse_request universe attack", |b| {
        b.iter(|| parse_request(black_box(json)))
    });
    group.bench_function("odds universe attack", |b| {
        b.iter(|| odds(black_box(&request)))
    });
    group.bench_function("odds_with prebuilt house universe attack", |b| {
        b.iter(|| odds_with(black_box(&request), &house))
    });
    group.bench_function("HouseRules::default", |b| b.iter(HouseRules::default));
    group.bench_function("HouseRules::validate", |b| {
        b.iter(|| black_box(&house).validate())
    });
    group.bench_function("catalog", |b| b.iter(catalog));
    group.finish();
}

/// Shorter than criterion's defaults (3 s + 5 s per benchmark) so the whole run takes a few
/// minutes on 2 cores; `--warm-up-time` / `--measurement-time` on the command line still win.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_odds, bench_roll, bench_overhead
}
criterion_main!(benches);
