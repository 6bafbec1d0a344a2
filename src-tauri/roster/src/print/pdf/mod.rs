//! The sheets drawn straight into a PDF (krilla, DejaVu Sans embedded as a subset): the same pages
//! the HTML document prints, from the same plan — header, the system's boxes, the columns of
//! sections as the planner split them, the reference tables, the footer — with the stylesheet's
//! sizes (`metrics.rs`) and margins. No browser and no window: `rollbook sheet --out x.pdf`.

mod blocks;
mod html;
mod pen;
mod sections;
mod text;

use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::Document;

use super::metrics::{METRICS, NAME, SMALL};
use super::page::{Footer, Header, Page};
use super::systems::layout;
use super::{templates, Paper, PrintError};
use crate::System;
use html::Run;
use pen::{fonts, Align, Pen, Style};
use text::{draw_line, wrap_runs};

const PT_PER_MM: f32 = 72.0 / 25.4;

pub(super) fn document(title: &str, paper: Paper, pages: &[Page]) -> Result<Vec<u8>, PrintError> {
    let fonts = fonts();
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("Rollbook".to_string()),
    );
    let size = (
        paper.width_mm() as f32 * PT_PER_MM,
        paper.height_mm() as f32 * PT_PER_MM,
    );
    for page in pages {
        let settings = PageSettings::from_wh(size.0, size.1)
            .ok_or_else(|| PrintError::Template("a page of no size".into()))?;
        let mut pdf_page = document.start_page_with(settings);
        let mut surface = pdf_page.surface();
        let mut pen = Pen {
            surface: &mut surface,
            fonts: &fonts,
        };
        draw_page(&mut pen, paper, page)?;
        surface.finish();
        pdf_page.finish();
    }
    document
        .finish()
        .map_err(|e| PrintError::Template(format!("the PDF could not be written: {e:?}")))
}

fn system_of(page: &Page) -> System {
    System::ALL
        .into_iter()
        .find(|s| s.as_str() == page.system)
        .unwrap_or(System::D12)
}

/// One page, laid out as the stylesheet's `.page` column: header, boxes, columns, reference,
/// footer at the foot of the printable height.
fn draw_page(pen: &mut Pen, paper: Paper, page: &Page) -> Result<(), PrintError> {
    let m = METRICS;
    let x = m.margin;
    let width = m.page_width;
    let mut y = m.margin;
    y += header(pen, &page.header, page.system_name, x, y) + m.gap;
    let layout = match page.system {
        "file" => crate::systems::file::LAYOUT,
        _ => layout(system_of(page)),
    };
    if page.first {
        let root = html::parse(&templates::system_part(page, false)?);
        blocks::top(pen, &root, x, y, width, layout.top);
        y += layout.top + m.gap;
    }
    sections::columns(pen, &page.columns, x, y);
    let bottom = m.margin + paper.content_height() - 0.5;
    let footer_top = bottom - page.footer.height();
    if page.first {
        let top = footer_top - m.gap - layout.reference;
        let root = html::parse(&templates::system_part(page, true)?);
        blocks::reference(pen, &root, x, top, width, layout.reference);
    }
    footer(pen, &page.footer, x, footer_top);
    Ok(())
}

fn plain(text: &str) -> Vec<Run> {
    vec![Run {
        text: text.to_string(),
        bold: false,
    }]
}

/// The name and "PC · player …" on the left, the system's name and "Rollbook" on the right,
/// the rule under them; answers its height.
fn header(pen: &mut Pen, header: &Header, system_name: &str, x: f64, y: f64) -> f64 {
    let m = METRICS;
    let width = Header::width();
    let body = m.body;
    let mut top = y;
    let style = Style::new(NAME.pt).bold();
    for line in wrap_runs(&plain(&header.name), width, style) {
        draw_line(pen, (x, top, width), NAME.line, style, Align::Left, &line);
        top += NAME.line;
    }
    let style = Style::new(body.pt);
    for line in wrap_runs(&plain(&header.meta), width, style) {
        draw_line(pen, (x, top, width), body.line, style, Align::Left, &line);
        top += body.line;
    }
    let right = x + m.page_width;
    let small = Style::new(SMALL.pt);
    pen.text(
        right,
        y,
        SMALL.line,
        small.bold(),
        Align::Right,
        system_name,
    );
    let label = small.grey(85);
    pen.text(
        right,
        y + SMALL.line,
        SMALL.line,
        label,
        Align::Right,
        "Rollbook",
    );
    let height = header.height();
    pen.rule(
        x,
        y + height - m.header_rule,
        m.page_width,
        m.header_rule,
        17,
    );
    height
}

fn footer(pen: &mut Pen, footer: &Footer, x: f64, y: f64) {
    let m = METRICS;
    pen.rule(x, y, m.page_width, m.footer_rule, 17);
    let top = y + m.footer_rule + m.footer_pad;
    let width = m.page_width - m.page_number_width - m.gap;
    let style = Style::new(SMALL.pt).grey(51);
    for (i, line) in wrap_runs(&plain(&footer.place), width, style)
        .iter()
        .enumerate()
    {
        let t = top + i as f64 * SMALL.line;
        draw_line(pen, (x, t, width), SMALL.line, style, Align::Left, line);
    }
    let right = x + m.page_width;
    pen.text(right, top, SMALL.line, style, Align::Right, &footer.number);
}
