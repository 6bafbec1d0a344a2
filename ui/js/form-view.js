// Builds the inputs of a roll kind from its field models and reads them back.
// Every user-visible string goes through textContent or attributes, never innerHTML.

import { canAddItem, newItemValue, readInt } from './form.js';

function el(doc, tag, props = {}, children = []) {
  const node = doc.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'className') node.className = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

const idOf = (name) => `field-${name}`;

function rangeText(field) {
  return `${field.min}–${field.max}`;
}

function labelFor(doc, field, forId) {
  const label = el(doc, 'label', { for: forId, text: field.label });
  if (field.type === 'int') label.append(el(doc, 'span', { className: 'optional', text: `  ${rangeText(field)}` }));
  return label;
}

function helpLine(doc, field) {
  return field.help ? el(doc, 'span', { className: 'help', id: `${idOf(field.name)}-help`, text: field.help }) : null;
}

function numberInput(doc, field, value, id, ariaLabel) {
  return el(doc, 'input', {
    type: 'number',
    id,
    inputmode: 'numeric',
    step: 1,
    min: field.min,
    max: field.max,
    value,
    'aria-label': ariaLabel,
    'aria-describedby': field.help ? `${idOf(field.name)}-help` : undefined,
    'data-input': field.name,
  });
}

function intField(doc, field, value) {
  const id = idOf(field.name);
  const input = numberInput(doc, field, value, id, `${field.label} (${field.min} to ${field.max})`);
  return [labelFor(doc, field, id), input];
}

function boolField(doc, field, value) {
  const id = idOf(field.name);
  const box = el(doc, 'input', {
    type: 'checkbox',
    id,
    checked: Boolean(value),
    'aria-label': field.label,
    'aria-describedby': field.help ? `${id}-help` : undefined,
    'data-input': field.name,
  });
  box.checked = Boolean(value);
  return [el(doc, 'span', { className: 'label', 'aria-hidden': 'true', text: '\u00a0' }),
    el(doc, 'label', { className: 'check', for: id }, [box, doc.createTextNode(field.label)])];
}

function choiceField(doc, field, value) {
  const id = idOf(field.name);
  const select = el(doc, 'select', {
    id,
    'aria-label': field.label,
    'aria-describedby': field.help ? `${id}-help` : undefined,
    'data-input': field.name,
  });
  for (const choice of field.choices) {
    const option = el(doc, 'option', { value: choice, text: choice });
    option.selected = choice === value;
    select.append(option);
  }
  return [labelFor(doc, field, id), select];
}

function listField(doc, field, items, onChange) {
  const labelId = `${idOf(field.name)}-label`;
  const list = el(doc, 'div', { className: 'int-list', role: 'group', 'aria-labelledby': labelId });
  const redraw = (next) => {
    list.replaceChildren(...listItems(doc, field, next, redraw), addButton(doc, field, next, redraw));
    onChange();
  };
  list.append(...listItems(doc, field, items, redraw), addButton(doc, field, items, redraw));
  const label = el(doc, 'span', { className: 'label', id: labelId, text: field.label });
  label.append(el(doc, 'span', { className: 'optional', text: `  ${rangeText(field)} each, up to ${field.maxItems}` }));
  return [label, list];
}

function currentItems(list) {
  return [...list.querySelectorAll('input')].map((input) => input.value);
}

function listItems(doc, field, items, redraw) {
  return items.map((value, index) => {
    const input = numberInput(doc, field, value, `${idOf(field.name)}-${index}`, `${field.label} ${index + 1}`);
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
  const add = el(doc, 'button', {
    type: 'button',
    className: 'add',
    'aria-label': `Add an entry to ${field.label}`,
    disabled: !canAddItem(field, items),
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

/** Replaces the container's fields with inputs for `fields`, filled with `values`. */
export function renderFields(container, fields, values, onChange) {
  const doc = container.ownerDocument;
  const legend = container.querySelector('legend');
  const nodes = fields.map((field) => {
    const value = values[field.name];
    const wrap = el(doc, 'div', { className: 'field', 'data-field': field.name });
    let parts;
    if (field.type === 'bool') parts = boolField(doc, field, value);
    else if (field.type === 'choice') parts = choiceField(doc, field, value);
    else if (field.type === 'int_list') {
      wrap.classList.add('wide');
      parts = listField(doc, field, value ?? [], onChange);
    } else parts = intField(doc, field, value);
    wrap.append(...parts);
    const help = helpLine(doc, field);
    if (help) wrap.append(help);
    return wrap;
  });
  container.replaceChildren(...(legend ? [legend] : []), ...nodes);
}

/** Reads every field: `{values, errors}`; an error is `{field, message}` in plain words. */
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
        const read = readInt(input.value, `${field.label} ${index + 1}`);
        if ('error' in read) errors.push({ field: field.name, message: read.error });
        else items.push(read.value);
      });
      values[field.name] = items;
    } else {
      const read = readInt(wrap.querySelector('input').value, field.label);
      if ('error' in read) errors.push({ field: field.name, message: read.error });
      else values[field.name] = read.value;
    }
  }
  return { values, errors };
}

/** Marks the inputs of the named fields as invalid (and clears the rest). */
export function markInvalid(container, names) {
  for (const wrap of container.querySelectorAll('[data-field]')) {
    const bad = names.includes(wrap.dataset.field);
    wrap.classList.toggle('invalid', bad);
    for (const input of wrap.querySelectorAll('input, select')) {
      if (bad) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  }
}
