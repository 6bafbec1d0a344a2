// One input of the sheet form per scalar node (text, whole number, choice, checkbox). Each input
// carries `data-loc`, its place in the draft, so one listener on the form can apply any edit.

import { el } from '../dom.js';
import { isolated } from '../format.js';
import { choicesOf, rangeText } from './model.js';
import { getAt, setAt } from './paths.js';

/** The draft location an input edits, as stored on it. */
export function locOf(input) {
  return JSON.parse(input.dataset.loc);
}

/**
 * The draft after an edit in `input` (one with `data-loc`), or null when the input is not the
 * form's or its value is the draft's already. A map row's path follows the name typed in it.
 * `rowPath(row, key)` is sheet-form.js's mapRowPath (passed in: that module imports this one).
 */
export function editedDraft(draft, input, rowPath) {
  if (!input.matches?.('input[data-loc], select[data-loc], textarea[data-loc]')) return null;
  const loc = locOf(input);
  const value = inputValue(input);
  if (getAt(draft, loc) === value) return null;
  const row = input.closest('[data-map-row]');
  if (row && loc[loc.length - 1] === 'key') row.dataset.path = rowPath(row, value);
  return setAt(draft, loc, value);
}

/**
 * Focuses what a row action points at inside `root`: the button of `action` at `loc`, or the
 * first input under `loc`.
 */
export function focusAtLoc(root, { loc, action = null }) {
  const key = JSON.stringify(loc);
  const candidates = [...root.querySelectorAll('[data-loc]')];
  const target = action
    ? candidates.find((node) => node.dataset.loc === key && node.dataset.action === action && !node.disabled)
    : candidates.find((node) => !node.dataset.action && (node.dataset.loc === key || node.dataset.loc.startsWith(`${key.slice(0, -1)},`)));
  target?.focus();
}

/** Reads an input the way the draft keeps it: booleans, numbers (or the text while not one), text. */
export function inputValue(input) {
  if (input.type === 'checkbox') return input.checked;
  if (input.dataset.kind === 'int') {
    const text = input.value.trim();
    return /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : input.value;
  }
  return input.value;
}

function option(doc, value, text, selected) {
  const node = el(doc, 'option', { value, text });
  node.selected = selected;
  return node;
}

/**
 * The control for scalar `node` holding `value`. `label` is its accessible name ("Ability 2
 * ranks"); `describedBy` the ids of its help and problem lines. `env` and `sheet` feed
 * computed choices (stunt levels).
 */
export function scalarInput(doc, node, value, { id, loc, label, describedBy, env = {}, sheet = null }) {
  const common = { id, 'data-loc': JSON.stringify(loc), 'data-kind': node.type, 'aria-label': label, 'aria-describedby': describedBy || null };
  if (node.type === 'bool') {
    const box = el(doc, 'input', { type: 'checkbox', ...common });
    box.checked = Boolean(value);
    return box;
  }
  if (node.type === 'choice') {
    const choices = choicesOf(node, env, sheet);
    const select = el(doc, 'select', common);
    if (node.optional !== undefined) select.append(option(doc, '', node.optional, value === ''));
    for (const choice of choices) select.append(option(doc, choice, isolated(node.names?.[choice] ?? choice), choice === value));
    // A value the list no longer has (a stunt level the house rules dropped) stays visible, so
    // the problem the check reports about it points at something the GM can see and change.
    if (value !== '' && !choices.includes(value)) select.append(option(doc, value, `${isolated(value)} (not in the list)`, true));
    return select;
  }
  // Values are set as properties, never as attributes, as a checkbox's and a choice's are: the
  // markup of a form is then its shape alone, which a redraw compares (form-redraw.js).
  if (node.type === 'int') {
    const range = rangeText(node);
    return withValue(el(doc, 'input', {
      type: 'number',
      inputmode: 'numeric',
      step: 1,
      min: Number.isFinite(node.min) ? node.min : null,
      max: Number.isFinite(node.max) ? node.max : null,
      ...common,
      'aria-label': range ? `${label} (${range.replace('–', ' to ')})` : label,
    }), String(value ?? ''));
  }
  return withValue(el(doc, 'input', {
    type: 'text',
    placeholder: node.placeholder ?? null,
    spellcheck: 'false',
    autocomplete: 'off',
    ...common,
  }), String(value ?? ''));
}

function withValue(input, value) {
  input.value = value;
  return input;
}

/** The form inputs under `root` (a select is read through what it shares with an input: `value`). */
export const formInputs = (root) => /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('input[data-loc], select[data-loc]'));

/**
 * Gives a form input the draft's `value` as scalarInput shows it, only where it differs, so the
 * input the GM is in keeps its caret when its value stays.
 * @param {HTMLInputElement} input @param {unknown} value
 */
export function putValue(input, value) {
  if (input.type === 'checkbox') {
    if (input.checked !== Boolean(value)) input.checked = Boolean(value);
    return;
  }
  const text = String(value ?? '');
  // (A number box holding text that is not a number reads as empty: set it all the same.)
  if (input.value !== text || input.validity.badInput) input.value = text;
}

/**
 * Gives the form inputs of `target` the values of those of `source`, a part of the form built
 * alike (the same inputs in the same order).
 */
export function takeValues(target, source) {
  const into = formInputs(target);
  formInputs(source).forEach((input, i) => putValue(into[i], input.type === 'checkbox' ? input.checked : input.value));
}
