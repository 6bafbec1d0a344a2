//! Every size of a printed sheet, in one place: the stylesheet is rendered from these numbers and
//! the page planner counts with them, so what the planner expects is what the browser draws.

use serde::Serialize;

/// A font size and the fixed height of one of its lines (CSS `line-height` in mm).
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct Font {
    pub pt: f64,
    pub line: f64,
}

/// Table cells, notes.
pub(crate) const BODY: Font = Font { pt: 9.0, line: 4.2 };
/// Column headings, the footer, reference tables.
pub(crate) const SMALL: Font = Font { pt: 7.5, line: 3.4 };
/// Section titles.
pub(crate) const TITLE: Font = Font { pt: 8.0, line: 4.0 };
/// The character's name.
pub(crate) const NAME: Font = Font {
    pt: 17.0,
    line: 7.4,
};

/// Sizes in millimetres, handed to the stylesheet as they are.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct Metrics {
    pub body: Font,
    pub small: Font,
    pub title: Font,
    pub name: Font,
    /// The printable width: A4's (210 - 2 margins), also used on the wider Letter.
    pub page_width: f64,
    pub margin: f64,
    /// Between the stacked blocks of a page (header, top boxes, columns, reference, footer).
    pub gap: f64,
    pub column_gap: f64,
    pub cell_pad_x: f64,
    pub cell_pad_y: f64,
    /// The line under each table row.
    pub rule: f64,
    /// The line under a table's headings.
    pub head_rule: f64,
    pub title_pad: f64,
    pub title_rule: f64,
    /// Below a section title, before its table.
    pub title_after: f64,
    /// Above a section title that is not first in its column.
    pub section_before: f64,
    /// Below each paragraph of notes.
    pub paragraph_after: f64,
    /// The width of the system's name in the header.
    pub system_width: f64,
    pub header_pad: f64,
    pub header_rule: f64,
    /// The width of "Rollbook · page 1 of 2" in the footer.
    pub page_number_width: f64,
    pub footer_pad: f64,
    pub footer_rule: f64,
    /// Kept free at the foot of every page: the browser's rounding must never push a page's
    /// last line onto a page of its own.
    pub slack: f64,
}

pub(crate) const METRICS: Metrics = Metrics {
    body: BODY,
    small: SMALL,
    title: TITLE,
    name: NAME,
    page_width: 186.0,
    margin: 12.0,
    gap: 3.0,
    column_gap: 6.0,
    cell_pad_x: 1.0,
    cell_pad_y: 0.4,
    rule: 0.2,
    head_rule: 0.3,
    title_pad: 0.4,
    title_rule: 0.3,
    title_after: 0.8,
    section_before: 2.6,
    paragraph_after: 1.0,
    system_width: 46.0,
    header_pad: 1.6,
    header_rule: 0.6,
    page_number_width: 42.0,
    footer_pad: 1.2,
    footer_rule: 0.3,
    slack: 2.0,
};

impl Metrics {
    /// The width of one column of the flowing sections when a page has `columns` of them.
    pub fn column_width(&self, columns: usize) -> f64 {
        let n = columns.max(1) as f64;
        (self.page_width - self.column_gap * (n - 1.0)) / n
    }

    /// A section title's height, without the space above it.
    pub fn title_height(&self) -> f64 {
        self.title.line + self.title_pad + self.title_rule + self.title_after
    }
}
