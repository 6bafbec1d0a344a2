//! The system files the fuzzing of the reader (scripts/fuzz.sh system_file) found, or that were
//! written by hand to go where its inputs of at most 8 KiB cannot, past its one second: each
//! answered now, exactly. Their time is the fuzz run's and the bench's to check, not a test's
//! (a timed assertion fails on a busy machine); each is here so that what made it slow cannot
//! come back unnoticed in what it answers.

use std::sync::Arc;

use super::{read, FileProblem, FileRequest};

const HEAD: &str = "format = 1\nid = \"big\"\nversion = 1\nname = \"Big\"\n";

/// The problems of a file that must be refused.
fn problems(text: &str) -> Vec<FileProblem> {
    match read(text) {
        Ok(_) => panic!("read a file that has problems"),
        Err(problems) => problems,
    }
}

/// `items` quoted names `{prefix}0` … joined as a TOML list's items.
fn names(prefix: &str, items: usize) -> String {
    (0..items)
        .map(|i| format!("\"{prefix}{i}\""))
        .collect::<Vec<_>>()
        .join(",")
}

/// A roll of `lets` lets, each the one before plus 1, from a d2: `@l{lets}` is d2 + `lets`.
fn chained_lets(lets: usize) -> String {
    let mut text = String::from("format = 1\nid = \"chain\"\nversion = 1\nname = \"Chain\"\n");
    text.push_str(&format!(
        "[rolls.r]\nvalue = \"@l{lets}\"\n[rolls.r.let]\nl0 = \"d2\"\n"
    ));
    for i in 1..=lets {
        text.push_str(&format!("l{i} = \"@l{} + 1\"\n", i - 1));
    }
    text
}

/// 9,000 lets read one after another (a 187 KB file, accepted): making the roll ready searched
/// every earlier let's name for each let, and the frontier filtered every slot read later for
/// each, both quadratic: 4 s to validate and 4 s more for the odds (the fuzz build's time),
/// on every request and every roll of the kind. Each is now a lookup.
#[test]
fn thousands_of_chained_lets_are_answered_exactly() {
    let lets = 9_000;
    let file = Arc::new(read(&chained_lets(lets)).expect("the chain reads"));
    let request = FileRequest::new(file, "r", Default::default()).unwrap();
    request.validate().unwrap();
    let odds = request.odds().unwrap();
    // By hand: each face of the d2 carried through the chain, one added per let.
    let expected: Vec<(String, f64)> = (1..=2)
        .map(|face| ((face + lets).to_string(), 0.5))
        .collect();
    let got: Vec<(String, f64)> = odds.outcomes.iter().map(|(k, p)| (k.clone(), *p)).collect();
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for ((k, p), (ek, ep)) in got.iter().zip(&expected) {
        assert_eq!(k, ek);
        assert!((p - ep).abs() < 1e-12, "{k}: {p}");
    }
}

/// 110,000 choices of one sheet choice (989 KB): each was compared with every choice before it
/// (270 s in the fuzz build). Read now, and a choice listed twice is still told, at itself.
#[test]
fn a_hundred_thousand_choices_read_and_a_repeat_is_told() {
    let choices = names("c", 110_000);
    let text = format!("{HEAD}[sheet.c]\ntype = \"choice\"\nchoices = [{choices}]\n");
    let file = read(&text).expect("distinct choices read");
    assert_eq!(file.sheet.len(), 1);
    let repeated = format!("{HEAD}[sheet.c]\ntype = \"choice\"\nchoices = [{choices},\"c7\"]\n");
    let found = problems(&repeated);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].message.contains("`c7` is listed twice"),
        "{}",
        found[0]
    );
    assert_eq!(
        found[0].column,
        choices.chars().count() + 13,
        "{}",
        found[0]
    );
}

/// 110,000 suggested ratings: each was searched for among those before it.
#[test]
fn a_hundred_thousand_suggested_ratings_read_and_a_repeat_is_told() {
    let suggested = names("s", 110_000);
    let sheet = "[sheet.k]\ntype = \"ratings\"\nmin = 0\nmax = 5\n";
    assert!(read(&format!("{HEAD}{sheet}suggested = [{suggested}]\n")).is_ok());
    let found = problems(&format!("{HEAD}{sheet}suggested = [{suggested},\"s9\"]\n"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].message.contains("`s9` is suggested twice"),
        "{}",
        found[0]
    );
}

/// `[table] trackers` naming 90,000 times trackers among 5,000: each name was searched for in
/// the whole sheet (6.4 s in the fuzz build, 1.3 s in the release command line).
#[test]
fn ninety_thousand_tracker_names_read() {
    let mut text = HEAD.to_string();
    for i in 0..5_000 {
        text.push_str(&format!("[sheet.t{i}]\ntype = \"tracker\"\nmax = 5\n"));
    }
    let listed: Vec<String> = (0..90_000)
        .map(|i| format!("\"t{}\"", 4_999 - i % 5_000))
        .collect();
    text.push_str(&format!("[table]\ntrackers = [{}]\n", listed.join(",")));
    let file = read(&text).expect("trackers of the sheet read");
    assert_eq!(file.table.trackers.len(), 90_000);
    // One that is not on the sheet is still told.
    let found = problems(&text.replace("\"t0\"]", "\"t5000\"]"));
    assert!(
        found[0]
            .message
            .contains("`t5000` in `trackers` is not on the sheet"),
        "{}",
        found[0]
    );
}

