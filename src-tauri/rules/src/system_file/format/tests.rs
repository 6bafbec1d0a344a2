//! Each check of the file with the line and column it points at.

use super::{read, FileProblem, MAX_DECLARATIONS, MAX_FILE_BYTES};

pub(super) const HEAD: &str = "format = 1\nid = \"test-game\"\nversion = 1\nname = \"Test\"\n";

/// The problems of `body` after a good head.
pub(super) fn problems(body: &str) -> (String, Vec<FileProblem>) {
    let text = format!("{HEAD}{body}");
    let found = read(&text).expect_err("the file should be refused");
    (text, found)
}

/// The line and column of the `nth` (0-based) occurrence of `needle` in `text`.
pub(super) fn pos(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let (offset, _) = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle} not in the text"));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, column)
}

/// Asserts one problem at `needle` (its `nth` occurrence) whose message holds `words`.
pub(super) fn told_at(body: &str, needle: &str, nth: usize, words: &str) {
    let (text, found) = problems(body);
    let (line, column) = pos(&text, needle, nth);
    assert!(
        found
            .iter()
            .any(|p| p.line == line && p.column == column && p.message.contains(words)),
        "expected `{words}` at {line}:{column}, found {found:#?}"
    );
}

#[test]
fn a_good_file_reads() {
    let file = read(&format!(
        "{HEAD}[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\n[rolls.hit]\nvalue = \"d6 + @might\"\ntarget = \"4\"\n"
    ))
    .unwrap();
    assert_eq!(file.id, "test-game");
    assert_eq!(file.rolls[0].id, "hit");
    assert_eq!(file.sheet[0].name, "might");
}

#[test]
fn unknown_keys_name_the_nearest_known_key() {
    told_at("summery = \"x\"\n", "summery", 0, "did you mean `summary`?");
    told_at(
        "[sheet.hp]\ntype = \"tracker\"\nmax = 5\nlable = \"HP\"\n",
        "lable",
        0,
        "did you mean `label`?",
    );
    told_at(
        "[rolls.r]\nvalue = \"d6\"\n[rolls.r.fields.n]\nmni = 1\nmin = 0\nmax = 3\n",
        "mni",
        0,
        "did you mean `min`?",
    );
}

#[test]
fn a_near_name_is_suggested_only_for_a_slip_never_for_a_long_word() {
    let known = ["summary", "d12", "file-genre"];
    assert_eq!(super::nearest_name("sumary", &known), Some("summary"));
    assert_eq!(super::nearest_name("file-genr", &known), Some("file-genre"));
    // Past the distance a slip may be, by length alone: none, and at once (a 15 MB name was
    // compared letter by letter with each, for minutes).
    assert_eq!(super::nearest_name("summaryxyzw", &known), None);
    assert_eq!(super::nearest_name(&"x".repeat(15_000_000), &known), None);
}

#[test]
fn wrong_types_are_told_at_the_value() {
    let (text, found) = problems("[sheet.might]\ntype = \"number\"\nmin = \"0\"\nmax = 5\n");
    let (line, column) = pos(&text, "\"0\"", 0);
    assert_eq!((found[0].line, found[0].column), (line, column));
    assert!(found[0]
        .message
        .contains("must be a whole number, not a string"));
    let text = "format = 1\nid = \"x\"\nversion = \"1\"\nname = \"X\"\n";
    let found = read(text).unwrap_err();
    assert_eq!((found[0].line, found[0].column), (3, 11), "{found:?}");
}

#[test]
fn names_and_ids_are_checked() {
    told_at(
        "[sheet.\"Hit Points\"]\ntype = \"check\"\n",
        "\"Hit Points\"",
        0,
        "try `hit_points`",
    );
    let text = "format = 1\nid = \"My Game\"\nversion = 1\nname = \"X\"\n";
    let found = read(text).unwrap_err();
    assert_eq!((found[0].line, found[0].column), (2, 6));
    assert!(found[0].message.contains("system id"));
    let long = format!(
        "format = 1\nid = \"{}\"\nversion = 1\nname = \"X\"\n",
        "a".repeat(41)
    );
    assert!(read(&long).unwrap_err()[0].message.contains("at most 40"));
}

