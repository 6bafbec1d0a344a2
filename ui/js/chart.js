// The distribution chart: inline SVG bars, one per outcome (of at most MAX_SHOWN: the rest of a
// long tail is summed, said under the chart and listed in the table), built with DOM APIs; past
// MANY_BARS, a run of bars that look alike is one path. Bars that succeed and bars that fail
// differ in colour, and a number's target is a labelled line, so the colour is never the only sign.

import { barRadius, barRuns, barsPath, layoutBars, MANY_BARS, succeeds, targetLine } from './chart-layout.js';
import { formatPercent, outcomeLabel } from './format.js';
import { entryHolds, entryLabel, shownOutcomes } from './odds.js';

const SVG = 'http://www.w3.org/2000/svg';
/** About how wide an 11 px label is per character (to keep labels apart and inside). */
const CHAR_PX = 6.5;

function node(doc, tag, attrs, text) {
  const n = doc.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) n.setAttribute(key, String(value));
  if (text !== undefined) n.textContent = text;
  return n;
}

/** The target line's label: where the target is, in words. */
function targetText(target, side) {
  if (side === 'beyond') return `Target ${target}: out of reach`;
  if (side === 'below') return `Target ${target}: always reached`;
  if (side === 'past-drawn') return `Target ${target}: past the bars drawn`;
  if (side === 'before-drawn') return `Target ${target}: before the bars drawn`;
  return `Target ${target}`;
}

/**
 * What the chart leaves out (`shownOutcomes`' tails) or groups, in words: "Not drawn: ≥128
 * (0.02%)", "Each bar: 10 outcomes".
 */
export function notDrawnText({ below, above, grouped = 1 }) {
  if (grouped > 1) return `Each bar: ${grouped} outcomes`;
  if (!below && !above) return '';
  const parts = [below ? `≤${outcomeLabel(below.to)}` : '', above ? `≥${outcomeLabel(above.from)}` : ''].filter(Boolean);
  return `Not drawn: ${parts.join(', ')} (${formatPercent((below?.p ?? 0) + (above?.p ?? 0))})`;
}

/** One bar of a layout (`layoutBars`) as an SVG rect with `classes` and `data` attributes. */
function barRect(doc, bar, classes, data) {
  return node(doc, 'rect', {
    class: classes.join(' '),
    x: bar.x.toFixed(2),
    y: bar.y.toFixed(2),
    width: bar.w.toFixed(2),
    height: bar.h.toFixed(2),
    rx: barRadius(bar.w).toFixed(2),
    ...data,
  });
}

/** The charts drawn with runs of bars as paths: what the hover title of a bar reads. */
const hovered = new WeakMap();

/** Names the bar under the pointer in the title of its run's path (the tooltip a rect's own title gives). */
function nameHovered(event) {
  const svg = /** @type {SVGSVGElement} */ (event.currentTarget);
  const path = /** @type {Element} */ (event.target);
  const chart = hovered.get(svg);
  const title = path.matches?.('path.bar') ? path.querySelector('title') : null;
  if (!chart || !title) return;
  const x = event.clientX - svg.getBoundingClientRect().left;
  const index = Math.min(Math.max(Math.floor(x / chart.slot), 0), chart.count - 1);
  title.textContent = chart.label(index);
}

/**
 * The bars' shapes: a rect with its title per bar, or past MANY_BARS one path per run of bars
 * that look alike (classes as a rect's, `data-outcomes` the JSON list of its bars' keys in
 * order), its title naming the bar under the pointer: a hundred rects with their titles were
 * two hundred nodes to build, style and lay out again at every keystroke of Quick roll's
 * Notation field (issue 29), a few paths are a few.
 */
function barShapes(svg, bars, width, lookOf, label) {
  const doc = svg.ownerDocument;
  if (bars.length <= MANY_BARS) {
    return bars.map((bar, index) => {
      const rect = barRect(doc, bar, [lookOf(bar, index)], { 'data-outcome': bar.key });
      rect.append(node(doc, 'title', {}, label(index)));
      return rect;
    });
  }
  if (!hovered.has(svg)) svg.addEventListener('mousemove', nameHovered);
  hovered.set(svg, { slot: width / bars.length, count: bars.length, label });
  return barRuns(bars, lookOf).map((run) => {
    const path = node(doc, 'path', { class: run.look, d: barsPath(run.bars), 'data-outcomes': JSON.stringify(run.bars.map((bar) => bar.key)) });
    path.append(node(doc, 'title', {}, label(run.first)));
    return path;
  });
}

