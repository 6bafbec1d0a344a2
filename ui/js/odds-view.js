// Shows odds: the success chance, the chart and every outcome with its chance.

import { renderChart } from './chart.js';
import { formatNumber, formatPercent, outcomeLabel } from './format.js';

/** Outcomes of an Odds answer as chart entries, in the engine's order. */
export function oddsEntries(odds) {
  return Object.entries(odds.outcomes ?? {}).map(([key, p]) => ({ key, p }));
}

/** The line under the success chance: the mean, and side events such as "all 1s". */
export function oddsMeta(odds) {
  const parts = [];
  if (typeof odds.mean === 'number') parts.push(`Average ${formatNumber(odds.mean)}`);
  for (const [key, p] of Object.entries(odds.events ?? {})) parts.push(`${outcomeLabel(key)} ${formatPercent(p)}`);
  return parts.join(' · ');
}

export function renderOdds(view, odds, hot) {
  const doc = view.table.ownerDocument;
  view.success.textContent = formatPercent(odds.success);
  view.success.classList.remove('stale');
  view.meta.textContent = oddsMeta(odds);
  const entries = oddsEntries(odds);
  renderChart(view.chart, entries, hot);
  const maxP = Math.max(...entries.map((e) => e.p), 0);
  const rows = entries.map(({ key, p }) => {
    const row = doc.createElement('tr');
    row.dataset.outcome = key;
    if (key === hot) row.className = 'hot';
    const label = doc.createElement('td');
    const meter = doc.createElement('span');
    meter.className = 'meter';
    meter.style.width = `${maxP > 0 ? Math.max((p / maxP) * 48, p > 0 ? 2 : 0) : 0}px`;
    meter.setAttribute('aria-hidden', 'true');
    label.append(meter, doc.createTextNode(outcomeLabel(key)));
    const chance = doc.createElement('td');
    chance.className = 'num pct';
    chance.textContent = formatPercent(p);
    row.append(label, chance);
    return row;
  });
  view.table.replaceChildren(...rows);
}

/** Odds no longer match the form (an error, or a request under way). */
export function markStale(view) {
  view.success.classList.add('stale');
}
