// Shows a roll: what was rolled, the verdict, the dice of each group by state, the detail line
// and the seed. Every die carries its state in words for screen readers, not only in colour.

import { el } from './dom.js';
import { describeDie, stateLabel } from './format.js';
import { diceGroups, legendStates, verdictFigure, verdictText } from './result.js';

function dieNode(doc, die) {
  const words = describeDie(die);
  const item = el(doc, 'li', { className: `die ${die.state}`, title: words, 'data-state': die.state, 'data-face': die.face }, [
    el(doc, 'span', { className: 'face', 'aria-hidden': 'true', text: String(die.face) }),
    el(doc, 'span', { className: 'sides', 'aria-hidden': 'true', text: die.sides > 0 ? `d${die.sides}` : '' }),
    el(doc, 'span', { className: 'visually-hidden sr', text: words }),
  ]);
  return item;
}

function groupNode(doc, group, index, idPrefix) {
  const labelId = `${idPrefix}-${index}`;
  const list = el(doc, 'ul', { className: 'dice', 'aria-labelledby': labelId });
  list.append(...group.dice.map((die) => dieNode(doc, die)));
  return el(doc, 'div', { className: 'dice-group' }, [
    el(doc, 'span', { className: 'dice-group-label', id: labelId, text: group.label }),
    list,
  ]);
}

function legendNode(doc, states) {
  if (states.length === 0) return null;
  const box = el(doc, 'ul', { className: 'legend', 'aria-label': 'What the dice styles mean' });
  for (const state of states) {
    box.append(el(doc, 'li', {}, [el(doc, 'span', { className: `swatch ${state}`, 'aria-hidden': 'true' }), el(doc, 'span', { text: stateLabel(state) })]));
  }
  return box;
}

/**
 * Replaces `container`'s content with `result` (a RollResult of the engine) of roll `what`.
 * `idPrefix` starts the dice groups' ids (a second result view in the page gives its own).
 */
export function renderResult(container, result, what, { idPrefix = 'dice-group' } = {}) {
  const doc = container.ownerDocument;
  container.dataset.seed = String(result.seed);
  container.dataset.byHand = String(Boolean(result.by_hand));
  container.dataset.outcome = String(result.outcome);
  const figure = verdictFigure(result);
  const verdict = el(doc, 'div', { className: `verdict ${result.success ? 'success' : 'failure'}` }, [
    el(doc, 'span', { className: 'verdict-outcome', text: verdictText(result) }),
  ]);
  if (figure) verdict.append(el(doc, 'span', { className: 'verdict-total', text: figure }));

  const groups = diceGroups(result);
  const parts = [
    el(doc, 'p', { className: 'result-what', text: what }),
    verdict,
    el(doc, 'p', { className: 'detail', text: result.detail }),
    el(doc, 'div', { className: 'dice-groups' }, groups.map((group, index) => groupNode(doc, group, index, idPrefix))),
  ];
  const legend = legendNode(doc, legendStates(groups));
  if (legend) parts.push(legend);
  parts.push(el(doc, 'p', {
    className: 'seed-line',
    text: result.by_hand ? 'Rolled by hand at the table · no seed' : `Seed ${result.seed} · the same seed gives the same dice`,
  }));
  container.replaceChildren(...parts);
}
