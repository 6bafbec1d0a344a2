//! `rollbook sheet --roster NAME [--character NAME…] --out FILE.html|FILE.pdf [--paper a4|letter]`:
//! printable character sheets: a PDF (drawn in Rust, no browser) or HTML to print from any browser.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rollbook_roster::operations::print::{print_html, print_pdf, PrintRefused};
use rollbook_roster::print::Paper;
use serde_json::json;

use super::store::{self, Open};
use super::text_table;
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook sheet --roster \"Friday Night Heroes\" --out heroes.pdf
  rollbook sheet --roster \"Friday Night Heroes\" --out heroes.html
  rollbook sheet --roster Heroes --character Vex --character \"Juno Park\" --out two.html
  rollbook sheet --roster Heroes --paper letter --out heroes-letter.html
  rollbook sheet --roster Heroes --out - > heroes.html

A file named .pdf is a PDF, ready to print (fonts embedded); any other name gets one HTML
document (its stylesheet inside, nothing fetched, no script) to open in a browser and print.
Both hold the same pages. A character whose
lists outgrow one page carries on over numbered pages of its own. Characters print in roster
order, or in the order given.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl From<PaperArg> for Paper {
    fn from(paper: PaperArg) -> Paper {
        match paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        }
    }
}

#[derive(Debug, Args)]
pub struct SheetArgs {
    /// The roster (name or id).
    #[arg(long, value_name = "NAME")]
    roster: String,
    /// A character of the roster to print (name or id); repeat for several. Every character
    /// of the roster when left out.
    #[arg(long = "character", value_name = "NAME", num_args = 1..)]
    characters: Vec<String>,
    /// The file to write: `.pdf` for a PDF, any other name for HTML; `-` for HTML on stdout.
    #[arg(long, short, value_name = "FILE")]
    out: PathBuf,
    /// The paper the sheets are laid out for.
    #[arg(long, value_enum, default_value = "a4")]
    paper: PaperArg,
}

pub fn run(args: SheetArgs, global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    let roster = store::roster(&store, &args.roster)?;
    let paper = Paper::from(args.paper);
    let today = jiff::Zoned::now().date();
    let wanted = &args.characters;
    let (bytes, pages, sheets) = if is_pdf(&args.out) {
        let printed = print_pdf(&store, &roster, wanted, paper, today).map_err(failure)?;
        (printed.pdf, printed.pages, printed.sheets)
    } else {
        let printed = print_html(&store, &roster, wanted, paper, today).map_err(failure)?;
        (printed.html.into_bytes(), printed.pages, printed.sheets)
    };
    if output::file(&args.out, &bytes, &store)? == output::Destination::Stdout {
        return Ok(());
    }
    if global.json {
        return output::json(&json!({
            "out": args.out,
            "roster": roster.name,
            "paper": paper.as_str(),
            "pages": pages,
            "characters": sheets,
        }));
    }
    output::text(&format!(
        "Wrote {} of {} ({}, {}) to {}\n",
        text_table::count(sheets.len(), "sheet"),
        roster.name,
        text_table::count(pages, "page"),
        paper_name(paper),
        args.out.display()
    ))
}

/// A file named `.pdf` (any case) gets the PDF; every other name the HTML.
fn is_pdf(out: &std::path::Path) -> bool {
    out.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
}

fn paper_name(paper: Paper) -> &'static str {
    match paper {
        Paper::A4 => "A4",
        Paper::Letter => "Letter",
    }
}

/// The print operation's refusal: a store refusal exits as the store's do; a template that
/// failed is Rollbook's fault (exit 1); the rest is the choice of characters (exit 2).
fn failure(refused: PrintRefused) -> Failure {
    match refused {
        PrintRefused::Store(error) => error.into(),
        other if other.is_internal() => Failure::Failed(other.to_string()),
        other => Failure::BadInput(other.to_string()),
    }
}
