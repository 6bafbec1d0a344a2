//! `rollbook system check FILE`: a good file's summary (text and JSON) and its advice, a bad
//! one's problems at their lines with a caret under each column (exit 2), a file past 1 MiB
//! refused.

use crate::common;

use std::path::PathBuf;

use common::Sandbox;

fn shipped(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../systems")
        .join(name)
        .display()
        .to_string()
}

/// Exit 2, nothing on stdout, the problems on stderr (as `FILE:LINE:COLUMN: …`, not
/// `rollbook: …`: editors jump to them).
fn refused(run: common::Run) -> String {
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    run.stderr
}

#[test]
fn a_good_file_is_summed_up() {
    let sandbox = Sandbox::new();
    let file = shipped("d20-heroes.toml");
    let ok = sandbox.run_bare(&["system", "check", &file]).ok();
    assert_eq!(
        ok.stdout,
        "d20-heroes D20 Heroes (version 1): 4 sheet fields, 2 derived, 1 house numbers, 3 rolls (check, save, initiative)\n"
    );
    let json = sandbox
        .run_bare(&["system", "check", &shipped("six-pool.toml"), "--json"])
        .ok();
    let summary: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(summary["id"], "six-pool");
    assert_eq!(summary["sheet_fields"], 4);
    assert_eq!(summary["rolls"], serde_json::json!(["roll", "push"]));
    assert_eq!(summary["advice"], serde_json::json!([]));
}

#[test]
fn advice_is_told_at_its_line_after_the_summary_and_the_file_is_added_all_the_same() {
    let sandbox = Sandbox::new();
    let path = sandbox.path("crits.toml");
    std::fs::write(
        &path,
        "format = 1\nid = \"crits\"\nversion = 1\nname = \"Crits\"\n[rolls.attack]\nvalue = \"d20\"\noutcomes = [\n  { name = \"critical\", when = \"@value = 20\", success = true },\n  { name = \"hit\", band = \"11+\", success = true },\n  { name = \"miss\" },\n]\n",
    )
    .unwrap();
    let shown = path.display().to_string();
    let ok = sandbox.run_bare(&["system", "check", &shown]).ok();
    let lines: Vec<&str> = ok.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "crits Crits (version 1): 0 sheet fields, 0 derived, 0 house numbers, 1 rolls (attack)"
    );
    assert_eq!(
        lines[1],
        format!(
            "{shown}:8:12: advice: luck reads the outcomes of [rolls.attack] worst to best as \
             `miss`, `critical`, `hit`: the failing ones first, each group as written, so \
             `critical` ranks below `hit`. If an outcome tried earlier is the better one, as a \
             critical is, say how they rank: ranked = [\"miss\", \"hit\", \"critical\"]"
        )
    );
    // The line around the column, the caret under the outcome's name.
    let caret = lines[3].find('^').unwrap();
    assert!(
        lines[2][caret..].starts_with("\"critical\""),
        "{}",
        ok.stdout
    );
    assert_eq!(lines.len(), 4, "{}", ok.stdout);
    let json = sandbox
        .run_bare(&["system", "check", &shown, "--json"])
        .ok();
    let summary: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(summary["advice"][0]["line"], 8);
    assert_eq!(summary["advice"][0]["column"], 12);
    // Added all the same, the advice told again.
    let added = sandbox.run(&["system", "add", &shown]).ok();
    assert!(
        added.stdout.starts_with("crits Crits (version 1) added."),
        "{}",
        added.stdout
    );
    assert!(
        added
            .stdout
            .contains(&format!("{shown}:8:12: advice: luck reads")),
        "{}",
        added.stdout
    );
    let json = sandbox.run(&["system", "add", &shown, "--json"]).ok();
    let added: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(added["added"], false, "the same text again");
    assert_eq!(added["advice"][0]["line"], 8);
}

