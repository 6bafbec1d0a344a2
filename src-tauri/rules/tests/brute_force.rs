//! The exact odds against brute force: every face of every die of small pools enumerated, the
//! rules of RULES.md applied to each combination by code written here from the text, not shared
//! with the engine.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rollbook_rules::{odds, odds_with, parse_request, HouseRules, Odds};

/// Outcome key → probability, built by enumeration.
type Tally = BTreeMap<String, f64>;

fn odds_of(json: &str) -> Odds {
    odds(&parse_request(json).unwrap()).unwrap()
}

/// Every outcome of the engine matches the tally (and nothing is missing from either).
fn assert_matches(json: &str, tally: &Tally, tolerance: f64) {
    let answer = odds_of(json);
    assert!(
        (answer.total() - 1.0).abs() < 1e-9,
        "{json}: sums to {}",
        answer.total()
    );
    for (key, &p) in tally {
        let q = answer.outcomes.get(key).copied().unwrap_or(0.0);
        assert!(
            (p - q).abs() < tolerance,
            "{json}: outcome {key}: brute {p} engine {q}"
        );
    }
    for (key, &q) in &answer.outcomes {
        let p = tally.get(key).copied().unwrap_or(0.0);
        assert!(
            (p - q).abs() < tolerance,
            "{json}: outcome {key}: brute {p} engine {q}"
        );
    }
}

/// Calls `visit(faces, probability)` for every combination of `n` dice of `sides` sides.
fn each_face(n: usize, sides: u32, visit: &mut dyn FnMut(&[u32], f64)) {
    let total = (sides as usize).pow(n as u32);
    let p = 1.0 / total as f64;
    let mut faces = vec![1u32; n];
    for index in 0..total {
        let mut rest = index;
        for f in faces.iter_mut() {
            *f = (rest % sides as usize) as u32 + 1;
            rest /= sides as usize;
        }
        visit(&faces, p);
    }
}

// ---------------------------------------------------------------------------------------------
// genre

