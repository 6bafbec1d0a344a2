//! Paragraphs of mixed-weight runs broken into lines at a width, as a browser breaks them
//! (at spaces; inside a word only when the word alone is wider than the line).

use super::html::Run;
use super::pen::{advance, Align, Pen, Style};

/// One line: its runs, and how wide they are.
pub(super) type Line = Vec<Run>;

/// `runs` set in `style` (a bold run stays bold) broken into lines `width` mm wide.
pub(super) fn wrap_runs(runs: &[Run], width: f64, style: Style) -> Vec<Line> {
    let width_mm = |text: &str, bold: bool| advance(text, if bold { style.bold() } else { style });
    let mut lines: Vec<Line> = vec![Vec::new()];
    let mut used = 0.0;
    for run in runs {
        for word in split_keep_spaces(&run.text) {
            let w = width_mm(word, run.bold);
            let blank = word.trim().is_empty();
            if used + w > width && used > 0.0 && !blank {
                lines.push(Vec::new());
                used = 0.0;
            }
            if blank && used == 0.0 {
                continue;
            }
            if w > width && !blank {
                // One word wider than the line: broken between characters.
                let mut piece = String::new();
                for c in word.chars() {
                    let cw = width_mm(&c.to_string(), run.bold);
                    if used + cw > width && used > 0.0 {
                        append(lines.last_mut().expect("a line"), &piece, run.bold);
                        piece.clear();
                        lines.push(Vec::new());
                        used = 0.0;
                    }
                    piece.push(c);
                    used += cw;
                }
                append(lines.last_mut().expect("a line"), &piece, run.bold);
                continue;
            }
            append(lines.last_mut().expect("a line"), word, run.bold);
            used += w;
        }
    }
    for line in &mut lines {
        if let Some(last) = line.last_mut() {
            last.text.truncate(last.text.trim_end().len());
        }
    }
    lines.retain(|l| l.iter().any(|r| !r.text.trim().is_empty()));
    lines
}

fn append(line: &mut Line, text: &str, bold: bool) {
    match line.last_mut() {
        Some(last) if last.bold == bold => last.text.push_str(text),
        _ => line.push(Run {
            text: text.to_string(),
            bold,
        }),
    }
}

/// Words and the spaces after them, as separate pieces.
fn split_keep_spaces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_space = false;
    for (i, c) in text.char_indices() {
        let space = c == ' ';
        if i > start && space != in_space {
            out.push(&text[start..i]);
            start = i;
        }
        in_space = space;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Draws `line` in the line box at (`x`, `top`), `width` wide and `height` tall.
pub(super) fn draw_line(
    pen: &mut Pen,
    (x, top, width): (f64, f64, f64),
    height: f64,
    style: Style,
    align: Align,
    line: &Line,
) {
    let styled = |r: &Run| if r.bold { style.bold() } else { style };
    let total: f64 = line.iter().map(|r| advance(&r.text, styled(r))).sum();
    let mut at = match align {
        Align::Left => x,
        Align::Centre => x + (width - total) / 2.0,
        Align::Right => x + width - total,
    };
    for run in line {
        pen.text(at, top, height, styled(run), Align::Left, &run.text);
        at += advance(&run.text, styled(run));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_break_at_spaces_and_keep_every_word() {
        let runs = vec![
            Run {
                text: "Roll your Attribute ".into(),
                bold: false,
            },
            Run {
                text: "twice".into(),
                bold: true,
            },
            Run {
                text: " and keep the best".into(),
                bold: false,
            },
        ];
        let lines = wrap_runs(&runs, 25.0, Style::new(9.0));
        assert!(lines.len() > 1);
        let words: String = lines
            .iter()
            .map(|l| l.iter().map(|r| r.text.as_str()).collect::<String>())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(words, "Roll your Attribute twice and keep the best");
        for line in &lines {
            let w: f64 = line.iter().map(|r| advance(&r.text, Style::new(9.0))).sum();
            assert!(w <= 25.0, "{w}");
        }
    }
}
