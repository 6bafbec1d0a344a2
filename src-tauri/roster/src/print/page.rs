//! A printed page: the header with the character's name, the system's boxes (first page), the
//! columns of sections, the system's reference tables (first page) and the footer with the roster
//! and the print date. Also how tall the header and footer are, so the planner knows what is
//! left for the columns.

use rollbook_rules::text::isolated;
use serde::Serialize;
use serde_json::Value;

use super::flow::Fragment;
use super::measure::{line_count, one_line};
use super::metrics::{BODY, METRICS, NAME, SMALL};

/// Everything a page's template shows.
#[derive(Debug, Serialize)]
pub(crate) struct Page {
    pub system: &'static str,
    pub system_name: &'static str,
    pub first: bool,
    pub header: Header,
    /// The system's boxes (first page only).
    pub top: Option<Value>,
    pub columns: Vec<Vec<Fragment>>,
    /// The system's reference tables (first page only).
    pub reference: Option<Value>,
    pub footer: Footer,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Header {
    pub name: String,
    /// "PC · player Sam · party, villain"; on continuation pages "continued".
    pub meta: String,
}

/// The lines of the header's "PC · player Sam · tags" line it keeps the tags in; more tags than
/// that go in a section of their own.
pub(crate) const META_LINES: usize = 2;

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Footer {
    /// "Friday Night Heroes · printed 2026-11-22".
    pub place: String,
    /// "page 1 of 2" when the character takes more than one page.
    pub number: String,
}

impl Header {
    /// The width of the name and meta lines.
    pub fn width() -> f64 {
        METRICS.page_width - METRICS.system_width - METRICS.gap
    }

    /// The header of a continuation page: the name on one line (cut if it must be: page 1 has
    /// it whole) and "continued".
    /// The header of a continuation page; `name` is cut to one line, then isolated (the cut
    /// must not drop the isolate's end).
    pub fn continued(name: &str) -> Header {
        Header {
            name: isolated(&one_line(name, Header::width(), NAME.pt)).into_owned(),
            meta: "continued".to_string(),
        }
    }

    /// Whether `meta` fits the header's meta lines.
    pub fn meta_fits(meta: &str) -> bool {
        line_count(meta, Header::width(), BODY.pt) <= META_LINES
    }

    pub fn height(&self) -> f64 {
        let m = METRICS;
        let width = Header::width();
        let name = line_count(&self.name, width, NAME.pt) as f64 * NAME.line;
        let meta = line_count(&self.meta, width, BODY.pt) as f64 * BODY.line;
        // The system's name and "Rollbook" stand on the right, two small lines.
        (name + meta).max(2.0 * SMALL.line) + m.header_pad + m.header_rule
    }
}

impl Footer {
    pub fn height(&self) -> f64 {
        let m = METRICS;
        let width = m.page_width - m.page_number_width - m.gap;
        line_count(&self.place, width, SMALL.pt) as f64 * SMALL.line + m.footer_pad + m.footer_rule
    }
}
