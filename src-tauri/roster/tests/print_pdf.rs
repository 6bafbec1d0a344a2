//! Prints every system's sheets to PDF with headless Chromium and reads them back with poppler:
//! one page per ordinary character, the planned pages for the longest character the format
//! allows (nothing spills onto an unplanned page), on A4 and on US Letter, and the names and
//! values are on the right pages.
//!
//! Needs Debian's `chromium` and `poppler-utils` (scripts/bootstrap.sh installs them). Set
//! `ROLLBOOK_PRINT_KEEP=DIR` to keep the HTML and PDF files there to look at. Ignored on Windows:
//! the Windows tests run under Wine on Linux (scripts/windows.sh), where a Windows program cannot
//! start those Linux programs; what is printed is the same HTML on every system
//! (`print_render.rs` runs everywhere).

use crate::print_support;

use std::path::PathBuf;

use print_support::*;
use rollbook_roster::print::{self, Paper};
use rollbook_roster::{Character, Roster, System};

fn out_dir() -> (Option<tempfile::TempDir>, PathBuf) {
    match std::env::var_os("ROLLBOOK_PRINT_KEEP") {
        Some(dir) => {
            std::fs::create_dir_all(&dir).unwrap();
            (None, PathBuf::from(dir))
        }
        None => {
            let temp = tempfile::tempdir().unwrap();
            let path = temp.path().to_path_buf();
            (Some(temp), path)
        }
    }
}

/// Prints `characters` of `roster` on both papers; checks the page size, that the printed pages
/// are the planned ones and that each character's pages carry its name. Returns each paper's
/// text, page by page, with the pages of each character.
fn print_and_check(
    roster: &Roster,
    characters: &[Character],
    stem: &str,
) -> Vec<(Paper, Vec<String>, Vec<usize>)> {
    let (_keep, dir) = out_dir();
    let mut out = Vec::new();
    for paper in Paper::ALL {
        let printed = print::render(roster, characters, paper, date()).unwrap();
        let stem = format!("{stem}-{paper}");
        let pdf = print_pdf(&printed.html, &dir, &stem);
        let (pages, size) = pdf_info(&pdf);
        let expected_size = match paper {
            Paper::A4 => "(A4)",
            Paper::Letter => "(letter)",
        };
        assert!(size.contains(expected_size), "{stem}: {size}");
        let planned: Vec<usize> = printed.sheets.iter().map(|s| s.pages).collect();
        assert_eq!(
            pages, printed.pages,
            "{stem}: printed pages vs planned {planned:?}"
        );
        for (i, edge) in header_right_edges(&pdf).into_iter().enumerate() {
            assert!(
                (edge - 561.3).abs() < 1.5,
                "{stem} page {}: the header ends at {edge} pt, not 561.3: the page was shrunk",
                i + 1
            );
        }
        let texts = pages_text(&pdf);
        assert_eq!(texts.len(), pages, "{stem}: pdftotext pages");
        let mut page = 0;
        for sheet in &printed.sheets {
            // The start of the name: continuation pages may cut a long one short.
            let start: String = squeeze(&sheet.name).chars().take(12).collect();
            for _ in 0..sheet.pages {
                let text = squeeze(&texts[page]);
                assert!(
                    text.contains(&start),
                    "{stem} page {} lacks {start}",
                    page + 1
                );
                let footer = squeeze(&format!("{} · printed 2026-11-22", roster.name));
                let footer: String = footer.chars().take(30).collect();
                assert!(text.contains(&footer), "{stem} page {}: footer", page + 1);
                page += 1;
            }
        }
        out.push((paper, texts, planned));
    }
    out
}

fn prints_on_planned_pages(system: System) {
    let (mut store, roster, characters) = fixture_roster(system);
    for (paper, texts, planned) in print_and_check(&roster, &characters, &system.to_string()) {
        assert_eq!(
            planned,
            vec![1; characters.len()],
            "{system} {paper}: one page each"
        );
        for (character, text) in characters.iter().zip(&texts) {
            let text = squeeze(text);
            for rating in character.sheet.ratings() {
                let name = squeeze(&rating.name);
                assert!(
                    text.contains(&name),
                    "{system} {paper}: {} lacks {name}",
                    character.name
                );
            }
            if let Some(line) = character.notes.lines().next() {
                assert!(text.contains(&squeeze(line)), "{system} {paper}: notes");
            }
        }
    }
    let (roster, longest) = add_longest(&mut store, &roster);
    let listed = longest.sheet.to_value().to_string();
    for (paper, texts, planned) in print_and_check(
        &roster,
        std::slice::from_ref(&longest),
        &format!("{system}-longest"),
    ) {
        assert!(planned[0] > 2, "{system} {paper}");
        let all = squeeze(&texts.concat());
        assert_every_item_printed(&listed, &all, &format!("{system} {paper}"));
    }
}

#[test]
#[cfg_attr(windows, ignore = "prints with Linux programs (chromium, poppler)")]
fn stunt_sheets_print_on_their_planned_pages() {
    prints_on_planned_pages(System::Stunt);
}

#[test]
#[cfg_attr(windows, ignore = "prints with Linux programs (chromium, poppler)")]
fn genre_sheets_print_on_their_planned_pages() {
    prints_on_planned_pages(System::Genre);
}

#[test]
#[cfg_attr(windows, ignore = "prints with Linux programs (chromium, poppler)")]
fn universe_sheets_print_on_their_planned_pages() {
    prints_on_planned_pages(System::Universe);
}

#[test]
#[cfg_attr(windows, ignore = "prints with Linux programs (chromium, poppler)")]
fn marks_sheets_print_on_their_planned_pages() {
    prints_on_planned_pages(System::Marks);
}

#[test]
#[cfg_attr(windows, ignore = "prints with Linux programs (chromium, poppler)")]
fn d12_sheets_print_on_their_planned_pages() {
    prints_on_planned_pages(System::D12);
}
