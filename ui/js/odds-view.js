// Shows odds: the success chance, the chart and every outcome with its chance; and the states
// in between (waiting for an answer, or no odds while the request has an error). So that a
// keystroke's redraw fits a frame whatever the roll, a long tail's far outcomes are summed in
// one row per end (odds.js `shownOutcomes`) and the table is a virtual list: only the rows in
// sight are in the page, refilled in place by the next answer, and nothing in a redraw reads
// layout (the chart's size and the rows' height are kept from when they were measured).

import { chartMarks, renderChart } from './chart.js';
import { el } from './dom.js';
import { createVirtualList } from './virtual-list.js';
import { formatPercent, outcomeLabel } from './format.js';
import { entryHolds, entryLabel, meterShare, oddsEntries, oddsMeta, shownOutcomes, tailLabel } from './odds.js';

/** Sets `node`'s text when it differs: an unchanged text leaves its layout alone. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * Puts `entry` into an outcome row made by `row`: its meter, label, chance and the "last
 * roll" mark, each touched only where it changed (a new answer at every keystroke refills the
 * rows in sight rather than making them again).
 */
function fillRow(tr, entry, maxP, hot) {
  const doc = tr.ownerDocument;
  const isHot = entryHolds(entry, hot);
  const [label, pct] = tr.cells;
  const inner = label.firstElementChild;
  const fill = inner.querySelector('.meter-fill');
  const width = `${(meterShare(entry.p, maxP) * 100).toFixed(1)}%`;
  if (fill.style.width !== width) fill.style.width = width;
  setText(inner.querySelector('.outcome-label'), entryLabel(entry));
  setText(pct, formatPercent(entry.p));
  if (tr.dataset.outcome !== String(entry.key)) tr.dataset.outcome = String(entry.key);
  tr.classList.toggle('hot', isHot);
  const tag = inner.querySelector('.hot-tag');
  if (isHot && !tag) inner.append(el(doc, 'span', { className: 'hot-tag', text: 'last roll' }));
  if (!isHot) tag?.remove();
  if (isHot) tr.setAttribute('aria-current', 'true');
  else tr.removeAttribute('aria-current');
}

function row(doc, entry, maxP, hot) {
  const inner = el(doc, 'div', { className: 'outcome' }, [
    el(doc, 'span', { className: 'meter', 'aria-hidden': 'true' }, [el(doc, 'span', { className: 'meter-fill' })]),
    el(doc, 'span', { className: 'outcome-label' }),
  ]);
  const tr = el(doc, 'tr', {}, [el(doc, 'td', {}, [inner]), el(doc, 'td', { className: 'num pct' })]);
  fillRow(tr, entry, maxP, hot);
  return tr;
}

/** The row of outcomes summed at one end (`side` 'below' or 'above'): "128 or more", their chance together. */
function tailRow(doc, tail, side, maxP, hot) {
  const what = `${tail.count} outcomes, ${outcomeLabel(tail.from)} to ${outcomeLabel(tail.to)}, together; not drawn in the chart`;
  const tr = row(doc, { key: tail.from, to: tail.to, p: tail.p }, maxP, hot);
  delete tr.dataset.outcome;
  tr.dataset.tail = side;
  tr.classList.add('tail');
  tr.title = what;
  tr.querySelector('.outcome-label').textContent = tailLabel(tail, side);
  tr.querySelector('.outcome').append(el(doc, 'span', { className: 'tail-note', text: `${tail.count} summed` }));
  return tr;
}

/** px an outcome row takes (odds.css: 27 px and its border), before it is measured. */
const ROW_ESTIMATE = 28;

/** The virtual list of each outcome table's body, and the rows it draws from. */
const lists = new WeakMap();

/**
 * One row of an outcome table: an outcome (`entry`), or the outcomes summed at one end (`tail`
 * and its `side`); `maxP` is the largest chance listed, `hot` the last roll's outcome.
 * @typedef {{entry?: any, tail?: any, side?: string, maxP: number, hot: any}} OutcomeRow
 */

/**
 * The virtual list of `view.table` (a tbody), made the first time: it scrolls in the table's
 * `.outcomes-wrap`. Its rows are all one height, and an outcome row in sight is refilled with
 * the next answer's outcome in its place.
 */
