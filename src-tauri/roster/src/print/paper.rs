//! The paper a sheet is printed on, and its margins.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::error::PrintError;
use super::metrics::METRICS;

/// The margin of every side of a printed page, in mm: the stylesheet's `@page` margin, the
/// PDF's, and the page setup the window prints with (WebKitGTK ignores `@page` margins).
pub const MARGIN_MM: f64 = METRICS.margin;

/// The paper sizes a sheet is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    pub fn as_str(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The paper's PWG 5101.1 name, as GTK's print system calls it.
    pub fn pwg(self) -> &'static str {
        match self {
            Paper::A4 => "iso_a4",
            Paper::Letter => "na_letter",
        }
    }

    /// The CSS `@page` size.
    pub(super) fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }

    pub(super) fn width_mm(self) -> f64 {
        match self {
            Paper::A4 => 210.0,
            Paper::Letter => 215.9,
        }
    }

    pub(super) fn height_mm(self) -> f64 {
        match self {
            Paper::A4 => 297.0,
            Paper::Letter => 279.4,
        }
    }

    /// The height inside the margins, where a page's blocks go.
    pub(super) fn content_height(self) -> f64 {
        self.height_mm() - 2.0 * METRICS.margin
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Paper {
    type Err = PrintError;

    fn from_str(s: &str) -> Result<Paper, PrintError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            _ => Err(PrintError::UnknownPaper(s.to_string())),
        }
    }
}
