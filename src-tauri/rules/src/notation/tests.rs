//! The engine against an independent brute force: every face sequence a small pool can read,
//! listed one by one with its chance, through DICE.md's modifiers written out plainly here
//! (rerolls and explosions cut at the same chain length), then the pool's value. Every
//! modifier alone and every ordered pair of them, on several dice, to 1e-12.

use std::collections::BTreeMap;

use super::node::chain_cap;
use super::*;

/// A modifier as the brute force reads it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    Keep(bool, usize),
    Drop(bool, usize),
    Reroll(fn(i64) -> bool, bool),
    Explode(fn(i64) -> bool, bool),
    Count(fn(i64) -> bool, Option<fn(i64) -> bool>),
}

#[derive(Clone, Debug)]
struct Die {
    value: i64,
    kept: bool,
}

/// Dice as the brute force holds them between two modifiers: in order of face, since what
/// comes next never depends on which die was rolled first.
type Dice = Vec<(i64, bool)>;

struct Brute<'a> {
    faces: &'a [i64],
}

impl Brute<'_> {
    /// The chain length DICE.md cuts at, for a comparison a face meets with chance q.
    fn cap(&self, meets: fn(i64) -> bool, endless: bool) -> u32 {
        if !endless {
            return 1;
        }
        let q = self.faces.iter().filter(|f| meets(**f)).count() as f64 / self.faces.len() as f64;
        chain_cap(q)
    }

    fn each_face(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        let p = 1.0 / self.faces.len() as f64;
        self.faces.iter().map(move |&f| (f, p))
    }

    /// Every sequence of `n` faces, each listed.
    fn read(&self, n: usize, dice: Vec<Die>, p: f64, emit: &mut dyn FnMut(Vec<Die>, f64)) {
        if n == 0 {
            return emit(dice, p);
        }
        for (face, q) in self.each_face() {
            let mut more = dice.clone();
            more.push(Die {
                value: face,
                kept: true,
            });
            self.read(n - 1, more, p * q, emit);
        }
    }

    fn apply(&self, op: Op, mut dice: Vec<Die>, p: f64, emit: &mut dyn FnMut(Vec<Die>, f64)) {
        match op {
            Op::Keep(..) | Op::Drop(..) => {
                let mut kept: Vec<usize> = (0..dice.len()).filter(|&i| dice[i].kept).collect();
                kept.sort_by_key(|&i| dice[i].value);
                let keep = match op {
                    Op::Keep(_, n) => n.min(kept.len()),
                    Op::Drop(_, n) => kept.len().saturating_sub(n),
                    _ => unreachable!(),
                };
                let keep_high = matches!(op, Op::Keep(true, _) | Op::Drop(false, _));
                let gone: Vec<usize> = if keep_high {
                    kept[..kept.len() - keep].to_vec()
                } else {
                    kept[keep..].to_vec()
                };
                for i in gone {
                    dice[i].kept = false;
                }
                emit(dice, p);
            }
            Op::Reroll(meets, endless) | Op::Explode(meets, endless) => {
                let cap = self.cap(meets, endless);
                let explodes = matches!(op, Op::Explode(..));
                for (dice, q) in self.chains(dice, meets, cap, explodes) {
                    emit(dice, p * q);
                }
            }
            Op::Count(..) => emit(dice, p),
        }
    }

    /// Every die through a reroll or an explosion. Each die's chain is its own (DICE.md: each
    /// die meeting the comparison is rolled again, or adds a die), so each is listed alone,
    /// face by face, and the pool is every way the chains fall together, equal pools added.
    fn chains(
        &self,
        dice: Vec<Die>,
        meets: fn(i64) -> bool,
        cap: u32,
        explodes: bool,
    ) -> Vec<(Vec<Die>, f64)> {
        let mut pools: BTreeMap<Dice, f64> = BTreeMap::from([(Vec::new(), 1.0)]);
        let mut listed: BTreeMap<(i64, bool), Vec<(Dice, f64)>> = BTreeMap::new();
        for die in dice {
            let chain = listed
                .entry((die.value, die.kept))
                .or_insert_with(|| self.chain(die, meets, cap, explodes));
            let mut next: BTreeMap<Dice, f64> = BTreeMap::new();
            for (pool, p) in &pools {
                for (more, q) in chain.iter() {
                    *next.entry(merged(pool, more)).or_default() += p * q;
                }
            }
            pools = next;
        }
        pools
            .into_iter()
            .map(|(dice, p)| {
                let dice = dice
                    .into_iter()
                    .map(|(value, kept)| Die { value, kept })
                    .collect();
                (dice, p)
            })
            .collect()
    }

    /// One die through a reroll or an explosion, each new face listed: the dice it ends as,
    /// with their chance. A die carries how many rerolls (or explosions before it) its chain
    /// has had.
    fn chain(
        &self,
        die: Die,
        meets: fn(i64) -> bool,
        cap: u32,
        explodes: bool,
    ) -> Vec<(Dice, f64)> {
        let mut done: BTreeMap<Dice, f64> = BTreeMap::new();
        let mut rolling: Vec<(Dice, i64, u32, f64)> = vec![(Vec::new(), die.value, 0, 1.0)];
        while let Some((mut finished, value, links, p)) = rolling.pop() {
            if !(die.kept && meets(value) && links < cap) {
                finished.push((value, die.kept));
                finished.sort_unstable();
                *done.entry(finished).or_default() += p;
                continue;
            }
            for (face, q) in self.each_face() {
                let mut finished = finished.clone();
                if explodes {
                    // The die stays; the new one is rolled, one link further on.
                    finished.push((value, true));
                }
                rolling.push((finished, face, links + 1, p * q));
            }
        }
        done.into_iter().collect()
    }
}

