//! Prints sheets to PDF the way the window does, through WebKitGTK's print operation with the
//! window's page setup (`print::MARGIN_MM`, the paper's PWG name), and reads the PDF back: the
//! planned pages at the paper's size, no word within 10 mm of an edge (WebKitGTK ignores the
//! `@page` margin: a sheet printed with GTK's default 6.35 mm had its footer 2 mm from the edge),
//! and one page under 300 KB (Skia, WebKitGTK's PDF writer, embeds fonts whole, once per text
//! colour: the system's DejaVu Sans in three greys made a 1.9 MB page).
//!
//! Needs Xvfb (`xvfb-run`), Debian's python3-gi, gir1.2-webkit2-4.1 and poppler-utils
//! (scripts/bootstrap.sh). `ROLLBOOK_PRINT_KEEP=DIR` keeps the HTML and PDFs.

use crate::print_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use print_support::*;
use rollbook_roster::print::{self, Paper, MARGIN_MM};
use rollbook_roster::System;

const PT_PER_MM: f64 = 72.0 / 25.4;

fn webkit_print(html: &str, dir: &Path, stem: &str, paper: Paper) -> PathBuf {
    let page = dir.join(format!("{stem}.html"));
    let pdf = dir.join(format!("{stem}.pdf"));
    std::fs::write(&page, html).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/print_support/webkit_print.py");
    let out = Command::new("xvfb-run")
        .args(["-a", "/usr/bin/python3"])
        .arg(script)
        .arg(&page)
        .arg(&pdf)
        .arg(paper.pwg())
        .arg(MARGIN_MM.to_string())
        .output()
        .unwrap_or_else(|e| {
            panic!("xvfb-run did not start ({e}): run scripts/bootstrap.sh (xvfb, python3-gi, gir1.2-webkit2-4.1)")
        });
    assert!(
        out.status.success() && pdf.is_file(),
        "{stem}: WebKitGTK did not print: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    pdf
}

#[test]
#[cfg_attr(windows, ignore = "prints with WebKitGTK under Xvfb")]
fn the_windows_printed_sheets_keep_their_margins_and_stay_small() {
    let keep = std::env::var_os("ROLLBOOK_PRINT_KEEP").map(PathBuf::from);
    let temp = tempfile::tempdir().unwrap();
    let dir = keep.unwrap_or_else(|| temp.path().to_path_buf());
    std::fs::create_dir_all(&dir).unwrap();
    for system in [System::D12, System::Universe, System::Stunt] {
        let (_store, roster, characters) = fixture_roster(system);
        for paper in Paper::ALL {
            let printed = print::render(&roster, &characters, paper, date()).unwrap();
            let stem = format!("{system}-{paper}-webkit");
            let pdf = webkit_print(&printed.html, &dir, &stem, paper);
            let (pages, size) = pdf_info(&pdf);
            assert_eq!(pages, printed.pages, "{stem}: pages");
            let expected = match paper {
                Paper::A4 => "(A4)",
                Paper::Letter => "(letter)",
            };
            assert!(size.contains(expected), "{stem}: {size}");
            let edge = 10.0 * PT_PER_MM;
            for (i, (width, height, found)) in pdf_words(&pdf).into_iter().enumerate() {
                let mut lowest = 0.0_f64;
                for ([x0, y0, x1, y1], word) in found {
                    let inside =
                        x0 >= edge && y0 >= edge && x1 <= width - edge && y1 <= height - edge;
                    assert!(
                        inside,
                        "{stem} page {}: {word:?} at {x0:.1},{y0:.1}–{x1:.1},{y1:.1} pt",
                        i + 1
                    );
                    lowest = lowest.max(y1);
                }
                eprintln!(
                    "{stem} page {}: the last line ends {:.1} mm above the edge",
                    i + 1,
                    (height - lowest) / PT_PER_MM
                );
            }
            let bytes = std::fs::metadata(&pdf).unwrap().len();
            eprintln!("{stem}: {pages} pages, {bytes} bytes");

            // One page alone: under 300 KB.
            let one = print::render(&roster, &characters[..1], paper, date()).unwrap();
            let stem = format!("{stem}-one");
            let pdf = webkit_print(&one.html, &dir, &stem, paper);
            let bytes = std::fs::metadata(&pdf).unwrap().len();
            eprintln!("{stem}: {bytes} bytes");
            assert!(bytes < 300_000, "{stem}: one page is {bytes} bytes");
        }
    }
}
