// The roll log's table: one row per roll, built from `logRow` rows. DOM only; the words come
// from log-rows.js.

import { el } from '../dom.js';
import { withDays } from './log-rows.js';

const COLUMNS = [
  ['time', 'Time'],
  ['roster', 'Roster'],
  ['character', 'Character'],
  ['roll', 'Roll'],
  ['outcome', 'Outcome'],
  ['success', 'Result'],
  ['dice', 'Dice'],
  ['detail', 'Detail'],
  ['seed', 'Seed'],
];

/** An empty table with its header. Returns `{table, body}`. */
export function buildLogTable(doc) {
  const body = el(doc, 'tbody');
  const table = el(doc, 'table', { className: 'log-table', id: 'log-table', 'aria-label': 'Rolls, newest first' }, [
    el(doc, 'thead', {}, [el(doc, 'tr', {}, COLUMNS.map(([key, label]) => el(doc, 'th', { scope: 'col', className: `col-${key}`, text: label })))]),
    body,
  ]);
  return { table, body };
}

function rowElement(doc, row, { copySeed }) {
  const copy = el(doc, 'button', { type: 'button', className: 'log-copy', text: 'Copy', 'aria-label': `Copy seed ${row.seed}` });
  copy.addEventListener('click', () => copySeed(row.seed));
  const cells = {
    time: el(doc, 'time', { datetime: row.at, text: row.time }),
    roster: row.roster ? el(doc, 'span', { text: row.roster }) : el(doc, 'span', { className: 'log-none', text: 'Quick roll' }),
    character: row.character ? el(doc, 'span', { text: row.character }) : el(doc, 'span', { className: 'log-none', text: '—', 'aria-label': 'no character' }),
    roll: el(doc, 'span', {}, [el(doc, 'span', { className: 'log-kind', text: row.roll }), el(doc, 'span', { className: 'log-system', text: row.system })]),
    outcome: el(doc, 'span', { className: 'log-outcome', text: row.outcome }),
    success: el(doc, 'span', { className: `log-verdict ${row.succeeded ? 'good' : 'bad'}` }, [
      el(doc, 'span', { 'aria-hidden': 'true', text: row.succeeded ? '✓ ' : '✗ ' }),
      row.success,
    ]),
    dice: el(doc, 'span', { className: 'log-dice', text: row.dice }),
    detail: el(doc, 'span', { text: row.detail }),
    seed: el(doc, 'span', { className: 'log-seed-cell' }, [el(doc, 'code', { className: 'log-seed', text: row.seed }), copy]),
  };
  return el(doc, 'tr', { 'data-id': row.id }, COLUMNS.map(([key]) => el(doc, 'td', { className: `col-${key}` }, [cells[key]])));
}

function dayElement(doc, day) {
  return el(doc, 'tr', { className: 'log-day' }, [el(doc, 'th', { scope: 'colgroup', colspan: COLUMNS.length, text: day })]);
}

/**
 * Replaces the table's rows: the rolls, each day's under a heading with its date (`withDays`).
 * `copySeed(seed)` runs when a row's Copy button is pressed.
 */
export function fillLogTable({ body }, rows, handlers) {
  const doc = body.ownerDocument;
  body.replaceChildren(...withDays(rows).map((row) => (row.id === undefined ? dayElement(doc, row.day) : rowElement(doc, row, handlers))));
}
