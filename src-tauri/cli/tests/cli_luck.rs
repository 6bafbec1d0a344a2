//! `rollbook log --luck`: how lucky the logged rolls were. Rolls by hand all high run hot, all
//! low cold; the log's filters pick the rolls judged; --json prints the whole report.

use crate::common;

use common::Sandbox;

const ATTACK: &str = r#"{"system":"universe","roll":"attack","bonus":5,"ac":15}"#;

fn attack_by_hand(sandbox: &Sandbox, who: &str, face: &str) {
    sandbox
        .run(&["roll", ATTACK, "--dice", face, "--character", who])
        .ok();
}

#[test]
fn high_dice_by_hand_run_hot_and_low_ones_cold() {
    let sandbox = Sandbox::seeded();
    assert_eq!(
        sandbox.run(&["log", "--luck"]).ok().stdout,
        "No rolls logged.\n"
    );
    // MIN_ROLLS_JUDGED (8) each: fewer are too few to judge. (Their mean, 0.975 each, sums to
    // a hair under: the 97th or the 98th.)
    for _ in 0..8 {
        attack_by_hand(&sandbox, "Tobias Kell", "20");
        attack_by_hand(&sandbox, "Warden Ashby", "1");
    }
    attack_by_hand(&sandbox, "Warden Ashby", "12");

    let kell = sandbox
        .run(&["--json", "log", "--luck", "--character", "Tobias Kell"])
        .ok()
        .json();
    assert_eq!(kell["overall"]["rolls"], 8);
    assert_eq!(kell["overall"]["verdict"], "hot");
    let near = |v: &serde_json::Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-12;
    assert!(near(&kell["overall"]["mean"], 0.975), "{}", kell["overall"]);
    let rolls = kell["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 8);
    assert!(
        rolls.iter().all(|r| near(&r["percentile"], 0.975)),
        "{rolls:?}"
    );
    let words = kell["overall"]["words"].as_str().unwrap();
    assert!(
        words.starts_with("The dice ran hot: fair dice do this "),
        "{words}"
    );

    let ashby = sandbox
        .run(&["--json", "log", "--luck", "--character", "Warden Ashby"])
        .ok()
        .json();
    assert_eq!(ashby["overall"]["rolls"], 9);
    assert_eq!(ashby["overall"]["verdict"], "cold");

    // All of it: one row per character, one evening (TZ is UTC in the sandbox).
    let all = sandbox.run(&["--json", "log", "--luck"]).ok().json();
    assert_eq!(all["overall"]["rolls"], 17);
    let names: Vec<&str> = all["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Tobias Kell", "Warden Ashby"]);
    assert_eq!(all["evenings"].as_array().unwrap().len(), 1);

    let text = sandbox
        .run(&["log", "--luck", "--character", "Tobias Kell"])
        .ok()
        .stdout;
    assert!(
        text.starts_with(&format!("{words} 8 rolls, their mean percentile the 9")),
        "{text}"
    );
    assert!(text.contains("\nCHARACTER "), "{text}");
    assert!(text.contains("\nTobias Kell "), "{text}");
    assert!(text.contains("\nEVENING "), "{text}");

    // The newest roll only: Ashby's 12, a hit (0.7); one roll is too few to judge.
    let newest = sandbox
        .run(&["--json", "log", "--luck", "--limit", "1"])
        .ok()
        .json();
    assert!(near(&newest["rolls"][0]["percentile"], 0.7));
    assert_eq!(newest["overall"]["verdict"], "too_few");
    let one = sandbox.run(&["log", "--luck", "--limit", "1"]).ok().stdout;
    assert!(one.starts_with("Too few rolls to judge: 1 roll;"), "{one}");

    let both = sandbox.run(&["log", "--luck", "--format", "csv"]);
    assert_eq!(both.code, 2, "{}", both.stderr);
    assert!(both.stdout.is_empty());
}
