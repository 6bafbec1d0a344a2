//! Puts a character's sections into columns and pages.
//!
//! The first page holds the system's fixed boxes and reference tables, so its columns are shorter;
//! whatever does not fit goes on continuation pages of the same character, each section carrying
//! on under its title marked "continued" (with its column headings again). Rows are never split;
//! notes split between lines. A sheet is one page unless its lists are longer than one page holds.

use serde::Serialize;

use super::metrics::{BODY, METRICS};
use super::section::{head_height, paragraph_lines, resolve_widths, row_height, Body, Section};

/// A piece of a section as printed in one column.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Fragment {
    pub title: String,
    pub continued: bool,
    #[serde(flatten)]
    pub body: Body,
}

/// The room the sections get: `columns` side by side, `first` mm tall on the first page and
/// `next` on each continuation page.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Space {
    pub columns: usize,
    pub first: f64,
    pub next: f64,
}

/// One page's columns, each a list of fragments.
pub(crate) type PageColumns = Vec<Vec<Fragment>>;

/// Lays `sections` out; there is always at least one page. Sections that all fit the first page
/// whole are shared between its columns as evenly as their order allows; otherwise they fill
/// column after column.
pub(crate) fn paginate(mut sections: Vec<Section>, space: Space) -> Vec<PageColumns> {
    let width = METRICS.column_width(space.columns);
    for section in &mut sections {
        if let Body::Table { columns, .. } = &mut section.body {
            resolve_widths(columns, width);
        }
    }
    if let Some(page) = balanced(&sections, space, width) {
        return vec![page];
    }
    fill(sections, space, width)
}

/// The height of a whole section in one column `width` wide, its title included.
fn section_height(section: &Section, width: f64) -> f64 {
    let body = match &section.body {
        Body::Table {
            columns,
            head,
            rows,
        } => {
            let widths: Vec<f64> = columns.iter().map(|c| c.width).collect();
            head.as_deref().map_or(0.0, |h| head_height(h, &widths))
                + rows.iter().map(|r| row_height(r, &widths)).sum::<f64>()
        }
        Body::Text { paragraphs } => paragraphs
            .iter()
            .map(|p| paragraph_lines(p, width).len() as f64 * BODY.line + METRICS.paragraph_after)
            .sum(),
    };
    METRICS.title_height() + body
}

/// The first page with whole sections in order, split between its columns where the taller
/// column is shortest; `None` when they do not all fit.
fn balanced(sections: &[Section], space: Space, width: f64) -> Option<PageColumns> {
    let heights: Vec<f64> = sections.iter().map(|s| section_height(s, width)).collect();
    let stack = |hs: &[f64]| -> f64 {
        hs.iter().sum::<f64>() + METRICS.section_before * hs.len().saturating_sub(1) as f64
    };
    let columns = space.columns.max(1);
    let split = if columns == 1 {
        (stack(&heights) <= space.first).then_some(sections.len())
    } else if columns == 2 {
        (0..=sections.len())
            .map(|k| (k, stack(&heights[..k]).max(stack(&heights[k..]))))
            .filter(|&(_, tallest)| tallest <= space.first)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(k, _)| k)
    } else {
        None
    }?;
    let whole = |s: &Section| Fragment {
        title: s.title.clone(),
        continued: false,
        body: s.body.clone(),
    };
    let mut page: PageColumns = vec![
        sections[..split].iter().map(whole).collect(),
        sections[split..].iter().map(whole).collect(),
    ];
    page.truncate(columns);
    Some(page)
}

