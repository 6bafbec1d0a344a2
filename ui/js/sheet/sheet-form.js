// Builds a system's sheet form from its model (systems/*.js) and the draft: one section per
// top-level node, lists as rows with move/remove buttons and an Add button, maps as name/value
// rows. Every element a problem, a derived value or a roll can belong to carries `data-path`
// (the sheet path the Rust side uses); its slots for them are made when first filled
// (`slotOf`), since most fields never show any (a sheet of 60 declarations drew 1,215 elements,
// over 500 of them empty slots and help lines, each styled). Edits are read back by the editor
// through each input's `data-loc`.

import { el } from '../dom.js';
import { formatPath, parsePath } from './paths.js';
import { addButtonWords, choicesOf, flatChildren, rangeText } from './model.js';
import { scalarInput } from './sheet-inputs.js';

/** The slots of a located element: derived values, the problem line, roll buttons. */
function problemSlot(doc, id) {
  return el(doc, 'p', { className: 'field-error slot-problem', id, hidden: true });
}
const derivedSlot = (doc) => el(doc, 'span', { className: 'slot-derived' });
const rollSlot = (doc) => el(doc, 'span', { className: 'slot-roll' });
/** A row's line under its cells (`row-notes`), or a field's under it (`field-notes`: its other
 *  rolls go here, named, not beside its input, where they squeezed the input to nothing and ran
 *  into the next field): more rolls of the same rating, and derived values. */
const notes = (doc, className) => el(doc, 'div', { className }, [el(doc, 'span', { className: 'slot-more-rolls' }), derivedSlot(doc)]);

/** The slot of `kind` that belongs to `node` itself (not to an element nested in it), or null. */
function ownSlot(node, kind) {
  for (const slot of node.querySelectorAll(`.slot-${kind}`)) {
    if (slot.parentElement.closest('[data-path]') === node) return slot;
  }
  return null;
}

/** The input a field or a cell holds (a check's is inside its label), or a row's only one. */
function ownInput(node) {
  if (node.classList.contains('sheet-row')) {
    const inputs = node.querySelectorAll(':scope > .cell > :is(input, select), :scope > .cell > .check > input');
    return inputs.length === 1 ? inputs[0] : null;
  }
  return node.querySelector(':scope > .control > :is(input, select), :scope > .control > .check > input, :scope > :is(input, select), :scope > .check > input');
}

/**
 * A new problem line at the end of `node`, named by its input's `aria-describedby` (so a screen
 * reader reads the problem with the input, as its help). A row's id differs from its cell's: a
 * row of one cell may show both.
 */
function addProblem(node) {
  const input = ownInput(node);
  const suffix = node.classList.contains('sheet-row') ? '-row-problem' : '-problem';
  const slot = problemSlot(node.ownerDocument, input ? `${input.id}${suffix}` : null);
  node.append(slot);
  if (input) input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), slot.id].filter(Boolean).join(' '));
  return slot;
}

/** The notes line of a field or a row, before its problem line (the order they read in). */
function addNotes(node, className) {
  const line = notes(node.ownerDocument, className);
  node.insertBefore(line, ownSlot(node, 'problem'));
  return line;
}

/**
 * The slot of `kind` (`problem`, `derived`, `roll`, `more-rolls`) of the located element `node`,
 * made now if it has none yet and `make`; null where that element takes none (a cell takes only
 * its problem, a section or a nested list has theirs from the start).
 * @param {Element} node
 * @param {'problem' | 'derived' | 'roll' | 'more-rolls'} kind
 * @returns {HTMLElement | null}
 */
export function slotOf(node, kind, make = true) {
  const found = ownSlot(node, kind);
  if (found || !make) return /** @type {HTMLElement | null} */ (found);
  const doc = node.ownerDocument;
  const field = node.classList.contains('sheet-field') && !node.classList.contains('nested-list') && node.closest('.sheet-form');
  const row = node.classList.contains('sheet-row');
  if (kind === 'problem' && (field || row || node.classList.contains('cell'))) return addProblem(node);
  if (kind === 'roll' && field) return node.querySelector(':scope > .control').appendChild(rollSlot(doc));
  if (kind === 'roll' && row) return node.insertBefore(rollSlot(doc), node.firstChild);
  if ((kind === 'derived' || kind === 'more-rolls') && (field || row)) {
    return addNotes(node, row ? 'row-notes' : 'field-notes').querySelector(`.slot-${kind}`);
  }
  return null;
}

/** A safe, unique id for the element at draft location `loc`. */
function idFor(ctx, loc, suffix = '') {
  return `${ctx.prefix}-${loc.map((s) => String(s).replace(/[^\w-]/g, '_')).join('-')}${suffix}`;
}

