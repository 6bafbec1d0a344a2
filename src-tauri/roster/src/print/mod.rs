//! Printable character sheets: one self-contained HTML document (its stylesheet inline, nothing
//! fetched, no script) that prints each character on its own page of A4 or US Letter.
//!
//! ```
//! use rollbook_roster::{print, Store, NewRoster, NewCharacter, System};
//!
//! let mut store = Store::open_in_memory()?;
//! let roster = store.create_roster(NewRoster::new("Friday Night Heroes", System::D12))?;
//! let vex = store.create_character(roster.id, NewCharacter::named("<img src=x onerror=alert(1)>"))?;
//! let date = jiff::civil::date(2026, 11, 22);
//! let printed = print::render(&roster, &[vex], print::Paper::A4, date)?;
//! assert_eq!(printed.pages, 1);
//! assert!(printed.html.contains("&lt;img src=x onerror=alert(1)&gt;"));
//! assert!(printed.html.contains("printed 2026-11-22"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each system has its own first page (`templates/print/<system>/`): boxes to write in for what
//! changes in play (hp, Glory, health, HTK, Sanity, fate cards), the character's lists, and the
//! tables a player needs at the table. The character's name heads every page; the roster's name
//! and the print date are in every footer.
//!
//! **Fitting the page.** The lists grow with the character (up to 200 items of 120 characters
//! each, and 20,000 characters of notes), so a sheet cannot always be one page. The rule: a
//! character's sheet is exactly one page whenever its lists fit the room the first page leaves
//! (every ordinary character does); longer lists carry on, whole rows at a time, on continuation
//! pages of the same character, each headed with the name and "continued", numbered "page 2 of 3"
//! in the footer. Nothing is ever cut off or shrunk. The planner measures every text itself
//! ([`measure`](self) over-estimates widths with the fonts' metrics), so it knows the page count
//! before any browser lays the document out: [`Printout::pages`] is the count a printer produces,
//! and the tests print with Chromium to check it.

mod error;
mod flow;
mod measure;
pub(crate) mod metrics;
mod page;
mod paper;
#[cfg(feature = "pdf")]
mod pdf;
pub(crate) mod section;
pub(crate) mod selection;
pub(crate) mod systems;
mod templates;

use rollbook_rules::text::isolated;
use serde::Serialize;

use crate::{Character, Roster};
pub use error::PrintError;
use flow::{paginate, Space};
use metrics::METRICS;
use page::{Footer, Header, Page};
pub use paper::{Paper, MARGIN_MM};

/// The printable document.
#[derive(Debug, Clone)]
pub struct Printout {
    /// One HTML document, its stylesheet inline, no script and nothing fetched.
    pub html: String,
    /// The pages it prints on, all characters together.
    pub pages: usize,
    /// The pages of each character, in the order printed.
    pub sheets: Vec<SheetPages>,
}

/// How many pages one character's sheet takes (1 unless its lists outgrow the first page).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetPages {
    pub id: uuid::Uuid,
    pub name: String,
    pub pages: usize,
}

/// The sheets of `characters` (all of `roster`, in the order given) on `paper`, dated
/// `printed_on`. Every text of the roster and the characters reaches the page escaped.
pub fn render(
    roster: &Roster,
    characters: &[Character],
    paper: Paper,
    printed_on: jiff::civil::Date,
) -> Result<Printout, PrintError> {
    let plan = plan(roster, characters, paper, printed_on)?;
    let html = templates::document(&plan.title, paper, &plan.pages)?;
    Ok(Printout {
        html,
        pages: plan.pages.len(),
        sheets: plan.sheets,
    })
}

/// The same sheets as [`render`] lays them out (the same pages, sections and page breaks), drawn
/// straight into a PDF with DejaVu Sans embedded: no browser, no window.
#[cfg(feature = "pdf")]
pub fn render_pdf(
    roster: &Roster,
    characters: &[Character],
    paper: Paper,
    printed_on: jiff::civil::Date,
) -> Result<PdfPrintout, PrintError> {
    let plan = plan(roster, characters, paper, printed_on)?;
    let pdf = pdf::document(&plan.title, paper, &plan.pages)?;
    Ok(PdfPrintout {
        pdf,
        pages: plan.pages.len(),
        sheets: plan.sheets,
    })
}

