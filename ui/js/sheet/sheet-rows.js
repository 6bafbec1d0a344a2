// The rows of the sheet form's lists and maps (sheet-form.js puts them in their cards): column
// heads, a row of cells with its move/remove buttons, name/value rows, the Add button, and a
// nested list inside a card's grid. Rows and heads share their columns (`--cols`).

import { el } from '../dom.js';
import { formatPath } from './paths.js';
import { addButtonWords, choicesOf, flatChildren, rangeText } from './model.js';
import { derivedSlot, idFor, lower, problemSlot } from './form-parts.js';
import { scalarInput } from './sheet-inputs.js';

/** The grid column a cell of `node` takes in a row (the head uses the same, so they line up). */
function columnOf(node) {
  if (node.type === 'int') return 'minmax(4.5em, 5.5em)';
  if (node.type === 'bool') return '3.4em';
  // A choice shares the room with the names (a fixed 10em took it first, and a narrow sheet
  // beside the roll panel cut "Toughness" to "Toughnes").
  if (node.type === 'choice') return node.wide ? 'minmax(6em, 1fr)' : 'minmax(8.5em, 1fr)';
  if (node.short) return '5.5em';
  return node.wide ? 'minmax(6em, 1.6fr)' : 'minmax(5em, 1fr)';
}

/**
 * The columns of a list's or map's rows, as the CSS variable `--cols` of their container:
 * the cells, then the row buttons (three for a list, one for a map). Fixed widths for the
 * buttons keep every row and the head on the same lines.
 */
export function rowColumns(node) {
  if (node.type === 'map') return `minmax(6em, 1.6fr) ${columnOf(node.value)} 32px`;
  const cells = node.item.type === 'object' ? flatChildren(node.item) : [node.item];
  return `${cells.map(columnOf).join(' ')} 100px`;
}

function toolButton(doc, action, loc, text, label, disabled = false) {
  return el(doc, 'button', {
    type: 'button',
    className: `row-tool ${action}`,
    'data-action': action,
    'data-loc': JSON.stringify(loc),
    'aria-label': label,
    title: label,
    disabled,
    text,
  });
}

/** A cell of a row: the input (and, once it has one, its problem line: `slotOf`). */
function cell(ctx, node, value, loc, path, label) {
  const { doc } = ctx;
  const id = idFor(ctx, loc);
  const input = scalarInput(doc, node, value, { id, loc, label, describedBy: null, env: ctx.env, sheet: ctx.sheet });
  const classes = ['cell', node.type, node.wide ? 'wide' : '', node.short ? 'short' : ''].filter(Boolean).join(' ');
  const wrap = el(doc, 'div', { className: classes, 'data-path': path ? formatPath(path) : null, 'data-label': path ? node.label : null }, [input]);
  if (node.type === 'bool') {
    input.remove();
    // The column head names it; the box keeps its name for screen readers (aria-label).
    wrap.append(el(doc, 'label', { className: 'check', for: id }, [input, el(doc, 'span', { className: 'visually-hidden', text: node.label })]));
  }
  return wrap;
}

function listHead(doc, item) {
  const head = el(doc, 'div', { className: 'row-head', 'aria-hidden': 'true' }, [el(doc, 'span', { className: 'slot-roll-head' })]);
  for (const child of item.type === 'object' ? flatChildren(item) : [item]) {
    const title = el(doc, 'span', { className: `cell ${child.type}${child.wide ? ' wide' : ''}${child.short ? ' short' : ''}`, text: child.label });
    const range = child.type === 'int' ? rangeText(child) : '';
    if (range) title.append(' ', el(doc, 'span', { className: 'range', text: range }));
    head.append(title);
  }
  head.append(el(doc, 'span', { className: 'row-tools' }));
  return head;
}

function listRow(ctx, node, items, i, loc, path) {
  const { doc } = ctx;
  const item = items[i];
  const rowLoc = [...loc, i];
  const rowPath = [...path, i];
  const name = `${node.itemLabel} ${i + 1}`;
  const row = el(doc, 'li', { className: 'sheet-row', 'data-path': formatPath(rowPath), 'data-label': name });
  if (node.item.type === 'object') {
    for (const child of flatChildren(node.item)) {
      row.append(cell(ctx, child, item?.[child.key], [...rowLoc, child.key], [...rowPath, child.key], `${name} ${lower(child.label)}`));
    }
  } else {
    row.append(cell(ctx, node.item, item, rowLoc, null, name));
  }
  row.append(el(doc, 'div', { className: 'row-tools' }, [
    toolButton(doc, 'up', rowLoc, '↑', `Move ${lower(name)} up`, i === 0),
    toolButton(doc, 'down', rowLoc, '↓', `Move ${lower(name)} down`, i === items.length - 1),
    toolButton(doc, 'remove', rowLoc, '×', `Remove ${lower(name)}`),
  ]));
  return row;
}