#[test]
fn duplicates_are_refused() {
    // A key written twice is TOML's own refusal, at the second.
    let (text, found) = problems("[sheet.a]\ntype = \"check\"\n[sheet.a]\ntype = \"check\"\n");
    assert_eq!(found[0].line, pos(&text, "[sheet.a]", 1).0, "{found:?}");
    told_at(
        "[sheet.c]\ntype = \"choice\"\nchoices = [\"bold\", \"calm\", \"bold\"]\n",
        "\"bold\"",
        1,
        "listed twice",
    );
    told_at(
        "[rolls.r]\nvalue = \"d6\"\noutcomes = [{ name = \"hit\", band = \"4+\" }, { name = \"hit\" }]\n",
        "\"hit\"",
        1,
        "named twice",
    );
}

#[test]
fn reversed_ranges_and_defaults_outside_them() {
    told_at(
        "[sheet.a]\ntype = \"number\"\nmin = 5\nmax = 1\n",
        "1\n",
        2,
        "reversed",
    );
    told_at(
        "[sheet.a]\ntype = \"number\"\nmin = 0\nmax = 3\ndefault = 4\n",
        "4",
        0,
        "outside its range 0 to 3",
    );
    told_at(
        "[house_rules.cap]\nmin = 0\nmax = 3\ndefault = -1\n",
        "-1",
        0,
        "outside its range",
    );
    told_at(
        "[rolls.r]\nvalue = \"d6\"\noutcomes = [{ name = \"a\", band = \"9-7\" }]\n",
        "\"9-7\"",
        0,
        "reversed",
    );
}

#[test]
fn a_budget_no_sheet_can_meet_is_refused() {
    told_at(
        "[sheet.skills]\ntype = \"ratings\"\nmin = 1\nmax = 5\nmin_count = 4\nbudget = 3\n",
        "3\n",
        0,
        "no sheet can meet the budget 3",
    );
}

#[test]
fn a_choice_default_must_be_a_choice() {
    told_at(
        "[sheet.c]\ntype = \"choice\"\nchoices = [\"bold\", \"calm\"]\ndefault = \"brave\"\n",
        "\"brave\"",
        0,
        "not among its choices",
    );
    told_at(
        "[rolls.r]\nvalue = \"d6\"\n[rolls.r.fields.m]\ntype = \"choice\"\noptions = { a = 1 }\ndefault = \"b\"\n",
        "\"b\"",
        0,
        "not among its options",
    );
}

#[test]
fn expression_problems_point_inside_the_string() {
    // `4d6k3`: the notation's column 4 is the k.
    told_at("[rolls.r]\nvalue = \"4d6k3\"\n", "k3", 0, "kh");
    told_at(
        "[rolls.r]\nvalue = \"d20 + @mdo\"\n[rolls.r.fields.mod]\nmin = 0\nmax = 5\n",
        "@mdo",
        0,
        "did you mean @mod?",
    );
}

#[test]
fn a_name_in_two_namespaces_is_a_clash() {
    told_at(
        "[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\n[rolls.r]\nvalue = \"d6 + @might\"\n[rolls.r.fields.might]\nmin = 0\nmax = 5\n",
        "might]",
        1,
        "clashes with `might`, a sheet value on line 5",
    );
    told_at(
        "[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\n[derived]\nmight = \"1\"\n",
        "might =",
        0,
        "clashes",
    );
}

#[test]
fn dice_are_refused_where_only_arithmetic_is() {
    told_at("[derived]\nbonus = \"1 + d6\"\n", "d6", 0, "no dice here");
    told_at(
        "[sheet.hp]\ntype = \"tracker\"\nmax = \"2d6\"\n",
        "2d6",
        0,
        "no dice here",
    );
    told_at(
        "[rolls.r]\nvalue = \"d20\"\ntarget = \"d6\"\n",
        "d6",
        0,
        "no dice here",
    );
    told_at(
        "[rolls.r]\nvalue = \"@n\"\noutcomes = [{ name = \"a\", when = \"@n > d6\" }, { name = \"b\" }]\n[rolls.r.let]\nn = \"d6\"\n",
        "d6\"", 0,
        "no dice here",
    );
    // In a roll with lets, the way on is a let: never "or the roll's `value`", which this is.
    told_at(
        "[rolls.r]\nvalue = \"@n + d4\"\n[rolls.r.let]\nn = \"d6\"\n",
        "d4",
        0,
        "no dice here (this roll has lets: roll every die in a `let` and read it here by name)",
    );
}