/// Fills columns one after the other, splitting sections between rows (and notes between lines).
fn fill(sections: Vec<Section>, space: Space, width: f64) -> Vec<PageColumns> {
    let mut cursor = Cursor {
        space,
        pages: vec![vec![Vec::new()]],
        used: 0.0,
    };
    for section in sections {
        match section.body {
            Body::Table {
                columns,
                head,
                rows,
            } => {
                let widths: Vec<f64> = columns.iter().map(|c| c.width).collect();
                let head_h = head.as_deref().map_or(0.0, |h| head_height(h, &widths));
                let empty = Body::Table {
                    columns,
                    head,
                    rows: Vec::new(),
                };
                let mut open = false;
                for row in rows {
                    let h = row_height(&row, &widths);
                    if !open || !cursor.fits(h) {
                        cursor.open(&section.title, open, &empty, head_h, h);
                        open = true;
                    }
                    cursor.used += h;
                    if let Some(Body::Table { rows, .. }) = cursor.body() {
                        rows.push(row);
                    }
                }
            }
            Body::Text { paragraphs } => {
                let empty = Body::Text {
                    paragraphs: Vec::new(),
                };
                let mut open = false;
                for paragraph in paragraphs {
                    let lines = paragraph_lines(&paragraph, width);
                    let mut from = 0;
                    while from < lines.len() {
                        let one = BODY.line + METRICS.paragraph_after;
                        if !open || !cursor.fits(one) {
                            cursor.open(&section.title, open, &empty, 0.0, one);
                            open = true;
                        }
                        let room = ((cursor.left() - METRICS.paragraph_after) / BODY.line).floor();
                        let take = (room.max(1.0) as usize).min(lines.len() - from);
                        let piece = &paragraph[lines[from].start..lines[from + take - 1].end];
                        cursor.used += take as f64 * BODY.line + METRICS.paragraph_after;
                        if let Some(Body::Text { paragraphs }) = cursor.body() {
                            paragraphs.push(piece.to_string());
                        }
                        from += take;
                    }
                }
            }
        }
    }
    for page in &mut cursor.pages {
        page.resize_with(space.columns, Vec::new);
    }
    cursor.pages
}

struct Cursor {
    space: Space,
    pages: Vec<PageColumns>,
    /// Height taken in the current (last) column.
    used: f64,
}

impl Cursor {
    fn capacity(&self) -> f64 {
        if self.pages.len() == 1 {
            self.space.first
        } else {
            self.space.next
        }
    }

    fn left(&self) -> f64 {
        self.capacity() - self.used
    }

    fn fits(&self, height: f64) -> bool {
        height <= self.left()
    }

    fn column(&mut self) -> &mut Vec<Fragment> {
        let page = self.pages.last_mut().expect("a page");
        page.last_mut().expect("a column")
    }

    fn body(&mut self) -> Option<&mut Body> {
        self.column().last_mut().map(|f| &mut f.body)
    }

    fn next_column(&mut self) {
        let page = self.pages.last_mut().expect("a page");
        if page.len() < self.space.columns {
            page.push(Vec::new());
        } else {
            self.pages.push(vec![Vec::new()]);
        }
        self.used = 0.0;
    }

    /// Starts a fragment of a section whose first item is `first` mm tall, in this column when
    /// its title, headings and that item fit, else in the next that holds them.
    fn open(&mut self, title: &str, continued: bool, empty: &Body, head: f64, first: f64) {
        let m = METRICS;
        let above = |c: &mut Cursor| {
            if c.column().is_empty() {
                0.0
            } else {
                m.section_before
            }
        };
        loop {
            let need = above(self) + m.title_height() + head + first;
            // An item taller than this column goes on: a continuation page's column is the
            // tallest there is, and takes it even when it does not fit (nothing could).
            let tallest = self.column().is_empty() && self.capacity() >= self.space.next;
            if need <= self.left() || tallest {
                break;
            }
            self.next_column();
        }
        self.used += above(self) + m.title_height() + head;
        let fragment = Fragment {
            title: title.to_string(),
            continued,
            body: empty.clone(),
        };
        self.column().push(fragment);
    }
}

#[cfg(test)]
mod tests {
    use super::super::section::{heads, Cell, Column, Row};
    use super::*;

