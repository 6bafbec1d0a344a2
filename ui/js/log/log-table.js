// The roll log's table: one row per roll, built from `logRow` rows. DOM only; the words come
// from log-rows.js. The body is virtual (virtual-list.js): of thousands of rolls only the rows
// in sight are in the page, between two spacer rows; the table tells a screen reader how many
// rows it has (aria-rowcount) and each row its place (aria-rowindex, the header being row 1).

import { el } from '../dom.js';
import { createVirtualList } from '../virtual-list.js';
import { ariaIndex } from '../virtual-window.js';
import { withDays } from './log-rows.js';

/** A roll's row height (px) before it is measured: two lines (the roll's kind and system). */
const ROW_ESTIMATE = 50;

const COLUMNS = [
  ['time', 'Time'],
  ['roster', 'Roster'],
  ['character', 'Character'],
  ['roll', 'Roll'],
  ['outcome', 'Outcome'],
  ['success', 'Result'],
  ['luck', 'Luck'],
  ['dice', 'Dice'],
  ['detail', 'Detail'],
  ['seed', 'Seed'],
];

/** An empty table with its header. Returns `{table, body}`. */
export function buildLogTable(doc) {
  const body = el(doc, 'tbody');
  const table = el(doc, 'table', { className: 'log-table', id: 'log-table', 'aria-label': 'Rolls, newest first' }, [
    el(doc, 'thead', {}, [el(doc, 'tr', { 'aria-rowindex': 1 }, COLUMNS.map(([key, label]) => el(doc, 'th', { scope: 'col', className: `col-${key}`, text: label })))]),
    body,
  ]);
  return { table, body };
}

function rowElement(doc, row, { copySeed }) {
  // Dice typed in have no seed to copy: the cell says "by hand" and offers no Copy.
  const copy = row.byHand ? '' : el(doc, 'button', { type: 'button', className: 'log-copy', text: 'Copy', 'aria-label': `Copy seed ${row.seed}` });
  if (copy) copy.addEventListener('click', () => copySeed(row.seed));
  const cells = {
    time: el(doc, 'time', { datetime: row.at, text: row.time }),
    roster: row.roster ? el(doc, 'span', { text: row.roster }) : el(doc, 'span', { className: 'log-none', text: 'Quick roll' }),
    character: row.character ? el(doc, 'span', { text: row.character }) : el(doc, 'span', { className: 'log-none', text: '—', 'aria-label': 'no character' }),
    roll: el(doc, 'span', {}, [
      el(doc, 'span', { className: 'log-kind', text: row.roll }),
      row.secret ? el(doc, 'span', { className: 'log-secret', text: 'GM only', title: 'Rolled in secret: never in the players\' view' }) : '',
      el(doc, 'span', { className: 'log-system', text: row.system }),
    ]),
    outcome: el(doc, 'span', { className: 'log-outcome', text: row.outcome }),
    success: el(doc, 'span', { className: `log-verdict ${row.succeeded ? 'good' : 'bad'}` }, [
      el(doc, 'span', { 'aria-hidden': 'true', text: row.succeeded ? '✓ ' : '✗ ' }),
      row.success,
    ]),
    luck: el(doc, 'span', { className: 'log-luck', text: row.luck ?? '', title: row.luck ? `The ${row.luck} percentile of its exact odds: 50th is par for fair dice` : 'Not judged yet' }),
    dice: el(doc, 'span', { className: 'log-dice', text: row.dice }),
    detail: el(doc, 'span', { text: row.detail }),
    seed: el(doc, 'span', { className: 'log-seed-cell' }, [row.byHand ? el(doc, 'span', { className: 'log-seed log-by-hand', text: row.seed }) : el(doc, 'code', { className: 'log-seed', text: row.seed }), copy]),
  };
  return el(doc, 'tr', { 'data-id': row.id }, COLUMNS.map(([key]) => el(doc, 'td', { className: `col-${key}` }, [cells[key]])));
}

function dayElement(doc, day) {
  return el(doc, 'tr', { className: 'log-day' }, [el(doc, 'th', { scope: 'colgroup', colspan: COLUMNS.length, text: day })]);
}

/** A row holding the height of the rows not in the page; no one reads it. */
function spacerRow(doc) {
  return el(doc, 'tr', { className: 'virtual-gap', 'aria-hidden': 'true', hidden: true }, [el(doc, 'td', { colspan: COLUMNS.length })]);
}

/**
 * Makes the table's body a virtual list scrolled by `scroller`. Returns `fill(rows)`, which
 * shows the rolls, each day's under a heading with its date (`withDays`), and
 * `fill.redraw(rows)`, the same rolls with new contents (their percentiles come later) drawn
 * again where they are. `copySeed(seed)` runs when a row's Copy button is pressed.
 */
export function virtualLogTable({ table, body }, scroller, { copySeed }) {
  const doc = body.ownerDocument;
  let items = [];
  const virtual = createVirtualList({
    scroller,
    items: body,
    estimate: ROW_ESTIMATE,
    spacer: () => spacerRow(doc),
    renderRow(index) {
      const item = items[index];
      const row = item.id === undefined ? dayElement(doc, item.day) : rowElement(doc, item, { copySeed });
      row.setAttribute('aria-rowindex', String(ariaIndex(index, 1)));
      return row;
    },
  });
  const fill = (rows) => {
    items = withDays(rows);
    table.setAttribute('aria-rowcount', String(items.length + 1));
    virtual.setCount(items.length);
  };
  fill.redraw = (rows) => {
    const again = withDays(rows);
    if (again.length !== items.length) return fill(rows);
    items = again;
    virtual.redraw();
  };
  return fill;
}
