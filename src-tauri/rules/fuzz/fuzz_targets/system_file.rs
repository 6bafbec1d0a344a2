//! Feeds arbitrary text to the system-file reader (`rollbook system check FILE` reads a file
//! with `system_file::read`, docs/system-files.md): read and checked, then, for a file that
//! checks, every roll kind's request at its fields' defaults made, validated and its exact odds
//! worked out, as Quick roll would. Nothing may panic; a refusal names at least one problem,
//! each at a line and column of the text (the command line prints that line under it); an
//! answer's chances are a whole distribution. Every input must be answered or refused within a
//! second: the fuzzer runs with `-timeout=1` (scripts/fuzz.sh), so a slow one is a crash.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use rollbook_rules::system_file::{self, FileRequest};

/// The estimated work (`FileRequest::work`, about a microsecond a unit) of the odds worked out
/// for one input, all kinds together. The app works one request's odds at a time, each bounded
/// by the check; a file of many heavy kinds would add up past the second without any one of
/// them being slow, so kinds past this are only validated. An estimate far under the real time
/// still shows as a timeout.
const ODDS_WORK: u64 = 300_000;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = match system_file::read(text) {
        Ok(file) => Arc::new(file),
        Err(problems) => {
            assert!(!problems.is_empty(), "refused with no problem");
            let lines: Vec<&str> = text.split('\n').collect();
            for p in &problems {
                assert!(p.line >= 1 && p.line <= lines.len(), "{p}: no such line");
                let chars = lines[p.line - 1].chars().count();
                assert!(
                    p.column >= 1 && p.column <= chars + 1,
                    "{p}: no such column"
                );
                assert!(!p.message.is_empty(), "{p}: no message");
            }
            return;
        }
    };
    let mut work = 0u64;
    for kind in &file.rolls {
        // A kind may refuse its own defaults (a `refuse` that holds): an answer too.
        let Ok(request) = FileRequest::new(file.clone(), &kind.id, Default::default()) else {
            continue;
        };
        if request.validate().is_err() {
            continue;
        }
        work = work.saturating_add(request.work());
        if work > ODDS_WORK {
            continue;
        }
        // Refused only when the reading divides by a value that came to 0 for some roll.
        let Ok(odds) = request.odds() else { continue };
        let id = &kind.id;
        let total: f64 = odds.outcomes.values().sum();
        assert!((total - 1.0).abs() < 1e-9, "{id}: sums to {total}");
        let chance = |p: f64| (-1e-9..=1.0 + 1e-9).contains(&p);
        assert!(
            odds.outcomes.values().all(|&p| chance(p)),
            "{id}: a chance out of range"
        );
        assert!(chance(odds.success), "{id}: success {}", odds.success);
        assert!(
            odds.events.values().all(|&p| chance(p)),
            "{id}: an event's chance out of range"
        );
    }
});
