//! `rollbook sheet`: printable sheets of a whole roster or of the characters named, in that
//! order, on A4 or Letter, to a file or stdout; bad input exits 2 with one line, a file that
//! cannot be written exits 1. A file named .pdf is a real PDF, drawn with no browser: poppler
//! (`pdfinfo`, `pdftotext`) reads it back.

use crate::common;

use std::process::Command;

use common::{fixture, Sandbox};
use rollbook_roster::{ImportMode, Store};

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
    let cases: [(&[&str], &str); 5] = [
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

fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("{tool} did not run ({e}): the PDF checks need poppler-utils (scripts/bootstrap.sh)")
    });
    assert!(out.status.success(), "{tool} {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
#[cfg_attr(windows, ignore = "reads the PDF with Linux programs (poppler)")]
fn a_pdf_name_gets_a_real_pdf_with_every_sheet_and_rating() {
    let sandbox = Sandbox::seeded();
    let mut store = Store::open_in_memory().unwrap();
    store
        .import_file(fixture("all-systems.json"), ImportMode::Merge, |_, _| {})
        .unwrap();
    for (roster, paper, size) in [
        ("Friday Night Heroes", "a4", "595.276 x 841.89 pts (A4)"),
        ("Black Meridian Crew", "letter", "612 x 792 pts (letter)"),
        ("The Uncanny Stunt Squad", "a4", "(A4)"),
        ("Neon Genre Nights", "letter", "(letter)"),
        ("Pixel Vanguard", "a4", "(A4)"),
    ] {
        let out = format!("{paper}-{}.PDF", roster.len());
        let started = std::time::Instant::now();
        let run = sandbox
            .run(&["sheet", "--roster", roster, "--paper", paper, "--out", &out])
            .ok();
        let took = started.elapsed();
        assert!(run.stdout.contains("4 sheets"), "{}", run.stdout);
        let path = sandbox.path(&out);
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(b"%PDF-"), "{roster}: not a PDF");
        eprintln!(
            "{roster}: {} bytes, written in {} ms",
            bytes.len(),
            took.as_millis()
        );
        let path = path.to_str().unwrap();
        let info = poppler("pdfinfo", &[path]);
        let pages_line = info.lines().find_map(|l| l.strip_prefix("Pages:"));
        assert_eq!(pages_line.map(str::trim), Some("4"), "{roster}: {info}");
        assert!(info.contains(size), "{roster}: {info}");
        let text = poppler("pdftotext", &["-enc", "UTF-8", path, "-"]);
        let pages: Vec<String> = text.split('\u{c}').map(squeeze).collect();
        let listed = store
            .rosters()
            .unwrap()
            .into_iter()
            .find(|r| r.name == roster)
            .unwrap();
        let characters = store.characters(listed.id).unwrap();
        for (character, page) in characters.iter().zip(&pages) {
            assert!(
                page.contains(&squeeze(&character.name)),
                "{roster}: {}",
                character.name
            );
            for rating in character.sheet.ratings() {
                let name = squeeze(&rating.name);
                assert!(
                    page.contains(&name),
                    "{roster}: {} lacks {name}",
                    character.name
                );
            }
            assert!(page.contains(&squeeze(&format!("{roster} · printed {}", today()))));
        }
    }
}