/** Each distribution chart's size and how to draw it again (see `chartSize`). */
const charts = new WeakMap();
/** Watches every distribution chart's size; made with the first chart. */
let resizes = null;

/**
 * `svg`'s size, read once and then kept up to date by a ResizeObserver, which draws the chart
 * again (`redraw`, the last drawing's call) when its size changes: a redraw at every keystroke
 * then never reads layout in the middle of changing the page. The observer reads the size when
 * the page is laid out already.
 */
function chartSize(svg, redraw) {
  let known = charts.get(svg);
  if (!known) {
    known = { width: Math.max(svg.clientWidth, 1), height: Math.max(svg.clientHeight, 1), redraw };
    charts.set(svg, known);
    resizes ??= new ResizeObserver((entries) => {
      for (const { target } of entries) {
        const chart = charts.get(target);
        // Hidden (a panel with no odds hides its chart): the size it had stays, for the next
        // answer to be drawn at it when it shows again, not at nothing and then again.
        if (!chart || target.getClientRects().length === 0) continue;
        const width = Math.max(target.clientWidth, 1);
        const height = Math.max(target.clientHeight, 1);
        if (width === chart.width && height === chart.height) continue;
        chart.width = width;
        chart.height = height;
        chart.redraw();
      }
    });
    resizes.observe(svg);
  }
  known.redraw = redraw;
  return known;
}

/** `svg` is going away (its panel closed): its size is no longer watched. */
export function releaseChart(svg) {
  charts.delete(svg);
  resizes?.unobserve(svg);
}

/**
 * Draws `entries` into `svg`, highlighting the bar of outcome `hot` (the last roll). `marks`:
 * the odds answer's `target` / `succeeding` (which outcomes succeed) and `axis`, what the
 * outcomes are (the catalog kind's `outcome`), the axis's title. The chart draws itself again
 * when its size changes.
 */
export function renderChart(svg, entries, hot = null, marks = {}) {
  const doc = svg.ownerDocument;
  const { width, height } = chartSize(svg, () => renderChart(svg, entries, hot, marks));
  const axis = marks.axis ?? null;
  const shown = shownOutcomes(entries);
  const notDrawn = notDrawnText(shown);
  const { bars, ticks, baseline, peak } = layoutBars(shown.entries, width, height, { axisTitle: Boolean(axis || notDrawn), grouped: shown.grouped });
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const lookOf = (bar, index) => {
    const ok = succeeds(bar.key, marks);
    return ['bar', ok === true ? 'succeeds' : '', ok === false ? 'fails' : '', entryHolds(shown.entries[index], hot) ? 'hot' : ''].filter(Boolean).join(' ');
  };
  const label = (index) => {
    const ok = succeeds(bars[index].key, marks);
    const verdict = ok === true ? ' (succeeds)' : ok === false ? ' (fails)' : '';
    return `${entryLabel(shown.entries[index])}: ${formatPercent(bars[index].p)}${verdict}`;
  };
  const children = barShapes(svg, bars, width, lookOf, label);
  children.push(node(doc, 'line', { class: 'axis', x1: 0, x2: width, y1: baseline + 0.5, y2: baseline + 0.5 }));
  for (const tick of ticks) {
    children.push(node(doc, 'text', { class: 'tick', x: tick.x.toFixed(2), y: baseline + 15 }, outcomeLabel(tick.key)));
  }
  // The note of what is not drawn takes the right end of the title's row; the title centres in the rest.
  const noteRoom = notDrawn ? notDrawn.length * CHAR_PX : 0;
  if (notDrawn && bars.length) {
    children.push(node(doc, 'text', { class: 'not-drawn', x: (width - 2).toFixed(2), y: height - 3, 'text-anchor': 'end' }, notDrawn));
  }
  if (axis && bars.length) {
    children.push(node(doc, 'text', { class: 'axis-title', x: (Math.max(width - noteRoom, width / 3) / 2).toFixed(2), y: height - 3 }, axis));
  }
  const line = bars.length ? targetLine(bars, marks.target, width, shown) : null;
  let labelBox = null;
  if (line) {
    const x = Math.min(Math.max(line.x, 1), width - 1);
    const text = targetText(marks.target, line.side);
    const room = text.length * CHAR_PX;
    // The label reads away from the line, to whichever side has room for it.
    const toLeft = x + 4 + room > width;
    const at = toLeft ? x - 4 : x + 4;
    labelBox = toLeft ? [at - room, at] : [at, at + room];
    children.push(node(doc, 'line', { class: 'target', x1: x.toFixed(2), x2: x.toFixed(2), y1: 2, y2: baseline }));
    children.push(node(doc, 'text', { class: 'target-label', x: at.toFixed(2), y: 11, 'text-anchor': toLeft ? 'end' : 'start' }, text));
  }
  if (peak && peak.p > 0) {
    const x = Math.min(Math.max(peak.x + peak.w / 2, 24), width - 24);
    const y = peak.y - 5;
    const half = (formatPercent(peak.p).length * CHAR_PX) / 2;
    // The target's label wins the top row: the peak's chance is in the table too.
    const clash = labelBox && y < 22 && x + half > labelBox[0] && x - half < labelBox[1];
    if (!clash) children.push(node(doc, 'text', { class: 'peak', x: x.toFixed(2), y: y.toFixed(2) }, formatPercent(peak.p)));
  }
  svg.replaceChildren(...children);
  const said = [];
  if (line) said.push(`${targetText(marks.target, line.side)}; outcomes from ${marks.target} up succeed`);
  else if (marks.succeeding?.length) said.push(`succeeding: ${marks.succeeding.map(outcomeLabel).join(', ')}`);
  svg.setAttribute('aria-label', peak
    ? `Distribution of ${bars.length} outcomes${axis ? ` (${axis})` : ''}${notDrawn ? ` (${notDrawn}${shown.grouped > 1 ? '' : '; summed in the table'})` : ''}; the likeliest is ${entryLabel(shown.entries[bars.indexOf(peak)])} at ${formatPercent(peak.p)}${said.length ? `; ${said.join('; ')}` : ''}. Every chance is in the table below.`
    : 'No outcomes to show');
}