/// Two sorted groups of dice as one, sorted.
fn merged(a: &Dice, b: &Dice) -> Dice {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

fn as_dice(dice: &[Die]) -> Dice {
    let mut out: Dice = dice.iter().map(|d| (d.value, d.kept)).collect();
    out.sort_unstable();
    out
}

pub(super) fn brute(count: usize, faces: &[i64], ops: &[Op]) -> BTreeMap<i64, f64> {
    let brute = Brute { faces };
    let mut states: BTreeMap<Dice, f64> = BTreeMap::new();
    brute.read(count, Vec::new(), 1.0, &mut |dice, p| {
        *states.entry(as_dice(&dice)).or_default() += p;
    });
    // Up to the last keep or drop, the whole pool as it stands. After it, the dice never meet
    // again: each kept die goes through the rest on its own (listed face by face, `die_value`)
    // and the pool's value is the sum of theirs, every value of every die paired.
    let pooled = ops
        .iter()
        .rposition(|op| matches!(op, Op::Keep(..) | Op::Drop(..)))
        .map_or(0, |at| at + 1);
    let (pool_ops, die_ops) = ops.split_at(pooled);
    for &op in pool_ops {
        let mut next: BTreeMap<Dice, f64> = BTreeMap::new();
        for (dice, p) in states {
            let dice = dice
                .iter()
                .map(|&(value, kept)| Die { value, kept })
                .collect();
            brute.apply(op, dice, p, &mut |dice, q| {
                *next.entry(as_dice(&dice)).or_default() += q;
            });
        }
        states = next;
    }
    let count = ops.iter().rev().find_map(|op| match op {
        Op::Count(success, failure) => Some((*success, *failure)),
        _ => None,
    });
    let worth = |v: i64| match count {
        None => v,
        Some((success, failure)) => {
            i64::from(success(v)) - i64::from(failure.is_some_and(|f| f(v)))
        }
    };
    let mut each: BTreeMap<(i64, usize), BTreeMap<i64, f64>> = BTreeMap::new();
    let mut out = BTreeMap::new();
    for (dice, p) in states {
        let mut total = BTreeMap::from([(0, 1.0)]);
        for &(value, _) in dice.iter().filter(|(_, kept)| *kept) {
            let one = brute.die_value(value, die_ops, &worth, &mut each);
            total = pairwise(&total, &one, |a, b| a + b);
        }
        for (value, q) in total {
            *out.entry(value).or_default() += p * q;
        }
    }
    out.retain(|_, p| *p > 0.0);
    out
}

impl Brute<'_> {
    /// What one kept die showing `value` is worth once `ops` (rerolls, explosions and a count,
    /// no keep or drop) have acted: its chain through the first listed face by face, then each
    /// die it ends as through the rest, their values summed.
    fn die_value(
        &self,
        value: i64,
        ops: &[Op],
        worth: &dyn Fn(i64) -> i64,
        each: &mut BTreeMap<(i64, usize), BTreeMap<i64, f64>>,
    ) -> BTreeMap<i64, f64> {
        if let Some(known) = each.get(&(value, ops.len())) {
            return known.clone();
        }
        let out = match ops.split_first() {
            None => BTreeMap::from([(worth(value), 1.0)]),
            Some((&(Op::Reroll(meets, endless) | Op::Explode(meets, endless)), rest)) => {
                let explodes = matches!(ops[0], Op::Explode(..));
                let die = Die { value, kept: true };
                let mut out = BTreeMap::new();
                for (dice, q) in self.chain(die, meets, self.cap(meets, endless), explodes) {
                    let mut total = BTreeMap::from([(0, 1.0)]);
                    for (face, _) in dice {
                        let one = self.die_value(face, rest, worth, each);
                        total = pairwise(&total, &one, |a, b| a + b);
                    }
                    for (v, p) in total {
                        *out.entry(v).or_default() += q * p;
                    }
                }
                out
            }
            Some((Op::Count(..), rest)) => self.die_value(value, rest, worth, each),
            Some((Op::Keep(..) | Op::Drop(..), _)) => unreachable!("no keep after the last"),
        };
        each.insert((value, ops.len()), out.clone());
        out
    }
}

