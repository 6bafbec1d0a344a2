// Shows a roll: the verdict, the dice of each group by state, the detail line and the seed.

import { describeDie, formatNumber, outcomeLabel, stateLabel } from './format.js';

function el(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The headline of a roll: a named outcome as it is, a number as Success/Failure. */
export function verdictText(result) {
  if (/^-?\d+$/.test(String(result.outcome))) return result.success ? 'Success' : 'Failure';
  return outcomeLabel(result.outcome);
}

function dieNode(doc, die) {
  const item = el(doc, 'li', `die ${die.state}`);
  item.setAttribute('aria-label', describeDie(die));
  item.title = describeDie(die);
  item.dataset.face = String(die.face);
  item.dataset.state = die.state;
  item.append(doc.createTextNode(String(die.face)), el(doc, 'span', 'sides', `d${die.sides}`));
  return item;
}

function legend(doc, groups) {
  const states = new Set(groups.flatMap((g) => g.dice.map((d) => d.state)));
  if (states.size <= 1 && states.has('kept')) return null;
  const box = el(doc, 'div', 'legend');
  for (const state of ['kept', 'dropped', 'exploded', 'bonus', 'cancelled', 'cancels']) {
    if (!states.has(state)) continue;
    const item = el(doc, 'span');
    item.append(el(doc, 'span', `swatch ${state}`), doc.createTextNode(stateLabel(state)));
    box.append(item);
  }
  return box;
}

/** Replaces `container`'s content with `result` (a RollResult of the engine). */
export function renderResult(container, result) {
  const doc = container.ownerDocument;
  const verdict = el(doc, 'div', `verdict ${result.success ? 'success' : 'failure'}`);
  verdict.append(el(doc, 'span', 'verdict-outcome', verdictText(result)));
  const numeric = /^-?\d+$/.test(String(result.outcome));
  if (numeric) verdict.append(el(doc, 'span', 'verdict-total', `Result ${outcomeLabel(result.outcome)}`));
  else if (typeof result.total === 'number') verdict.append(el(doc, 'span', 'verdict-total', `Total ${formatNumber(result.total)}`));
  verdict.dataset.outcome = String(result.outcome);

  const parts = [verdict, el(doc, 'p', 'detail', result.detail)];
  const groups = result.groups?.length ? result.groups : [{ label: 'Dice', dice: result.dice.map((face) => ({ face, sides: 0, state: 'kept' })) }];
  for (const group of groups) {
    const box = el(doc, 'div', 'dice-group');
    const list = el(doc, 'ul', 'dice');
    list.setAttribute('aria-label', group.label);
    list.append(...group.dice.map((die) => dieNode(doc, die)));
    box.append(el(doc, 'span', 'dice-group-label', group.label), list);
    parts.push(box);
  }
  const key = legend(doc, groups);
  if (key) parts.push(key);
  parts.push(el(doc, 'p', 'seed-line', `Seed ${result.seed} · the same seed gives the same dice`));
  container.replaceChildren(...parts);
}
