// Saved rolls (issue 29) as the list shows them and as new ones are made: pure, no DOM, so
// Node's test runner imports it as it is. The rules (names unique ignoring case, the notation's
// checks, the limits) are the store's; this only words and arranges.

import { isolated } from '../format.js';

/** @typedef {import('../../types/bindings').SavedRoll} SavedRoll */
/** @typedef {{expr: string, values: Record<string, number>, target: number}} Notation */

/** `bonus=2, dc=15` from `{bonus: 2, dc: 15}`. */
export function valuesText(values) {
  return Object.entries(values ?? {}).map(([name, value]) => `${name}=${value}`).join(', ');
}

/**
 * `{values}` from `bonus=2, dc = 15` (commas or spaces between), or `{error}` naming the part
 * that is not NAME=WHOLE NUMBER. An empty text is no values.
 * @param {string} text
 * @returns {{values: Record<string, number>} | {error: string}}
 */
export function parseValues(text) {
  /** @type {Record<string, number>} */
  const values = {};
  const parts = String(text).replace(/\s*=\s*/g, '=').split(/[,\s]+/).filter(Boolean);
  for (const part of parts) {
    const match = /^@?([A-Za-z_][A-Za-z0-9_]*)=([-−]?\d+)$/.exec(part);
    if (!match) return { error: `“${part}” is not NAME=NUMBER; write values as bonus=2, dc=15` };
    values[match[1]] = Number(match[2].replace('−', '-'));
  }
  return { values };
}

/** The line a saved roll shows under its name: "d20+@bonus · bonus=5 · at least 15". */
export function rollLine(roll) {
  const parts = [roll.expr];
  const values = valuesText(roll.values);
  if (values) parts.push(values);
  if (roll.target !== 1) parts.push(`at least ${roll.target}`);
  return parts.join(' · ');
}

/**
 * The index a roll moves to with Alt+Up (`-1`) or Alt+Down (`+1`), or null when it is at that
 * end already.
 */
export function movedIndex(index, step, count) {
  const next = index + step;
  return next < 0 || next >= count ? null : next;
}

/** The result of a roll in words, for the list's status line: "Fireball: 27, success". */
export function rolledText(roll, result) {
  const verdict = result.success ? 'success' : 'failure';
  return `${isolated(roll.name)}: ${String(result.outcome).replace('-', '−')}, ${verdict}`;
}

/**
 * Where a refusal's problem belongs in the edit form: `name`, `expr`, `values`, `target` or
 * `notes` (a value's problem, `values.bonus`, goes to the values), or null for the form as a
 * whole.
 * @param {string} path
 */
export function problemField(path) {
  const field = String(path).split('.')[0];
  return ['name', 'expr', 'values', 'target', 'notes'].includes(field) ? field : null;
}
