//! `rollbook sheet`: printable sheets of a whole roster or of the characters named, in that
//! order, on A4 or Letter, to a file or stdout; bad input exits 2 with one line, a file that
//! cannot be written exits 1.

mod common;

use common::Sandbox;

fn today() -> String {
    // The sandbox runs rollbook with TZ=UTC.
    jiff::Timestamp::now()
        .to_zoned(jiff::tz::TimeZone::UTC)
        .date()
        .to_string()
}

#[test]
fn a_whole_roster_prints_one_page_per_character_in_roster_order() {
    let sandbox = Sandbox::seeded();
    let run = sandbox
        .run(&[
            "sheet",
            "--roster",
            "friday night heroes",
            "--out",
            "heroes.html",
        ])
        .ok();
    assert_eq!(
        run.stdout,
        "Wrote 4 sheets of Friday Night Heroes (4 pages, A4) to heroes.html\n"
    );
    let html = std::fs::read_to_string(sandbox.path("heroes.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("size: A4;"));
    assert_eq!(html.matches("<section class=\"page sys-d12\">").count(), 4);
    let order: Vec<usize> = ["Vex", "Juno Park", "Brick", "Overseer Kaan"]
        .iter()
        .map(|name| html.find(&format!("<h1>{name}</h1>")).unwrap())
        .collect();
    assert!(order.is_sorted(), "{order:?}");
    let footer = format!("Friday Night Heroes · printed {}", today());
    assert_eq!(html.matches(&footer).count(), 4);
}

#[test]
fn named_characters_print_in_the_order_given_on_letter_paper() {
    let sandbox = Sandbox::seeded();
    let run = sandbox
        .run(&[
            "--json",
            "sheet",
            "--roster",
            "Friday Night Heroes",
            "--character",
            "juno park",
            "--character",
            "Vex",
            "--paper",
            "letter",
            "--out",
            "two.html",
        ])
        .ok();
    let answer = run.json();
    assert_eq!(answer["paper"], "letter");
    assert_eq!(answer["pages"], 2);
    assert_eq!(answer["roster"], "Friday Night Heroes");
    let names: Vec<&str> = answer["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Juno Park", "Vex"]);
    let html = std::fs::read_to_string(sandbox.path("two.html")).unwrap();
    assert!(html.contains("size: letter;"));
    assert!(html.find("<h1>Juno Park</h1>").unwrap() < html.find("<h1>Vex</h1>").unwrap());
    assert!(!html.contains("<h1>Brick</h1>"));
}

#[test]
fn the_sheets_go_to_stdout_with_out_dash() {
    let sandbox = Sandbox::seeded();
    let run = sandbox
        .run(&[
            "sheet",
            "--roster",
            "Pixel Vanguard",
            "--character",
            "Glitch",
            "--out",
            "-",
        ])
        .ok();
    assert!(run.stdout.starts_with("<!DOCTYPE html>"));
    assert!(run.stdout.contains("<h1>Glitch</h1>"));
    assert!(run.stdout.contains("Super Human"));
}

#[test]
fn bad_input_exits_2_with_one_line_and_writes_nothing() {
    let sandbox = Sandbox::seeded();
    let cases: [(&[&str], &str); 7] = [
        (
            &["sheet", "--roster", "Nobody", "--out", "x.html"],
            "Nobody",
        ),
        (
            &[
                "sheet",
                "--roster",
                "Friday Night Heroes",
                "--character",
                "Glitch",
                "--out",
                "x.html",
            ],
            "Glitch",
        ),
        (
            &[
                "sheet",
                "--roster",
                "Friday Night Heroes",
                "--paper",
                "b5",
                "--out",
                "x.html",
            ],
            "b5",
        ),
        (&["sheet", "--roster", "Friday Night Heroes"], "--out"),
        (
            &["sheet", "--roster", "Friday Night Heroes", "--out", "/"],
            "not a file name",
        ),
        // The sheets are HTML: a file named .pdf would hold HTML and no PDF reader would open it.
        (
            &[
                "sheet",
                "--roster",
                "Friday Night Heroes",
                "--out",
                "rook.pdf",
            ],
            "rook.html",
        ),
        (
            &[
                "sheet",
                "--roster",
                "Friday Night Heroes",
                "--out",
                "ROOK.PDF",
            ],
            "not a PDF",
        ),
    ];
    for (args, names) in cases {
        let message = sandbox.run(args).fails(2);
        assert!(message.contains(names), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    sandbox
        .run(&["roster", "create", "Empty Table", "--system", "genre"])
        .ok();
    let message = sandbox
        .run(&["sheet", "--roster", "Empty Table", "--out", "x.html"])
        .fails(2);
    assert_eq!(
        message,
        "rollbook: the roster Empty Table has no characters to print; add one first"
    );
    assert!(!sandbox.path("x.html").exists());
}

#[test]
fn a_file_that_cannot_be_written_exits_1() {
    let sandbox = Sandbox::seeded();
    let message = sandbox
        .run(&[
            "sheet",
            "--roster",
            "Friday Night Heroes",
            "--out",
            "no/such/dir/x.html",
        ])
        .fails(1);
    assert!(
        message.starts_with("rollbook: cannot write no/such/dir/x.html"),
        "{message}"
    );
}
