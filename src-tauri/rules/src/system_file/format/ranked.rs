//! `ranked`: a roll's named outcomes from worst to best. The outcomes are written in the order
//! their conditions are tried (the first that holds decides: `critical hit` before `success`),
//! which is seldom how they rank; `ranked` says how, for the odds to list them and a roll's
//! luck to be read (a natural 20 luckier than a plain success). Without it, the failing
//! outcomes rank below the succeeding ones, each as written.

use std::collections::HashMap;

use super::access::{backticked, nearest, Table};
use super::problem::Problems;
use super::written::Written;
use crate::system_file::model::NamedOutcome;

/// The outcomes' places in `outcomes` from worst to best, when `table` ranks them (`Some(None)`
/// when it does not); `None` after a problem: a name that is no outcome (the nearest one
/// suggested), one ranked twice, one left out.
pub(crate) fn read(
    table: &Table,
    outcomes: &[NamedOutcome],
    problems: &mut Problems,
) -> Option<Option<Vec<usize>>> {
    if table.get("ranked").is_none() {
        return Some(None);
    }
    let place = &table.place;
    let before = problems.blocking();
    let names = table.opt_str_list("ranked", problems)?;
    // Each name at its first place (two spelled outcomes may be written alike: the second is
    // then told as left out).
    let mut at: HashMap<&str, usize> = HashMap::new();
    for (i, o) in outcomes.iter().enumerate().rev() {
        at.insert(o.name.as_str(), i);
    }
    let written: Vec<&str> = outcomes.iter().map(|o| o.name.as_str()).collect();
    let mut ranked: Vec<usize> = Vec::with_capacity(names.len());
    let mut seen = vec![false; outcomes.len()];
    for name in &names {
        let shown = crate::text::excerpt(&name.text);
        match at.get(name.text.as_ref()) {
            Some(&i) if seen[i] => problems.at(
                &name.span,
                format!("`ranked` of {place} ranks the outcome `{shown}` twice"),
            ),
            Some(&i) => {
                seen[i] = true;
                ranked.push(i);
            }
            None => problems.at(
                &name.span,
                match nearest(&name.text, &written) {
                    Some(near) => format!(
                        "`{shown}` in `ranked` of {place} is no outcome of it; did you mean \
                         `{near}`?"
                    ),
                    None => format!(
                        "`{shown}` in `ranked` of {place} is no outcome of it; its outcomes are {}",
                        first_few(&written)
                    ),
                },
            ),
        }
    }
    let left_out: Vec<&str> = (0..outcomes.len())
        .filter(|&i| !seen[i])
        .map(|i| written[i])
        .collect();
    if !left_out.is_empty() && problems.blocking() == before {
        let span = table.key_span("ranked").unwrap_or(table.at.clone());
        problems.at(
            &span,
            format!(
                "`ranked` of {place} leaves out {}: rank every outcome, worst first",
                first_few(&left_out)
            ),
        );
    }
    (problems.blocking() == before).then_some(Some(ranked))
}

/// The most outcomes whose `ranked` line the advice writes out: past it the advice only says to
/// rank them (a line of hundreds of names is no help).
const WRITTEN_OUT: usize = 12;

/// Advice on a roll without `ranked` whose luck may read its outcomes in an order its author
/// does not mean: two or more succeed, so the general rule ranks the one tried first (a
/// critical, usually) below the ones after it. Not told when its names are all numbers (ranked
/// by number) or its succeeding outcomes are bands written from the lowest up (a PbtA move's
/// `7-9` then `10+`, the last one "otherwise" taken as the highest).
pub(crate) fn advise_unranked(
    place: &str,
    outcomes: &[NamedOutcome],
    written: &[Written],
    problems: &mut Problems,
) {
    if outcomes
        .iter()
        .all(|o| o.name.trim().parse::<i64>().is_ok())
    {
        return;
    }
    let succeeding: Vec<usize> = (0..outcomes.len())
        .filter(|&i| outcomes[i].success)
        .collect();
    let (Some(&first), Some(&later)) = (succeeding.first(), succeeding.get(1)) else {
        return;
    };
    let all_bands = written
        .iter()
        .zip(outcomes)
        .all(|(w, o)| w.band.is_some() || o.when.is_none());
    let from = |i: usize| match written[i].band {
        Some((from, _)) => Some(from),
        None if outcomes[i].when.is_none() && all_bands => Some(i64::MAX),
        None => None,
    };
    let bands: Option<Vec<i64>> = succeeding.iter().map(|&i| from(i)).collect();
    if bands.is_some_and(|b| b.windows(2).all(|w| w[0] < w[1])) {
        return;
    }
    let name = |i: usize| crate::text::excerpt(&outcomes[i].name);
    let (good, mut order): (Vec<usize>, Vec<usize>) =
        (0..outcomes.len()).partition(|&i| outcomes[i].success);
    let mut reading = order.clone();
    reading.extend(&good);
    let now: Vec<String> = reading.iter().map(|&i| name(i)).collect();
    let now: Vec<&str> = now.iter().map(String::as_str).collect();
    let mut message = format!(
        "luck reads the outcomes of {place} worst to best as {}: the failing ones first, each \
         group as written, so `{}` ranks below `{}`",
        first_few(&now),
        name(first),
        name(later)
    );
    if outcomes.len() <= WRITTEN_OUT {
        order.extend(good.iter().rev());
        let line: Vec<String> = order.iter().map(|&i| quoted(&outcomes[i].name)).collect();
        message.push_str(&format!(
            ". If an outcome tried earlier is the better one, as a critical is, say how they \
             rank: ranked = [{}]",
            line.join(", ")
        ));
    } else {
        message.push_str(
            ". If that is not how they rank, list them worst to best in `ranked = [...]`",
        );
    }
    problems.advise(&written[first].name, message);
}

/// A name as a TOML string in double quotes.
fn quoted(name: &str) -> String {
    let mut out = String::from('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The first few names as a message lists them, the rest counted (a roll may list thousands).
fn first_few(names: &[&str]) -> String {
    const SHOWN: usize = 6;
    let shown: Vec<String> = names
        .iter()
        .take(SHOWN)
        .map(|n| crate::text::excerpt(n))
        .collect();
    let shown: Vec<&str> = shown.iter().map(String::as_str).collect();
    match names.len().saturating_sub(SHOWN) {
        0 => backticked(&shown),
        more => format!("{} and {more} more", backticked(&shown)),
    }
}