    fn list(title: &str, n: usize) -> Section {
        let rows = (0..n)
            .map(|i| Row::new(vec![Cell::new(format!("Item {i}")), Cell::new("1")]))
            .collect();
        Section::table(
            title,
            vec![Column::new(0.0, "l"), Column::new(12.0, "r")],
            heads(&["Name", "Ranks"]),
            rows,
        )
    }

    fn rows_in(column: &[Fragment]) -> usize {
        column
            .iter()
            .map(|f| match &f.body {
                Body::Table { rows, .. } => rows.len(),
                Body::Text { paragraphs } => paragraphs.len(),
            })
            .sum()
    }

    #[test]
    fn sections_that_fit_are_shared_evenly_between_the_columns() {
        let space = Space {
            columns: 2,
            first: 100.0,
            next: 200.0,
        };
        let pages = paginate(
            vec![list("Abilities", 6), list("Gear", 3), list("Spells", 3)],
            space,
        );
        assert_eq!(pages.len(), 1);
        let titles = |c: &[Fragment]| c.iter().map(|f| f.title.clone()).collect::<Vec<_>>();
        assert_eq!(titles(&pages[0][0]), ["Abilities"]);
        assert_eq!(titles(&pages[0][1]), ["Gear", "Spells"]);
        assert!(pages[0].iter().flatten().all(|f| !f.continued));
    }

    #[test]
    fn one_column_keeps_everything_in_order() {
        let space = Space {
            columns: 1,
            first: 100.0,
            next: 200.0,
        };
        let pages = paginate(vec![list("Abilities", 5), list("Gear", 3)], space);
        assert_eq!(pages.len(), 1);
        assert_eq!(rows_in(&pages[0][0]), 8);
    }

    #[test]
    fn long_lists_continue_in_the_next_column_then_page_with_their_title() {
        let space = Space {
            columns: 2,
            first: 60.0,
            next: 120.0,
        };
        // A one-line row is 4.2 + 0.8 + 0.2 = 5.2 mm.
        let pages = paginate(vec![list("Abilities", 60)], space);
        let per_column: Vec<usize> = pages
            .iter()
            .flat_map(|p| p.iter().map(|c| rows_in(c)))
            .collect();
        assert_eq!(per_column.iter().sum::<usize>(), 60, "{per_column:?}");
        assert!(pages.len() >= 2);
        let second = &pages[0][1][0];
        assert!(second.continued && second.title == "Abilities");
        assert!(
            per_column[2] > per_column[0],
            "continuation pages hold more"
        );
        for page in &pages {
            for column in page {
                let used: f64 = column
                    .iter()
                    .map(|f| {
                        let Body::Table {
                            columns,
                            head,
                            rows,
                        } = &f.body
                        else {
                            unreachable!()
                        };
                        let widths: Vec<f64> = columns.iter().map(|c| c.width).collect();
                        METRICS.title_height()
                            + head_height(head.as_deref().unwrap(), &widths)
                            + rows.iter().map(|r| row_height(r, &widths)).sum::<f64>()
                    })
                    .sum();
                assert!(used <= 120.0, "{used}");
            }
        }
    }

    #[test]
    fn notes_split_between_lines_and_lose_nothing() {
        let text = "word ".repeat(3000);
        let space = Space {
            columns: 1,
            first: 50.0,
            next: 230.0,
        };
        let pages = paginate(vec![Section::notes("Notes", &text, 4)], space);
        assert!(pages.len() >= 3, "{}", pages.len());
        let printed: Vec<String> = pages
            .iter()
            .flatten()
            .flatten()
            .flat_map(|f| match &f.body {
                Body::Text { paragraphs } => paragraphs.clone(),
                Body::Table { .. } => unreachable!(),
            })
            .collect();
        assert_eq!(printed.join(" ").split(' ').count(), 3000);
    }

    #[test]
    fn empty_notes_are_lines_to_write_on() {
        let space = Space {
            columns: 1,
            first: 50.0,
            next: 230.0,
        };
        let pages = paginate(vec![Section::notes("Notes", " \n", 4)], space);
        assert_eq!(rows_in(&pages[0][0]), 4);
    }
}
