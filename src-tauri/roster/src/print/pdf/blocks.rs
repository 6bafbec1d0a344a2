//! The first page's system boxes (`top`) and reference tables (`reference`), drawn from the words
//! of their templates in the room the page plan keeps for them. Their texts are the rules' own
//! and fit that room at the stylesheet's sizes; should one not, it is set smaller, never cut.

use super::super::metrics::METRICS;
use super::html::{runs, Node, Run};
use super::pen::{advance, Align, Pen, Style};
use super::text::{draw_line, wrap_runs, Line};

/// A paragraph or a table of a box or a reference column.
enum Block {
    Para {
        runs: Vec<Run>,
        style: Style,
        line: f64,
        before: f64,
    },
    Table {
        rows: Vec<(Vec<Vec<Run>>, bool)>,
    },
}

const TABLE: Style = Style::new(7.0);
const TABLE_LINE: f64 = 3.1;

impl Block {
    fn para(node: &Node, style: Style, line: f64, before: f64) -> Block {
        Block::Para {
            runs: runs(node),
            style,
            line,
            before,
        }
    }

    fn height(&self, width: f64, scale: f64) -> f64 {
        match self {
            Block::Para {
                runs,
                style,
                line,
                before,
            } => {
                let scaled = Style {
                    pt: style.pt * scale,
                    ..*style
                };
                let n = wrap_runs(runs, width, scaled).len() as f64;
                (before + n * line) * scale
            }
            Block::Table { rows } => {
                let widths = table_widths(rows, width, scale);
                rows.iter()
                    .map(|(cells, _)| row_height(cells, &widths, scale))
                    .sum()
            }
        }
    }

    /// Draws the block with its top at `y`; answers its height.
    fn draw(&self, pen: &mut Pen, x: f64, y: f64, width: f64, scale: f64) -> f64 {
        match self {
            Block::Para {
                runs,
                style,
                line,
                before,
            } => {
                let style = Style {
                    pt: style.pt * scale,
                    ..*style
                };
                let mut top = y + before * scale;
                for l in wrap_runs(runs, width, style) {
                    draw_line(pen, (x, top, width), line * scale, style, Align::Left, &l);
                    top += line * scale;
                }
                top - y
            }
            Block::Table { rows } => {
                let widths = table_widths(rows, width, scale);
                let mut top = y;
                for (cells, head) in rows {
                    let h = row_height(cells, &widths, scale);
                    let mut left = x;
                    let style = Style::new(TABLE.pt * scale);
                    for (cell, w) in cells.iter().zip(&widths) {
                        let style = if *head { style.grey(51) } else { style };
                        let lines = wrap_runs(cell, w - 2.0, style);
                        for (i, l) in lines.iter().enumerate() {
                            let t = top + 0.25 + i as f64 * TABLE_LINE * scale;
                            let place = (left + 1.0, t, w - 2.0);
                            draw_line(pen, place, TABLE_LINE * scale, style, Align::Left, l);
                        }
                        left += w;
                    }
                    let (weight, grey) = if *head { (0.3, 17) } else { (0.2, 196) };
                    pen.rule(x, top + h - weight, width, weight, grey);
                    top += h;
                }
                top - y
            }
        }
    }
}

fn text_of(cell: &[Run]) -> String {
    cell.iter().map(|r| r.text.as_str()).collect()
}

/// Each column as wide as its widest cell, the widest shrunk first when they do not all fit.
fn table_widths(rows: &[(Vec<Vec<Run>>, bool)], width: f64, scale: f64) -> Vec<f64> {
    let n = rows.iter().map(|(c, _)| c.len()).max().unwrap_or(0);
    let mut widths = vec![2.0_f64; n];
    for (cells, _) in rows {
        for (i, cell) in cells.iter().enumerate() {
            let w = advance(&text_of(cell), Style::new(TABLE.pt * scale).bold()) + 2.0;
            widths[i] = widths[i].max(w);
        }
    }
    let mut cap = width;
    while widths.iter().map(|w| w.min(cap)).sum::<f64>() > width && cap > 4.0 {
        cap -= 0.5;
    }
    let mut widths: Vec<f64> = widths.into_iter().map(|w| w.min(cap)).collect();
    let spare = width - widths.iter().sum::<f64>();
    if let Some(last) = widths.last_mut() {
        *last += spare.max(0.0);
    }
    widths
}

fn row_height(cells: &[Vec<Run>], widths: &[f64], scale: f64) -> f64 {
    let lines = cells
        .iter()
        .zip(widths)
        .map(|(c, w)| {
            wrap_runs(c, w - 2.0, Style::new(TABLE.pt * scale))
                .len()
                .max(1)
        })
        .max()
        .unwrap_or(1);
    lines as f64 * TABLE_LINE * scale + 0.5
}

fn table(node: &Node) -> Block {
    let mut rows = Vec::new();
    for part in node.elements() {
        let head = part.tag() == "thead";
        for tr in part.elements().filter(|e| e.tag() == "tr") {
            rows.push((tr.elements().map(runs).collect(), head));
        }
    }
    Block::Table { rows }
}