const lower = (text) => text.charAt(0).toLowerCase() + text.slice(1);

function fieldBlock(ctx, node, value, loc, path, label) {
  const { doc } = ctx;
  const id = idFor(ctx, loc);
  const helpId = node.help ? `${id}-help` : null;
  const input = scalarInput(doc, node, value, { id, loc, label, describedBy: helpId, env: ctx.env, sheet: ctx.sheet });
  const range = node.type === 'int' ? rangeText(node) : '';
  const wrap = el(doc, 'div', { className: `sheet-field ${node.type}`, 'data-path': formatPath(path), 'data-label': node.label });
  // Up to five parts (label, control, then help, notes and problem when there are any: `slotOf`),
  // so fields side by side line up row by row (a subgrid) even when one label wraps.
  if (node.type === 'bool') {
    wrap.append(el(doc, 'span', { className: 'label', 'aria-hidden': 'true' }), el(doc, 'div', { className: 'control' }, [
      el(doc, 'label', { className: 'check', for: id }, [input, el(doc, 'span', { text: node.label })]),
    ]));
  } else {
    const labelNode = el(doc, 'label', { className: 'label', for: id, text: node.label });
    if (range) labelNode.append(' ', el(doc, 'span', { className: 'range', text: range }));
    wrap.append(labelNode, el(doc, 'div', { className: 'control' }, [input]));
  }
  // No help, no line: an empty one took no room (`.help:empty`) but was still styled.
  if (helpId) wrap.append(el(doc, 'span', { className: 'help', id: helpId, text: node.help }));
  return wrap;
}

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

function listBlock(ctx, node, items, loc, path) {
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

function mapBlock(ctx, node, entries, loc, path) {
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
function nestedList(ctx, node, items, loc, path) {
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

function fieldsGrid(ctx, node, value, loc, path) {
  const grid = el(ctx.doc, 'div', { className: 'sheet-fields' });
  for (const child of flatChildren(node)) {
    const childLoc = [...loc, child.key];
    const childPath = [...path, child.key];
    if (child.type === 'list') grid.append(nestedList(ctx, child, value?.[child.key], childLoc, childPath));
    else grid.append(fieldBlock(ctx, child, value?.[child.key], childLoc, childPath, child.label));
  }
  return grid;
}

function section(ctx, node, sheet) {
  const { doc } = ctx;
  const keyed = Boolean(node.key);
  const loc = keyed ? ['sheet', node.key] : ['sheet'];
  const titleId = idFor(ctx, keyed ? loc : [...loc, node.label], '-title');
  const box = el(doc, 'section', {
    className: `sheet-section ${node.type}`,
    'aria-labelledby': titleId,
    'data-path': keyed ? formatPath(loc) : null,
    'data-label': node.label,
    'data-item-label': node.itemLabel ?? null,
  });
  const head = el(doc, 'div', { className: 'section-head' }, [el(doc, 'h3', { className: 'section-title', id: titleId, text: node.label })]);
  // A box with no path of its own takes the derived values no element is named for (placement.js).
  head.append(derivedSlot(doc));
  box.append(head);
  if (node.help) box.append(el(doc, 'p', { className: 'section-help', text: node.help }));
  if (keyed) box.append(problemSlot(doc, idFor(ctx, loc, '-problem')));
  const value = keyed ? sheet[node.key] : sheet;
  if (node.type === 'list' || node.type === 'map') box.style.setProperty('--cols', rowColumns(node));
  if (node.type === 'list') box.append(...listBlock(ctx, node, value ?? [], loc, loc));
  else if (node.type === 'map') box.append(...mapBlock(ctx, node, value ?? [], loc, loc));
  else if (node.type === 'object') box.append(fieldsGrid(ctx, node, value, loc, loc));
  else box.append(fieldBlock(ctx, node, value, loc, loc, node.label));
  return box;
}

/**
 * Replaces `container`'s content with the form of `model` for the sheet draft `sheet`.
 * `env.levels` gives stunt levels; `prefix` keeps ids unique in the document.
 */
export function renderSheetForm(container, model, sheet, { env = {}, prefix = 'sheet' } = {}) {
  const doc = container.ownerDocument;
  const ctx = { doc, env, sheet, prefix };
  container.replaceChildren(...model.root.children.map((node) => section(ctx, node, sheet)));
}

/** The map row holding an input (its path follows the name typed in it). */
export function mapRowPath(row, key) {
  const parent = row.closest('[data-path].sheet-section, [data-path].nested-list');
  return formatPath([...parsePath(parent.dataset.path), key]);
}