/// 9,000 outcomes of one roll: each name was compared with every one before it.
#[test]
fn nine_thousand_outcomes_read_and_a_repeat_is_told() {
    let outcomes: Vec<String> = (0..9_000)
        .map(|i| format!("{{ name = \"o{i}\", when = \"@nat = {i}\" }},"))
        .collect();
    let roll = |last: &str| {
        format!(
            "{HEAD}[rolls.r]\nvalue = \"@nat\"\noutcomes = [\n{}\n{{ name = \"{last}\" }},\n]\n\
             [rolls.r.let]\nnat = \"3d100\"\n",
            outcomes.join("\n")
        )
    };
    let file = read(&roll("other")).expect("distinct outcomes read");
    let odds = FileRequest::new(Arc::new(file), "r", Default::default())
        .unwrap()
        .odds()
        .unwrap();
    // Each total of 3d100 (3 to 300) is its own outcome, the rest never come up.
    let total: f64 = odds.outcomes.values().sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    // A total of 3 is the three dice at 1: one roll in a million.
    assert!((odds.outcomes["o3"] - 1e-6).abs() < 1e-15);
    assert_eq!(odds.outcomes["other"], 0.0);
    let found = problems(&roll("o17"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .message
            .contains("`o17` of [rolls.r] is named twice"),
        "{}",
        found[0]
    );
}

/// 4,990 fields naming, each, a sheet value that is not there, beside 4,990 sheet numbers:
/// each was hinted with the nearest of every name (9 s in the release command line). The
/// first problems still are; past the hinted many, a problem is told without.
#[test]
fn thousands_of_unknown_sheet_names_are_told_hinting_the_first() {
    let mut text = HEAD.to_string();
    for i in 0..4_990 {
        text.push_str(&format!(
            "[sheet.s{i}]\ntype = \"number\"\nmin = 0\nmax = 5\n"
        ));
    }
    text.push_str("[rolls.r]\nvalue = \"d6\"\n");
    for i in 0..4_990 {
        text.push_str(&format!(
            "[rolls.r.fields.f{i}]\nmin = 0\nmax = 5\nfrom_sheet = \"s{i}x\"\n"
        ));
    }
    let found = problems(&text);
    assert_eq!(found.len(), 4_990);
    let hinted = found
        .iter()
        .filter(|p| p.message.contains("; did you mean"))
        .count();
    assert!(
        found[0].message.ends_with("did you mean `s0`?"),
        "{}",
        found[0]
    );
    assert!((100..4_990).contains(&hinted), "{hinted} hinted");
}

/// 4,990 refusals told at a field the roll does not have, beside 4,990 fields: each message
/// listed every field (10 MB of messages, half a GB held). Each lists twelve now.
#[test]
fn thousands_of_refusals_at_an_unknown_field_list_few_fields() {
    let refusals: Vec<&str> = (0..4_990)
        .map(|_| "{ when = \"1\", field = \"x\", message = \"m\" }")
        .collect();
    let mut text = format!(
        "{HEAD}[rolls.r]\nvalue = \"d6\"\nrefuse = [{}]\n",
        refusals.join(",\n")
    );
    for i in 0..4_990 {
        text.push_str(&format!("[rolls.r.fields.f{i}]\nmin = 0\nmax = 5\n"));
    }
    let found = problems(&text);
    assert_eq!(found.len(), 4_990);
    assert!(
        found[0].message.ends_with("and 4,978 more"),
        "{}",
        found[0].message
    );
    assert!(found.iter().all(|p| p.message.len() < 300));
}

/// 9,000 events read over two d20 (400 combinations, each reading every event): a batch of
/// 200 copies took 13.8 s while the estimate, counting the combinations only, was 11,200 units
/// (about 11 ms). The events read are counted now, so the batch is refused before it runs, and
/// one copy alone is still answered.
#[test]
fn thousands_of_events_count_in_the_work_of_a_batch() {
    let roll = |events: usize| {
        let mut text = format!(
            "{HEAD}[rolls.r]\nvalue = \"@a + @b\"\ntarget = \"21\"\n\
             [rolls.r.let]\na = \"d20\"\nb = \"d20\"\n[rolls.r.events]\n"
        );
        for i in 0..events {
            text.push_str(&format!("e{i} = \"@a - @b = {}\"\n", i % 40));
        }
        let file = Arc::new(read(&text).expect("the events read"));
        let request = FileRequest::new(file, "r", Default::default()).unwrap();
        request.validate().unwrap();
        crate::RollRequest::File(request)
    };
    // Without events: 16 units, and a tenth of one per combination.
    assert_eq!(roll(0).work(), 16 + 400 / 10);
    let heavy = roll(9_000);
    assert!(heavy.work() >= 400 * 9_000 / 20, "{}", heavy.work());
    let err = crate::check_work(&vec![heavy.clone(); 200]).unwrap_err();
    assert_eq!(err.code(), "too_much_work");
    crate::check_work(std::slice::from_ref(&heavy)).unwrap();
    // And it is answered exactly: the dice differ by 0 in 20 of the 400 rolls, by 39 in none.
    let odds = crate::odds(&heavy).unwrap();
    assert_eq!(odds.events.len(), 9_000);
    let event = |name: &str| odds.events[name];
    assert!((event("e0") - 20.0 / 400.0).abs() < 1e-12);
    assert!((event("e19") - 1.0 / 400.0).abs() < 1e-12);
    assert_eq!(event("e39"), 0.0);
}