function addButton(doc, node, loc, count) {
  const { full, text, name } = addButtonWords(node, count);
  return el(doc, 'button', {
    type: 'button',
    className: 'add',
    'data-action': 'add',
    'data-loc': JSON.stringify(loc),
    disabled: full,
    'aria-label': name,
    text,
  });
}

export function listBlock(ctx, node, items, loc, path) {
  const { doc } = ctx;
  const list = el(doc, 'ol', { className: `sheet-rows${node.item.type === 'object' ? '' : ' scalar'}`, 'aria-label': node.label });
  list.append(...items.map((_, i) => listRow(ctx, node, items, i, loc, path)));
  const parts = [];
  if (items.length && node.item.type === 'object') parts.push(listHead(doc, node.item));
  parts.push(list);
  if (!items.length) parts.push(el(doc, 'p', { className: 'empty', text: `No ${lower(node.label)} yet.` }));
  parts.push(addButton(doc, node, loc, items.length));
  return parts;
}

function mapRow(ctx, node, entries, i, loc, path) {
  const { doc } = ctx;
  const entry = entries[i];
  const rowLoc = [...loc, i];
  const required = (node.required ?? []).includes(entry.key);
  const name = entry.key.trim() || `${node.itemLabel} ${i + 1}`;
  const row = el(doc, 'li', { className: 'sheet-row map-row', 'data-path': formatPath([...path, entry.key]), 'data-label': name, 'data-map-row': '' });
  const keyId = idFor(ctx, [...rowLoc, 'key']);
  if (required) {
    row.append(el(doc, 'span', { className: 'cell key fixed', id: keyId, text: entry.key }));
  } else if (node.keyChoices) {
    const keyNode = { type: 'choice', choices: node.keyChoices };
    row.append(cell(ctx, keyNode, entry.key, [...rowLoc, 'key'], null, `${node.itemLabel} ${i + 1} ${lower(node.keyLabel)}`));
    row.lastChild.classList.add('key');
  } else {
    const keyNode = { type: 'text', wide: true };
    row.append(cell(ctx, keyNode, entry.key, [...rowLoc, 'key'], null, `${node.itemLabel} ${i + 1} ${lower(node.keyLabel)}`));
    row.lastChild.classList.add('key');
  }
  row.append(cell(ctx, node.value, entry.value, [...rowLoc, 'value'], null, name));
  row.append(el(doc, 'div', { className: 'row-tools' }, required ? [] : [toolButton(doc, 'remove', rowLoc, '×', `Remove ${name}`)]));
  return row;
}

export function mapBlock(ctx, node, entries, loc, path) {
  const { doc } = ctx;
  const list = el(doc, 'ol', { className: 'sheet-rows map', 'aria-label': node.label });
  list.append(...entries.map((_, i) => mapRow(ctx, node, entries, i, loc, path)));
  const parts = [listHead(doc, { type: 'object', children: [{ type: 'text', label: node.keyLabel, wide: true }, node.value] }), list];
  if (!entries.length) parts.push(el(doc, 'p', { className: 'empty', text: `No ${lower(node.label)} yet.` }));
  const canAdd = !node.keyChoices || choicesOf({ choices: node.keyChoices }, ctx.env, ctx.sheet).some((k) => !entries.some((e) => e.key === k));
  const add = addButton(doc, node, loc, entries.length);
  if (!canAdd) add.disabled = true;
  parts.push(add);
  return parts;
}

/** A nested list inside a group (grunt penalties, fate cards): a labelled compact block. */
export function nestedList(ctx, node, items, loc, path) {
  const { doc } = ctx;
  const labelId = idFor(ctx, loc, '-label');
  const block = el(doc, 'div', {
    className: 'sheet-field nested-list', 'data-path': formatPath(path), 'data-label': node.label, 'data-item-label': node.itemLabel, role: 'group', 'aria-labelledby': labelId,
  });
  block.append(el(doc, 'span', { className: 'label', id: labelId, text: node.label }));
  if (node.help) block.append(el(doc, 'span', { className: 'help', text: node.help }));
  block.append(...listBlock(ctx, node, items ?? [], loc, path), derivedSlot(doc), problemSlot(doc, idFor(ctx, loc, '-problem')));
  block.style.setProperty('--cols', rowColumns(node));
  return block;
}

