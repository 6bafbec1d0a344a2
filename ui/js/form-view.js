// Builds the inputs of a roll kind from its field models, reads them back and shows errors at
// the field they are about. Every user-visible string goes through textContent or attributes.

import { canAddItem, newItemValue, readInt } from './form.js';
import { el } from './dom.js';

/**
 * The ids of a form's elements: `field-NAME` (and `-help`, `-error`) by default; a view that
 * shares the page with Quick roll (the roll panel) gives its own prefix so ids stay unique.
 */
function idsFor(prefix) {
  const id = (name) => `${prefix}-${name}`;
  return { id, help: (name) => `${id(name)}-help`, error: (name) => `${id(name)}-error` };
}

/** The ids an input is described by: its help line and its error line. */
function describedBy(field, ids) {
  return [field.help ? ids.help(field.name) : null, ids.error(field.name)].filter(Boolean).join(' ');
}

/**
 * "0–60", or "−20 to 40" (a dash after a minus sign would read as a second minus); "any whole
 * number" for a range as wide as JavaScript's whole numbers (a typed roll's target).
 */
function rangeText(field) {
  if (field.min <= -Number.MAX_SAFE_INTEGER && field.max >= Number.MAX_SAFE_INTEGER) return 'any whole number';
  const minus = (n) => String(n).replace('-', '\u2212');
  return field.min < 0 ? `${minus(field.min)} to ${minus(field.max)}` : `${field.min}–${field.max}`;
}

function labelRow(doc, field, forId) {
  const label = el(doc, 'label', { for: forId, className: 'label', text: field.label });
  if (field.type === 'int') label.append(' ', el(doc, 'span', { className: 'range', text: rangeText(field) }));
  return label;
}

function numberInput(doc, field, value, id, ariaLabel, ids) {
  return el(doc, 'input', {
    type: 'number',
    id,
    inputmode: 'numeric',
    step: 1,
    min: field.min,
    max: field.max,
    value,
    'aria-label': ariaLabel,
    'aria-describedby': describedBy(field, ids),
    'data-input': field.name,
  });
}

function intField(doc, field, value, ids) {
  const id = ids.id(field.name);
  const input = numberInput(doc, field, value, id, `${field.label} (${field.min} to ${field.max})`, ids);
  return [labelRow(doc, field, id), input];
}

function boolField(doc, field, value, ids) {
  const id = ids.id(field.name);
  const box = el(doc, 'input', {
    type: 'checkbox',
    id,
    'aria-label': field.label,
    'aria-describedby': describedBy(field, ids),
    'data-input': field.name,
  });
  box.checked = Boolean(value);
  // The empty label row keeps the checkbox level with the inputs beside it.
  return [el(doc, 'span', { className: 'label', 'aria-hidden': 'true' }),
    el(doc, 'label', { className: 'check', for: id }, [box, el(doc, 'span', { text: field.label })])];
}

function choiceField(doc, field, value, ids) {
  const id = ids.id(field.name);
  const select = el(doc, 'select', { id, 'aria-label': field.label, 'aria-describedby': describedBy(field, ids), 'data-input': field.name });
  for (const choice of field.choices) {
    const option = el(doc, 'option', { value: choice, text: choice });
    option.selected = choice === value;
    select.append(option);
  }
  return [labelRow(doc, field, id), select];
}

function listField(doc, field, items, onChange, ids) {
  const labelId = `${ids.id(field.name)}-label`;
  const list = el(doc, 'div', { className: 'int-list', role: 'group', 'aria-labelledby': labelId, 'data-list': field.name });
  const redraw = (next) => {
    list.replaceChildren(...listItems(doc, field, next, redraw, ids), addButton(doc, field, next, redraw));
    onChange();
  };
  list.append(...listItems(doc, field, items, redraw, ids), addButton(doc, field, items, redraw));
  const label = el(doc, 'span', { className: 'label', id: labelId, text: field.label });
  label.append(' ', el(doc, 'span', { className: 'range', text: `${rangeText(field)} each, up to ${field.maxItems}` }));
  return [label, list];
}

function currentItems(list) {
  return [...list.querySelectorAll('input')].map((input) => input.value);
}

function listItems(doc, field, items, redraw, ids) {
  return items.map((value, index) => {
    const input = numberInput(doc, field, value, `${ids.id(field.name)}-${index}`, `${field.label} ${index + 1}`, ids);
    const remove = el(doc, 'button', {
      type: 'button',
      className: 'remove',
      'aria-label': `Remove ${field.label} ${index + 1}`,
      title: 'Remove',
      text: '×',
    });
    remove.addEventListener('click', () => {
      const list = remove.closest('.int-list');
      const next = currentItems(list);
      next.splice(index, 1);
      redraw(next);
      list.querySelector('input, button')?.focus();
    });
    return el(doc, 'span', { className: 'item' }, [input, remove]);
  });
}

