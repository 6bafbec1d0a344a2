//! Advice on a file that reads: a roll without `ranked` whose luck ranks a succeeding outcome
//! tried first (a critical) below one tried after it, told at its name with the `ranked` line
//! that would rank it best; none where the order written is already worst to best.

use super::read_advised;
use super::tests::HEAD;
use crate::system_file::FileProblem;

/// The advice on `body` after a good head (the file must read).
fn advice(body: &str) -> Vec<FileProblem> {
    let text = format!("{HEAD}{body}");
    match read_advised(&text) {
        Ok((_, advice)) => advice,
        Err(problems) => panic!("{body} does not read: {problems:#?}"),
    }
}

const D20: &str = "[rolls.attack]\nvalue = \"d20\"\noutcomes = [\n  { name = \"natural 1\", when = \"@value = 1\" },\n  { name = \"natural 20\", when = \"@value = 20\", success = true },\n  { name = \"hit\", when = \"@value >= 11\", success = true },\n  { name = \"miss\" },\n]\n";

#[test]
fn a_critical_tried_before_a_hit_draws_advice_at_its_name_with_the_ranked_line() {
    let told = advice(D20);
    assert_eq!(told.len(), 1, "{told:#?}");
    // Line 5 of the file: the head's 4 lines, then the roll's.
    let line_of_critical = HEAD.lines().count() + 5;
    assert_eq!((told[0].line, told[0].column), (line_of_critical, 12));
    assert_eq!(
        told[0].message,
        "luck reads the outcomes of [rolls.attack] worst to best as `natural 1`, `miss`, \
         `natural 20`, `hit`: the failing ones first, each group as written, so `natural 20` \
         ranks below `hit`. If an outcome tried earlier is the better one, as a critical is, \
         say how they rank: ranked = [\"natural 1\", \"miss\", \"hit\", \"natural 20\"]"
    );
    // The line it suggests reads, and draws no advice.
    let ranked = format!("{D20}ranked = [\"natural 1\", \"miss\", \"hit\", \"natural 20\"]\n");
    assert_eq!(advice(&ranked), []);
}

#[test]
fn a_roll_that_ranks_as_written_draws_none() {
    // One success: failing ones first, then it.
    let one = "[rolls.r]\nvalue = \"d20\"\noutcomes = [\n  { name = \"fumble\", when = \"@value = 1\" },\n  { name = \"hit\", when = \"@value >= 11\", success = true },\n  { name = \"miss\" },\n]\n";
    assert_eq!(advice(one), []);
    // Bands from the lowest up, the last one "otherwise" (a PbtA move), or all bands.
    let pbta = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"miss\", band = \"6-\" },\n  { name = \"weak hit\", band = \"7-9\", success = true },\n  { name = \"strong hit\", success = true },\n]\n";
    assert_eq!(advice(pbta), []);
    let bands = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"miss\", band = \"6-\" },\n  { name = \"weak hit\", band = \"7-9\", success = true },\n  { name = \"strong hit\", band = \"10+\", success = true },\n]\n";
    assert_eq!(advice(bands), []);
    // Outcomes named by numbers rank by them.
    let numbers = "[rolls.r]\nvalue = \"d6\"\noutcomes = [\n  { name = \"3\", when = \"@value >= 5\", success = true },\n  { name = \"2\", when = \"@value >= 3\", success = true },\n  { name = \"1\" },\n]\n";
    assert_eq!(advice(numbers), []);
    // A number against a target ranks by the number.
    assert_eq!(advice("[rolls.r]\nvalue = \"d20\"\ntarget = \"11\"\n"), []);
}

#[test]
fn bands_from_the_highest_down_draw_advice() {
    let down = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"strong hit\", band = \"10+\", success = true },\n  { name = \"weak hit\", band = \"7-9\", success = true },\n  { name = \"miss\" },\n]\n";
    let told = advice(down);
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(
        told[0]
            .message
            .ends_with("ranked = [\"miss\", \"weak hit\", \"strong hit\"]"),
        "{}",
        told[0].message
    );
}

#[test]
fn many_outcomes_are_advised_without_a_line_and_names_are_quoted_for_toml() {
    let mut many = String::from("[rolls.r]\nvalue = \"d20\"\noutcomes = [\n");
    for v in (2..=20).rev() {
        many.push_str(&format!(
            "  {{ name = \"top {v}\", when = \"@value = {v}\", success = true }},\n"
        ));
    }
    many.push_str("  { name = \"miss\" },\n]\n");
    let told = advice(&many);
    assert_eq!(told.len(), 1);
    assert!(
        told[0]
            .message
            .ends_with("If that is not how they rank, list them worst to best in `ranked = [...]`"),
        "{}",
        told[0].message
    );
    assert!(
        told[0].message.contains("and 14 more"),
        "{}",
        told[0].message
    );

    let quoted = "[rolls.r]\nvalue = \"d20\"\noutcomes = [\n  { name = 'the \"big\" one', when = \"@value = 20\", success = true },\n  { name = \"hit\", when = \"@value >= 11\", success = true },\n  { name = \"miss\" },\n]\n";
    let told = advice(quoted);
    let line = told[0].message.split("ranked = ").nth(1).unwrap();
    assert_eq!(line, r#"["miss", "hit", "the \"big\" one"]"#);
    // The suggested line is TOML that reads back as the names.
    let ranked = format!("{quoted}ranked = {line}\n");
    assert_eq!(advice(&ranked), []);
}

#[test]
fn a_file_with_problems_has_no_advice_only_its_problems() {
    let text = format!("{HEAD}{D20}[rolls.broken]\nvalue = \"d20 +\"\ntarget = \"1\"\n");
    let problems = read_advised(&text).unwrap_err();
    assert!(problems
        .iter()
        .all(|p| !p.message.starts_with("luck reads")));
}
