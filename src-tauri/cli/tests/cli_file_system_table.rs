//! A roster of a system from a file on the command line (issue 31): the file's house-rule
//! number set with `roster house-rules --set` (shown, refused out of range, followed by the
//! odds and carried by export), and one table round: initiative the file declares, a secret
//! roll against a target, a tracker adjusted and undone.

use crate::common;

use common::Sandbox;

const ROSTER: &str = "Heroes";
const NAME: &str = "Crypt";
/// A check that only a critical passes (DC 40 is past d20 + 0): its odds are the crit range's.
const CRIT_ONLY: &str = r#"{"system":"d20-heroes","roll":"check","dc":40}"#;

fn success(sandbox: &Sandbox, args: &[&str]) -> f64 {
    sandbox.run(args).ok().json()["success"].as_f64().unwrap()
}

fn play(sandbox: &Sandbox, action: &str, more: &[&str]) -> String {
    let mut args = vec![NAME, action];
    args.extend_from_slice(more);
    encounter(sandbox, "play", &args)
}

fn order(sandbox: &Sandbox) -> Vec<(String, String)> {
    let shown = sandbox
        .run(&["--json", "encounter", "show", "--roster", ROSTER, NAME])
        .ok()
        .json();
    shown["state"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["id"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `rollbook encounter SUB --roster ROSTER ARGS…`, which succeeds; what it printed.
fn encounter(sandbox: &Sandbox, sub: &str, args: &[&str]) -> String {
    let mut all = vec!["encounter", sub, "--roster", ROSTER];
    all.extend_from_slice(args);
    sandbox.run(&all).ok().stdout
}

/// A sandbox with the d20-heroes roster ROSTER and its empty encounter `name`.
fn d20_encounter(name: &str) -> Sandbox {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["roster", "create", ROSTER, "--system", "d20-heroes"])
        .ok();
    encounter(&sandbox, "new", &[name]);
    sandbox
}

#[test]
fn a_file_systems_house_number_is_set_shown_refused_followed_and_exported() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["roster", "create", ROSTER, "--system", "d20-heroes"])
        .ok();
    let shown = sandbox
        .run(&["roster", "house-rules", "--roster", ROSTER])
        .ok()
        .stdout;
    assert!(
        shown.contains("Lowest natural roll that is a critical  20 (the file's default)"),
        "{shown}"
    );
    let at_default = success(&sandbox, &["odds", CRIT_ONLY, "--roster", ROSTER]);
    assert!((at_default - 1.0 / 20.0).abs() < 1e-12, "{at_default}");

    let saved = sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            ROSTER,
            "--set",
            "crit_range=18",
        ])
        .ok()
        .stdout;
    assert!(
        saved.contains("18 (house rule; the file's default: 20)"),
        "{saved}"
    );
    // Natural 18 to 20 now: 3 in 20, under the roster only.
    let ruled = success(&sandbox, &["odds", CRIT_ONLY, "--roster", ROSTER]);
    assert!((ruled - 3.0 / 20.0).abs() < 1e-12, "{ruled}");
    assert!((success(&sandbox, &["odds", CRIT_ONLY]) - 1.0 / 20.0).abs() < 1e-12);

    // Out of the file's range, or a name it does not declare: refused, nothing changed.
    let told = sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            ROSTER,
            "--set",
            "crit_range=12",
        ])
        .fails(2);
    assert!(told.contains("house_rules.crit_range"), "{told}");
    assert!(told.contains("15 to 20"), "{told}");
    let told = sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            ROSTER,
            "--set",
            "crit=19",
        ])
        .fails(2);
    assert!(told.contains("declares no house rule `crit`"), "{told}");
    let json = sandbox
        .run(&["--json", "roster", "house-rules", "--roster", ROSTER])
        .ok()
        .json();
    assert_eq!(json["house_rules"]["crit_range"], 18);

    // Exported beside the five's numbers, and read back on a fresh database.
    let out = sandbox.path("heroes.json");
    sandbox
        .run(&["export", "--out", &out.display().to_string()])
        .ok();
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        file["rosters"][0]["house_rules"],
        serde_json::json!({"crit_range": 18})
    );
    let fresh = Sandbox::new();
    fresh.run(&["import", &out.display().to_string()]).ok();
    let again = success(&fresh, &["odds", CRIT_ONLY, "--roster", ROSTER]);
    assert_eq!(again, ruled);

    // Set back to the default, it is left out again.
    sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            ROSTER,
            "--set",
            "crit_range=20",
        ])
        .ok();
    let json = sandbox
        .run(&["--json", "roster", "house-rules", "--roster", ROSTER])
        .ok()
        .json();
    assert!(json["house_rules"].get("crit_range").is_none(), "{json}");
}