function outcomeList(view) {
  const body = view.table;
  let list = lists.get(body);
  if (list) return list;
  const doc = body.ownerDocument;
  const table = body.closest('table');
  const scroller = body.closest('.outcomes-wrap') ?? table?.parentElement ?? body;
  const state = { rows: /** @type {OutcomeRow[]} */ ([]) };
  const virtual = createVirtualList({
    scroller,
    items: body,
    estimate: ROW_ESTIMATE,
    uniform: true,
    spacer: () => el(doc, 'tr', { className: 'virtual-gap', 'aria-hidden': 'true', hidden: true }, [el(doc, 'td', { colspan: 2 })]),
    renderRow(index) {
      const { entry, tail, side, maxP, hot } = state.rows[index];
      const tr = tail ? tailRow(doc, tail, side, maxP, hot) : row(doc, entry, maxP, hot);
      // Row 1 is the header.
      tr.setAttribute('aria-rowindex', String(index + 2));
      return tr;
    },
    refill(tr, index) {
      const { entry, maxP, hot } = state.rows[index];
      // A tail row says more than an outcome's: either way round, it is made afresh.
      if (!entry || tr.dataset.tail) return false;
      fillRow(tr, entry, maxP, hot);
      return true;
    },
  });
  list = {
    /** @param {OutcomeRow[]} rows */
    show(rows) {
      state.rows = rows;
      table?.setAttribute('aria-rowcount', String(rows.length + 1));
      virtual.setCount(rows.length);
    },
  };
  lists.set(body, list);
  return list;
}

/**
 * The parts every exact-odds block is made of, as the functions below expect them: `view`
 * `{success, meta, note, chart, table}` (`table` is the outcomes' tbody, which the caller puts in
 * its own table) and `lead`, the elements the block opens with: the success line captioned
 * `caption` (its label's id `labelId`), the note (`note` its text, or hidden), the chart. The
 * caller adds the outcome table and wraps them in `view.panel`.
 */
export function oddsParts(doc, { labelId, caption = 'Chance of success', note = null }) {
  const view = {
    success: el(doc, 'output', { className: 'success-value', 'aria-labelledby': labelId, text: '—' }),
    meta: el(doc, 'span', { className: 'odds-meta' }),
    note: el(doc, 'p', note === null ? { className: 'odds-note', hidden: true } : { className: 'odds-note', text: note }),
    chart: doc.createElementNS('http://www.w3.org/2000/svg', 'svg'),
    table: el(doc, 'tbody'),
  };
  view.chart.setAttribute('class', 'chart');
  view.chart.setAttribute('role', 'img');
  view.chart.setAttribute('aria-label', 'Distribution of outcomes');
  const lead = [
    el(doc, 'div', { className: 'success-block', 'aria-live': 'polite' }, [
      el(doc, 'span', { className: 'success-label', id: labelId, text: caption }),
      view.success,
      view.meta,
    ]),
    view.note,
    el(doc, 'div', { className: 'chart-wrap' }, [view.chart]),
  ];
  return { view, lead };
}

/**
 * Shows `odds` (the answer for `request`), marking outcome `hot` (the last roll's). The chart's
 * axis is titled `view.axis` when the caller set it (the catalog kind's `outcome`).
 */
export function renderOdds(view, odds, hot, request) {
  view.panel.dataset.request = JSON.stringify(request);
  view.panel.setAttribute('aria-busy', 'false');
  view.panel.classList.remove('stale', 'blocked');
  view.success.textContent = formatPercent(odds.success);
  view.meta.textContent = oddsMeta(odds);
  view.note.hidden = true;
  const entries = oddsEntries(odds);
  renderChart(view.chart, entries, hot, chartMarks(odds, view.axis ?? null));
  const { entries: shown, below, above } = shownOutcomes(entries);
  const maxP = Math.max(0, ...shown.map((e) => e.p));
  outcomeList(view).show([
    ...(below ? [{ tail: below, side: 'below', maxP, hot }] : []),
    ...shown.map((entry) => ({ entry, maxP, hot })),
    ...(above ? [{ tail: above, side: 'above', maxP, hot }] : []),
  ]);
}

/** New input is on its way to the engine: the odds shown are of an older request. */
export function markPending(view) {
  view.panel.setAttribute('aria-busy', 'true');
  view.panel.classList.add('stale');
}

/** The request cannot be sent as it is: no odds are shown, and the note says why. */
export function showNoOdds(view, why) {
  delete view.panel.dataset.request;
  view.panel.setAttribute('aria-busy', 'false');
  view.panel.classList.remove('stale');
  view.panel.classList.add('blocked');
  view.success.textContent = '—';
  view.meta.textContent = '';
  view.note.textContent = why;
  view.note.hidden = false;
  renderChart(view.chart, []);
  outcomeList(view).show([]);
}
