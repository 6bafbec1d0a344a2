// The distribution chart: inline SVG bars, one per outcome, built with DOM APIs.

import { layoutBars } from './chart-layout.js';
import { formatPercent, outcomeLabel } from './format.js';

const SVG = 'http://www.w3.org/2000/svg';

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
      height: bar.h.toFixed(2),
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
  svg.setAttribute('aria-label', peak
    ? `Distribution of ${bars.length} outcomes; the likeliest is ${outcomeLabel(peak.key)} at ${formatPercent(peak.p)}. Every chance is in the table below.`
    : 'No outcomes to show');
}
