//! `rollbook roll … --dice FACES`: dice rolled at the table and typed in. The same faces give the
//! same roll as the seed that rolled them; too few, too many and impossible faces exit 2 saying
//! what is wrong, and log nothing; a logged roll is marked by hand.

use crate::common;

use common::Sandbox;

const D12: &str = r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#;

fn faces(roll: &serde_json::Value) -> String {
    let dice: Vec<String> = roll["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.to_string())
        .collect();
    dice.join(",")
}

#[test]
fn a_seeded_roll_s_faces_typed_in_give_the_same_roll_by_hand() {
    let sandbox = Sandbox::new();
    for seed in 0..12 {
        let seeded = sandbox
            .run_bare(&["roll", D12, "--seed", &seed.to_string()])
            .ok()
            .json();
        let mut by_hand = sandbox
            .run_bare(&["roll", D12, "--dice", &faces(&seeded)])
            .ok()
            .json();
        assert_eq!(by_hand["by_hand"], true);
        assert_eq!(by_hand["seed"], 0);
        let fields = by_hand.as_object_mut().unwrap();
        fields.remove("by_hand");
        fields.insert("seed".into(), seed.into());
        assert_eq!(by_hand, seeded, "seed {seed}");
    }
}

#[test]
fn too_few_too_many_and_impossible_faces_exit_2_and_say_why() {
    let sandbox = Sandbox::new();
    let err = sandbox.run_bare(&["roll", D12, "--dice", "5"]).fails(2);
    assert_eq!(
        err,
        "rollbook: bad request: dice: 2 more dice are needed after the 1 given: a d12 and a d12"
    );
    let err = sandbox
        .run_bare(&["roll", D12, "--dice", "5,3,2,1"])
        .fails(2);
    assert_eq!(
        err,
        "rollbook: bad request: dice: the roll reads 3 dice; 1 left over"
    );
    let err = sandbox
        .run_bare(&["roll", D12, "--dice", "5,13,2"])
        .fails(2);
    assert_eq!(
        err,
        "rollbook: bad request: dice[1]: 13 is not a face of die 2 (a d12: 1 to 12)"
    );
    let err = sandbox
        .run_bare(&["roll", &format!("[{D12},{D12}]"), "--dice", "1,2,3"])
        .fails(2);
    assert!(err.contains("one request"), "{err}");
    sandbox
        .run_bare(&["roll", D12, "--dice", "1,2,3", "--seed", "4"])
        .fails(2);
}

#[test]
fn a_roll_by_hand_is_logged_as_by_hand_and_a_refused_one_not_at_all() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&["roll", D12, "--dice", "5", "--character", "Vex"])
        .fails(2);
    sandbox
        .run(&[
            "roll",
            "--character",
            "Vex",
            "--rating",
            "Guns",
            "--dice",
            "1",
        ])
        .fails(2);
    assert_eq!(sandbox.run(&["log"]).ok().stdout, "No rolls logged.\n");

    let rolled = sandbox
        .run(&["roll", D12, "--dice", "5,12,3,7", "--character", "Vex"])
        .ok()
        .json();
    assert_eq!(rolled["total"], 29);
    let log = sandbox.run(&["log", "--format", "json"]).ok().json();
    let rolls = log["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0]["by_hand"], true);
    assert_eq!(rolls[0]["dice"], rolled["dice"]);
    let csv = sandbox.run(&["log", "--format", "csv"]).ok().stdout;
    assert!(csv.lines().nth(1).unwrap().contains(",by hand,"), "{csv}");
    // The table says so where the seed goes: no seed 0 to copy.
    let text = sandbox.run(&["log"]).ok().stdout;
    let row = text.lines().find(|l| l.contains("Vex")).unwrap();
    assert!(row.contains("by hand") && !row.contains(" 0 "), "{text}");
}
