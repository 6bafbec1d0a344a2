//! A brute-force oracle, independent of the engine: every face of tiny pools listed, each
//! roll's outcome worked out in plain Rust, the chances added up.

use std::collections::BTreeMap;

use crate::answer::Odds;

/// Calls `f` with every way `sides` dice can fall (each die 1..=its sides) and its chance.
pub fn each_roll(sides: &[i64], mut f: impl FnMut(&[i64], f64)) {
    let chance: f64 = sides.iter().map(|s| 1.0 / *s as f64).product();
    let mut faces = vec![1i64; sides.len()];
    loop {
        f(&faces, chance);
        let mut i = 0;
        loop {
            if i == faces.len() {
                return;
            }
            faces[i] += 1;
            if faces[i] <= sides[i] {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

/// An exploding die's values: k highest faces then one that is not, followed 40 deep (what is
/// left past that is below 1e-30).
pub fn exploding(sides: i64) -> Vec<(i64, f64)> {
    let each = 1.0 / sides as f64;
    let mut out = Vec::new();
    for k in 0..40 {
        for r in 1..sides {
            out.push((k * sides + r, each.powi(k as i32 + 1)));
        }
    }
    out
}

/// Adds `p` to `key`.
pub fn tally(into: &mut BTreeMap<String, f64>, key: impl ToString, p: f64) {
    *into.entry(key.to_string()).or_insert(0.0) += p;
}

/// The odds' outcomes agree with the oracle's to `tolerance`, every key of either present in
/// the other (an outcome the oracle never reached has a chance of 0).
pub fn agree(odds: &Odds, oracle: &BTreeMap<String, f64>, tolerance: f64) {
    for (key, &p) in oracle {
        let got = odds.outcomes.get(key).copied().unwrap_or(0.0);
        assert!(
            (got - p).abs() <= tolerance,
            "{key}: odds {got}, oracle {p}"
        );
    }
    for (key, &got) in &odds.outcomes {
        let p = oracle.get(key).copied().unwrap_or(0.0);
        assert!(
            (got - p).abs() <= tolerance,
            "{key}: odds {got}, oracle {p}"
        );
    }
    assert!(
        (odds.total() - 1.0).abs() <= 1e-12,
        "total {}",
        odds.total()
    );
}
