//! The parts of a sheet that grow with the character (abilities, skills, equipment, notes…): a
//! titled table or text, and the height each row or line takes on paper.

use serde::Serialize;

use super::measure::{line_count, width_mm, wrap};
use super::metrics::{Font, BODY, METRICS, SMALL};

/// A titled list of the sheet; the page planner may split it between columns and pages.
#[derive(Debug, Clone)]
pub(crate) struct Section {
    pub title: String,
    pub body: Body,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Body {
    Table {
        columns: Vec<Column>,
        /// Column headings, repeated wherever the table continues.
        head: Option<Vec<Cell>>,
        rows: Vec<Row>,
    },
    /// Paragraphs of free text (notes).
    Text { paragraphs: Vec<String> },
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Column {
    /// The column's width in mm (the stylesheet gets one class per width used: `w` + tenths).
    #[serde(skip)]
    pub width: f64,
    pub class: String,
}

impl Column {
    pub fn new(width: f64, align: &str) -> Column {
        Column {
            width,
            class: format!("{} {align}", width_class(width)),
        }
    }
}

/// The stylesheet class that sets a width (`w46` = 4.6 mm): no inline styles in a sheet.
pub(crate) fn width_class(width: f64) -> String {
    format!("w{}", tenths(width))
}

pub(crate) fn tenths(width: f64) -> u32 {
    (width * 10.0).round() as u32
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Row {
    pub cells: Vec<Cell>,
    /// `blank`: a row left empty to write in by hand.
    pub class: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Cell {
    pub text: String,
    /// `rot`: a heading set sideways (the stunt chart's levels); `small`: set in the small font;
    /// `hi`: stands out (the chart cell of the character's own level).
    pub class: &'static str,
}

impl Cell {
    pub fn new(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            class: "",
        }
    }

    pub fn with(text: impl Into<String>, class: &'static str) -> Cell {
        Cell {
            text: text.into(),
            class,
        }
    }
}

/// Plain column headings.
pub(crate) fn heads(texts: &[&str]) -> Option<Vec<Cell>> {
    Some(texts.iter().map(|t| Cell::new(*t)).collect())
}

impl Row {
    pub fn new(cells: Vec<Cell>) -> Row {
        Row { cells, class: "" }
    }

    /// An empty row to write in; `columns` cells keep the table's rules.
    pub fn blank(columns: usize) -> Row {
        Row {
            cells: (0..columns).map(|_| Cell::new("")).collect(),
            class: "blank",
        }
    }
}

impl Section {
    pub fn table(
        title: impl Into<String>,
        columns: Vec<Column>,
        head: Option<Vec<Cell>>,
        rows: Vec<Row>,
    ) -> Section {
        Section {
            title: title.into(),
            body: Body::Table {
                columns,
                head,
                rows,
            },
        }
    }

    /// Notes: one paragraph per line of the text; blank lines only separate paragraphs. With no
    /// text, a few empty ruled lines to write on.
    pub fn notes(title: impl Into<String>, text: &str, blank_lines: usize) -> Section {
        let paragraphs: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        if paragraphs.is_empty() {
            let columns = vec![Column::new(0.0, "l")];
            let rows = (0..blank_lines).map(|_| Row::blank(1)).collect();
            return Section {
                title: title.into(),
                body: Body::Table {
                    columns,
                    head: None,
                    rows,
                },
            };
        }
        Section {
            title: title.into(),
            body: Body::Text { paragraphs },
        }
    }
}

/// The font a cell is set in.
fn cell_font(class: &str) -> Font {
    if class == "small" {
        SMALL
    } else {
        BODY
    }
}

/// The height of one table row whose cells are `widths` wide.
pub(crate) fn row_height(row: &Row, widths: &[f64]) -> f64 {
    let m = METRICS;
    let lines = row
        .cells
        .iter()
        .zip(widths)
        .map(|(cell, w)| {
            let font = cell_font(cell.class);
            line_count(&cell.text, w - 2.0 * m.cell_pad_x, font.pt) as f64 * font.line
        })
        .fold(0.0, f64::max);
    lines + 2.0 * m.cell_pad_y + m.rule
}

/// The height of a table's headings: wrapped text, or for `rot` cells the text's length set
/// sideways.
pub(crate) fn head_height(head: &[Cell], widths: &[f64]) -> f64 {
    let m = METRICS;
    let tallest = head
        .iter()
        .zip(widths)
        .map(|(cell, w)| {
            if cell.class == "rot" {
                width_mm(&cell.text, SMALL.pt)
            } else {
                line_count(&cell.text, w - 2.0 * m.cell_pad_x, SMALL.pt) as f64 * SMALL.line
            }
        })
        .fold(0.0, f64::max);
    tallest + 2.0 * m.cell_pad_y + m.head_rule
}

/// The lines of a paragraph of notes in a column `width` wide.
pub(crate) fn paragraph_lines(text: &str, width: f64) -> Vec<std::ops::Range<usize>> {
    wrap(text, width, BODY.pt)
}

/// The widths of a table's columns: those given, and the one given as 0 takes what is left.
pub(crate) fn resolve_widths(columns: &mut [Column], total: f64) {
    let fixed: f64 = columns.iter().map(|c| c.width).sum();
    if let Some(rest) = columns.iter_mut().find(|c| c.width == 0.0) {
        let align = rest.class.rsplit(' ').next().unwrap_or("l").to_string();
        *rest = Column::new((total - fixed).max(5.0), &align);
    }
}
