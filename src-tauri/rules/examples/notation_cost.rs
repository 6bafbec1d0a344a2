//! What the work bound means in time on this machine: for each expression (one per line on
//! stdin), the work the check estimates before computing anything ([`Expression::cost`]), the
//! median time of the check and of the odds, and nanoseconds per estimated step. The last line
//! says how long an expression at the bound ([`notation::MAX_WORK`]) would take at the slowest
//! rate seen: the figure `MAX_WORK` is calibrated by (the bench's 50 ms for the heaviest
//! accepted expression, a second for anything at all).
//!
//! ```text
//! printf '8d10x kh5\n100d6*100d6\n' | cargo run --release --example notation_cost -p rollbook-rules
//! ```

use std::collections::BTreeMap;
use std::hint::black_box;
use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

use rollbook_rules::notation::{self, Expression};

/// How many calls are timed one by one for each median.
const CALLS: usize = 15;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(err) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("notation_cost: cannot read stdin: {err}");
        return ExitCode::from(2);
    }
    let none = BTreeMap::new();
    println!(
        "{:28} {:>14} {:>10} {:>10} {:>9}",
        "expression", "work (steps)", "check ms", "odds ms", "ns/step"
    );
    let mut slowest_rate: f64 = 0.0;
    for text in input.lines().map(str::trim).filter(|line| !line.is_empty()) {
        let expression = match notation::check(text, &none) {
            Ok(expression) => expression,
            Err(problems) => {
                println!("{text:28} refused: {}", problems[0].message);
                continue;
            }
        };
        let check_ms = median_ms(|| {
            black_box(notation::check(black_box(text), &none).is_ok());
        });
        let odds_ms = median_ms(|| {
            black_box(odds_of(&expression));
        });
        let (work, _) = expression.cost();
        let rate = odds_ms * 1e6 / work.max(1.0);
        // Tiny expressions are all start-up, not steps: only those of some size say what a
        // step costs.
        if work >= 1e5 {
            slowest_rate = slowest_rate.max(rate);
        }
        println!("{text:28} {work:>14.0} {check_ms:>10.3} {odds_ms:>10.3} {rate:>9.2}");
    }
    println!(
        "at the bound ({:.0e} steps) and the slowest rate seen ({slowest_rate:.2} ns/step): \
         about {:.0} ms",
        notation::MAX_WORK,
        notation::MAX_WORK * slowest_rate / 1e6
    );
    ExitCode::SUCCESS
}

fn odds_of(expression: &Expression) -> usize {
    expression.distribution().len()
}

/// The median wall time of `CALLS` calls of `f`, in milliseconds, after one warm-up call.
fn median_ms(mut f: impl FnMut()) -> f64 {
    f();
    let mut each: Vec<f64> = (0..CALLS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    each.sort_by(f64::total_cmp);
    each[CALLS / 2]
}