pub(super) fn engine(text: &str) -> BTreeMap<i64, f64> {
    engine_with(text, &BTreeMap::new())
}

fn engine_with(text: &str, values: &BTreeMap<String, i64>) -> BTreeMap<i64, f64> {
    let expression = check(text, values).unwrap_or_else(|p| panic!("{text}: {p:?}"));
    expression.distribution().into_iter().collect()
}

pub(super) fn assert_same(text: &str, got: &BTreeMap<i64, f64>, want: &BTreeMap<i64, f64>) {
    let keys: std::collections::BTreeSet<&i64> = got.keys().chain(want.keys()).collect();
    for k in keys {
        let (g, w) = (
            got.get(k).copied().unwrap_or(0.0),
            want.get(k).copied().unwrap_or(0.0),
        );
        assert!(
            (g - w).abs() < 1e-12,
            "{text}: P({k}) is {g}, the brute force says {w}"
        );
    }
    let total: f64 = got.values().sum();
    assert!((total - 1.0).abs() < 1e-12, "{text}: sums to {total}");
}

/// The modifiers tried, as written and as the brute force reads them. Explosions and endless
/// rerolls meet one face, so the listing stays small; `cs` and `df` come last by the grammar.
fn modifiers() -> Vec<(&'static str, Op)> {
    vec![
        ("kh2", Op::Keep(true, 2)),
        ("kl", Op::Keep(false, 1)),
        ("dh", Op::Drop(true, 1)),
        ("dl2", Op::Drop(false, 2)),
        ("r", Op::Reroll(|f| f == 1, false)),
        ("r<3", Op::Reroll(|f| f < 3, false)),
        ("rr", Op::Reroll(|f| f == 1, true)),
        ("x", Op::Explode(|f| f == 4, true)),
        ("xo>=3", Op::Explode(|f| f >= 3, false)),
    ]
}

fn endless(op: Op) -> bool {
    matches!(op, Op::Reroll(_, true) | Op::Explode(_, true))
}

#[test]
fn every_modifier_alone_matches_the_brute_force() {
    let d4: Vec<i64> = (1..=4).collect();
    for count in 0..=3 {
        for (text, op) in modifiers() {
            let notation = format!("{count}d4{text}");
            assert_same(&notation, &engine(&notation), &brute(count, &d4, &[op]));
        }
    }
}

