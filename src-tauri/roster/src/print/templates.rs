//! The sheet templates (minijinja, compiled into the binary) and the one place they are rendered.
//!
//! Templates named `.html` escape every value they print (minijinja's HTML auto-escape), so a
//! character named `<img src=x onerror=alert(1)>` prints as that text; nothing is ever marked
//! safe. The stylesheet (`.css`) is filled only with the numbers of [`METRICS`].

use std::collections::BTreeSet;

use minijinja::value::Serde;
use minijinja::{context, Environment};
use serde::Serialize;

use super::flow::Fragment;
use super::metrics::METRICS;
use super::page::Page;
use super::section::{tenths, Body};
use super::systems::{layout, Layout};
use super::{Paper, PrintError};
use crate::System;

/// `(name, source)` of every template, embedded at build time.
const TEMPLATES: [(&str, &str); 15] = [
    (
        "sheets.html",
        include_str!("../../templates/print/sheets.html"),
    ),
    ("sheet.css", include_str!("../../templates/print/sheet.css")),
    (
        "parts.html",
        include_str!("../../templates/print/parts.html"),
    ),
    (
        "stunt/top.html",
        include_str!("../../templates/print/stunt/top.html"),
    ),
    (
        "stunt/reference.html",
        include_str!("../../templates/print/stunt/reference.html"),
    ),
    (
        "genre/top.html",
        include_str!("../../templates/print/genre/top.html"),
    ),
    (
        "genre/reference.html",
        include_str!("../../templates/print/genre/reference.html"),
    ),
    (
        "universe/top.html",
        include_str!("../../templates/print/universe/top.html"),
    ),
    (
        "universe/reference.html",
        include_str!("../../templates/print/universe/reference.html"),
    ),
    (
        "marks/top.html",
        include_str!("../../templates/print/marks/top.html"),
    ),
    (
        "marks/reference.html",
        include_str!("../../templates/print/marks/reference.html"),
    ),
    (
        "d12/top.html",
        include_str!("../../templates/print/d12/top.html"),
    ),
    (
        "d12/reference.html",
        include_str!("../../templates/print/d12/reference.html"),
    ),
    (
        "file/top.html",
        include_str!("../../templates/print/file/top.html"),
    ),
    (
        "file/reference.html",
        include_str!("../../templates/print/file/reference.html"),
    ),
];

#[derive(Serialize)]
struct SystemLayout {
    id: &'static str,
    #[serde(flatten)]
    layout: Layout,
}

/// The whole document.
pub(super) fn document(title: &str, paper: Paper, pages: &[Page]) -> Result<String, PrintError> {
    let env = environment()?;
    let mut layouts: Vec<SystemLayout> = System::ALL
        .iter()
        .map(|&s| SystemLayout {
            id: s.as_str(),
            layout: layout(s),
        })
        .collect();
    layouts.push(SystemLayout {
        id: "file",
        layout: crate::systems::file::LAYOUT,
    });
    let ctx = context! {
        title => title,
        paper => paper.css(),
        page_height => paper.content_height(),
        paper_width => paper.width_mm(),
        m => Serde(METRICS),
        layouts => Serde(layouts),
        widths => widths(pages),
        pages => Serde(pages),
        fonts => context! { regular => font(REGULAR), bold => font(BOLD) },
    };
    env.get_template("sheets.html")
        .and_then(|t| t.render(ctx))
        .map_err(|e| PrintError::Template(format!("{e:#}")))
}

/// The sheet's own web fonts (scripts/make-sheet-fonts.sh), put in the document as data.
const REGULAR: &[u8] = include_bytes!("../../fonts/sheet-DejaVuSans.woff2");
const BOLD: &[u8] = include_bytes!("../../fonts/sheet-DejaVuSans-Bold.woff2");

fn font(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn environment() -> Result<Environment<'static>, PrintError> {
    let mut env = Environment::new();
    for (name, source) in TEMPLATES {
        env.add_template(name, source)
            .map_err(|e| PrintError::Template(e.to_string()))?;
    }
    Ok(env)
}

/// The HTML of a first page's system boxes (`top`) or reference tables (`reference`) alone: the
/// PDF draws the same words from it that the HTML document prints.
#[cfg(feature = "pdf")]
pub(super) fn system_part(page: &Page, reference: bool) -> Result<String, PrintError> {
    let mut env = environment()?;
    let source = if reference {
        r#"{% include page.system ~ "/reference.html" %}"#
    } else {
        r#"{% include page.system ~ "/top.html" %}"#
    };
    env.add_template("part", source)
        .map_err(|e| PrintError::Template(e.to_string()))?;
    env.get_template("part")
        .and_then(|t| t.render(context! { page => Serde(page) }))
        .map_err(|e| PrintError::Template(format!("{e:#}")))
}

/// Every column width the document's tables use, in tenths of a mm (each gets a class).
fn widths(pages: &[Page]) -> Vec<u32> {
    let mut set = BTreeSet::new();
    let fragments = pages.iter().flat_map(|p| p.columns.iter().flatten());
    for Fragment { body, .. } in fragments {
        if let Body::Table { columns, .. } = body {
            set.extend(columns.iter().map(|c| tenths(c.width)));
        }
    }
    set.into_iter().collect()
}
