//! The sheets drawn straight into a PDF (`print::render_pdf`, no browser), read back with
//! poppler: the planned pages at the paper's size (one per fixture character; the longest
//! character each system allows on its numbered pages, every item of its lists on paper), each
//! character's name and ratings on its page, and nothing printed within 10 mm of an edge.
//! Needs Debian's `poppler-utils` (scripts/bootstrap.sh). `ROLLBOOK_PRINT_KEEP=DIR` keeps the PDFs.
#![cfg(feature = "pdf")]

use crate::print_support;

use std::path::{Path, PathBuf};

use print_support::*;
use rollbook_roster::print::{self, Paper};
use rollbook_roster::{Character, Roster, System};

const MM: f64 = 72.0 / 25.4;

fn write(dir: &Path, stem: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(format!("{stem}.pdf"));
    std::fs::write(&path, bytes).unwrap();
    path
}

fn check(
    roster: &Roster,
    characters: &[Character],
    stem: &str,
) -> Vec<(Paper, Vec<String>, Vec<usize>)> {
    let keep = std::env::var_os("ROLLBOOK_PRINT_KEEP").map(PathBuf::from);
    let temp = tempfile::tempdir().unwrap();
    let dir = keep.unwrap_or_else(|| temp.path().to_path_buf());
    std::fs::create_dir_all(&dir).unwrap();
    let mut out = Vec::new();
    for paper in Paper::ALL {
        let printed = print::render_pdf(roster, characters, paper, date()).unwrap();
        let stem = format!("{stem}-{paper}-direct");
        let pdf = write(&dir, &stem, &printed.pdf);
        let (pages, size) = pdf_info(&pdf);
        let expected = match paper {
            Paper::A4 => "(A4)",
            Paper::Letter => "(letter)",
        };
        assert!(size.contains(expected), "{stem}: {size}");
        assert_eq!(pages, printed.pages, "{stem}: pages");
        for (i, (width, height, words)) in pdf_words(&pdf).into_iter().enumerate() {
            for ([x0, y0, x1, y1], _) in words {
                let inside = x0 >= 10.0 * MM
                    && y0 >= 10.0 * MM
                    && x1 <= width - 10.0 * MM
                    && y1 <= height - 10.0 * MM;
                assert!(
                    inside,
                    "{stem} page {}: a word at {x0},{y0}–{x1},{y1} pt",
                    i + 1
                );
            }
        }
        let texts = pages_text(&pdf);
        assert_eq!(texts.len(), pages, "{stem}: pdftotext pages");
        let mut page = 0;
        for sheet in &printed.sheets {
            let start: String = squeeze(&sheet.name).chars().take(5).collect();
            for _ in 0..sheet.pages {
                assert!(
                    squeeze(&texts[page]).contains(&start),
                    "{stem} page {}",
                    page + 1
                );
                page += 1;
            }
        }
        out.push((
            paper,
            texts,
            printed.sheets.iter().map(|s| s.pages).collect(),
        ));
    }
    out
}

fn draws_the_planned_pages(system: System) {
    let (mut store, roster, characters) = fixture_roster(system);
    for (paper, texts, planned) in check(&roster, &characters, &system.to_string()) {
        assert_eq!(planned, vec![1; characters.len()], "{system} {paper}");
        for (character, text) in characters.iter().zip(&texts) {
            let text = squeeze(text);
            assert!(text.contains(&squeeze(&character.name)), "{system} {paper}");
            for rating in character.sheet.ratings() {
                let name = squeeze(&rating.name);
                assert!(
                    text.contains(&name),
                    "{system} {paper}: {} lacks {name}",
                    character.name
                );
            }
            let footer = squeeze(&format!("{} · printed 2026-11-22", roster.name));
            assert!(text.contains(&footer), "{system} {paper}: footer");
        }
    }
    let (roster, longest) = add_longest(&mut store, &roster);
    let listed = longest.sheet.to_value().to_string();
    let stem = format!("{system}-longest");
    for (paper, texts, planned) in check(&roster, std::slice::from_ref(&longest), &stem) {
        assert!(planned[0] > 2, "{system} {paper}");
        let all = squeeze(&texts.concat());
        assert_every_item_printed(&listed, &all, &format!("{system} {paper}"));
    }
}

#[test]
#[cfg_attr(windows, ignore = "reads the PDF with Linux programs (poppler)")]
fn stunt_sheets_draw_on_their_planned_pages() {
    draws_the_planned_pages(System::Stunt);
}

#[test]
#[cfg_attr(windows, ignore = "reads the PDF with Linux programs (poppler)")]
fn genre_sheets_draw_on_their_planned_pages() {
    draws_the_planned_pages(System::Genre);
}

#[test]
#[cfg_attr(windows, ignore = "reads the PDF with Linux programs (poppler)")]
fn universe_sheets_draw_on_their_planned_pages() {
    draws_the_planned_pages(System::Universe);
}

#[test]
#[cfg_attr(windows, ignore = "reads the PDF with Linux programs (poppler)")]
fn marks_sheets_draw_on_their_planned_pages() {
    draws_the_planned_pages(System::Marks);
}

#[test]
#[cfg_attr(windows, ignore = "reads the PDF with Linux programs (poppler)")]
fn d12_sheets_draw_on_their_planned_pages() {
    draws_the_planned_pages(System::D12);
}
