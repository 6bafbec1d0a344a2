// Builds a system's sheet form from its model (systems/*.js) and the draft: one section per
// top-level node, lists as rows with move/remove buttons and an Add button, maps as name/value
// rows (sheet-rows.js). It is built in steps, so that a sheet's first frame can draw only what
// its view shows and the rest after (`room`, first-screen.js). Every element a problem, a
// derived value or a roll can belong to carries `data-path` (the sheet path the Rust side uses);
// its slots for them are made when first filled (`slotOf`), since most fields never show any (a
// sheet of 60 declarations drew 1,215 elements, over 500 of them empty slots and help lines,
// each styled). Edits are read back by the editor through each input's `data-loc`.

import { el } from '../dom.js';
import { formatPath, parsePath } from './paths.js';
import { flatChildren, rangeText } from './model.js';
import { firstScreenSteps } from './first-screen.js';
import { derivedSlot, idFor, noteMarkup, problemSlot } from './form-parts.js';
import { scalarInput } from './sheet-inputs.js';
import { listBlock, mapBlock, nestedList, rowColumns } from './sheet-rows.js';

/** The slots of a located element made here (problemSlot and derivedSlot: form-parts.js). */
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

/** One part of a card's grid: a field, or a nested list. */
function gridItem(ctx, child, value, loc, path) {
  const childLoc = [...loc, child.key];
  const childPath = [...path, child.key];
  if (child.type === 'list') return nestedList(ctx, child, value?.[child.key], childLoc, childPath);
  return fieldBlock(ctx, child, value?.[child.key], childLoc, childPath, child.label);
}

/** A card's box and head (title, help, its problem line): what comes before its content. */
function sectionShell(ctx, node, sheet) {
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
  return { box, loc, value: keyed ? sheet[node.key] : sheet };
}

/** A card that is not a grid of fields, whole: a list, a map, a single field. */
function section(ctx, node, sheet) {
  const { box, loc, value } = sectionShell(ctx, node, sheet);
  if (node.type === 'list' || node.type === 'map') box.style.setProperty('--cols', rowColumns(node));
  if (node.type === 'list') box.append(...listBlock(ctx, node, value ?? [], loc, loc));
  else if (node.type === 'map') box.append(...mapBlock(ctx, node, value ?? [], loc, loc));
  else box.append(fieldBlock(ctx, node, value, loc, loc, node.label));
  return box;
}

/**
 * The form as steps in its order (first-screen.js weighs them by their `kind`): a grid card's
 * box, then each of its fields on its own (a card of 52 fields is taller than a window); any
 * other card whole. `into.node` is where a card goes: the form, or a fragment standing in for it.
 */
function formSteps(ctx, model, sheet, into) {
  return model.root.children.flatMap((node) => cardSteps(ctx, node, sheet, into));
}

/** The steps of one card of the form (formSteps). */
export function cardSteps(ctx, node, sheet, into) {
  const value = node.key ? sheet[node.key] : sheet;
  if (node.type !== 'object') {
    const kind = node.type === 'list' || node.type === 'map' ? 'list' : 'card';
    return [{ kind, rows: kind === 'list' ? value?.length ?? 0 : 0, run: () => into.node.append(section(ctx, node, sheet)) }];
  }
  let grid = null;
  let card = null;
  /** @type {(import('./first-screen.js').FormStep & {run: () => void})[]} */
  const steps = [{
    kind: 'card',
    run: () => {
      card = sectionShell(ctx, node, sheet);
      grid = el(ctx.doc, 'div', { className: 'sheet-fields' });
      card.box.append(grid);
      into.node.append(card.box);
    },
  }];
  for (const child of flatChildren(node)) {
    const rows = child.type === 'list' ? value?.[child.key]?.length ?? 0 : 0;
    steps.push({ kind: child.type === 'list' ? 'list' : 'field', rows, run: () => grid.append(gridItem(ctx, child, card.value, card.loc, card.loc)) });
  }
  return steps;
}

/**
 * Replaces `container`'s content with the form of `model` for the sheet draft `sheet`.
 * `env.levels` gives stunt levels; `prefix` keeps ids unique in the document. With `room`
 * (`{width, height}`, first-screen.js) only what a view of that room shows is built now, and the
 * answer is a function that builds the rest (call it once); null when all is built.
 * @returns {(() => void) | null}
 */
export function renderSheetForm(container, model, sheet, { env = {}, prefix = 'sheet', room = null } = {}) {
  const doc = container.ownerDocument;
  const ctx = { doc, env, sheet, prefix };
  // The first part is built apart and put in at once (one insertion into the page, as before).
  const into = { node: doc.createDocumentFragment() };
  const steps = formSteps(ctx, model, sheet, into);
  const first = firstScreenSteps(steps, room);
  for (const step of steps.slice(0, first)) step.run();
  container.replaceChildren(into.node);
  into.node = container;
  if (first === steps.length) {
    noteMarkup(container);
    return null;
  }
  return () => {
    for (const step of steps.slice(first)) step.run();
    noteMarkup(container);
  };
}

/** The map row holding an input (its path follows the name typed in it). */
export function mapRowPath(row, key) {
  const parent = row.closest('[data-path].sheet-section, [data-path].nested-list');
  return formatPath([...parsePath(parent.dataset.path), key]);
}