function addButton(doc, field, items, redraw) {
  const full = !canAddItem(field, items);
  const add = el(doc, 'button', {
    type: 'button',
    className: 'add',
    'aria-label': full ? `${field.label} is full (${field.maxItems})` : `Add an entry to ${field.label}`,
    disabled: full,
    text: '+ Add',
  });
  add.addEventListener('click', () => {
    const list = add.closest('.int-list');
    const next = [...currentItems(list), newItemValue(field)];
    redraw(next);
    const inputs = list.querySelectorAll('input');
    inputs[inputs.length - 1]?.focus();
  });
  return add;
}

/**
 * Replaces the container's fields with inputs for `fields`, filled with `values`. `idPrefix`
 * (default `field`) starts every id, for a second form in the same page.
 */
export function renderFields(container, fields, values, onChange, { idPrefix = 'field' } = {}) {
  const doc = container.ownerDocument;
  const ids = idsFor(idPrefix);
  const legend = container.querySelector('legend');
  // Lists take a whole row, so they go after the two-to-a-row fields, which then pair up.
  const ordered = [...fields.filter((f) => f.type !== 'int_list'), ...fields.filter((f) => f.type === 'int_list')];
  const nodes = ordered.map((field) => {
    const value = values[field.name];
    const wrap = el(doc, 'div', { className: `field ${field.type}`, 'data-field': field.name });
    let parts;
    if (field.type === 'bool') parts = boolField(doc, field, value, ids);
    else if (field.type === 'choice') parts = choiceField(doc, field, value, ids);
    else if (field.type === 'int_list') {
      wrap.classList.add('wide');
      parts = listField(doc, field, value ?? [], onChange, ids);
    } else parts = intField(doc, field, value, ids);
    wrap.append(...parts);
    // The title: the whole help where a view shows one line of it (the roll panel).
    wrap.append(field.help ? el(doc, 'span', { className: 'help', id: ids.help(field.name), text: field.help, title: field.help }) : el(doc, 'span', { className: 'help' }));
    wrap.append(el(doc, 'p', { className: 'field-error', id: ids.error(field.name), hidden: true }));
    return wrap;
  });
  container.replaceChildren(...(legend ? [legend] : []), ...nodes);
}

/** Reads every field: `{values, errors}`; an error is `{field, item, reason}` (item: list entry or null). */
export function readValues(container, fields) {
  const values = {};
  const errors = [];
  for (const field of fields) {
    const wrap = container.querySelector(`[data-field="${field.name}"]`);
    if (!wrap) continue;
    if (field.type === 'bool') {
      values[field.name] = wrap.querySelector('input').checked;
    } else if (field.type === 'choice') {
      values[field.name] = wrap.querySelector('select').value;
    } else if (field.type === 'int_list') {
      const items = [];
      [...wrap.querySelectorAll('input')].forEach((input, index) => {
        const read = readInt(input.value);
        if ('reason' in read) errors.push({ field: field.name, item: index, reason: read.reason });
        else items.push(read.value);
      });
      values[field.name] = items;
    } else {
      const read = readInt(wrap.querySelector('input').value);
      if ('reason' in read) errors.push({ field: field.name, item: null, reason: read.reason });
      else values[field.name] = read.value;
    }
  }
  return { values, errors };
}

/**
 * Shows `errors` ([{field, item, reason}]) at their fields: the inputs at fault are marked
 * invalid and the reason is written under the field (one line per field; a list entry's
 * reason names the entry by its place). Every other field is cleared.
 */
export function showFieldErrors(container, errors) {
  const byField = new Map();
  for (const error of errors) {
    if (!byField.has(error.field)) byField.set(error.field, []);
    byField.get(error.field).push(error);
  }
  for (const wrap of container.querySelectorAll('[data-field]')) {
    const name = wrap.dataset.field;
    const mine = byField.get(name) ?? [];
    wrap.classList.toggle('invalid', mine.length > 0);
    const inputs = [...wrap.querySelectorAll('input, select')];
    inputs.forEach((input, index) => {
      const bad = mine.some((e) => e.item === null || e.item === undefined || e.item === index);
      if (bad) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    });
    const line = wrap.querySelector('.field-error');
    // The line sits under the field's own label: an entry is named by its place alone (the
    // engine's reason often names the field too: "99 is out of range: Teammates' Stealth takes…").
    const text = mine.map((e) => (Number.isInteger(e.item) ? `Entry ${e.item + 1}: ${e.reason}` : e.reason)).join(' ');
    if (line.textContent !== text) line.textContent = text;
    line.hidden = text === '';
    // A message that appears is announced; one that only stays is not repeated.
    if (text) line.setAttribute('role', 'alert');
    else line.removeAttribute('role');
  }
}

/** The first input marked invalid (to bring into view and focus when Roll is refused). */
export function firstInvalid(container) {
  return container.querySelector('[aria-invalid="true"]');
}
