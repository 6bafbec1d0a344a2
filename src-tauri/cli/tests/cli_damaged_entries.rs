//! A damaged roll-log entry, plan, or record in the trash hides nothing else, as a user sees it
//! (broken by raw SQL, as a bad disk or a hand edit leaves them): `log` prints the other
//! rolls and names the entry on stderr with `damaged_record`, exit 1; a log export that would
//! lack it is refused; `encounter plan list` lists the other plans; `trash` lists what reads
//! and names the rest, a sound roster is restored from it, and `trash empty` still empties it.

use crate::common;

use common::{Run, Sandbox};
use rusqlite::Connection;

const SQUAD: &str = "The Uncanny Stunt Squad";
const HEROES: &str = "Friday Night Heroes";

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

fn sql(sandbox: &Sandbox, statement: &str) -> usize {
    let conn = Connection::open(&sandbox.db).unwrap();
    conn.pragma_update(None, "ignore_check_constraints", true)
        .unwrap();
    conn.execute(statement, []).unwrap()
}

#[test]
fn log_lists_the_other_rolls_and_names_the_damaged_entry() {
    let sandbox = Sandbox::seeded();
    let check = r#"{"system":"stunt","roll":"check"}"#;
    for seed in ["1", "2", "3"] {
        sandbox
            .run(&["roll", check, "--seed", seed, "--roster", SQUAD])
            .ok();
    }
    let d12 = r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#;
    sandbox
        .run(&["roll", d12, "--seed", "4", "--roster", HEROES])
        .ok();
    let broken: i64 = Connection::open(&sandbox.db)
        .unwrap()
        .query_row(
            "SELECT id FROM roll_log WHERE seed = '2' AND system = 'stunt'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        sql(
            &sandbox,
            &format!("UPDATE roll_log SET request = '{{' WHERE id = {broken}")
        ),
        1
    );

    let log = sandbox.run(&["log"]);
    let told = partly(&log);
    let rows: Vec<&str> = log.stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{}", log.stdout);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with(&format!(
            "rollbook: the roll-log entry {broken} in roster \"{SQUAD}\" ("
        )),
        "{told:?}"
    );
    assert!(
        told[0].contains("cannot be read (its request: "),
        "{told:?}"
    );
    // Another roster's log lists and exports whole; the whole log's export is refused by name.
    sandbox.run(&["log", "--roster", HEROES]).ok();
    let csv = sandbox
        .run(&["log", "--roster", HEROES, "--format", "csv"])
        .ok();
    assert_eq!(csv.stdout.lines().count(), 2, "{}", csv.stdout);
    let err = sandbox.run(&["log", "--format", "json"]).fails(1);
    assert!(err.starts_with("rollbook: the roll-log entry"), "{err}");
}

#[test]
fn plan_list_lists_the_other_plans_and_names_the_damaged_one() {
    let sandbox = Sandbox::seeded();
    sandbox
        .run(&["encounter", "new", "--roster", SQUAD, "Warehouse"])
        .ok();
    for name in ["Ambush", "Chase"] {
        sandbox
            .run(&[
                "encounter",
                "plan",
                "save",
                "--roster",
                SQUAD,
                "Warehouse",
                "--as",
                name,
            ])
            .ok();
    }
    let n = sql(
        &sandbox,
        "UPDATE encounter_plans SET plan = '[' WHERE name = 'Ambush'",
    );
    assert_eq!(n, 1);
    let listed = sandbox.run(&["encounter", "plan", "list", "--roster", SQUAD]);
    let told = partly(&listed);
    assert!(listed.stdout.contains("Chase"), "{}", listed.stdout);
    assert!(!listed.stdout.contains("Ambush"), "{}", listed.stdout);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("rollbook: the plan \"Ambush\" ("),
        "{told:?}"
    );
    let err = sandbox
        .run(&[
            "encounter",
            "new",
            "--roster",
            SQUAD,
            "Again",
            "--from",
            "Ambush",
        ])
        .fails(1);
    assert!(err.starts_with("rollbook: the plan \"Ambush\" ("), "{err}");
    sandbox
        .run(&[
            "encounter",
            "new",
            "--roster",
            SQUAD,
            "Again",
            "--from",
            "Chase",
        ])
        .ok();
}

#[test]
fn trash_lists_what_reads_names_the_rest_restores_and_empties() {
    let sandbox = Sandbox::seeded();
    for roster in ["Pixel Vanguard", "Neon Genre Nights"] {
        sandbox.run(&["roster", "delete", roster]).ok();
    }
    sandbox.run(&["character", "delete", "Vex"]).ok();
    sql(
        &sandbox,
        "UPDATE rosters SET system = 'chess' WHERE name = 'Pixel Vanguard'",
    );
    sql(
        &sandbox,
        "UPDATE characters SET sheet = '{' WHERE name = 'Vex'",
    );

    let trash = sandbox.run(&["trash"]);
    let told = partly(&trash);
    assert!(
        trash.stdout.contains("Neon Genre Nights"),
        "{}",
        trash.stdout
    );
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(
        told[0].starts_with("rollbook: roster \"Pixel Vanguard\" ("),
        "{told:?}"
    );
    assert!(
        told[1].starts_with("rollbook: the character \"Vex\" ("),
        "{told:?}"
    );
    let json = sandbox.run(&["--json", "trash"]);
    partly(&json);
    assert_eq!(json.json()["rosters"].as_array().unwrap().len(), 1);

    // The damaged roster, asked for by name, is refused by name; the sound one comes back.
    let err = sandbox
        .run(&["roster", "restore", "Pixel Vanguard"])
        .fails(1);
    assert!(
        err.starts_with("rollbook: roster \"Pixel Vanguard\" ("),
        "{err}"
    );
    sandbox
        .run(&["roster", "restore", "Neon Genre Nights"])
        .ok();

    // Emptying asks first, counting the damaged ones, then deletes everything.
    let err = sandbox.run(&["trash", "empty"]).fails(2);
    assert!(err.contains("2 records that cannot be read"), "{err}");
    let emptied = sandbox.run(&["trash", "empty", "--yes"]).ok();
    assert!(
        emptied.stdout.starts_with("Deleted for good: 1 roster"),
        "{}",
        emptied.stdout
    );
    let trash = sandbox.run(&["trash"]).ok();
    assert_eq!(trash.stdout, "The trash is empty.\n");
}
