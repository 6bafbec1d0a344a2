// The distribution chart: inline SVG bars, one per outcome, built with DOM APIs.

import { formatPercent, outcomeLabel } from './format.js';

const SVG = 'http://www.w3.org/2000/svg';
const PAD_TOP = 18;
const PAD_BOTTOM = 20;
const MIN_TICK_SPACING = 30;

/**
 * Geometry of the bars for `entries` ([{key, p}]) in a width x height box: pure, so it is
 * unit-tested. Bar heights are proportional to p, the tallest reaching the top padding.
 */
export function layoutBars(entries, width, height) {
  const count = entries.length;
  const baseline = height - PAD_BOTTOM;
  if (count === 0 || width <= 0) return { bars: [], ticks: [], baseline, peak: null };
  const slot = width / count;
  const gap = Math.min(Math.max(slot * 0.2, count > 60 ? 0 : 1), 10);
  const maxP = Math.max(...entries.map((e) => e.p));
  const usable = baseline - PAD_TOP;
  const bars = entries.map((entry, index) => {
    const h = maxP > 0 ? (entry.p / maxP) * usable : 0;
    return { key: entry.key, p: entry.p, x: index * slot + gap / 2, w: Math.max(slot - gap, 0.5), y: baseline - h, h };
  });
  const every = Math.max(1, Math.ceil(MIN_TICK_SPACING / slot));
  const ticks = bars
    .filter((_, index) => index % every === 0)
    .map((bar) => ({ key: bar.key, x: bar.x + bar.w / 2 }));
  const peak = bars.reduce((best, bar) => (bar.p > best.p ? bar : best), bars[0]);
  return { bars, ticks, baseline, peak };
}

function node(doc, tag, attrs, text) {
  const n = doc.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) n.setAttribute(key, String(value));
  if (text !== undefined) n.textContent = text;
  return n;
}

/** Draws `entries` into `svg`, highlighting the bar of outcome `hot` (the last roll). */
export function renderChart(svg, entries, hot = null) {
  const doc = svg.ownerDocument;
  const width = Math.max(svg.clientWidth, 1);
  const height = Math.max(svg.clientHeight, 1);
  const { bars, ticks, baseline, peak } = layoutBars(entries, width, height);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const children = [];
  for (const bar of bars) {
    const rect = node(doc, 'rect', {
      class: bar.key === hot ? 'bar hot' : 'bar',
      x: bar.x.toFixed(2),
      y: bar.y.toFixed(2),
      width: bar.w.toFixed(2),
      height: Math.max(bar.h, bar.p > 0 ? 1 : 0).toFixed(2),
      rx: Math.min(3, bar.w / 3).toFixed(2),
      'data-outcome': bar.key,
    });
    rect.append(node(doc, 'title', {}, `${outcomeLabel(bar.key)}: ${formatPercent(bar.p)}`));
    children.push(rect);
  }
  children.push(node(doc, 'line', { class: 'axis', x1: 0, x2: width, y1: baseline + 0.5, y2: baseline + 0.5 }));
  for (const tick of ticks) {
    children.push(node(doc, 'text', { class: 'tick', x: tick.x.toFixed(2), y: height - 5 }, outcomeLabel(tick.key)));
  }
  if (peak && peak.p > 0) {
    const x = Math.min(Math.max(peak.x + peak.w / 2, 24), width - 24);
    children.push(node(doc, 'text', { class: 'peak', x: x.toFixed(2), y: (peak.y - 5).toFixed(2) }, formatPercent(peak.p)));
  }
  svg.replaceChildren(...children);
}