fn genre_result(c: i64, o: i64, glory: i64, og: i64) -> i64 {
    // Straight from RULES.md section 2.
    let (rolled, against) = if c > o {
        (c / std::cmp::max(o, 1), 0)
    } else {
        (0, o / std::cmp::max(c, 1))
    };
    let net = std::cmp::max(rolled + glory - og, 0);
    if net >= 1 {
        net
    } else if against >= 2 {
        -against
    } else {
        0
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn genre_action_matches_enumeration(
        dice in 0usize..=3, difficulty in 0usize..=3,
        modifier in -4i64..=4, difficulty_modifier in -4i64..=4,
        glory in 0i64..=2, opposing_glory in 0i64..=2,
    ) {
        let mut tally = Tally::new();
        each_face(dice + difficulty, 6, &mut |faces, p| {
            let c: i64 = faces[..dice].iter().map(|&f| f as i64).sum::<i64>() + modifier;
            let o: i64 = faces[dice..].iter().map(|&f| f as i64).sum::<i64>() + difficulty_modifier;
            let r = genre_result(c.max(0), o.max(0), glory, opposing_glory);
            *tally.entry(r.to_string()).or_default() += p;
        });
        let json = format!(r#"{{"system":"genre","roll":"action","dice":{dice},"difficulty":{difficulty},"modifier":{modifier},"difficulty_modifier":{difficulty_modifier},"glory":{glory},"opposing_glory":{opposing_glory}}}"#);
        assert_matches(&json, &tally, 1e-12);
        let success: f64 = tally.iter().filter(|(k, _)| k.parse::<i64>().unwrap() >= 1).map(|(_, p)| p).sum();
        prop_assert!((odds_of(&json).success - success).abs() < 1e-12);
    }
}

// ---------------------------------------------------------------------------------------------
// universe

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn universe_attack_and_save_match_enumeration(bonus in -5i64..=25, target in 0i64..=35, advantage: bool) {
        let mut attack = Tally::new();
        let mut save = Tally::new();
        let dice = if advantage { 2 } else { 1 };
        each_face(dice, 20, &mut |faces, p| {
            let natural = *faces.iter().max().unwrap() as i64;
            let a = if natural == 1 { "fumble" } else if natural == 20 { "critical" }
                else if natural + bonus >= target { "hit" } else { "miss" };
            *attack.entry(a.into()).or_default() += p;
            let s = if natural == 20 { "fate" } else if natural + bonus >= target { "success" } else { "failure" };
            *save.entry(s.into()).or_default() += p;
        });
        assert_matches(&format!(r#"{{"system":"universe","roll":"attack","bonus":{bonus},"ac":{target},"advantage":{advantage}}}"#), &attack, 1e-12);
        assert_matches(&format!(r#"{{"system":"universe","roll":"save","bonus":{bonus},"dc":{target},"advantage":{advantage}}}"#), &save, 1e-12);
    }

    #[test]
    fn augmented_save_matches_enumeration(bonus in -3i64..=6, dc in 5i64..=25, before in 0i64..=3, extra in 0i64..=12) {
        let pool = 2 * before + extra;
        let mut tally = Tally::new();
        each_face(1, 20, &mut |faces, p| {
            let natural = faces[0] as i64;
            let total = natural + bonus + before;
            let key = if natural == 20 { "fate".to_string() }
                else if total >= dc { "success".to_string() }
                else if 4 * (dc - total) <= extra { format!("spend_{}", 4 * (dc - total)) }
                else { "failure".to_string() };
            *tally.entry(key).or_default() += p;
        });
        assert_matches(&format!(r#"{{"system":"universe","roll":"augmented_save","bonus":{bonus},"dc":{dc},"before":{before},"pool":{pool}}}"#), &tally, 1e-12);
    }

    #[test]
    fn group_stealth_matches_enumeration(leader in -2i64..=3, members in proptest::collection::vec(-2i64..=4, 0..=2), difficulty in 2i64..=13) {
        let mut tally = Tally::new();
        let n = 1 + members.len();
        each_face(2 * n, 6, &mut |faces, p| {
            let check = |i: usize, level: i64| (faces[2 * i] + faces[2 * i + 1]) as i64 + level >= difficulty;
            let leader_ok = check(0, leader);
            let failed = members.iter().enumerate().filter(|&(i, &l)| !check(i + 1, l)).count() as i64;
            let ok = leader_ok && failed <= leader.max(0);
            *tally.entry(if ok { "success" } else { "failure" }.into()).or_default() += p;
        });
        let members_json = serde_json::to_string(&members).unwrap();
        assert_matches(&format!(r#"{{"system":"universe","roll":"group_stealth","leader":{leader},"members":{members_json},"difficulty":{difficulty}}}"#), &tally, 1e-12);
    }
}

// ---------------------------------------------------------------------------------------------
// marks

/// Extra Marks from one exploding die, by walking the re-roll tree face by face until the
/// remaining probability is negligible (independent of the engine's closed form).
fn brute_chain(sides: u32, mark_from: u32, again_from: u32) -> Vec<f64> {
    let mut dist = vec![0.0; 64];
    // (marks so far, probability of this branch still rolling)
    let mut branch = (0usize, 1.0f64);
    while branch.1 > 1e-18 {
        let mut next = None;
        for face in 1..=sides {
            let p = branch.1 / f64::from(sides);
            let marks = branch.0 + usize::from(face >= mark_from);
            if face >= again_from {
                // All re-rolling faces lead to the same state: merge them.
                next = Some(match next {
                    Some((m, q)) => (m, q + p),
                    None => (marks, p),
                });
            } else {
                dist[marks] += p;
            }
        }
        match next {
            Some(b) => branch = b,
            None => break,
        }
    }
    dist[branch.0] += branch.1;
    dist
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// Marks of one sub-pool, its faces given: keep the best `keep`, 1s cancel lowest Marks first,
/// returns (Marks, uncancelled roll-again dice).
fn score_sub_pool(faces: &[u32], keep: usize, mark_from: u32, again_from: u32) -> (usize, usize) {
    let mut sorted = faces.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let kept = &sorted[..keep.min(sorted.len())];
    let ones = kept.iter().filter(|&&f| f == 1).count();
    let mut marks: Vec<u32> = kept.iter().copied().filter(|&f| f >= mark_from).collect();
    marks.sort_unstable(); // lowest first
    let standing = &marks[ones.min(marks.len())..];
    (
        standing.len(),
        standing.iter().filter(|&&f| f >= again_from).count(),
    )
}

fn marks_brute(
    attribute: usize,
    skill: usize,
    super_dice: usize,
    super_skill: usize,
    penalty: usize,
) -> Vec<f64> {
    // Penalty order from RULES.md: human skill, human attribute, super skill, super dice.
    let mut left = penalty;
    let mut take = |n: usize| {
        let r = n.min(left);
        left -= r;
        n - r
    };
    let skill = take(skill);
    let attribute = take(attribute);
    let super_skill = take(super_skill);
    let super_dice = take(super_dice);
    let human_chain = brute_chain(6, 5, 6);
    let super_chain = brute_chain(10, 5, 9);
    let mut total = vec![0.0; 128];
    let human_n = attribute + skill;
    let super_n = super_dice + super_skill;
    each_face(human_n, 6, &mut |human, ph| {
        let (hm, ha) = score_sub_pool(human, attribute, 5, 6);
        each_face(super_n, 10, &mut |sup, ps| {
            let (sm, sa) = score_sub_pool(sup, super_dice, 5, 9);
            let mut extra = vec![1.0];
            for _ in 0..ha {
                extra = convolve(&extra, &human_chain);
            }
            for _ in 0..sa {
                extra = convolve(&extra, &super_chain);
            }
            for (k, &q) in extra.iter().enumerate() {
                if hm + sm + k < total.len() {
                    total[hm + sm + k] += ph * ps * q;
                }
            }
        });
    });
    total
}

fn tally_of(dist: &[f64]) -> Tally {
    dist.iter()
        .enumerate()
        .filter(|&(_, &p)| p > 1e-15)
        .map(|(k, &p)| (k.to_string(), p))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn marks_pool_matches_enumeration(
        attribute in 0usize..=3, skill in 0usize..=2, super_dice in 0usize..=2, super_skill in 0usize..=1,
        penalty in 0usize..=3, needed in 0i64..=4,
    ) {
        prop_assume!(attribute + skill + super_dice + super_skill <= 5);
        let dist = marks_brute(attribute, skill, super_dice, super_skill, penalty);
        let json = format!(r#"{{"system":"marks","roll":"pool","attribute_dice":{attribute},"skill_dice":{skill},"super_dice":{super_dice},"super_skill_dice":{super_skill},"penalty":{penalty},"needed":{needed}}}"#);
        // The engine's tails stop at 1e-12; the enumeration at 1e-18.
        assert_matches(&json, &tally_of(&dist), 1e-10);
        let success: f64 = dist.iter().enumerate().filter(|&(k, _)| k as i64 >= needed).map(|(_, p)| p).sum();
        prop_assert!((odds_of(&json).success - success).abs() < 1e-10);
    }

    #[test]
    fn marks_contested_is_the_difference_of_two_pools(a in 0usize..=3, s in 0usize..=2, d in 0usize..=3, ds in 0usize..=2) {
        let attacker = marks_brute(a, s, 0, 0, 0);
        let defender = marks_brute(d, ds, 0, 0, 0);
        let mut tally = Tally::new();
        for (x, &p) in attacker.iter().enumerate() {
            for (y, &q) in defender.iter().enumerate() {
                if p * q > 0.0 {
                    *tally.entry((x as i64 - y as i64).to_string()).or_default() += p * q;
                }
            }
        }
        let json = format!(r#"{{"system":"marks","roll":"contested","attribute_dice":{a},"skill_dice":{s},"defender_attribute_dice":{d},"defender_skill_dice":{ds}}}"#);
        let answer = odds_of(&json);
        for (key, p) in tally.iter().filter(|(_, &p)| p > 1e-13) {
            prop_assert!((answer.outcomes.get(key).copied().unwrap_or(0.0) - p).abs() < 1e-10, "{key}");
        }
        let wins: f64 = tally.iter().filter(|(k, _)| k.parse::<i64>().unwrap() > 0).map(|(_, p)| p).sum();
        prop_assert!((answer.success - wins).abs() < 1e-10);
    }

    #[test]
    fn marks_extended_matches_step_enumeration(attribute in 1usize..=2, skill in 0usize..=1, plateau in 1usize..=4, min_steps in 1i64..=3, extra_steps in 0i64..=1) {
        let max_steps = min_steps + extra_steps;
        let per_step = marks_brute(attribute, skill, 0, 0, 0);
        // Walk every sequence of per-step Marks up to max_steps.
        let mut tally = Tally::new();
        let mut frontier: Vec<(usize, f64)> = vec![(0, 1.0)];
        for step in 1..=max_steps {
            let mut next = Vec::new();
            for &(so_far, p) in &frontier {
                for (gain, &q) in per_step.iter().enumerate().filter(|&(_, &q)| q > 0.0) {
                    if so_far + gain >= plateau {
                        *tally.entry(step.max(min_steps).to_string()).or_default() += p * q;
                    } else {
                        next.push((so_far + gain, p * q));
                    }
                }
            }
            frontier = next;
        }
        tally.insert("failure".into(), frontier.iter().map(|&(_, p)| p).sum());
        let json = format!(r#"{{"system":"marks","roll":"extended","attribute_dice":{attribute},"skill_dice":{skill},"plateau":{plateau},"min_steps":{min_steps},"max_steps":{max_steps}}}"#);
        assert_matches(&json, &tally, 1e-10);
    }
}

// ---------------------------------------------------------------------------------------------
// d12

/// Every outcome of one d12 with the Natural 12 rule: (natural first face, value, probability).
fn d12_outcomes() -> Vec<(u32, i64, f64)> {
    let mut out = Vec::new();
    for face in 1..=12u32 {
        if face == 12 {
            for again in 1..=12 {
                out.push((12, 12 + again as i64, 1.0 / 144.0));
            }
        } else {
            out.push((face, face as i64, 1.0 / 12.0));
        }
    }
    out
}

/// Calls `visit(sum, all natural 1s, probability)` for every roll of `n` exploding d12.
fn each_d12_roll(n: usize, visit: &mut dyn FnMut(i64, bool, f64)) {
    fn go(
        n: usize,
        sum: i64,
        ones: bool,
        p: f64,
        outcomes: &[(u32, i64, f64)],
        visit: &mut dyn FnMut(i64, bool, f64),
    ) {
        if n == 0 {
            return visit(sum, ones, p);
        }
        for &(face, value, q) in outcomes {
            go(
                n - 1,
                sum + value,
                ones && face == 1,
                p * q,
                outcomes,
                visit,
            );
        }
    }
    go(n, 0, true, 1.0, &d12_outcomes(), visit);
}

fn row_of(margin: i64) -> i64 {
    row_under(margin, 3)
}

/// The row a margin reaches when a margin below `miss` misses: the table's rows by their Roll,
/// and a margin at or above `miss` that reaches none of them (a miss margin below 3) the first.
fn row_under(margin: i64, miss: i64) -> i64 {
    if margin < miss {
        return 0;
    }
    let rows = [3, 6, 12, 18, 24, 30, 36, 42, 48]
        .iter()
        .filter(|&&r| r <= margin)
        .count() as i64;
    rows.max(1)
}

/// The totals of `n` exploding d12 plus `bonus`, every roll enumerated and tallied by total
/// (tallying first keeps millions of tiny additions from drifting in the last digits).
fn totals_of(n: usize, bonus: i64) -> BTreeMap<i64, f64> {
    let mut totals = BTreeMap::new();
    each_d12_roll(n, &mut |s, _, p| *totals.entry(s + bonus).or_default() += p);
    totals
}

fn rows_of(attack: &BTreeMap<i64, f64>, defence: &BTreeMap<i64, f64>) -> Tally {
    rows_under(attack, defence, 3)
}

fn rows_under(attack: &BTreeMap<i64, f64>, defence: &BTreeMap<i64, f64>, miss: i64) -> Tally {
    let mut tally: Tally = (0..=9).map(|k| (k.to_string(), 0.0)).collect();
    for (&x, &p) in attack {
        for (&y, &q) in defence {
            let row = if miss == 3 {
                row_of(x - y)
            } else {
                row_under(x - y, miss)
            };
            *tally.get_mut(&row.to_string()).unwrap() += p * q;
        }
    }
    tally
}

/// [`assert_matches`] under a roster's house rules.
fn assert_matches_under(json: &str, house: &HouseRules, tally: &Tally, tolerance: f64) -> Odds {
    let answer = odds_with(&parse_request(json).unwrap(), house).unwrap();
    assert!(
        (answer.total() - 1.0).abs() < 1e-9,
        "{json}: sums to {}",
        answer.total()
    );
    let keys: std::collections::BTreeSet<&String> =
        tally.keys().chain(answer.outcomes.keys()).collect();
    for key in keys {
        let p = tally.get(key).copied().unwrap_or(0.0);
        let q = answer.outcomes.get(key).copied().unwrap_or(0.0);
        assert!(
            (p - q).abs() < tolerance,
            "{json} under {house:?}: outcome {key}: brute {p} engine {q}"
        );
    }
    answer
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn d12_straight_matches_enumeration(ranks in 0i64..=2, extra in 0i64..=1, dazed: bool, difficulty in 0i64..=40) {
        let dice = (1 + ranks + extra - i64::from(dazed)).max(1) as usize;
        let mut tally = Tally::new();
        each_d12_roll(dice, &mut |sum, _, p| *tally.entry((sum + ranks).to_string()).or_default() += p);
        let json = format!(r#"{{"system":"d12","roll":"straight","ranks":{ranks},"extra_dice":{extra},"dazed":{dazed},"difficulty":{difficulty}}}"#);
        assert_matches(&json, &tally, 1e-12);
        let success: f64 = tally.iter().filter(|(k, _)| k.parse::<i64>().unwrap() >= difficulty).map(|(_, p)| p).sum();
        prop_assert!((odds_of(&json).success - success).abs() < 1e-12);
    }

    #[test]
    fn d12_opposed_matches_enumeration(a in 0i64..=1, d in 0i64..=1, a_extra in 0i64..=1) {
        let attack = totals_of((1 + a + a_extra) as usize, a);
        let defence = totals_of((1 + d) as usize, d);
        let tally = rows_of(&attack, &defence);
        let json = format!(r#"{{"system":"d12","roll":"opposed","attacker_ranks":{a},"attacker_extra_dice":{a_extra},"defender_ranks":{d}}}"#);
        assert_matches(&json, &tally, 1e-12);
    }

    #[test]
    fn d12_damage_matches_enumeration(damage_dice in 1i64..=3, cap in 0i64..=2, ranks in 0i64..=1) {
        let attack = totals_of((1 + damage_dice.min(cap)) as usize, 0);
        let defence = totals_of((1 + ranks) as usize, ranks);
        let tally = rows_of(&attack, &defence);
        let mut all_ones = 0.0;
        each_d12_roll((1 + ranks) as usize, &mut |_, ones, q| if ones { all_ones += q });
        let json = format!(r#"{{"system":"d12","roll":"damage","damage_dice":{damage_dice},"cap":{cap},"defender_ranks":{ranks}}}"#);
        assert_matches(&json, &tally, 1e-12);
        prop_assert!((odds_of(&json).events["all_ones"] - all_ones).abs() < 1e-15);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A roster's miss margin (house rule, 0 to 10): the opposed and damage rolls' rows, and
    /// `success` = P(margin >= the miss margin), against enumeration.
    #[test]
    fn d12_rows_under_a_house_miss_margin_match_enumeration(miss in 0i64..=10, a in 0i64..=1, d in 0i64..=1, cap in 0i64..=2) {
        let house = HouseRules { miss_margin: miss, ..HouseRules::default() };
        let attack = totals_of((1 + a) as usize, a);
        let defence = totals_of((1 + d) as usize, d);
        let tally = rows_under(&attack, &defence, miss);
        let json = format!(r#"{{"system":"d12","roll":"opposed","attacker_ranks":{a},"defender_ranks":{d}}}"#);
        let answer = assert_matches_under(&json, &house, &tally, 1e-12);
        let mut hit = 0.0;
        for (&x, &p) in &attack {
            for (&y, &q) in &defence {
                if x - y >= miss { hit += p * q; }
            }
        }
        prop_assert!((answer.success - hit).abs() < 1e-12);

        let attack = totals_of((1 + cap) as usize, 0);
        let tally = rows_under(&attack, &defence, miss);
        let json = format!(r#"{{"system":"d12","roll":"damage","damage_dice":3,"cap":{cap},"defender_ranks":{d}}}"#);
        assert_matches_under(&json, &house, &tally, 1e-12);
    }
}

// ---------------------------------------------------------------------------------------------
// stunt

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn stunt_check_matches_enumeration(active in 0usize..10, defending in 0usize..10) {
        let levels = rollbook_rules::DEFAULT_LEVELS;
        let target = rollbook_rules::ruled_target(defending as i64 - active as i64);
        let mut tally = Tally::new();
        each_face(2, 6, &mut |f, p| {
            let key = match (f[0], f[1]) {
                (1, 1) => "fumble",
                (6, 6) => "critical",
                (a, b) if a == b || a * b >= target as u32 => "success",
                _ => "failure",
            };
            *tally.entry(key.into()).or_default() += p;
        });
        let json = format!(r#"{{"system":"stunt","roll":"check","active":"{}","defending":"{}"}}"#, levels[active], levels[defending]);
        assert_matches(&json, &tally, 1e-12);
    }

    #[test]
    fn stunt_damage_matches_enumeration(dice in 0usize..=3, sides in 2u32..=8, bonus in -6i64..=6, htk in 0i64..=12) {
        let mut tally = Tally::new();
        each_face(dice, sides, &mut |f, p| {
            let total = (f.iter().map(|&x| x as i64).sum::<i64>() + bonus).max(0);
            *tally.entry(total.to_string()).or_default() += p;
        });
        let json = format!(r#"{{"system":"stunt","roll":"damage","dice":{dice},"sides":{sides},"bonus":{bonus},"htk":{htk}}}"#);
        assert_matches(&json, &tally, 1e-12);
        let success: f64 = tally.iter().filter(|(k, _)| k.parse::<i64>().unwrap() >= htk).map(|(_, p)| p).sum();
        prop_assert!((odds_of(&json).success - success).abs() < 1e-12);
    }
}

/// Minor Damage under a roster's house rule (1 to 5 dice enumerated face by face): the request the
/// table builds for it, against every throw of that many d6.
#[test]
fn minor_damage_under_a_house_rule_matches_enumeration() {
    use rollbook_rules::table::stunt_tasks::{DamageDice, Htk};
    for dice in 1..=5usize {
        let house = HouseRules {
            minor_damage_dice: dice as i64,
            ..HouseRules::default()
        };
        let htk = 14;
        let mut tally = Tally::new();
        each_face(dice, 6, &mut |f, p| {
            let total: i64 = f.iter().map(|&x| x as i64).sum();
            *tally.entry(total.to_string()).or_default() += p;
        });
        let request = Htk::new(htk as u32, 20)
            .unwrap()
            .damage_request(DamageDice::minor(&house), &house)
            .unwrap();
        let json = serde_json::to_string(&request).unwrap();
        let answer = assert_matches_under(&json, &house, &tally, 1e-12);
        let success: f64 = tally
            .iter()
            .filter(|(k, _)| k.parse::<i64>().unwrap() >= htk)
            .map(|(_, p)| p)
            .sum();
        assert!((answer.success - success).abs() < 1e-12, "{dice}d6");
        assert!((answer.mean.unwrap() - 3.5 * dice as f64).abs() < 1e-9);
    }
}

/// Doubles Only: the attempt as a Markov chain over doubles counted, solved by iterating throws
/// until the undecided mass is negligible.
#[test]
fn doubles_only_matches_throw_by_throw_iteration() {
    for needed in 1..=6usize {
        let mut undecided = vec![0.0; needed];
        undecided[0] = 1.0;
        let (mut success, mut failure) = (0.0, 0.0);
        for _ in 0..2000 {
            let mut next = vec![0.0; needed];
            for (c, &p) in undecided.iter().enumerate() {
                failure += p / 36.0; // 1-1
                next[c] += p * 30.0 / 36.0; // not doubles
                if c + 1 == needed {
                    success += p * 5.0 / 36.0;
                } else {
                    next[c + 1] += p * 5.0 / 36.0;
                }
            }
            undecided = next;
        }
        let answer = odds_of(&format!(
            r#"{{"system":"stunt","roll":"doubles","needed":{needed}}}"#
        ));
        assert!(
            (answer.outcomes["success"] - success).abs() < 1e-12,
            "{needed}"
        );
        assert!(
            (answer.outcomes["failure"] - failure).abs() < 1e-12,
            "{needed}"
        );
    }
    let double_six = odds_of(r#"{"system":"stunt","roll":"double_six"}"#);
    assert_eq!(double_six.success, 0.5);
}