#[test]
fn every_ordered_pair_of_modifiers_matches_the_brute_force() {
    let d4: Vec<i64> = (1..=4).collect();
    let mut tried = 0;
    for (first, a) in modifiers() {
        for (second, b) in modifiers() {
            // Each endless chain on three dice multiplies the partial pools to list: a die
            // fewer for each.
            // A space between: "r" then "r" written together would be "rr".
            // `x x` (every die of a chain of 4s starting a chain of its own) is more partial
            // pools than a listing can hold: it is checked by sampling below.
            if endless(a) && endless(b) && matches!((a, b), (Op::Explode(..), Op::Explode(..))) {
                continue;
            }
            let count = 3 - usize::from(endless(a)) - usize::from(endless(b));
            let notation = format!("{count}d4{first} {second}");
            assert_same(&notation, &engine(&notation), &brute(count, &d4, &[a, b]));
            tried += 1;
        }
    }
    assert_eq!(tried, 80);
}

#[test]
fn every_modifier_then_a_count_of_successes_matches_the_brute_force() {
    let d6: Vec<i64> = (1..=6).collect();
    let count = Op::Count(|f| f >= 5, Some(|f| f == 1));
    for (text, op) in modifiers() {
        // The explosion on the highest face of a d4 is, on a d6, on 6.
        let op = if text == "x" {
            Op::Explode(|f| f == 6, true)
        } else {
            op
        };
        let notation = format!("3d6{text} cs>=5 df=1");
        assert_same(&notation, &engine(&notation), &brute(3, &d6, &[op, count]));
    }
    let notation = "4d6cs>=5";
    let plain = Op::Count(|f| f >= 5, None);
    assert_same(notation, &engine(notation), &brute(4, &d6, &[plain]));
}

#[test]
fn three_modifiers_and_listed_faces_match_the_brute_force() {
    let fate = [-1, 0, 1];
    let cases: Vec<(&str, usize, Vec<i64>, Vec<Op>)> = vec![
        ("4dF", 4, fate.to_vec(), vec![]),
        ("3dFkh2", 3, fate.to_vec(), vec![Op::Keep(true, 2)]),
        (
            "3d{0,0,1,2}x=2kh2",
            3,
            vec![0, 0, 1, 2],
            vec![Op::Explode(|f| f == 2, true), Op::Keep(true, 2)],
        ),
        (
            "3d4r1xkl2dh1",
            3,
            (1..=4).collect(),
            vec![
                Op::Reroll(|f| f == 1, false),
                Op::Explode(|f| f == 4, true),
                Op::Keep(false, 2),
                Op::Drop(true, 1),
            ],
        ),
        (
            "3d4kh2xo",
            3,
            (1..=4).collect(),
            vec![Op::Keep(true, 2), Op::Explode(|f| f == 4, false)],
        ),
        (
            "3d4kh2x kl1",
            3,
            (1..=4).collect(),
            vec![
                Op::Keep(true, 2),
                Op::Explode(|f| f == 4, true),
                Op::Keep(false, 1),
            ],
        ),
        (
            "3d{-2,5,5}dl1rr=-2",
            3,
            vec![-2, 5, 5],
            vec![Op::Drop(false, 1), Op::Reroll(|f| f == -2, true)],
        ),
    ];
    for (notation, count, faces, ops) in cases {
        assert_same(notation, &engine(notation), &brute(count, &faces, &ops));
    }
}

/// Two independent parts combined value pair by value pair, as a check of the expression
/// level: `a op b` over their brute-force distributions.
fn pairwise(
    a: &BTreeMap<i64, f64>,
    b: &BTreeMap<i64, f64>,
    f: impl Fn(i64, i64) -> i64,
) -> BTreeMap<i64, f64> {
    let mut out = BTreeMap::new();
    for (x, p) in a {
        for (y, q) in b {
            *out.entry(f(*x, *y)).or_default() += p * q;
        }
    }
    out
}

