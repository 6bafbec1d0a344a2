//! `rollbook roster house-rules`: the rulings that are numbers set per roster (the d12 miss
//! margin, the stunt Minor Damage dice), shown by `roster show`, followed by `rollbook odds
//! --roster` and logged rolls, refused out of range or on another system's roster (exit 2,
//! nothing changed), and put back with `--reset`.

use crate::common;

use common::Sandbox;

const OPPOSED: &str = r#"{"system":"d12","roll":"opposed","attacker_ranks":1,"defender_ranks":1}"#;

fn success(sandbox: &Sandbox, args: &[&str]) -> f64 {
    sandbox.run(args).ok().json()["success"].as_f64().unwrap()
}

#[test]
fn the_miss_margin_is_set_shown_followed_by_the_odds_and_reset() {
    let sandbox = Sandbox::seeded();
    let heroes = "Friday Night Heroes";
    let shown = sandbox.run(&["roster", "show", heroes]).ok().stdout;
    assert!(
        shown.contains("Miss margin  3 (RULES.md's ruling)"),
        "{shown}"
    );
    assert!(
        !shown.contains("Minor Damage"),
        "a stunt number on a d12 roster: {shown}"
    );
    let ruled = success(&sandbox, &["odds", OPPOSED, "--roster", heroes]);
    assert_eq!(ruled, success(&sandbox, &["odds", OPPOSED]));

    let saved = sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            heroes,
            "--miss-margin",
            "5",
        ])
        .ok()
        .stdout;
    assert!(
        saved.contains("Miss margin  5 (house rule; RULES.md: 3)"),
        "{saved}"
    );
    let shown = sandbox.run(&["roster", "show", heroes]).ok().stdout;
    assert!(
        shown.contains("Miss margin  5 (house rule; RULES.md: 3)"),
        "{shown}"
    );
    let json = sandbox
        .run(&["--json", "roster", "house-rules", "--roster", heroes])
        .ok()
        .json();
    assert_eq!(json["house_rules"]["miss_margin"], 5);

    // The odds under the roster are the engine's under a miss margin of 5: lower than RULES.md's.
    let house = success(&sandbox, &["odds", OPPOSED, "--roster", heroes]);
    let rules = rollbook_rules::HouseRules {
        miss_margin: 5,
        ..rollbook_rules::HouseRules::default()
    };
    let request = rollbook_rules::parse_request(OPPOSED).unwrap();
    let exact = rollbook_rules::odds_with(&request, &rules).unwrap().success;
    assert_eq!(house, exact);
    assert!(house < ruled, "{house} vs {ruled}");
    // --vary under the roster too.
    let varied = sandbox
        .run(&[
            "odds",
            OPPOSED,
            "--roster",
            heroes,
            "--vary",
            "attacker_ranks=1",
        ])
        .ok()
        .json();
    assert_eq!(varied[0]["success"].as_f64().unwrap(), exact);
    // A roll logged in the roster reads the margin by the house rule.
    for seed in 0..40 {
        let seed = seed.to_string();
        let rolled = sandbox
            .run(&["roll", OPPOSED, "--roster", heroes, "--seed", &seed])
            .ok()
            .json();
        let margin = rolled["total"].as_i64().unwrap();
        assert_eq!(rolled["success"], margin >= 5, "margin {margin}");
    }

    // Out of range, or a stunt number on a d12 roster: exit 2, nothing changed.
    let before = sandbox.db_bytes();
    let refused = sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            heroes,
            "--miss-margin",
            "11",
        ])
        .fails(2);
    assert_eq!(
        refused,
        "rollbook: the roster was not saved: house_rules.miss_margin: 11 is out of range: Miss margin takes 0 to 10 (RULES.md rules 3)"
    );
    let refused = sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            heroes,
            "--minor-damage-dice",
            "4",
        ])
        .fails(2);
    assert!(
        refused.contains(
            "house_rules.minor_damage_dice: Minor Damage dice is a house rule of stunt rosters"
        ),
        "{refused}"
    );
    assert!(
        sandbox.db_bytes() == before,
        "a refusal changed the database"
    );

    let reset = sandbox
        .run(&["roster", "house-rules", "--roster", heroes, "--reset"])
        .ok()
        .stdout;
    assert!(
        reset.contains("Miss margin  3 (RULES.md's ruling)"),
        "{reset}"
    );
    assert_eq!(
        success(&sandbox, &["odds", OPPOSED, "--roster", heroes]),
        ruled
    );
}

#[test]
fn minor_damage_dice_of_a_stunt_roster_follow_into_its_sheet_roll() {
    let sandbox = Sandbox::seeded();
    let squad = "The Uncanny Stunt Squad";
    sandbox
        .run(&[
            "roster",
            "house-rules",
            "--roster",
            squad,
            "--minor-damage-dice",
            "4",
        ])
        .ok();
    let shown = sandbox.run(&["roster", "show", squad]).ok().stdout;
    assert!(
        shown.contains("Minor Damage dice  4 (house rule; RULES.md: 6)"),
        "{shown}"
    );
    let characters = sandbox
        .run(&["--json", "roster", "show", squad])
        .ok()
        .json()["characters"]
        .clone();
    let name = characters[0]["name"].as_str().unwrap().to_string();
    let rolled = sandbox
        .run(&[
            "roll",
            "--character",
            &name,
            "--rating",
            "Minor Damage",
            "--seed",
            "3",
        ])
        .ok()
        .json();
    assert_eq!(rolled["dice"].as_array().unwrap().len(), 4, "{rolled}");
}

#[test]
fn odds_under_a_roster_refuse_a_request_of_another_system() {
    let sandbox = Sandbox::seeded();
    for args in [
        vec!["odds", OPPOSED, "--roster", "Black Meridian Crew"],
        vec![
            "odds",
            OPPOSED,
            "--roster",
            "Black Meridian Crew",
            "--vary",
            "defender_dazed=false,true",
        ],
    ] {
        let said = sandbox.run(&args).fails(2);
        assert!(said.contains("a universe roster"), "{said}");
    }
}