/// The blocks of a box of the first page (`.box`): title, values, notes.
fn box_blocks(node: &Node) -> (Vec<Block>, Vec<(Line, Align)>) {
    let mut blocks = Vec::new();
    let mut foot = Vec::new();
    for child in node.elements() {
        if child.tag() == "h3" {
            let mut r = runs(child);
            for run in &mut r {
                run.text = run.text.to_uppercase();
            }
            blocks.push(Block::Para {
                runs: r,
                style: Style::new(6.5).bold().grey(51),
                line: 3.0,
                before: 0.0,
            });
        } else if child.has_class("of") {
            foot.push((runs(child), Align::Right));
        } else if child.has_class("now") {
            foot.push((runs(child), Align::Left));
        } else if child.has_class("big") {
            blocks.push(Block::para(child, Style::new(15.0).bold(), 7.0, 0.0));
        } else if child.has_class("note") {
            blocks.push(Block::para(child, Style::new(6.5).grey(85), 3.0, 0.0));
        } else if child.has_class("line") || child.has_class("hand") {
            blocks.push(Block::para(child, Style::new(7.5), 3.6, 0.8));
        } else if child.tag() == "p" {
            blocks.push(Block::para(child, Style::new(7.0), 3.1, 0.0));
        } else if child.has_class("stack") || child.has_class("row") {
            continue;
        } else {
            blocks.push(Block::para(child, Style::new(7.0), 3.1, 0.0));
        }
    }
    (blocks, foot)
}

/// The largest scale (1 at most) at which every list of blocks fits its room.
fn fit(columns: &[(&[Block], f64, f64)]) -> f64 {
    let mut scale = 1.0;
    // A house chart's 40 levels of 40 characters need about half size in the reference.
    while scale > 0.25 {
        let fits = columns.iter().all(|(blocks, width, room)| {
            blocks.iter().map(|b| b.height(*width, scale)).sum::<f64>() <= *room
        });
        if fits {
            break;
        }
        scale *= 0.95;
    }
    scale
}

/// The system's boxes, in rows as the template arranges them, in the `height` mm at `y`.
pub(super) fn top(pen: &mut Pen, root: &Node, x: f64, y: f64, width: f64, height: f64) {
    let gap = METRICS.gap;
    let rows: Vec<&Node> = match root.find("stack") {
        Some(stack) => stack.elements().filter(|e| e.has_class("row")).collect(),
        None => vec![root],
    };
    let row_h = (height - gap * (rows.len() as f64 - 1.0)) / rows.len() as f64;
    for (r, row) in rows.iter().enumerate() {
        let boxes: Vec<&Node> = row.elements().filter(|e| e.has_class("box")).collect();
        let weights: Vec<f64> = boxes
            .iter()
            .map(|b| if b.has_class("wide") { 2.2 } else { 1.0 })
            .collect();
        let free = width - gap * (boxes.len() as f64 - 1.0);
        let total: f64 = weights.iter().sum();
        let top = y + r as f64 * (row_h + gap);
        let mut left = x;
        for (node, weight) in boxes.iter().zip(weights) {
            let w = free * weight / total;
            draw_box(pen, node, (left, top, w, row_h));
            left += w + gap;
        }
    }
}

fn draw_box(pen: &mut Pen, node: &Node, (x, y, w, h): (f64, f64, f64, f64)) {
    pen.frame(x, y, w, h, 0.35, false);
    let (blocks, foot) = box_blocks(node);
    let inner = w - 3.6;
    let foot_h = if foot.is_empty() { 0.0 } else { 4.6 };
    let scale = fit(&[(&blocks, inner, h - 2.0 - foot_h)]);
    let mut top = y + 1.0;
    for block in &blocks {
        top += block.draw(pen, x + 1.8, top, inner, scale);
    }
    for (line, align) in foot {
        let mut style = match align {
            Align::Right => Style::new(10.0),
            _ => Style::new(6.5).grey(85),
        };
        // One line at the foot of the box: set smaller when it is wider than the box.
        let styled = |r: &Run| if r.bold { style.bold() } else { style };
        let wide: f64 = line.iter().map(|r| advance(&r.text, styled(r))).sum();
        if wide > inner {
            style.pt *= inner / wide;
        }
        let place = (x + 1.8, y + h - 1.2 - 4.0, inner);
        draw_line(pen, place, 4.0, style, align, &line);
    }
}

/// The system's reference tables: a rule, then its columns (or one column).
pub(super) fn reference(pen: &mut Pen, root: &Node, x: f64, y: f64, width: f64, height: f64) {
    pen.rule(x, y, width, 0.45, 17);
    let columns: Vec<&Node> = match root.find("cols") {
        Some(cols) => cols.elements().collect(),
        None => vec![root],
    };
    let gap = 5.0;
    let col_w = (width - gap * (columns.len() as f64 - 1.0)) / columns.len() as f64;
    let blocks: Vec<Vec<Block>> = columns.iter().map(|c| reference_blocks(c)).collect();
    let room = height - 1.45;
    let fitting: Vec<(&[Block], f64, f64)> =
        blocks.iter().map(|b| (b.as_slice(), col_w, room)).collect();
    let scale = fit(&fitting);
    for (i, column) in blocks.iter().enumerate() {
        let left = x + i as f64 * (col_w + gap);
        let mut top = y + 1.45;
        for block in column {
            top += block.draw(pen, left, top, col_w, scale);
        }
    }
}

fn reference_blocks(node: &Node) -> Vec<Block> {
    node.elements()
        .map(|child| match child.tag() {
            "h3" => Block::para(child, Style::new(7.5).bold(), 3.4, 0.0),
            "table" => table(child),
            _ => Block::para(child, Style::new(7.5), 3.4, 0.8),
        })
        .collect()
}
