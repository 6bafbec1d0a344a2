//! `ranked`: a roll's named outcomes from worst to best. The outcomes are written in the order
//! their conditions are tried (the first that holds decides: `critical hit` before `success`),
//! which is seldom how they rank; `ranked` says how, for the odds to list them and a roll's
//! luck to be read (a natural 20 luckier than a plain success). Without it, the failing
//! outcomes rank below the succeeding ones, each as written.

use std::collections::HashMap;

use super::access::{backticked, nearest, Table};
use super::problem::Problems;
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
