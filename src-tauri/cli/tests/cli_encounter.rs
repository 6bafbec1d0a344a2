//! `rollbook encounter`: an encounter played from the command line — participants, turns and
//! rounds, a system move with its roll in the roll log, undo, the action log; bad input exits 2
//! and changes nothing.

use crate::common;

use common::Sandbox;

const ROSTER: &str = "Neon Genre Nights";
const NAME: &str = "Rooftop Showdown";

/// A seeded sandbox with the encounter NAME, empty, in ROSTER.
fn with_encounter() -> Sandbox {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&["encounter", "new", "--roster", ROSTER, NAME])
        .ok();
    sandbox
}

fn encounter(sandbox: &Sandbox, args: &[&str]) -> common::Run {
    let mut all = vec!["encounter", args[0], "--roster", ROSTER, NAME];
    all.extend_from_slice(&args[1..]);
    sandbox.run(&all)
}

fn participant_id(sandbox: &Sandbox, name: &str) -> String {
    let shown = sandbox
        .run(&["--json", "encounter", "show", "--roster", ROSTER, NAME])
        .ok()
        .json();
    let order = shown["state"]["order"].as_array().unwrap();
    let found = order.iter().find(|p| p["name"] == name).unwrap();
    found["id"].as_str().unwrap().to_string()
}

/// Rex Valor's action roll (4 dice against 2) with the plan's Grunt (`"grunt": 0`), as a genre move.
fn grunt_action(rex: &str) -> String {
    format!(
        r#"{{"system":"genre","move":"act","participant_id":"{rex}","plan":{{"grunt":0}},
            "request":{{"system":"genre","roll":"action","dice":4,"difficulty":2}}}}"#
    )
}

#[test]
fn an_encounter_is_played_logged_and_undone() {
    let sandbox = Sandbox::seeded();
    let run = sandbox
        .run(&["encounter", "new", "--roster", ROSTER, NAME])
        .ok();
    assert!(run
        .stdout
        .starts_with(&format!("Started \"{NAME}\" in \"{ROSTER}\"")));
    let run = encounter(
        &sandbox,
        &["add", "--character", "rex valor", "--npcs", "2"],
    )
    .ok();
    assert_eq!(
        run.stdout.lines().take(2).collect::<Vec<_>>(),
        ["Added Rex Valor", "Added Goon 1, Goon 2"]
    );
    assert!(run.stdout.contains("> 1. Rex Valor"), "{}", run.stdout);

    // A Grunt +2 action roll for Rex: the sheet's pending -1 penalty and the Grunt go into the
    // request, the roll is logged under Rex, and the next actions carry -2, -1.
    let rex = participant_id(&sandbox, "Rex Valor");
    let act = grunt_action(&rex);
    let played = encounter(&sandbox, &["play", &act, "--seed", "7", "--json"])
        .ok()
        .json();
    let roll = &played["rolls"][0];
    assert_eq!(roll["character_name"], "Rex Valor");
    assert_eq!(
        roll["request"]["modifier"], -1,
        "the sheet's pending Grunt penalty"
    );
    assert_eq!(roll["seed"], 7);
    let quick = sandbox
        .run(&["roll", &roll["request"].to_string(), "--seed", "7"])
        .ok()
        .json();
    assert_eq!(roll["dice"], quick["dice"], "the same dice as a quick roll");
    let log = sandbox
        .run(&["--json", "log", "--character", "Rex Valor"])
        .ok()
        .json();
    assert_eq!(log["rolls"][0]["dice"], quick["dice"]);
    let part = &played["encounter"]["state"]["system_state"]["parts"][&rex];
    assert_eq!(
        part["state"]["trackers"]["grunt_penalties"],
        serde_json::json!([])
    );

    // Turns wrap into round 2; undo walks back.
    encounter(&sandbox, &["next"]).ok();
    encounter(&sandbox, &["next"]).ok();
    let run = encounter(&sandbox, &["next"]).ok();
    assert!(
        run.stdout.starts_with("Round 2, Rex Valor's turn"),
        "{}",
        run.stdout
    );
    let run = encounter(&sandbox, &["undo"]).ok();
    assert!(run.stdout.contains(", round 1\n"), "{}", run.stdout);
    assert!(run.stdout.contains("> 3. Goon 2"), "{}", run.stdout);

    let log = encounter(&sandbox, &["log"]).ok().stdout;
    assert!(log.contains("Rex Valor rolled:"), "{log}");
    assert!(log.contains("Round 2, Rex Valor's turn"), "{log}");
    assert!(log.lines().last().unwrap().ends_with("undone"), "{log}");
}