#[test]
fn a_bad_file_tells_every_problem_at_its_line_with_a_caret() {
    let sandbox = Sandbox::new();
    let path =
        std::env::temp_dir().join(format!("rollbook-bad-system-{}.toml", std::process::id()));
    std::fs::write(
        &path,
        "format = 1\nid = \"x\"\nversion = 1\nname = \"X\"\n[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\nlable = \"M\"\n[rolls.hit]\nvalue = \"d20 + @mgiht\"\n",
    )
    .unwrap();
    let shown = path.display().to_string();
    let told = refused(sandbox.run_bare(&["system", "check", &shown]));
    let lines: Vec<&str> = told.lines().collect();
    assert_eq!(
        lines[0],
        format!("{shown}:9:1: unknown key `lable` in [sheet.might]; did you mean `label`?")
    );
    assert_eq!(lines[1], "  lable = \"M\"");
    assert_eq!(lines[2], "  ^");
    assert!(
        lines[3].starts_with(&format!(
            "{shown}:11:16: `value` of [rolls.hit]: @mgiht is not known here; did you mean @might?"
        )),
        "{told}"
    );
    assert_eq!(lines[4], "  value = \"d20 + @mgiht\"");
    assert_eq!(lines[5], "                 ^");
    let json = sandbox.run_bare(&["system", "check", &shown, "--json"]);
    assert_eq!(json.code, 2);
    let error: serde_json::Value = serde_json::from_str(json.stderr.trim()).unwrap();
    assert_eq!(error["error"]["code"], "invalid_system_file");
    assert_eq!(error["error"]["problems"][1]["line"], 11);
    assert_eq!(error["error"]["problems"][1]["column"], 16);
    // Past 1 MiB: refused from its size alone.
    std::fs::write(&path, format!("format = 1\n#{}\n", "x".repeat(1 << 20))).unwrap();
    let told = refused(sandbox.run_bare(&["system", "check", &shown]));
    assert!(
        told.starts_with(&format!("{shown}:1:1: the file is past the limit")),
        "{told}"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_system_file_is_added_answered_shown_and_removed() {
    let sandbox = Sandbox::new();
    let file = sandbox.path("bands.toml");
    let text = std::fs::read_to_string(shipped("examples/three-bands.toml"))
        .unwrap()
        .replace("id = \"three-bands\"", "id = \"my-bands\"");
    std::fs::write(&file, &text).unwrap();
    let file = file.display().to_string();
    let request = r#"{"system":"my-bands","roll":"move"}"#;
    // Unknown until added: the database is read for it, and it is not there.
    assert!(sandbox
        .run(&["odds", request])
        .fails(2)
        .contains("\"my-bands\" is not a system Rollbook knows"));

    let added = sandbox.run(&["system", "add", &file]).ok();
    assert!(added.stdout.starts_with("my-bands "), "{}", added.stdout);
    let again = sandbox.run(&["--json", "system", "add", &file]).ok().json();
    assert_eq!(again["added"], false);
    // A later process knows it from the database: the odds as a shipped system's.
    let odds = sandbox.run(&["odds", request]).ok().json();
    let shipped_odds = sandbox
        .run_bare(&[
            "odds",
            r#"{"system":"two-dice-moves","roll":"move","stat":0}"#,
        ])
        .ok()
        .json();
    assert_eq!(odds["success"], shipped_odds["success"]);
    // The catalog lists it beside the shipped files, its fields with it (not only the window's).
    let kinds = sandbox.run(&["kinds"]).ok().json();
    let files: Vec<&str> = kinds["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    assert!(files.contains(&"my-bands"), "{files:?}");
    let bare = sandbox.run_bare(&["kinds"]).ok().json();
    assert_eq!(
        bare["files"].as_array().unwrap().len() + 1,
        files.len(),
        "without the database, the shipped files alone"
    );
    let listed = sandbox.run(&["--json", "system", "list"]).ok().json();
    assert_eq!(listed[0]["id"], "my-bands");
    assert_eq!(listed[0]["rosters"], 0);
    let source = sandbox
        .run(&["system", "show", "my-bands", "--source"])
        .ok();
    assert_eq!(source.stdout, text);

    // A bad file is told as `check` tells it, and nothing is kept.
    let bad = sandbox.path("bad.toml");
    std::fs::write(&bad, text.replace("version = 1", "version = 2\nlable = 3")).unwrap();
    let told = refused(sandbox.run(&["system", "add", &bad.display().to_string()]));
    assert!(told.contains("unknown key `lable`"), "{told}");
    let listed = sandbox.run(&["--json", "system", "list"]).ok().json();
    assert_eq!(listed.as_array().unwrap().len(), 1);

    let removed = sandbox.run(&["system", "remove", "my-bands"]).ok();
    assert_eq!(removed.stdout, "Removed my-bands (version 1).\n");
    assert!(sandbox
        .run(&["system", "remove", "my-bands"])
        .fails(2)
        .contains("no system file \"my-bands\""));
}

#[test]
fn a_roster_of_an_added_system_goes_to_a_fresh_database_with_its_system() {
    let sandbox = Sandbox::new();
    let file = sandbox.path("bands.toml");
    let text = std::fs::read_to_string(shipped("examples/three-bands.toml"))
        .unwrap()
        .replace("id = \"three-bands\"", "id = \"carried-bands\"");
    std::fs::write(&file, &text).unwrap();
    sandbox
        .run(&["system", "add", &file.display().to_string()])
        .ok();
    let created = sandbox
        .run(&["roster", "create", "Moves", "--system", "carried-bands"])
        .ok();
    assert!(
        created.stdout.contains("(carried-bands)"),
        "{}",
        created.stdout
    );
    let refused = sandbox
        .run(&["roster", "create", "X", "--system", "no-such-game"])
        .fails(2);
    assert!(
        refused.contains(
            "is not a system Rollbook knows; expected one of stunt, genre, universe, marks, d12, \
             or a system from a file: d20-heroes,"
        ),
        "{refused}"
    );
    assert!(
        refused.contains(", carried-bands"),
        "the added one too: {refused}"
    );
    let near = sandbox
        .run(&["roster", "create", "X", "--system", "carried-band"])
        .fails(2);
    assert!(near.contains("did you mean \"carried-bands\"?"), "{near}");
    let out = sandbox.path("moves.json");
    sandbox
        .run(&["export", "--out", &out.display().to_string()])
        .ok();

    // Another machine: a fresh database in a fresh process that never saw the system.
    let fresh = Sandbox::new();
    fresh.run(&["import", &out.display().to_string()]).ok();
    let listed = fresh.run(&["--json", "system", "list"]).ok().json();
    assert_eq!(listed[0]["id"], "carried-bands");
    assert_eq!(listed[0]["rosters"], 1);
    let source = fresh
        .run(&["system", "show", "carried-bands", "--source"])
        .ok();
    assert_eq!(source.stdout, text);
    let rosters = fresh.run(&["--json", "roster", "list"]).ok().json();
    assert_eq!(rosters[0]["system"], "carried-bands");
    let odds = fresh
        .run(&["odds", r#"{"system":"carried-bands","roll":"move"}"#])
        .ok()
        .json();
    assert!(odds["success"].as_f64().unwrap() > 0.5);
}

#[test]
fn a_file_declaring_many_names_is_told_in_a_line_and_listed_whole_in_json() {
    let sandbox = Sandbox::new();
    let file = sandbox.path("many.toml");
    let mut text = "format = 1\nid = \"many-stats\"\nversion = 1\nname = \"Many\"\n".to_string();
    for n in 0..30 {
        text += &format!("\n[sheet.stat_{n}]\ntype = \"number\"\nmin = 0\nmax = 5\n");
    }
    text += "\n[rolls.go]\nvalue = \"d6 + @stat_0\"\ntarget = \"4\"\n";
    std::fs::write(&file, &text).unwrap();
    let file = file.display().to_string();
    let added = sandbox.run(&["system", "add", &file]).ok().stdout;
    let sheet = added.lines().find(|l| l.starts_with("Sheet")).unwrap();
    assert!(
        sheet.contains("Stat 23 (number), and 6 more (--json lists them all)"),
        "{sheet}"
    );
    assert!(!sheet.contains("Stat 24"), "{sheet}");
    let shown = sandbox
        .run(&["--json", "system", "show", "many-stats"])
        .ok()
        .json();
    let listed = shown["declares"]["sheet"].as_array().unwrap().len();
    assert_eq!(listed, 30, "{shown}");
}
