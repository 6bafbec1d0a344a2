//! Times `rollbook_rules::odds` per request, for `benches/icepool_compare.py`.
//!
//! Reads a JSON array of roll requests on stdin and prints, in the same order,
//! `[{"ns_per_request": NS, "median_ns": NS, "odds": {...}}, ...]` on stdout. Each request is
//! parsed once, warmed up, then timed in batches of calls (each batch about `BATCH_NS` long);
//! `ns_per_request` is the best (lowest) mean of `ROUNDS` batches, in nanoseconds per `odds()`
//! call (validation included, JSON parsing not). `median_ns` is the median of single calls each
//! timed alone (at least `SINGLE_CALLS` of them, more while they fill `BATCH_NS`): what one
//! request typically costs, a slow call now and then included (`scripts/bench/notation.py`).
//!
//! ```text
//! echo '[{"system":"d12","roll":"straight","ranks":1,"difficulty":12}]' \
//!   | cargo run --release --example time_odds -p rollbook-rules
//! ```

use std::hint::black_box;
use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;

/// How long one timed batch runs at least.
const BATCH_NS: u128 = 20_000_000;
/// How many batches are timed; the best is reported.
const ROUNDS: usize = 5;
/// The fewest calls timed one by one for the median.
const SINGLE_CALLS: usize = 21;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(err) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("time_odds: cannot read stdin: {err}");
        return ExitCode::from(2);
    }
    let requests: Vec<Value> = match serde_json::from_str(&input) {
        Ok(Value::Array(items)) => items,
        Ok(_) => {
            eprintln!("time_odds: expected a JSON array of roll requests on stdin");
            return ExitCode::from(2);
        }
        Err(err) => {
            eprintln!("time_odds: stdin is not valid JSON: {err}");
            return ExitCode::from(2);
        }
    };
    let mut answers = Vec::with_capacity(requests.len());
    for (i, value) in requests.into_iter().enumerate() {
        let timed =
            rollbook_rules::request_from_value(value).and_then(|request| time_request(&request));
        match timed {
            Ok(answer) => answers.push(answer),
            Err(err) => {
                eprintln!("time_odds: request [{i}]: {err}");
                return ExitCode::from(2);
            }
        }
    }
    match serde_json::to_string(&answers) {
        Ok(text) => println!("{text}"),
        Err(err) => {
            eprintln!("time_odds: cannot write the answer: {err}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// One line of the answer. (A struct rather than `json!`, so the outcomes keep their order.)
#[derive(Serialize)]
struct Timed {
    ns_per_request: f64,
    median_ns: f64,
    odds: rollbook_rules::Odds,
}

fn time_request(
    request: &rollbook_rules::RollRequest,
) -> Result<Timed, rollbook_rules::RulesError> {
    let odds = rollbook_rules::odds(request)?;
    // Warm up, and find how many calls fill one batch.
    let mut calls: u64 = 1;
    loop {
        let elapsed = run(request, calls);
        if elapsed.as_nanos() >= BATCH_NS / 4 || calls >= 1 << 30 {
            let per_call = elapsed.as_nanos().max(1) / u128::from(calls);
            calls = (BATCH_NS / per_call.max(1)).clamp(1, 1 << 30) as u64;
            break;
        }
        calls *= 2;
    }
    let best = (0..ROUNDS)
        .map(|_| run(request, calls).as_nanos() as f64 / calls as f64)
        .fold(f64::INFINITY, f64::min);
    let singles = SINGLE_CALLS.max(calls.min(1000) as usize);
    let mut each: Vec<f64> = (0..singles)
        .map(|_| run(request, 1).as_nanos() as f64)
        .collect();
    each.sort_by(f64::total_cmp);
    Ok(Timed {
        ns_per_request: best,
        median_ns: each[each.len() / 2],
        odds,
    })
}

/// Calls `odds()` `calls` times and returns the time taken.
fn run(request: &rollbook_rules::RollRequest, calls: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..calls {
        black_box(rollbook_rules::odds(black_box(request)).expect("validated once already"));
    }
    start.elapsed()
}