#[test]
fn bad_input_exits_2_and_changes_nothing() {
    let sandbox = with_encounter();
    encounter(&sandbox, &["add", "--npcs", "1"]).ok();
    let before = sandbox.db_bytes();
    let reason = encounter(&sandbox, &["add", "--character", "Sable", "--npcs", "0"]).fails(2);
    assert_eq!(
        reason,
        "rollbook: add 1 to 50 NPCs at a time, not 0; nothing was changed"
    );
    let shown = sandbox
        .run(&["--json", "encounter", "show", "--roster", ROSTER, NAME])
        .ok()
        .json();
    assert_eq!(
        shown["state"]["order"].as_array().unwrap().len(),
        1,
        "Sable was not added either"
    );
    let reason = encounter(
        &sandbox,
        &["play", r#"{"system":"d12","move":"attack_roll"}"#],
    )
    .fails(2);
    assert_eq!(
        reason,
        "rollbook: this is a genre encounter; a d12 move does not apply here; nothing was changed"
    );
    let reason = encounter(&sandbox, &["play", r#"{"system":"genre","move":"fly"}"#]).fails(2);
    assert!(reason.starts_with("rollbook: bad table action"), "{reason}");
    // A key given twice is refused by name, as in a roll request or a roster file.
    let reason = encounter(
        &sandbox,
        &["play", r#"{"action":"next_turn","action":"previous_turn"}"#],
    )
    .fails(2);
    assert!(
        reason.starts_with("rollbook: bad table action")
            && reason.contains("\"action\" appears twice"),
        "{reason}"
    );
    let reason = sandbox
        .run(&["encounter", "show", "No Such Fight", "--roster", ROSTER])
        .fails(2);
    assert_eq!(reason, "rollbook: no encounter named \"No Such Fight\"");
    // An action on stdin is read within the request limit: a runaway pipe is refused.
    let runaway = format!(
        "{}{{\"action\":\"next_turn\"}}",
        " ".repeat(16 * 1024 * 1024)
    );
    let reason = sandbox
        .run_with_stdin(
            &[
                "--db",
                sandbox.db.to_str().unwrap(),
                "encounter",
                "play",
                "--roster",
                ROSTER,
                NAME,
                "-",
            ],
            &runaway,
        )
        .fails(2);
    assert_eq!(
        reason,
        "rollbook: the request text is over the limit of 16 MiB (16,777,216 bytes); send fewer requests at a time"
    );
    assert_eq!(sandbox.db_bytes(), before, "nothing was written");
}

/// Who holds which initiative card after the same commands with the same seeds.
fn universe_evening(sandbox: &Sandbox) -> Vec<(String, String)> {
    let roster = "Black Meridian Crew";
    let run = |args: &[&str]| {
        let mut all = vec!["encounter", args[0], "--roster", roster, "Salvage Rights"];
        all.extend_from_slice(&args[1..]);
        sandbox.run(&all).ok()
    };
    sandbox
        .run(&["encounter", "new", "--roster", roster, "Salvage Rights"])
        .ok();
    run(&[
        "add",
        "--character",
        "Captain Ines Moreau",
        "--character",
        "Tobias Kell",
        "--npcs",
        "3",
        "--seed",
        "5",
    ]);
    run(&[
        "play",
        r#"{"system":"universe","move":"deal"}"#,
        "--seed",
        "6",
    ]);
    run(&["next", "--round", "--seed", "7"]);
    let shown = sandbox
        .run(&[
            "--json",
            "encounter",
            "show",
            "--roster",
            roster,
            "Salvage Rights",
        ])
        .ok()
        .json();
    let name = |id: &serde_json::Value| {
        let order = shown["state"]["order"].as_array().unwrap();
        order.iter().find(|p| &p["id"] == id).unwrap()["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let dealt = shown["state"]["system_state"]["table"]["deck"]["dealt"]
        .as_array()
        .unwrap()
        .clone();
    dealt
        .iter()
        .map(|d| (name(&d["combatant"]["id"]), d["card"].to_string()))
        .collect()
}

#[test]
fn the_same_commands_with_the_same_seeds_deal_the_same_cards() {
    let (one, two) = (Sandbox::seeded(), Sandbox::seeded());
    let first = universe_evening(&one);
    assert_eq!(first.len(), 5, "{first:?}");
    assert_eq!(first, universe_evening(&two));
}

/// `encounter play … --dice`: the faces a seeded move rolled, typed in, make the same move with
/// its roll logged by hand; too few say how many more dice are needed (exit 2, nothing written).
#[test]
fn a_move_plays_with_dice_rolled_at_the_table() {
    let sandbox = with_encounter();
    encounter(&sandbox, &["add", "--character", "rex valor"]).ok();
    let rex = participant_id(&sandbox, "Rex Valor");
    let act = grunt_action(&rex);
    let seeded = encounter(&sandbox, &["play", &act, "--seed", "7", "--json"])
        .ok()
        .json();
    encounter(&sandbox, &["undo"]).ok();
    let faces: Vec<String> = seeded["rolls"][0]["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.to_string())
        .collect();

    let err = encounter(&sandbox, &["play", &act, "--dice", &faces[0]]).fails(2);
    assert!(
        err.contains("more dice are needed after the 1 given"),
        "{err}"
    );
    let log = encounter(&sandbox, &["log"]).ok().stdout;
    assert_eq!(log.matches("Rex Valor rolled:").count(), 1, "{log}");

    let typed = encounter(
        &sandbox,
        &["play", &act, "--dice", &faces.join(","), "--json"],
    )
    .ok()
    .json();
    let roll = &typed["rolls"][0];
    assert_eq!(roll["by_hand"], true);
    assert_eq!(roll["dice"], seeded["rolls"][0]["dice"]);
    assert_eq!(roll["outcome"], seeded["rolls"][0]["outcome"]);
    assert_eq!(typed["entry"]["events"], seeded["entry"]["events"]);
}

/// A universe encounter's state: the cards dealt this round in deal order, and the turn order's
/// names.
fn dealt_and_order(state: &serde_json::Value) -> (Vec<&str>, Vec<&str>) {
    (
        field_of_each(&state["system_state"]["table"]["deck"]["dealt"], "card"),
        field_of_each(&state["order"], "name"),
    )
}

/// The string `field` of each item of the JSON array `list`.
fn field_of_each<'a>(list: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item[field].as_str().unwrap())
        .collect()
}

/// `encounter play … --cards`: a universe deal from a real deck deals the typed cards in turn
/// order; a card the deck has not got is refused (exit 2) naming where it is, nothing written.
#[test]
fn a_universe_deal_takes_the_cards_typed_from_a_real_deck() {
    let sandbox = Sandbox::seeded();
    let roster = "Black Meridian Crew";
    let run = |args: &[&str]| {
        let mut all = vec!["encounter", args[0], "--roster", roster, "Airlock"];
        all.extend_from_slice(&args[1..]);
        sandbox.run(&all)
    };
    sandbox
        .run(&["encounter", "new", "--roster", roster, "Airlock"])
        .ok();
    run(&[
        "add",
        "--character",
        "Captain Ines Moreau",
        "--character",
        "Tobias Kell",
    ])
    .ok();
    let deal = r#"{"system":"universe","move":"deal"}"#;
    let err = run(&["play", deal, "--cards", "AS"]).fails(2);
    assert!(
        err.contains("type one card for each of the 2 combatants"),
        "{err}"
    );
    let err = run(&["play", deal, "--cards", "AS,AS"]).fails(2);
    assert!(
        err.contains("cards[1]: AS is dealt already this round"),
        "{err}"
    );
    let played = run(&["play", deal, "--cards", "2c,KH", "--json"])
        .ok()
        .json();
    let (dealt, order) = dealt_and_order(&played["encounter"]["state"]);
    assert_eq!(dealt, ["2C", "KH"]);
    assert_eq!(
        order,
        ["Tobias Kell", "Captain Ines Moreau"],
        "the King acts before the 2"
    );

    // `next` takes the same options: a new round dealt from the real deck, in turn order. (A
    // Queen and a 3 the draw pile still has: some cards are held as fate.)
    let draw = &played["encounter"]["state"]["system_state"]["table"]["deck"]["draw"];
    let in_draw = |rank: &str| {
        draw.as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_owned())
            .find(|c| c.starts_with(rank))
            .unwrap()
    };
    let (three, queen) = (in_draw("3"), in_draw("Q"));
    let err = run(&["next", "--round", "--cards", &three]).fails(2);
    assert!(
        err.contains("type one card for each of the 2 combatants"),
        "{err}"
    );
    let cards = format!("{three},{queen}");
    let next = run(&["next", "--round", "--cards", &cards, "--json"])
        .ok()
        .json();
    let state = &next["encounter"]["state"];
    assert_eq!(state["round"], 2);
    let (dealt, order) = dealt_and_order(state);
    assert_eq!(
        dealt,
        [three.as_str(), queen.as_str()],
        "dealt in the turn order of round 1"
    );
    assert_eq!(
        order,
        ["Captain Ines Moreau", "Tobias Kell"],
        "the Queen acts before the 3"
    );
}

/// Monsters with numbers from the command line: quick NPCs with a sheet's numbers, copies of a
/// roster character, one kept as a character; numbers past a sheet's limit exit 2 with the path.
#[test]
fn monsters_with_numbers_copies_and_a_kept_npc() {
    let sandbox = Sandbox::seeded();
    let crew = "Black Meridian Crew";
    sandbox
        .run(&["encounter", "new", "--roster", crew, "Airlock"])
        .ok();
    let add = |args: &[&str]| {
        let mut all = vec!["encounter", "add", "--roster", crew, "Airlock"];
        all.extend_from_slice(args);
        sandbox.run(&all)
    };
    let numbers = r#"{"ac": 14, "combat_skill": 3, "hp": {"max": 12}}"#;
    let run = add(&["--npcs", "2", "--label", "Drone", "--numbers", numbers]).ok();
    assert!(
        run.stdout.starts_with("Added Drone 1, Drone 2"),
        "{}",
        run.stdout
    );
    let run = add(&["--character", "warden ashby", "--copies", "3"]).ok();
    assert!(
        run.stdout.starts_with(
            "Added Warden Ashby 1, Warden Ashby 2, Warden Ashby 3 (copies of Warden Ashby)"
        ),
        "{}",
        run.stdout
    );
    let shown = sandbox
        .run(&["--json", "encounter", "show", "--roster", crew, "Airlock"])
        .ok()
        .json();
    let order = shown["state"]["order"].as_array().unwrap();
    assert_eq!(order[0]["sheet"]["ac"], 14);
    assert_eq!(order[0]["sheet"]["hp"]["current"], 12);
    assert_eq!(order[2]["copy_of"], order[3]["copy_of"]);
    assert!(order[2]["character_id"].is_null());

    let before = sandbox.db_bytes();
    let refused = add(&["--npcs", "1", "--numbers", r#"{"ac": 41}"#]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stderr.contains("sheet.ac"), "{}", refused.stderr);
    assert_eq!(sandbox.db_bytes(), before, "a refusal writes nothing");

    let kept = sandbox
        .run(&["encounter", "keep", "--roster", crew, "Airlock", "drone 2"])
        .ok();
    assert!(
        kept.stdout.starts_with("Kept \"Drone\" as an NPC"),
        "{}",
        kept.stdout
    );
    let drone = sandbox
        .run(&["--json", "character", "show", "--roster", crew, "Drone"])
        .ok()
        .json();
    assert_eq!(drone["kind"], "npc");
    assert_eq!(drone["sheet"]["ac"], 14);
}

/// Fights prepared ahead from the command line: an encounter saved as a plan, started twice with
/// `encounter new --from`, duplicated; an unknown plan exits 2 and writes nothing.
#[test]
fn a_plan_is_saved_started_twice_and_an_encounter_duplicated() {
    let sandbox = Sandbox::seeded();
    let crew = "Black Meridian Crew";
    sandbox
        .run(&["encounter", "new", "--roster", crew, "Airlock"])
        .ok();
    sandbox
        .run(&[
            "encounter",
            "add",
            "--roster",
            crew,
            "Airlock",
            "--character",
            "Tobias Kell",
            "--npcs",
            "2",
            "--label",
            "Drone",
            "--numbers",
            r#"{"ac": 14}"#,
        ])
        .ok();
    sandbox
        .run(&["encounter", "hide", "--roster", crew, "Airlock", "Drone 2"])
        .ok();
    let saved = sandbox
        .run(&[
            "encounter",
            "plan",
            "save",
            "--roster",
            crew,
            "Airlock",
            "--as",
            "Ambush",
            "--notes",
            "Sniper on the gantry",
        ])
        .ok();
    assert!(
        saved
            .stdout
            .starts_with("Saved the plan \"Ambush\": 3 participants"),
        "{}",
        saved.stdout
    );
    let listed = sandbox
        .run(&["encounter", "plan", "list", "--roster", crew])
        .ok();
    assert!(
        listed.stdout.contains("Sniper on the gantry"),
        "{}",
        listed.stdout
    );

    for name in ["Take one", "Take two"] {
        let started = sandbox
            .run(&[
                "--json",
                "encounter",
                "new",
                "--roster",
                crew,
                name,
                "--from",
                "ambush",
            ])
            .ok()
            .json();
        let order = started["state"]["order"].as_array().unwrap();
        let names: Vec<&str> = order.iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["Tobias Kell", "Drone 1", "Drone 2"]);
        assert_eq!(order[1]["sheet"]["ac"], 14);
        let hidden = order[2]["id"].as_str().unwrap();
        assert_eq!(started["state"]["visibility"][hidden]["hidden"], true);
    }
    let copy = sandbox
        .run(&["encounter", "duplicate", "--roster", crew, "Airlock"])
        .ok();
    assert!(
        copy.stdout
            .starts_with("Started \"Airlock (copy)\": 3 participants"),
        "{}",
        copy.stdout
    );

    let before = sandbox.db_bytes();
    let refused = sandbox.run(&["encounter", "new", "--roster", crew, "X", "--from", "Nope"]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("no plan named \"Nope\""),
        "{}",
        refused.stderr
    );
    assert_eq!(sandbox.db_bytes(), before);
}

/// Issue 28: a stored name holding a right-to-left override is isolated in the CLI's tables
/// (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), so it reorders only itself, and the columns
/// after it stay aligned as if the controls took no room.
#[test]
fn a_bidi_override_in_a_name_is_isolated_in_tables() {
    let sandbox = Sandbox::seeded();
    let crew = "Black Meridian Crew";
    let name = "\u{202E}kcaj";
    sandbox
        .run(&["encounter", "new", "--roster", crew, name])
        .ok();
    sandbox
        .run(&["encounter", "new", "--roster", crew, "Dock"])
        .ok();
    let listed = sandbox.run(&["encounter", "list", "--roster", crew]).ok();
    let lines: Vec<&str> = listed.stdout.lines().collect();
    let row = lines.iter().find(|l| l.contains("kcaj")).unwrap();
    assert!(row.starts_with("\u{2068}\u{202E}kcaj\u{2069} "), "{row:?}");
    let dock = lines.iter().find(|l| l.starts_with("Dock")).unwrap();
    let visible = |l: &str| -> Vec<usize> {
        // Where the ROUND column starts, counting only what takes room.
        let shown: String = l
            .chars()
            .filter(|c| !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
            .collect();
        vec![shown.find(" 1 ").unwrap()]
    };
    assert_eq!(visible(row), visible(dock), "the columns stay aligned");
}

#[test]
fn show_says_under_each_participant_what_the_table_keeps_of_it() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["roster", "create", "Crew", "--system", "universe"])
        .ok();
    sandbox
        .run(&["encounter", "new", "--roster", "Crew", "Airlock"])
        .ok();
    let encounter = |more: &[&str]| {
        let mut args = vec!["encounter"];
        args.extend_from_slice(more);
        sandbox.run(&args).ok().stdout
    };
    encounter(&[
        "add", "--roster", "Crew", "Airlock", "--npcs", "2", "--seed", "1",
    ]);
    encounter(&[
        "next", "--roster", "Crew", "Airlock", "--round", "--seed", "2",
    ]);
    let shown = encounter(&["show", "--roster", "Crew", "Airlock"]);
    let json = sandbox
        .run(&["--json", "encounter", "show", "--roster", "Crew", "Airlock"])
        .ok()
        .json();
    let lines: Vec<&str> = shown.lines().collect();
    for dealt in json["state"]["system_state"]["table"]["deck"]["dealt"]
        .as_array()
        .unwrap()
    {
        let id = dealt["combatant"]["id"].as_str().unwrap();
        let at = lines.iter().position(|l| l.ends_with(id)).unwrap();
        // The line under the participant: its hp as numbers and the card it was dealt.
        let under = lines[at + 1];
        assert!(under.starts_with("     hp 10 of 10 · Card "), "{shown}");
        assert!(!under.ends_with("Card "), "{shown}");
    }
    assert!(
        shown.contains("\n  Cards dealt for round 2: 2\n"),
        "{shown}"
    );
}
