//! The columns of a page as the planner filled them (`flow.rs`): each fragment's title, its
//! table (headings, rows, the rules under them) or its paragraphs, at the heights the planner
//! counted with.

use super::super::flow::Fragment;
use super::super::measure::wrap;
use super::super::metrics::{BODY, METRICS, SMALL, TITLE};
use super::super::section::{head_height, row_height, Body, Cell};
use super::pen::{advance, Align, Pen, Style};

pub(super) fn columns(pen: &mut Pen, columns: &[Vec<Fragment>], x: f64, y: f64) {
    let m = METRICS;
    let width = m.column_width(columns.len());
    for (i, column) in columns.iter().enumerate() {
        let left = x + i as f64 * (width + m.column_gap);
        let mut top = y;
        for (j, fragment) in column.iter().enumerate() {
            if j > 0 {
                top += m.section_before;
            }
            top += fragment_at(pen, fragment, left, top, width);
        }
    }
}

/// Draws one fragment; answers its height.
fn fragment_at(pen: &mut Pen, f: &Fragment, x: f64, y: f64, width: f64) -> f64 {
    let m = METRICS;
    let title = Style::new(TITLE.pt).bold();
    pen.text(x, y, TITLE.line, title, Align::Left, &f.title);
    if f.continued {
        let at = x + advance(&format!("{} ", f.title), title);
        let style = Style::new(TITLE.pt).grey(85);
        pen.text(at, y, TITLE.line, style, Align::Left, "(continued)");
    }
    let rule_at = y + TITLE.line + m.title_pad;
    pen.rule(x, rule_at, width, m.title_rule, 17);
    let mut top = rule_at + m.title_rule + m.title_after;
    match &f.body {
        Body::Table {
            columns,
            head,
            rows,
        } => {
            let widths: Vec<f64> = columns.iter().map(|c| c.width).collect();
            let aligns: Vec<Align> = columns.iter().map(|c| Align::of(&c.class)).collect();
            if let Some(head) = head {
                let h = head_height(head, &widths);
                let mut left = x;
                for ((cell, w), align) in head.iter().zip(&widths).zip(&aligns) {
                    head_cell(pen, cell, (left, top, *w, h), *align);
                    left += w;
                }
                pen.rule(x, top + h - m.head_rule, width, m.head_rule, 17);
                top += h;
            }
            for row in rows {
                let h = row_height(row, &widths);
                let mut left = x;
                for ((cell, w), align) in row.cells.iter().zip(&widths).zip(&aligns) {
                    body_cell(pen, cell, (left, top, *w, h), *align);
                    left += w;
                }
                pen.rule(x, top + h - m.rule, width, m.rule, 154);
                top += h;
            }
        }
        Body::Text { paragraphs } => {
            let style = Style::new(BODY.pt);
            for p in paragraphs {
                for range in wrap(p, width, BODY.pt) {
                    pen.text(x, top, BODY.line, style, Align::Left, p[range].trim());
                    top += BODY.line;
                }
                top += m.paragraph_after;
            }
        }
    }
    top - y
}

/// Where a cell's text starts for its alignment, `w` wide at `left`.
fn anchor(left: f64, w: f64, align: Align) -> f64 {
    let pad = METRICS.cell_pad_x;
    match align {
        Align::Left => left + pad,
        Align::Centre => left + w / 2.0,
        Align::Right => left + w - pad,
    }
}

/// A column heading, set at the foot of the heading row (sideways for `rot`).
fn head_cell(pen: &mut Pen, cell: &Cell, (left, top, w, h): (f64, f64, f64, f64), align: Align) {
    let m = METRICS;
    let style = Style::new(SMALL.pt).bold().grey(51);
    let bottom = top + h - m.head_rule - m.cell_pad_y;
    if cell.class == "rot" {
        let x = left + w / 2.0 + SMALL.line / 2.0;
        pen.text_up(x, bottom, SMALL.line, style, &cell.text);
        return;
    }
    let lines = wrap(&cell.text, w - 2.0 * m.cell_pad_x, SMALL.pt);
    let mut t = bottom - lines.len() as f64 * SMALL.line;
    for range in lines {
        let text = cell.text[range].trim();
        pen.text(anchor(left, w, align), t, SMALL.line, style, align, text);
        t += SMALL.line;
    }
}

fn body_cell(pen: &mut Pen, cell: &Cell, (left, top, w, h): (f64, f64, f64, f64), align: Align) {
    let m = METRICS;
    let font = if cell.class == "small" { SMALL } else { BODY };
    let mut style = Style::new(font.pt);
    if cell.class == "hi" {
        pen.fill(left, top, w, h - m.rule, 226);
        style = style.bold();
    }
    let mut t = top + m.cell_pad_y;
    for range in wrap(&cell.text, w - 2.0 * m.cell_pad_x, font.pt) {
        let text = cell.text[range].trim();
        pen.text(anchor(left, w, align), t, font.line, style, align, text);
        t += font.line;
    }
}