#[test]
fn a_derived_cycle_is_named_with_its_path() {
    let (text, found) = problems("[derived]\na = \"@b + 1\"\nb = \"@c\"\nc = \"@a * 2\"\n");
    let cycle = found
        .iter()
        .find(|p| p.message.contains("circle"))
        .expect("a circle");
    assert!(
        cycle.message.contains("a -> b -> c -> a"),
        "{}",
        cycle.message
    );
    assert_eq!((cycle.line, cycle.column), pos(&text, "a =", 0));
}

#[test]
fn a_roll_past_the_work_bound_is_refused_at_its_largest_counts() {
    let body =
        "[rolls.r]\nvalue = \"(@n)d100 * (@n)d100\"\n[rolls.r.fields.n]\nmin = 1\nmax = 100\n";
    let (text, found) = problems(body);
    let (line, column) = pos(&text, "(@n)d100 *", 0);
    assert!(
        found
            .iter()
            .any(|p| p.line == line && p.column >= column && p.message.contains("@n = 100")),
        "{found:#?}"
    );
    // The same roll with a small range is fine: the bound is the notation's, at the extremes.
    assert!(read(&format!("{HEAD}{}", body.replace("max = 100", "max = 2"))).is_ok());
}

#[test]
fn every_problem_is_told_at_once() {
    let (_, found) = problems(
        "nmae = \"x\"\n[sheet.a]\ntype = \"number\"\nmin = 5\nmax = 1\n[derived]\nb = \"d6\"\n[rolls.r]\nvalue = \"@zz\"\n",
    );
    assert_eq!(found.len(), 4, "{found:#?}");
    assert!(found
        .windows(2)
        .all(|w| (w[0].line, w[0].column) <= (w[1].line, w[1].column)));
}

#[test]
fn other_formats_are_refused_saying_which_this_build_reads() {
    let found = read("format = 2\nid = \"x\"\nbogus = 1\n").unwrap_err();
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].line, found[0].column), (1, 10));
    assert!(found[0].message.contains("reads format 1"));
    assert!(read("id = \"x\"\n").unwrap_err()[0]
        .message
        .contains("format = 1"));
}

#[test]
fn syntax_errors_are_placed() {
    let found = read("format = 1\nid = \"x\nversion = 1\n").unwrap_err();
    assert!(found[0].line == 2, "{found:?}");
    assert!(found[0].message.starts_with("not valid TOML"));
}

#[test]
fn a_file_past_one_mib_is_refused_at_once() {
    let text = format!("{HEAD}# {}\n", "x".repeat(MAX_FILE_BYTES));
    // "At once": the size alone is the one problem, at 1:1, so nothing of the text was parsed
    // (a parse would have placed its problems further in). Not timed: a timed test fails on a
    // busy machine.
    let found = read(&text[..MAX_FILE_BYTES + 1]).unwrap_err();
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].line, found[0].column), (1, 1));
    assert!(found[0].message.contains("1 MiB"));
    // Exactly the limit is read (it is a comment: the file is the head alone).
    assert!(read(&text[..MAX_FILE_BYTES]).is_ok());
}

#[test]
fn more_than_ten_thousand_declarations_are_refused_before_the_rest_is_checked() {
    let mut body = String::from("[derived]\n");
    for i in 0..=MAX_DECLARATIONS {
        body.push_str(&format!("v{i} = \"@nope\"\n"));
    }
    let (text, found) = problems(&body);
    assert_eq!(found.len(), 1, "{:?}", &found[..3.min(found.len())]);
    assert_eq!(
        (found[0].line, found[0].column),
        pos(&text, &format!("v{MAX_DECLARATIONS} ="), 0)
    );
    body.truncate(body.rfind("v10000").unwrap());
    assert!(
        problems(&body).1.len() > 1,
        "at the limit the rest is checked"
    );
}

