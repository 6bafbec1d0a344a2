//! Plain aligned tables and short field lists for people; scripts use --json.

use rollbook_roster::Timestamp;

/// Columns padded to their widest cell, two spaces apart, no trailing spaces.
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new<const N: usize>(header: [&str; N]) -> Self {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn row<const N: usize>(&mut self, cells: [String; N]) {
        debug_assert_eq!(N, self.header.len());
        self.rows
            .push(cells.into_iter().map(|c| single_line(&c)).collect());
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn render(&self) -> String {
        let width = |i: usize| {
            std::iter::once(&self.header)
                .chain(&self.rows)
                .map(|row| shown_width(&row[i]))
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..self.header.len()).map(width).collect();
        let mut out = String::new();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate() {
                if i > 0 {
                    line.push_str("  ");
                }
                line.push_str(cell);
                let pad = widths[i] - shown_width(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// `label   value` lines, labels padded to the longest; empty values are left out.
pub fn fields(pairs: &[(&str, String)]) -> String {
    let width = pairs.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (label, value) in pairs {
        if !value.is_empty() {
            out.push_str(&format!("{label:width$}  {}\n", single_line(value)));
        }
    }
    out
}

/// Notes and names may hold line breaks; a table cell may not.
/// A cell on one line, isolated when it holds bidi controls (a stored name with a
/// right-to-left override reorders only itself, never the columns around it).
fn single_line(text: &str) -> String {
    let line = if text.contains(['\n', '\r', '\t']) {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    } else {
        text.to_string()
    };
    rollbook_rules::text::isolated(&line).into_owned()
}

/// How many columns a cell takes: the bidi controls take none.
fn shown_width(cell: &str) -> usize {
    cell.chars()
        .filter(|c| !rollbook_rules::text::is_bidi_control(*c))
        .count()
}

/// A stored time in the user's time zone, to the second: `2026-11-22 19:30:05`.
pub fn local_time(at: Timestamp) -> String {
    at.to_zoned(jiff::tz::TimeZone::system())
        .strftime("%Y-%m-%d %H:%M:%S")
        .to_string()
}

/// `1 roster`, `2 rosters`.
pub fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("{n} {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_align_on_characters_not_bytes() {
        let mut table = Table::new(["NAME", "SYSTEM"]);
        table.row(["Zoë".into(), "d12".into()]);
        table.row(["Brick".into(), "stunt".into()]);
        assert_eq!(table.render(), "NAME   SYSTEM\nZoë    d12\nBrick  stunt\n");
    }

    #[test]
    fn fields_skip_empty_values_and_fold_lines() {
        assert_eq!(
            fields(&[
                ("id", "x".into()),
                ("notes", "a\nb".into()),
                ("tags", String::new())
            ]),
            "id     x\nnotes  a b\n"
        );
    }
}