/// The sheets as a PDF file.
#[cfg(feature = "pdf")]
#[derive(Debug, Clone)]
pub struct PdfPrintout {
    pub pdf: Vec<u8>,
    pub pages: usize,
    pub sheets: Vec<SheetPages>,
}

/// Every page of a print, planned once for both outputs.
struct Plan {
    title: String,
    pages: Vec<Page>,
    sheets: Vec<SheetPages>,
}

fn plan(
    roster: &Roster,
    characters: &[Character],
    paper: Paper,
    printed_on: jiff::civil::Date,
) -> Result<Plan, PrintError> {
    if characters.is_empty() {
        return Err(PrintError::NothingToPrint);
    }
    let mut pages = Vec::new();
    let mut sheets = Vec::new();
    for character in characters {
        if character.roster_id != roster.id {
            return Err(PrintError::NotInRoster {
                character: character.name.clone(),
                roster: roster.name.clone(),
            });
        }
        let before = pages.len();
        pages.extend(character_pages(roster, character, paper, printed_on));
        sheets.push(SheetPages {
            id: character.id,
            name: character.name.clone(),
            pages: pages.len() - before,
        });
    }
    let title = match characters {
        [one] => format!("{} — {}", isolated(&one.name), isolated(&roster.name)),
        _ => isolated(&roster.name).into_owned(),
    };
    Ok(Plan {
        title,
        pages,
        sheets,
    })
}

/// One character's pages: the first with the system's boxes and tables, then as many
/// continuation pages as its lists need.
fn character_pages(
    roster: &Roster,
    character: &Character,
    paper: Paper,
    printed_on: jiff::civil::Date,
) -> Vec<Page> {
    let system = character.sheet.system();
    let layout = systems::layout(system);
    let mut built = systems::build(roster, character);
    // Every name printed is isolated, so a bidi control in it (a right-to-left override)
    // reorders nothing around it: the header's meta and the footer are sentences of names.
    let name = character.name.trim();
    let said = isolated(name).into_owned();
    // Kind, player and tags head the sheet; tags too many for the header get a section.
    let (meta, tags) = meta(character);
    let header = match tags {
        Some(tags) if !Header::meta_fits(&format!("{meta} · {tags}")) => {
            built
                .sections
                .insert(0, section::Section::notes("Tags", &tags, 0));
            Header { name: said, meta }
        }
        Some(tags) => Header {
            name: said,
            meta: format!("{meta} · {tags}"),
        },
        None => Header { name: said, meta },
    };
    let continued = Header::continued(name);
    let place = format!("{} · printed {printed_on}", isolated(roster.name.trim()));
    // The footer's height does not depend on its page number (that sits at a fixed width).
    let footer_h = Footer {
        place: place.clone(),
        number: String::new(),
    }
    .height();
    let m = METRICS;
    let room = paper.content_height() - m.slack - footer_h;
    let space = Space {
        columns: layout.columns,
        first: room - header.height() - layout.top - layout.reference - 4.0 * m.gap,
        next: room - continued.height() - 2.0 * m.gap,
    };
    let laid_out = paginate(built.sections, space);
    let count = laid_out.len();
    laid_out
        .into_iter()
        .enumerate()
        .map(|(i, columns)| {
            let first = i == 0;
            Page {
                system: systems::template_id(system),
                system_name: systems::system_name(system),
                first,
                header: if first {
                    header.clone()
                } else {
                    continued.clone()
                },
                top: first.then(|| built.top.clone()),
                columns,
                reference: first.then(|| built.reference.clone()),
                footer: Footer {
                    place: place.clone(),
                    number: if count > 1 {
                        format!("page {} of {count}", i + 1)
                    } else {
                        String::new()
                    },
                },
            }
        })
        .collect()
}

/// "PC · player Sam", and the tags ("party, villain") if any; the player and each tag isolated.
fn meta(character: &Character) -> (String, Option<String>) {
    let mut meta = match character.kind {
        crate::CharacterKind::Pc => "PC".to_string(),
        crate::CharacterKind::Npc => "NPC".to_string(),
    };
    if !character.player.trim().is_empty() {
        meta.push_str(&format!(" · player {}", isolated(character.player.trim())));
    }
    let tags = (!character.tags.is_empty()).then(|| {
        let said: Vec<_> = character.tags.iter().map(|t| isolated(t)).collect();
        said.join(", ")
    });
    (meta, tags)
}
