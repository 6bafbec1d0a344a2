// Puts problems, derived values and roll buttons at the sheet elements their paths name
// (`data-path`), using the slots sheet-form.js leaves in every located element.

import { el } from '../dom.js';
import { dieIcon } from './die-icon.js';
import { problemText } from './model.js';
import { SHEET_HOME, mapProblemTarget, placeByPath, placeDerived, rollsByPath, subjectOf } from './placement.js';
import { slotOf } from './sheet-form.js';
import { isolated } from '../format.js';

/** Every located element of `root` by its path. */
function located(root) {
  return new Map([...root.querySelectorAll('[data-path]')].map((node) => [node.dataset.path, node]));
}

/** The inputs that belong to `node` itself. */
function ownInputs(node) {
  return [...node.querySelectorAll('input, select, textarea')].filter((input) => input.closest('[data-path]') === node);
}

function labelOf(node) {
  return node.dataset.label ?? '';
}

/**
 * Shows `problems` (`[{path, message}]`) at their elements: the message beside it and, for a
 * field, `aria-invalid` on its input. Everything else is cleared. Returns the problems with
 * no element to show them at.
 */
export function showProblems(root, problems) {
  const elements = located(root);
  for (const input of root.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  for (const node of root.querySelectorAll('.invalid')) node.classList.remove('invalid');
  const { placed, unplaced } = placeByPath(problems, new Set(elements.keys()));
  for (const [path, node] of elements) {
    const mine = placed.get(path) ?? [];
    const text = mine.map(({ item, rest }) => problemText(item.message, subjectOf(labelOf(node), node.dataset.itemLabel, rest))).join(' ');
    // A problem line is made the first time one is shown there (sheet-form.js's slotOf).
    const slot = slotOf(node, 'problem', text !== '');
    if (slot) {
      if (slot.textContent !== text) slot.textContent = text;
      slot.hidden = text === '';
      // A message that appears is announced; one that only stays is not repeated.
      if (text) slot.setAttribute('role', 'alert');
      else slot.removeAttribute('role');
    }
    if (!mine.length) continue;
    node.classList.add('invalid');
    const inputs = ownInputs(node);
    // A field, a cell of a row, or the row of a one-value list (equipment) owns its input.
    const isField = node.classList.contains('cell') || node.classList.contains('sheet-field') || (node.classList.contains('sheet-row') && inputs.length === 1);
    for (const { item, rest } of mine) {
      // A problem about something inside the element (a missing attribute) marks no input.
      if (rest.length) continue;
      let targets = isField ? inputs : [];
      if (node.hasAttribute('data-map-row')) {
        targets = mapProblemTarget(item) === 'value' || inputs.length < 2 ? inputs.slice(-1) : inputs.slice(0, 1);
      }
      for (const input of targets) input.setAttribute('aria-invalid', 'true');
    }
  }
  return unplaced;
}

/** Shows the derived values (`[{path, label, value, note}]`, paths relative to the sheet). */
export function showDerived(root, derived) {
  const elements = located(root);
  for (const slot of root.querySelectorAll('.slot-derived')) slot.replaceChildren();
  const placed = placeDerived(derived, new Set(elements.keys()));
  const doc = root.ownerDocument;
  // The sheet's own values: the first box with no path of its own (a file system's values under
  // its name, genre's Character), else the first box.
  const home = root.querySelector('.sheet-section:not([data-path]) > .section-head > .slot-derived')
    ?? root.querySelector('.sheet-section > .section-head > .slot-derived');
  for (const [path, entries] of placed) {
    const node = elements.get(path);
    const slot = path === SHEET_HOME ? home : node && slotOf(node, 'derived');
    if (!slot) continue;
    for (const { item } of entries) {
      slot.append(el(doc, 'span', { className: 'derived', title: item.note || null, 'data-derived': item.label }, [
        el(doc, 'span', { className: 'derived-label', text: `${isolated(item.label)}:` }),
        ' ',
        el(doc, 'span', { className: 'derived-value', text: item.value }),
        item.note ? el(doc, 'span', { className: 'visually-hidden', text: ` (${item.note})` }) : '',
      ]));
    }
  }
}

function rollButton(doc, roll, index, kindName, text) {
  // The kind is named unless the roll's own label already is it ("Roll Move", not "Roll Move (Move)").
  const kind = kindName && kindName !== roll.label ? kindName : '';
  const label = `Roll ${isolated(roll.label)}${kind ? ` (${kind})` : ''}`;
  const words = [roll.note, roll.until_set].filter(Boolean).join('; ');
  // A button showing words ("Opposed roll") is named by them first (axe: the visible text must be
  // part of the name, and words in brackets do not count), each said once.
  const name = !text || text === roll.label ? label : text === kind ? `${text}: Roll ${isolated(roll.label)}` : `${text}: ${label}`;
  const button = el(doc, 'button', {
    type: 'button',
    className: 'roll-die',
    'data-roll-index': index,
    'data-roll-path': roll.path,
    'aria-label': name,
    title: words ? `${label}: ${words}` : label,
  }, [dieIcon(doc)]);
  if (text) button.append(el(doc, 'span', { className: 'roll-die-text', text }));
  return button;
}

/**
 * Puts a 🎲 button beside every rating `rolls` offer (matched by path exactly). When several
 * rolls share a rating, the first sits beside it and the others, named, under it. Returns the
 * buttons of the rolls with no rating on the form (the editor lists them apart). Marks each
 * section or list holding a roll (`has-rolls`), so its rows keep a column for the buttons.
 * `kindName(request)` names a roll kind.
 */
export function placeRollButtons(root, rolls, kindName) {
  const doc = root.ownerDocument;
  const elements = located(root);
  for (const slot of root.querySelectorAll('.slot-roll, .slot-more-rolls')) slot.replaceChildren();
  for (const node of root.querySelectorAll('.has-rolls')) node.classList.remove('has-rolls');
  const unplaced = [];
  for (const [path, group] of rollsByPath(rolls)) {
    const node = elements.get(`sheet.${path}`);
    const slot = node && slotOf(node, 'roll');
    if (!slot) {
      unplaced.push(...group);
      continue;
    }
    group.forEach(({ roll, index }, i) => {
      const kind = kindName(roll.request);
      if (i === 0) slot.append(rollButton(doc, roll, index, kind, ''));
      else (slotOf(node, 'more-rolls') ?? slot).append(rollButton(doc, roll, index, kind, kind || roll.label));
    });
    const list = node.closest('.nested-list, .sheet-section');
    list?.classList.add('has-rolls');
    // Every row under a box with rolls keeps the 🎲 column (`.has-rolls .sheet-row`), filled or
    // not, so its cells line up with the column heads.
    for (const row of list?.querySelectorAll('.sheet-row') ?? []) slotOf(row, 'roll');
  }
  return unplaced.map(({ roll, index }) => rollButton(doc, roll, index, kindName(roll.request), roll.label));
}
