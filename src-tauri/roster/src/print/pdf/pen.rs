//! Drawing in millimetres from the page's top-left corner: text set in a line box as CSS sets it,
//! rules and boxes. Everything a printed sheet needs, nothing more.

use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Rect, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use std::sync::OnceLock;

use ttf_parser::Face;

use super::super::measure::width_mm;

const PT_PER_MM: f32 = 72.0 / 25.4;
/// DejaVu Sans's ascender and descender (hhea, per em): CSS centres this content area in the
/// line box, so a baseline sits where the browser would put it.
const ASCENT: f64 = 0.928;
const DESCENT: f64 = 0.236;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Align {
    Left,
    Centre,
    Right,
}

impl Align {
    /// From a column's classes (`w120 r`).
    pub fn of(class: &str) -> Align {
        match class.rsplit(' ').next() {
            Some("r") => Align::Right,
            Some("c") => Align::Centre,
            _ => Align::Left,
        }
    }
}

/// The two faces of a sheet.
#[derive(Clone)]
pub(super) struct Fonts {
    pub regular: Font,
    pub bold: Font,
}

/// DejaVu Sans and DejaVu Sans Bold, the faces the stylesheet asks for and whose widths the
/// planner measures with (fonts/LICENSE: the Bitstream Vera licence, free to embed; copied from
/// Debian's fonts-dejavu-core 2.37).
static REGULAR: &[u8] = include_bytes!("../../../fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../../fonts/DejaVuSans-Bold.ttf");

/// The width of `text` as the face draws it, in mm (the planner's [`width_mm`] over-estimates on
/// purpose, which would leave gaps between runs and ragged right-aligned numbers).
pub(super) fn advance(text: &str, style: Style) -> f64 {
    static FACES: OnceLock<(Face<'static>, Face<'static>)> = OnceLock::new();
    let (regular, bold) = FACES.get_or_init(|| {
        let face = |data| Face::parse(data, 0).expect("DejaVu Sans is a font");
        (face(REGULAR), face(BOLD))
    });
    let face = if style.bold { bold } else { regular };
    let per_em = f64::from(face.units_per_em());
    let units: f64 = text
        .chars()
        .map(|c| match face.glyph_index(c) {
            Some(g) => f64::from(face.glyph_hor_advance(g).unwrap_or(0)) / per_em,
            None => width_mm(&c.to_string(), 1.0) / (25.4 / 72.0),
        })
        .sum();
    units * style.pt * 25.4 / 72.0
}

pub(super) fn fonts() -> Fonts {
    Fonts {
        regular: Font::new(REGULAR.into(), 0).expect("DejaVu Sans is a font"),
        bold: Font::new(BOLD.into(), 0).expect("DejaVu Sans Bold is a font"),
    }
}

/// One run of text: its words, size (pt), weight and grey (0 black, 255 white).
#[derive(Clone, Copy)]
pub(super) struct Style {
    pub pt: f64,
    pub bold: bool,
    pub grey: u8,
}

impl Style {
    pub const fn new(pt: f64) -> Style {
        Style {
            pt,
            bold: false,
            grey: 17,
        }
    }

    pub const fn bold(self) -> Style {
        Style { bold: true, ..self }
    }

    pub const fn grey(self, grey: u8) -> Style {
        Style { grey, ..self }
    }
}

pub(super) struct Pen<'a, 'b> {
    pub surface: &'a mut Surface<'b>,
    pub fonts: &'a Fonts,
}

fn pt(mm: f64) -> f32 {
    mm as f32 * PT_PER_MM
}

fn paint(grey: u8) -> Fill {
    Fill {
        paint: luma::Color::new(grey).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

impl Pen<'_, '_> {
    /// `text` on one line whose box is `line` mm tall with its top at `top`, from `x` (left),
    /// around it (centre) or up to it (right).
    pub fn text(&mut self, x: f64, top: f64, line: f64, style: Style, align: Align, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        let size = style.pt * 25.4 / 72.0;
        let baseline = top + (line - (ASCENT + DESCENT) * size) / 2.0 + ASCENT * size;
        let width = advance(text, style);
        let x = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let font = if style.bold {
            self.fonts.bold.clone()
        } else {
            self.fonts.regular.clone()
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(paint(style.grey)));
        self.surface.draw_text(
            Point::from_xy(pt(x), pt(baseline)),
            font,
            style.pt as f32,
            text,
            false,
            TextDirection::Auto,
        );
    }

    /// Text set sideways, read from the bottom up, its start at (`x`, `bottom`).
    pub fn text_up(&mut self, x: f64, bottom: f64, line: f64, style: Style, text: &str) {
        self.surface
            .push_transform(&Transform::from_rotate_at(-90.0, pt(x), pt(bottom)));
        self.text(x, bottom - line, line, style, Align::Left, text);
        self.surface.pop();
    }

    /// A horizontal rule `weight` mm thick whose top is at `y`.
    pub fn rule(&mut self, x: f64, y: f64, width: f64, weight: f64, grey: u8) {
        self.fill(x, y, width, weight, grey);
    }

    pub fn fill(&mut self, x: f64, y: f64, width: f64, height: f64, grey: u8) {
        let Some(rect) = Rect::from_xywh(pt(x), pt(y), pt(width), pt(height)) else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(paint(grey)));
        self.surface.draw_path(&path);
    }

    /// The outline of a box, its line `weight` mm thick, dashed or not.
    pub fn frame(&mut self, x: f64, y: f64, width: f64, height: f64, weight: f64, dashed: bool) {
        let Some(rect) = Rect::from_xywh(pt(x), pt(y), pt(width), pt(height)) else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            width: pt(weight),
            dash: dashed.then(|| krilla::paint::StrokeDash {
                array: vec![pt(1.0), pt(0.8)],
                offset: 0.0,
            }),
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
    }
}