#[test]
fn arithmetic_comparisons_and_functions_match_the_brute_force() {
    let d6: Vec<i64> = (1..=6).collect();
    let one = brute(1, &d6, &[]);
    let two = brute(2, &d6, &[]);
    let floor = |a: i64, b: i64| (a as f64 / b as f64).floor() as i64;
    let cases: Vec<(&str, BTreeMap<i64, f64>)> = vec![
        ("d6*d6", pairwise(&one, &one, |a, b| a * b)),
        ("2d6-d6", pairwise(&two, &one, |a, b| a - b)),
        ("(2d6-8)/d6", pairwise(&two, &one, |a, b| floor(a - 8, b))),
        (
            "2d6 >= d6+3",
            pairwise(&two, &one, |a, b| i64::from(a >= b + 3)),
        ),
        ("max(d6, 2d6-6)", pairwise(&one, &two, |a, b| a.max(b - 6))),
        ("min(d6, d6)", pairwise(&one, &one, i64::min)),
        ("abs(d6-2d6)", pairwise(&one, &two, |a, b| (a - b).abs())),
        (
            "d6=3 or d6=3",
            pairwise(&one, &one, |a, b| i64::from(a == 3 || b == 3)),
        ),
        (
            "d6>2 and not d6>4",
            pairwise(&one, &one, |a, b| i64::from(a > 2 && b <= 4)),
        ),
        (
            "-d6 != -2d6",
            pairwise(&one, &two, |a, b| i64::from(a != b)),
        ),
        (
            "if(d6>=4, 2d6, d6*0)",
            pairwise(&one, &pairwise(&two, &one, |x, _| x), |c, v| {
                if c >= 4 {
                    v
                } else {
                    0
                }
            }),
        ),
    ];
    for (notation, want) in cases {
        assert_same(notation, &engine(notation), &want);
    }
}

