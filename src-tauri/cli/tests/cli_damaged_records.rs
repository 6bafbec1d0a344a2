//! One damaged record hides nothing else, as a user sees it: with Vex's stored sheet broken and
//! Pixel Vanguard's rules system unknown (raw SQL, as a bad disk or a hand edit leaves them),
//! the other rosters list, show, export and roll; each damaged record is named on stderr with
//! `damaged_record` and the newest snapshot that holds it sound, exit status 1; a listing that
//! left one out still prints the rest. `backup now` takes its snapshot and names them.

use crate::common;

use common::{Run, Sandbox};
use rusqlite::Connection;

const HEROES: &str = "Friday Night Heroes";
const PIXEL: &str = "Pixel Vanguard";

/// The seeded sandbox with one sound snapshot (its id), then Vex and Pixel Vanguard damaged.
fn damaged() -> (Sandbox, String) {
    let sandbox = Sandbox::seeded();
    let taken = sandbox.run(&["--json", "backup", "now"]).ok().json();
    let id = taken["id"].as_str().unwrap().to_string();
    let conn = Connection::open(&sandbox.db).unwrap();
    let n = conn
        .execute(
            "UPDATE characters SET sheet = '{\"ranks\": [1, 2' WHERE name = 'Vex'",
            [],
        )
        .unwrap();
    assert_eq!(n, 1);
    // Past the column's CHECK, as no Rollbook would write it.
    conn.pragma_update(None, "ignore_check_constraints", true)
        .unwrap();
    let n = conn
        .execute(
            "UPDATE rosters SET system = 'chess' WHERE name = ?1",
            [PIXEL],
        )
        .unwrap();
    assert_eq!(n, 1);
    (sandbox, id)
}

/// `. The newest snapshot that holds it sound is ID: …`, the end of every refusal here.
fn offer(id: &str) -> String {
    format!("The newest snapshot that holds it sound is {id}: `rollbook backup restore {id}` puts the whole database back as it was then (what is there now is snapshotted first)")
}

/// A run that printed its answer and then named damaged records: exit 1, the stderr lines.
#[track_caller]
fn partly(run: &Run) -> Vec<String> {
    assert_eq!(
        run.code, 1,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    run.stderr.lines().map(str::to_string).collect()
}

#[test]
fn the_other_rosters_list_show_export_and_roll_and_each_damaged_record_is_named() {
    let (sandbox, id) = damaged();
    let pixel_told = format!("rollbook: roster \"{PIXEL}\" (");

    let list = sandbox.run(&["roster", "list"]);
    let told = partly(&list);
    for name in [
        "The Uncanny Stunt Squad",
        "Neon Genre Nights",
        "Black Meridian Crew",
        HEROES,
    ] {
        assert!(list.stdout.contains(name), "{}", list.stdout);
    }
    assert!(!list.stdout.contains(PIXEL), "{}", list.stdout);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].starts_with(&pixel_told), "{told:?}");
    assert!(
        told[0].contains("cannot be read (its rules system: \"chess\" is not a system"),
        "{told:?}"
    );
    assert!(told[0].ends_with(&offer(&id)), "{told:?}");
    // For scripts: the answer on stdout, the refusal as the usual JSON line with its code.
    let json = sandbox.run(&["--json", "roster", "list"]);
    partly(&json);
    assert_eq!(json.json().as_array().unwrap().len(), 4);
    let error: serde_json::Value = serde_json::from_str(json.stderr.trim()).unwrap();
    assert_eq!(error["error"]["code"], "damaged_record");

    // Shown and exported as before, the sound ones; the damaged roster refused by name.
    sandbox.run(&["roster", "show", "Neon Genre Nights"]).ok();
    sandbox
        .run(&["export", "--roster", "Neon Genre Nights", "--out", "-"])
        .ok();
    let err = sandbox.run(&["roster", "show", PIXEL]).fails(1);
    assert!(err.starts_with(&pixel_told), "{err}");
    // Every roster at once would be a file silently missing one: refused, naming it.
    let err = sandbox.run(&["export", "--out", "-"]).fails(1);
    assert!(err.starts_with(&pixel_told), "{err}");

    // The roster holding Vex shows its other characters and names Vex.
    let show = sandbox.run(&["roster", "show", HEROES]);
    let told = partly(&show);
    for name in ["Juno Park", "Brick", "Overseer Kaan"] {
        assert!(show.stdout.contains(name), "{}", show.stdout);
    }
    assert!(!show.stdout.contains("Vex"), "{}", show.stdout);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("rollbook: the character \"Vex\" ("),
        "{told:?}"
    );
    assert!(
        told[0].contains(&format!(") in roster \"{HEROES}\" (")),
        "{told:?}"
    );
    assert!(told[0].contains("cannot be read (its sheet: "), "{told:?}");
    assert!(told[0].ends_with(&offer(&id)), "{told:?}");
    let err = sandbox
        .run(&["export", "--roster", HEROES, "--out", "-"])
        .fails(1);
    assert!(err.starts_with("rollbook: the character \"Vex\""), "{err}");
    let err = sandbox.run(&["character", "show", "Vex"]).fails(1);
    assert!(err.starts_with("rollbook: the character \"Vex\""), "{err}");
    let characters = sandbox.run(&["character", "list"]);
    let told = partly(&characters);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(characters.stdout.contains("Marla Quick"));
    assert!(characters.stdout.contains("Brick"));

    // Rolls for the roster holding Vex and for a sound roster's character are made and logged.
    let d12 = r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#;
    sandbox
        .run(&["roll", d12, "--seed", "7", "--roster", HEROES])
        .ok();
    sandbox
        .run(&[
            "roll",
            r#"{"system":"stunt","roll":"check"}"#,
            "--character",
            "Marla Quick",
        ])
        .ok();
}

#[test]
fn backup_now_takes_its_snapshot_and_names_what_in_it_does_not_read() {
    let (sandbox, id) = damaged();
    let run = sandbox.run(&["backup", "now"]);
    let told = partly(&run);
    assert!(run.stdout.starts_with("Snapshot "), "{}", run.stdout);
    assert!(run.stdout.contains(" taken ("), "{}", run.stdout);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told[0].starts_with(&format!("rollbook: roster \"{PIXEL}\"")));
    assert!(told[1].starts_with("rollbook: the character \"Vex\""));
    // Each names the snapshot taken before the damage, not the one just taken.
    assert!(told.iter().all(|t| t.ends_with(&offer(&id))), "{told:?}");
    let listed = sandbox.run(&["--json", "backup", "list"]).ok().json();
    assert_eq!(listed.as_array().unwrap().len(), 2);
}
