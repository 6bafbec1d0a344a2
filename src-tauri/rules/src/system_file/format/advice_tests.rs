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

/// The one piece of advice on `body`, at `needle`'s line and column in the whole file.
fn advised_at(body: &str, needle: &str) -> String {
    let told = advice(body);
    let [one] = &told[..] else {
        panic!("one piece of advice expected: {told:#?}")
    };
    let text = format!("{HEAD}{body}");
    let at = text.find(needle).expect("the needle is in the file");
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
    assert_eq!((one.line, one.column), (line, column), "{}", one.message);
    one.message.clone()
}

#[test]
fn bands_that_leave_a_value_out_draw_advice_naming_it() {
    // 7 falls between 6- and 8-9.
    let gap = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"strong\", band = \"10+\", success = true },\n  { name = \"weak\", band = \"8-9\", success = true },\n  { name = \"miss\", band = \"6-\" },\n]\nranked = [\"miss\", \"weak\", \"strong\"]\n";
    assert_eq!(
        advised_at(gap, "\"strong\""),
        "no band of [rolls.move] holds 7: a roll of 7 has no outcome, and is refused when \
         asked; add a band that holds it or widen one beside it, or leave `band` off the last \
         outcome (`miss`) to make it \"otherwise\""
    );
    // Written lowest first, the last outcome is the best: "otherwise" would make every 7 a
    // strong hit, so it is not offered.
    let lowest_first = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"miss\", band = \"6-\" },\n  { name = \"weak\", band = \"8-9\", success = true },\n  { name = \"strong\", band = \"10+\", success = true },\n]\n";
    assert_eq!(
        advised_at(lowest_first, "\"miss\""),
        "no band of [rolls.move] holds 7: a roll of 7 has no outcome, and is refused when \
         asked; add a band that holds it or widen one beside it"
    );
    // Closed bands past the value's range: 2d6 + @stat reaches 2 + 3 = 15, past 12.
    let short = "[rolls.move]\nvalue = \"2d6 + @stat\"\noutcomes = [\n  { name = \"miss\", band = \"2-6\" },\n  { name = \"hit\", band = \"7-12\", success = true },\n]\n[rolls.move.fields.stat]\nmin = -1\nmax = 3\n";
    assert!(advised_at(short, "\"miss\"").starts_with("no band of [rolls.move] holds 1:"));
    // Bands that hold every value the roll makes, or an "otherwise" last: none.
    let whole = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"miss\", band = \"2-6\" },\n  { name = \"hit\", band = \"7-12\", success = true },\n]\n";
    assert_eq!(advice(whole), []);
    let otherwise = "[rolls.move]\nvalue = \"2d6\"\noutcomes = [\n  { name = \"hit\", band = \"10+\", success = true },\n  { name = \"miss\" },\n]\n";
    assert_eq!(advice(otherwise), []);
}

#[test]
fn a_tracker_maximum_that_can_fall_below_0_draws_advice_and_works_out_as_0() {
    let body = "[sheet.might]\ntype = \"number\"\nmin = -3\nmax = 3\n[sheet.hp]\ntype = \"tracker\"\nmax = \"@might\"\n";
    assert_eq!(
        advised_at(body, "\"@might\"\n"),
        "the `max` of [sheet.hp] can work out to -3, below 0: such a tracker is kept at 0 of 0; \
         write `max(0, @might)` or keep it from going below 0"
    );
    let file = read_advised(&format!("{HEAD}{body}")).unwrap().0;
    let worked = file.sheet_values(
        &[("might".to_string(), -2)].into_iter().collect(),
        &Default::default(),
    );
    assert_eq!(worked.tracker_max["hp"], 0);
    assert_eq!(
        worked.values["hp"], 0,
        "a full tracker starts at its maximum, 0"
    );
    let bounded = body.replace("max = \"@might\"", "max = \"max(0, @might)\"");
    assert_eq!(advice(&bounded), []);
}

#[test]
fn a_field_filled_from_a_wider_sheet_value_draws_advice() {
    let body = "[sheet.cool]\ntype = \"number\"\nmin = -3\nmax = 3\n[rolls.act]\nvalue = \"2d6 + @stat\"\ntarget = \"7\"\n[rolls.act.fields.stat]\nmin = -1\nmax = 3\nfrom_sheet = \"cool\"\n";
    assert_eq!(
        advised_at(body, "\"cool\""),
        "`from_sheet` of [rolls.act.fields.stat] names `cool`, which can be -3 on the sheet, \
         but the field takes -1 to 3: a character with -3 could not make the roll; widen the \
         field to take -3 to 3"
    );
    assert_eq!(advice(&body.replace("min = -1", "min = -3")), []);
    // A rating of a list, and a value of the opponent's sheet, alike.
    let ratings = "[sheet.skills]\ntype = \"ratings\"\nmin = 0\nmax = 6\n[rolls.act]\nvalue = \"d20 + @mine - @theirs\"\ntarget = \"11\"\n[rolls.act.fields.mine]\nmin = 0\nmax = 4\nfrom_sheet = \"skills\"\n[rolls.act.fields.theirs]\nmin = 0\nmax = 6\nfrom_opponent = \"skills\"\n";
    assert!(advised_at(ratings, "\"skills\"\n").contains("can be 6 on the sheet"));
}

#[test]
fn a_refusal_at_the_ends_of_two_names_suggests_bounding_the_expression() {
    // Never more hits than dice in play, but the check tries each at its own ends.
    let body = "[rolls.again]\nvalue = \"(@dice - @hits)d6\"\ntarget = \"1\"\n[rolls.again.fields.dice]\nmin = 1\nmax = 10\n[rolls.again.fields.hits]\nmin = 0\nmax = 10\n";
    super::tests::told_at(
        body,
        "@dice - @hits)d6",
        0,
        "if these values never come together, bound it with `max(0, …)` or `min(…, N)`",
    );
    let bounded = body.replace("(@dice - @hits)d6", "(max(0, @dice - @hits))d6");
    assert_eq!(advice(&bounded), []);
}