#[test]
fn an_unknown_key_does_not_hide_the_declaration_around_it() {
    let (_, found) = problems(
        "[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\nlable = \"M\"\n[rolls.r]\nvalue = \"d6 + @might\"\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].message.contains("did you mean `label`?"));
}

#[test]
fn a_field_from_the_opponent_names_a_number_of_the_sheet() {
    let sheet =
        "[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\n[sheet.look]\ntype = \"text\"\n";
    let roll = "[rolls.c]\nvalue = \"d6 + @theirs\"\n[rolls.c.fields.theirs]\nmin = 0\nmax = 5\n";
    let file = read(&format!("{HEAD}{sheet}{roll}from_opponent = \"might\"\n")).unwrap();
    assert_eq!(
        file.rolls[0].fields[0].from_opponent.as_deref(),
        Some("might")
    );
    assert_eq!(file.rolls[0].fields[0].from_sheet, None);
    told_at(
        &format!("{sheet}{roll}from_opponent = \"mihgt\"\n"),
        "\"mihgt\"",
        0,
        "`from_opponent` of [rolls.c.fields.theirs] names `mihgt`, which is neither on the sheet nor derived; did you mean `might`?",
    );
    told_at(
        &format!("{sheet}{roll}from_opponent = \"look\"\n"),
        "\"look\"",
        0,
        "a sheet field that is not a number",
    );
}

#[test]
fn a_name_declared_with_a_problem_is_told_once_not_again_where_it_is_read() {
    let body = "[sheet.cool]\ntype = \"number\"\nmin = 4\nmax = 3\n\
                [sheet.harm]\ntype = \"trackr\"\nmax = \"6\"\n\
                [derived]\nedge = \"@cool + @nowhere\"\n\
                [rolls.act]\nvalue = \"2d6 + @stat + @edge\"\ntarget = \"@dc + @b\"\n\
                [rolls.act.fields.stat]\nmin = -1\nmax = 3\nfrom_sheet = \"cool\"\n\
                [rolls.act.fields.dc]\nmin = 1\nmax = 30\ndefault = 40\n\
                [rolls.act.fields.b]\nmin = 5\nmax = 1\n\
                [rolls.other]\nvalue = \"d6 + @b\"\ntarget = \"4\"\n\
                [table]\ntrackers = [\"harm\"]\n";
    let (_, found) = problems(body);
    let messages: Vec<&str> = found.iter().map(|p| p.message.as_str()).collect();
    // Each mistake once: the reversed range, the unknown type, the unknown @nowhere, the
    // default past its range, the reversed field; and `@b` in another roll is unknown there.
    assert_eq!(messages.len(), 6, "{messages:#?}");
    let unknown: Vec<&str> = messages
        .iter()
        .filter(|m| m.contains("not known here"))
        .copied()
        .collect();
    assert_eq!(unknown.len(), 2, "{unknown:#?}");
    assert!(unknown[0].starts_with("derived `edge`: @nowhere is not known here"));
    assert!(unknown[1].starts_with("`value` of [rolls.other]: @b is not known here"));
    assert!(
        messages
            .iter()
            .all(|m| !m.contains("neither on the sheet") && !m.contains("is not on the sheet")),
        "{messages:#?}"
    );
}

#[test]
fn an_empty_file_is_told_every_key_it_needs_at_once() {
    let found = read("").unwrap_err();
    let messages: Vec<&str> = found.iter().map(|p| p.message.as_str()).collect();
    assert!(
        messages[0].starts_with("the file needs `format = 1` at its top"),
        "{messages:#?}"
    );
    for key in ["`id`", "`version`", "`name`"] {
        assert!(
            messages.iter().any(|m| m.contains(key)),
            "{key} not told: {messages:#?}"
        );
    }
    // Another format is read no further: its keys may mean other things.
    let other = read("format = 2\n").unwrap_err();
    assert_eq!(other.len(), 1, "{other:#?}");
}