#[test]
fn a_table_round_of_a_file_system() {
    let sandbox = d20_encounter(NAME);
    for (label, numbers) in [
        ("Quick", r#"{"dexterity":20,"hp":8}"#),
        ("Slow", r#"{"dexterity":1,"hp":8}"#),
    ] {
        encounter(
            &sandbox,
            "add",
            &[NAME, "--npcs", "1", "--label", label, "--numbers", numbers],
        );
    }

    // Initiative: every participant rolls the file's kind; highest first.
    let said = play(
        &sandbox,
        r#"{"system":"file","move":"initiative"}"#,
        &["--seed", "3"],
    );
    assert!(said.contains("Initiative: "), "{said}");
    let log = sandbox.run(&["log", "--format", "json"]).ok().json();
    let rolls = log["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 2);
    let total_of = |id: &str| {
        rolls.iter().find(|r| r["participant_id"] == id).unwrap()["result"]["total"]
            .as_i64()
            .unwrap()
    };
    let now = order(&sandbox);
    assert!(total_of(&now[0].1) >= total_of(&now[1].1), "{now:?}");
    // Dexterity 20 gives the Quick NPC a modifier of +5, filled from its numbers.
    let quick = now
        .iter()
        .find(|p| p.0.starts_with("Quick"))
        .unwrap()
        .1
        .clone();
    let row = rolls
        .iter()
        .find(|r| r["participant_id"] == quick.as_str())
        .unwrap();
    assert_eq!(row["request"]["dex"], 5);

    // A secret roll against a target: logged as the GM's.
    let check = format!(
        r#"{{"system":"file","move":"roll","participant_id":"{quick}","roll":"check","fields":{{"dc":12,"mode":"advantage"}}}}"#
    );
    let said = play(&sandbox, &check, &["--seed", "4", "--secret"]);
    assert!(said.contains("rolls Check"), "{said}");
    let log = sandbox.run(&["log", "--format", "json"]).ok().json();
    assert_eq!(log["rolls"][0]["secret"], true);
    assert_eq!(log["rolls"][0]["request"]["dc"], 12);

    // A tracker adjusted, then undone.
    let hit = format!(
        r#"{{"system":"file","move":"adjust","participant_id":"{quick}","tracker":"hp","by":-5}}"#
    );
    let said = play(&sandbox, &hit, &[]);
    assert!(said.contains("Hit points 8 → 3 of"), "{said}");
    // `encounter show` says each participant's tracker under it.
    let shown = encounter(&sandbox, "show", &[NAME]);
    let lines: Vec<&str> = shown.lines().collect();
    let at = lines.iter().position(|l| l.ends_with(&quick)).unwrap();
    assert!(
        lines[at + 1].starts_with("     Hit points 3 of "),
        "{shown}"
    );
    encounter(&sandbox, "undo", &[NAME]);
    let shown = sandbox
        .run(&["--json", "encounter", "show", "--roster", ROSTER, NAME])
        .ok()
        .json();
    let hp = &shown["state"]["system_state"]["parts"][quick.as_str()]["trackers"]["hp"];
    assert_eq!(hp["value"], 8, "{shown}");
}

#[test]
fn the_tables_trackers_are_saved_to_the_sheets_from_the_command_line() {
    // A character of the roster: a quick NPC kept as one.
    let sandbox = d20_encounter("Bestiary");
    encounter(
        &sandbox,
        "add",
        &[
            "Bestiary",
            "--npcs",
            "1",
            "--label",
            "Ghoul",
            "--numbers",
            r#"{"hp":7}"#,
        ],
    );
    encounter(&sandbox, "keep", &["Bestiary", "Ghoul 1"]);
    let hp_on_sheet = || {
        let shown = sandbox
            .run(&["--json", "character", "show", "Ghoul", "--roster", ROSTER])
            .ok()
            .json();
        shown["sheet"]["hp"].as_i64().unwrap()
    };
    assert_eq!(hp_on_sheet(), 7);

    encounter(&sandbox, "new", &[NAME]);
    encounter(
        &sandbox,
        "add",
        &[NAME, "--character", "Ghoul", "--npcs", "1"],
    );
    // Nothing changed at the table yet: no sheet to write.
    let said = encounter(&sandbox, "save-to-sheets", &[NAME]);
    assert!(said.starts_with("No sheet changed"), "{said}");

    let ghoul = order(&sandbox)
        .into_iter()
        .find(|p| p.0 == "Ghoul")
        .unwrap()
        .1;
    let hit = format!(
        r#"{{"system":"file","move":"adjust","participant_id":"{ghoul}","tracker":"hp","by":-4}}"#
    );
    play(&sandbox, &hit, &[]);
    assert_eq!(hp_on_sheet(), 7, "the table alone changes no sheet");
    let said = encounter(&sandbox, "save-to-sheets", &[NAME]);
    assert_eq!(said, "Saved to 1 sheet: Ghoul\n");
    assert_eq!(hp_on_sheet(), 3);
    // --json: the characters whose sheet changed, as stored.
    let json = sandbox
        .run(&[
            "--json",
            "encounter",
            "save-to-sheets",
            "--roster",
            ROSTER,
            NAME,
        ])
        .ok()
        .json();
    assert_eq!(json, serde_json::json!([]));
}
