// The one seam between the Saved rolls list and Quick roll's notation (issue 29): `get()` the
// notation, values and target Quick roll holds now (to save it with one key), `set()` them (to
// show a saved roll there). On this branch Quick roll has no Notation field yet (branch
// notation-window adds it), so both work on a minimal stand-in field shown above the list
// (`element`). When Quick roll has its field, only this file changes: `get`/`set` read and fill
// Quick roll's, and `element` is null.

import { el } from '../dom.js';
import { parseValues, valuesText } from './saved-rolls-model.js';

/** @typedef {import('./saved-rolls-model.js').Notation} Notation */

/**
 * @param {Document} doc
 * @returns {{element: HTMLElement | null, get: () => ({notation: Notation} | {error: string, input: HTMLElement} | null), set: (notation: Notation) => void}}
 */
export function notationHook(doc) {
  const expr = el(doc, 'input', {
    type: 'text', id: 'saved-notation', className: 'text-input mono', spellcheck: 'false',
    placeholder: '8d6, 4d6kh3, d20+@bonus', 'aria-describedby': 'saved-notation-help',
  });
  const target = el(doc, 'input', { type: 'text', id: 'saved-target', className: 'text-input', inputmode: 'numeric', placeholder: '1' });
  const values = el(doc, 'input', { type: 'text', id: 'saved-values', className: 'text-input mono', spellcheck: 'false', placeholder: 'bonus=2' });
  const element = el(doc, 'div', { className: 'saved-notation' }, [
    el(doc, 'div', { className: 'field notation-field' }, [el(doc, 'label', { className: 'label', for: 'saved-notation', text: 'Notation' }), expr]),
    el(doc, 'div', { className: 'field target-field' }, [el(doc, 'label', { className: 'label', for: 'saved-target', text: 'Target' }), target]),
    el(doc, 'div', { className: 'field values-field' }, [el(doc, 'label', { className: 'label', for: 'saved-values', text: 'Values' }), values]),
    el(doc, 'p', { className: 'hint', id: 'saved-notation-help', text: 'Ctrl+S saves it to the list.' }),
  ]);

  function get() {
    const text = expr.value.trim();
    if (!text) return null;
    const read = parseValues(values.value);
    if ('error' in read) return { error: read.error, input: values };
    const goal = target.value.trim();
    const number = goal === '' ? 1 : Number(goal.replace('−', '-'));
    if (!Number.isSafeInteger(number)) return { error: `Target: “${goal}” is not a whole number`, input: target };
    return { notation: { expr: text, values: read.values, target: number } };
  }

  function set(notation) {
    expr.value = notation.expr;
    values.value = valuesText(notation.values);
    target.value = notation.target === 1 ? '' : String(notation.target);
  }

  return { element, get, set };
}
