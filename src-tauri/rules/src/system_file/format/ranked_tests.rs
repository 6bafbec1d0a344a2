//! `ranked` of a roll: read into the outcomes' places worst first, and its problems at their
//! line and column.

use super::read;
use super::tests::{told_at, HEAD};
use crate::system_file::model::Reading;

const OUTCOMES: &str = "[rolls.r]\nvalue = \"d20\"\noutcomes = [\n  { name = \"natural 20\", when = \"@value = 20\", success = true },\n  { name = \"hit\", when = \"@value >= 11\", success = true },\n  { name = \"miss\" },\n]\n";

fn with_ranked(ranked: &str) -> String {
    format!("{OUTCOMES}ranked = {ranked}\n")
}

#[test]
fn the_outcomes_are_ranked_by_their_places_worst_first() {
    let file = read(&format!(
        "{HEAD}{}",
        with_ranked("[\"miss\", \"hit\", \"natural 20\"]")
    ))
    .unwrap();
    let Reading::Named { ranked, .. } = &file.rolls[0].reading else {
        panic!("named outcomes")
    };
    assert_eq!(ranked.as_deref(), Some(&[2, 1, 0][..]));
    let unranked = read(&format!("{HEAD}{OUTCOMES}")).unwrap();
    let Reading::Named { ranked, .. } = &unranked.rolls[0].reading else {
        panic!("named outcomes")
    };
    assert_eq!(*ranked, None, "as written when the file does not rank them");
}

#[test]
fn ranking_problems_are_told_where_they_are() {
    told_at(
        &with_ranked("[\"miss\", \"hti\", \"natural 20\"]"),
        "\"hti\"",
        0,
        "`hti` in `ranked` of [rolls.r] is no outcome of it; did you mean `hit`?",
    );
    told_at(
        &with_ranked("[\"miss\", \"hit\", \"miss\", \"natural 20\"]"),
        "\"miss\"",
        2,
        "ranks the outcome `miss` twice",
    );
    told_at(
        &with_ranked("[\"miss\", \"natural 20\"]"),
        "ranked",
        0,
        "leaves out `hit`: rank every outcome, worst first",
    );
    told_at(&with_ranked("[\"miss\", 3]"), "3]", 0, "lists strings");
    told_at(
        "[rolls.r]\nvalue = \"d20\"\ntarget = \"11\"\nranked = [\"hit\"]\n",
        "ranked",
        0,
        "reads a number against its target, ranked by the number",
    );
}
