//! The five written as files against the built-ins (issue 31's speed goal: a file kind at most
//! 2x its built-in's time at the median, every kind reported): for every contract kind a file
//! of `systems/*.toml` says (`file-stunt` … `file-d12`, and `file-marks` read from its file
//! while it is not shipped), the same requests are answered both ways and timed.
//!
//! The requests are drawn with a fixed seed over each field's range as the catalog declares it:
//! half "typical" (each number in the lowest fifth of its range), half "large" (anywhere in it,
//! a quarter of them at its top). A request the built-in refuses is drawn again; one the file
//! refuses is counted. Each time is a whole answer from the request's text
//! (`odds(&parse_request(json)?)`: parsing, the bound's check and the odds, as the command
//! line pays it), the median of repeated calls; a kind's figures are the medians over its
//! requests, their ratio, and the worst ratio of one request. A file kind keeps what it worked
//! out for the values each let and its reading read (`system_file::memo`), so a repeated call
//! is warm: the "cold" columns time each call with nothing kept, the cost of values the kind
//! has not met.
//!
//! ```text
//! cargo run --release --example five_files_cost -p rollbook-rules [-- REQUESTS [KIND]]
//! ```
//!
//! `KIND` times only the kinds whose row starts with it (`"stunt check"`, `marks`): one kind
//! alone, to profile it.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rollbook_rules::system_file::{self, known, shipped};
use rollbook_rules::{catalog, odds, parse_request, FieldKind, FieldSpec};
use serde_json::{Map, Value};

/// Requests per kind, unless the command line says.
const REQUESTS: usize = 50;
/// Each request is called until this much time has passed (at least once, at most `MOST_CALLS`).
const TIME_EACH: Duration = Duration::from_millis(20);
const MOST_CALLS: usize = 101;

/// The built-in systems written as files, and the file of one not shipped yet (read here and
/// made known to this process, as a GM's added file is).
const SYSTEMS: &[&str] = &["stunt", "genre", "universe", "marks", "d12"];
const UNSHIPPED_MARKS: &str = include_str!("../../../systems/marks.toml");

/// One field's value: `large` anywhere in its range (a quarter at its top), else in the lowest
/// fifth; a yes/no or a choice drawn alike either way; a list's length and items likewise.
fn draw(field: &FieldSpec, large: bool, rng: &mut ChaCha8Rng) -> Value {
    match &field.kind {
        FieldKind::Int { min, max, .. } => {
            let v = if large && rng.random_bool(0.25) {
                *max
            } else if large {
                rng.random_range(*min..=*max)
            } else {
                rng.random_range(*min..=*min + (*max - *min) / 5)
            };
            Value::from(v)
        }
        FieldKind::Bool { .. } => Value::from(rng.random_bool(0.5)),
        FieldKind::Choice { choices, .. } => {
            Value::from(choices[rng.random_range(0..choices.len())].clone())
        }
        // Its length drawn as a number from 0 to its most items, each item as a number.
        FieldKind::IntList {
            min,
            max,
            max_items,
            ..
        } => {
            let n = if large && rng.random_bool(0.25) {
                *max_items
            } else if large {
                rng.random_range(0..=*max_items)
            } else {
                rng.random_range(0..=*max_items / 5)
            };
            let item = |rng: &mut ChaCha8Rng| {
                if large {
                    rng.random_range(*min..=*max)
                } else {
                    rng.random_range(*min..=*min + (*max - *min) / 5)
                }
            };
            Value::from((0..n).map(|_| item(rng)).collect::<Vec<i64>>())
        }
    }
}

fn request(system: &str, roll: &str, given: &Map<String, Value>) -> String {
    let mut body = given.clone();
    body.insert("system".into(), system.into());
    body.insert("roll".into(), roll.into());
    Value::Object(body).to_string()
}

/// The median time of one whole answer to `json`, in µs; `None` if it is refused. `cold`:
/// with nothing a file kind kept from earlier requests (its lets' distributions, its reading
/// compiled: `forget_worked_out` before each call), the cost of a request whose values the
/// kind has not met; else warm, as a GM's next request of the same values pays it.
fn time(json: &str, cold: bool) -> Option<f64> {
    odds(&parse_request(json).ok()?).ok()?;
    let mut times = Vec::new();
    let began = Instant::now();
    while times.len() < MOST_CALLS && (times.is_empty() || began.elapsed() < TIME_EACH) {
        if cold {
            system_file::forget_worked_out();
        }
        let start = Instant::now();
        black_box(parse_request(black_box(json)).and_then(|r| odds(&r)).ok());
        times.push(start.elapsed().as_secs_f64() * 1e6);
    }
    Some(median(&mut times))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let requests: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("REQUESTS is a number"))
        .unwrap_or(REQUESTS);
    let only = std::env::args().nth(2).unwrap_or_default();
    if shipped::find("file-marks").is_none() {
        let file = system_file::read(UNSHIPPED_MARKS).expect("systems/marks.toml reads");
        known::register(Arc::new(file));
    }
    let catalog = catalog();
    println!(
        "{:22} {:>4} {:>11} {:>9} {:>7} {:>8} {:>9} {:>7} {:>8}",
        "kind", "n", "built-in µs", "file µs", "ratio", "worst", "cold µs", "ratio", "refused"
    );
    for system in SYSTEMS {
        let file_id = format!("file-{system}");
        let Some(file) = known::find(&file_id) else {
            continue;
        };
        let built_in = catalog.systems.iter().find(|s| s.id == *system).unwrap();
        let shipped = if shipped::find(&file_id).is_some() {
            ""
        } else {
            " (not shipped)"
        };
        for kind in built_in.kinds.iter().filter(|k| k.contract) {
            let row = format!("{system} {}", kind.id);
            if !file.rolls.iter().any(|k| k.id == kind.id) || !row.starts_with(&only) {
                continue;
            }
            let mut rng = ChaCha8Rng::seed_from_u64(31);
            let (mut built, mut from_file, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
            let mut cold = Vec::new();
            let mut refused = 0;
            let mut drawn = 0;
            while built.len() + refused < requests && drawn < requests * 20 {
                drawn += 1;
                let large = drawn % 2 == 0;
                let given: Map<String, Value> = kind
                    .fields
                    .iter()
                    .map(|f| (f.name.clone(), draw(f, large, &mut rng)))
                    .collect();
                // A request the built-in refuses (a pool past 60 dice) is no request of the
                // contract: another is drawn.
                let Some(b) = time(&request(system, &kind.id, &given), false) else {
                    continue;
                };
                let file_request = request(&file_id, &kind.id, &given);
                match time(&file_request, false) {
                    Some(f) => {
                        built.push(b);
                        from_file.push(f);
                        ratios.push(f / b);
                        cold.extend(time(&file_request, true));
                    }
                    None => refused += 1,
                }
            }
            if built.is_empty() {
                println!("{system} {}{shipped}: every request refused", kind.id);
                continue;
            }
            let (b, f, c) = (
                median(&mut built),
                median(&mut from_file),
                median(&mut cold),
            );
            let worst = ratios.iter().copied().fold(0.0, f64::max);
            println!(
                "{:22} {:>4} {:>11.1} {:>9.1} {:>6.2}x {:>7.1}x {:>9.1} {:>6.2}x {:>8}{shipped}",
                row,
                built.len(),
                b,
                f,
                f / b,
                worst,
                c,
                c / b,
                refused
            );
        }
    }
}