/** The marks of an odds answer for `renderChart`, with the axis title `axis`. */
export function chartMarks(odds, axis = null) {
  return { target: odds?.target ?? null, succeeding: odds?.succeeding ?? [], axis };
}

/** A column label cut to the room it has under its column ("Grunt +…"). */
function fitLabel(text, room) {
  const chars = Math.max(3, Math.floor(room / CHAR_PX));
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

/**
 * Choices side by side: one column per choice (`columns` of compare.js `compareColumns`), as
 * high as its `share`, its figure (`text`) above it and its label below; the best one is drawn
 * in the best colour and starred, the one the roll is set to now outlined. `label` is the
 * chart's description for screen readers (compare.js `compareChartLabel`).
 */
export function renderCompareChart(svg, columns, label) {
  const doc = svg.ownerDocument;
  const width = Math.max(svg.clientWidth, 1);
  const height = Math.max(svg.clientHeight, 1);
  const entries = columns.map((column, index) => ({ key: String(index), p: column.share }));
  const { bars, baseline } = layoutBars(entries, width, height);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const children = [];
  bars.forEach((bar, index) => {
    const column = columns[index];
    const classes = ['bar', 'compare-bar', column.best ? 'best' : '', column.current ? 'current' : ''].filter(Boolean);
    const rect = barRect(doc, bar, classes, { 'data-choice': index });
    rect.append(node(doc, 'title', {}, `${column.label}: ${column.text}${column.best ? ' (best)' : ''}`));
    children.push(rect);
    const middle = bar.x + bar.w / 2;
    const slot = width / columns.length;
    const figure = column.best ? `★ ${column.text}` : column.text;
    if (figure.length * CHAR_PX <= slot + 4) {
      children.push(node(doc, 'text', { class: `compare-figure${column.best ? ' best' : ''}`, x: middle.toFixed(2), y: Math.max(bar.y - 4, 11).toFixed(2) }, figure));
    }
    children.push(node(doc, 'text', { class: 'tick', x: middle.toFixed(2), y: baseline + 15 }, fitLabel(column.label, slot - 4)));
  });
  children.push(node(doc, 'line', { class: 'axis', x1: 0, x2: width, y1: baseline + 0.5, y2: baseline + 0.5 }));
  svg.replaceChildren(...children);
  svg.setAttribute('aria-label', columns.length ? label : 'No choices to show');
}