fn p(outcomes: &BTreeMap<i64, f64>, value: i64) -> f64 {
    outcomes.get(&value).copied().unwrap_or(0.0)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// DICE.md's examples table, each read as the page reads it.
#[test]
fn dice_md_examples_read_as_the_page_says() {
    let values = |pairs: &[(&str, i64)]| -> BTreeMap<String, i64> {
        pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    };
    let plus3 = engine("2d6+3");
    assert!(close(p(&plus3, 5), 1.0 / 36.0) && close(p(&plus3, 10), 6.0 / 36.0));
    let best3 = engine("4d6kh3");
    assert!(close(p(&best3, 18), 21.0 / 1296.0) && close(p(&best3, 3), 1.0 / 1296.0));
    let advantage = engine("2d20kh1+5 >= 15");
    assert!(close(p(&advantage, 1), 1.0 - 0.45 * 0.45));
    let product = engine("d6*d6");
    assert!(close(p(&product, 6), 4.0 / 36.0) && close(p(&product, 36), 1.0 / 36.0));
    let count = engine("6d10 cs>=8");
    assert!(close(p(&count, 0), 0.7f64.powi(6)) && close(p(&count, 6), 0.3f64.powi(6)));
    let again = engine("5d10x=10 cs>=8");
    let mean: f64 = again.iter().map(|(v, p)| *v as f64 * p).sum();
    // Each die scores 0.3 and, on a 10, as much again: 0.3 / 0.9 per die.
    assert!((mean - 5.0 / 3.0).abs() < 1e-9, "{mean}");
    let glitch = engine("max(0, 6d6 cs>=5 df=1)");
    assert!(glitch.keys().all(|v| *v >= 0) && close(p(&glitch, 6), 3f64.powi(-6)));
    let seed_004 = engine_with("(@ranks+1)d12xo+@ranks", &values(&[("ranks", 1)]));
    assert!(close(p(&seed_004, 3), 1.0 / 144.0));
    let fate = engine_with("4dF+@skill", &values(&[("skill", 2)]));
    assert!(close(p(&fate, 6), 1.0 / 81.0) && close(p(&fate, 2), 19.0 / 81.0));
    let custom = engine("d{0,0,0,1,1,2}");
    assert!(close(p(&custom, 0), 0.5) && close(p(&custom, 2), 1.0 / 6.0));
    let adv = values(&[("adv", 1), ("bonus", 2)]);
    let with_adv = engine_with("if(@adv, 2d20kh1, d20) + @bonus", &adv);
    assert!(close(p(&with_adv, 22), 39.0 / 400.0));
    let plain = values(&[("adv", 0), ("bonus", 2)]);
    assert!(close(
        p(&engine_with("if(@adv, 2d20kh1, d20) + @bonus", &plain), 22),
        0.05
    ));
}

#[test]
fn the_order_of_modifiers_is_the_gm_s() {
    // 4d6kh3x keeps the best three and explodes those: a kept 6 adds to the three.
    // 4d6xkh3 explodes first and keeps the best three dice of everything rolled: never past 18.
    let kept_then_exploded = engine("4d6kh3x");
    let exploded_then_kept = engine("4d6xkh3");
    assert_eq!(exploded_then_kept.keys().last(), Some(&18));
    assert!(kept_then_exploded.keys().last() > Some(&18));
    // Three 6s kept of the first four dice, or more 6s among the explosions: the best three
    // of everything are 6s more often than the first four show three.
    assert!(p(&exploded_then_kept, 18) > p(&engine("4d6kh3"), 18));
}

/// A seeded roll's faces typed back give the same roll, for every modifier; and seeded rolls
/// fall as the odds say (10^5 rolls of a few large pools, within 5 standard errors).
#[test]
fn seeded_rolls_replay_by_hand_and_follow_the_odds() {
    use crate::{parse_request, roll, roll_by_hand, HouseRules};
    let exprs = [
        "4d6kh3",
        "8d10x cs>=8",
        "3d6r<3",
        "5d6rr1",
        "2d20kl",
        "6d6dh2xo",
        "4dF+1",
        "3d{1,1,2}x=2",
        "d20+d4 >= 12",
        "if(d6>3, 2d6, 3d6)",
        "10d6 cs>=5 df=1",
    ];
    for expr in exprs {
        let json = format!(r#"{{"system":"dice","roll":"expr","expr":"{expr}"}}"#);
        let request = parse_request(&json).unwrap();
        for seed in 0..50 {
            let seeded = roll(&request, seed).unwrap();
            let typed = roll_by_hand(&request, HouseRules::ruled(), &seeded.dice).unwrap();
            assert_eq!(typed.outcome, seeded.outcome, "{expr} seed {seed}");
            assert_eq!(typed.groups, seeded.groups, "{expr} seed {seed}");
            assert_eq!(typed.detail, seeded.detail, "{expr} seed {seed}");
        }
    }
    for expr in [
        "12d10x cs>=8",
        "20d6kh10",
        "8d6x=6 kh3",
        "3d4x x",
        "4d6xkh2x",
    ] {
        let outcomes = engine(expr);
        let mean: f64 = outcomes.iter().map(|(v, p)| *v as f64 * p).sum();
        let var: f64 = outcomes
            .iter()
            .map(|(v, p)| (*v as f64 - mean).powi(2) * p)
            .sum();
        // Checked once and rolled 10^5 times (a request's roll checks its expression each
        // time, which for a pool carried as multisets makes its bags again: 100 s here).
        let expression = check(expr, &BTreeMap::new()).unwrap();
        let n = 100_000;
        let total: f64 = (0..n)
            .map(|seed| expression.roll(&mut crate::tray::Tray::new(seed)).value as f64)
            .sum();
        let sampled = total / n as f64;
        let error = (var / n as f64).sqrt();
        assert!(
            (sampled - mean).abs() < 5.0 * error,
            "{expr}: sampled mean {sampled}, exact {mean} (se {error})"
        );
    }
}

#[test]
fn names_are_every_name_used_once_in_the_order_written() {
    assert_eq!(
        names("(@n)d6 + + @dc"),
        Vec::<String>::new(),
        "text that does not read has no names"
    );
    assert_eq!(
        names("(@n)d6kh@keep + @bonus + @n >= @dc"),
        ["n", "keep", "bonus", "dc"]
    );
    assert_eq!(
        names("if(@adv, 2d20kh1, d20) + max(@a, 4d6x>=@edge cs>@b)"),
        ["adv", "a", "edge", "b"]
    );
    assert_eq!(names("4d6kh3"), Vec::<String>::new());
    assert_eq!(names(&"@a+".repeat(400)), Vec::<String>::new());
    // Every name check asks a value for is one names lists, and no other.
    let text = "d20+@bonus >= @dc";
    let given: BTreeMap<String, i64> = names(text).into_iter().map(|n| (n, 1)).collect();
    assert!(check(text, &given).is_ok());
}
