// An undo or a redo that changes only values the form shows puts them in its inputs and builds
// nothing. Redrawing the form of 60 declarations over itself (sheet-form.js's redrawSheetForm:
// the form built apart, each card compared with the one shown) took 6–10 ms of the 14–22 ms an
// undo took (scripts/measure-sheet-form.sh); most undos are of typing, which changes no shape.
// `changedValues` is pure (Node's test runner imports it); `refillForm` reads the page.

import { choicesOf, nodeAt } from './model.js';
import { getAt } from './paths.js';
import { formInputs, putValue } from './sheet-inputs.js';

/**
 * The places (segments under `base`) where drafts `a` and `b` hold different values, or null
 * when they differ in shape: a list of another length, an object of other keys, a value where
 * the other has a list or an object.
 * @param {any} a @param {any} b
 * @param {(string | number)[]} [base]
 * @returns {(string | number)[][] | null}
 */
export function changedValues(a, b, base = [], out = []) {
  if (a === b) return out;
  const isObject = (v) => v !== null && typeof v === 'object';
  if (!isObject(a) || !isObject(b)) {
    if (isObject(a) || isObject(b)) return null;
    out.push(base);
    return out;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return null;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length || keys.some((key) => !Object.hasOwn(b, key))) return null;
  for (const key of keys) {
    const segment = Array.isArray(a) ? Number(key) : key;
    if (changedValues(a[key], b[key], [...base, segment], out) === null) return null;
  }
  return out;
}

/** Every node of a sheet model: its children, a list's item, a map's value. */
function* nodesOf(node) {
  yield node;
  for (const child of node.children ?? []) yield* nodesOf(child);
  if (node.item) yield* nodesOf(node.item);
  if (node.type === 'map' && node.value) yield* nodesOf(node.value);
}

/** Whether every list of choices of `model` that follows the sheet is the same for both drafts. */
export function sameChoices(model, env, before, after) {
  for (const node of nodesOf(model.root)) {
    if (typeof node.choices !== 'function') continue;
    if (JSON.stringify(choicesOf(node, env, before)) !== JSON.stringify(choicesOf(node, env, after))) return false;
  }
  return true;
}

/** Whether choice `node` lists `value` as the form draws it (no "(not in the list)" entry). */
function listed(node, env, sheet, value) {
  if (value === '') return node.optional !== undefined;
  return choicesOf(node, env, sheet).includes(value);
}

/**
 * Puts the values of sheet draft `after` in `form`'s inputs when the form shows `before` and the
 * two differ in values alone, each in an input of its own (not a map's name, which names its row
 * and its place), no list of choices following what changed. Answers whether it did; when not,
 * nothing is changed (the form is to be redrawn).
 */
export function refillForm(form, model, env, before, after) {
  const changed = changedValues(before, after);
  if (!changed || !sameChoices(model, env, before, after)) return false;
  const inputs = new Map([...formInputs(form)].map((input) => [input.dataset.loc, input]));
  const fills = [];
  for (const segments of changed) {
    const input = inputs.get(JSON.stringify(['sheet', ...segments]));
    if (!input || (segments.at(-1) === 'key' && input.closest('[data-map-row]'))) return false;
    const value = getAt(after, segments);
    const node = nodeAt(model.root, segments);
    if (node?.type === 'choice' && !(listed(node, env, after, getAt(before, segments)) && listed(node, env, after, value))) return false;
    fills.push([input, value]);
  }
  for (const [input, value] of fills) putValue(input, value);
  return true;
}
