// A roll result as the headline, dice groups and legend the window shows. Pure.

import { DIE_STATES, formatNumber, outcomeLabel } from './format.js';

const INTEGER = /^-?\d+$/;

/** The headline of a roll: a named outcome as it is, a number as Success/Failure. */
export function verdictText(result) {
  if (INTEGER.test(String(result.outcome))) return result.success ? 'Success' : 'Failure';
  return outcomeLabel(result.outcome);
}

/** The figure beside the headline: the numeric outcome, else the total; null when neither. */
export function verdictFigure(result) {
  if (INTEGER.test(String(result.outcome))) return `Result ${outcomeLabel(result.outcome)}`;
  if (typeof result.total === 'number') return `Total ${formatNumber(result.total)}`;
  return null;
}

/** The dice in groups; a result without groups shows its plain dice as one group. */
export function diceGroups(result) {
  if (Array.isArray(result.groups) && result.groups.length) return result.groups;
  return [{ label: 'Dice', dice: (result.dice ?? []).map((face) => ({ face, sides: 0, state: 'kept' })) }];
}

/** The die states the legend explains: none when every die is simply kept. */
export function legendStates(groups) {
  const present = new Set(groups.flatMap((g) => g.dice.map((d) => d.state)));
  if (present.size === 0 || (present.size === 1 && present.has('kept'))) return [];
  const known = DIE_STATES.filter((s) => present.has(s));
  const unknown = [...present].filter((s) => !DIE_STATES.includes(s)).sort();
  return [...known, ...unknown];
}

/** The faces of every die in the order shown (which is the order rolled). */
export function shownFaces(groups) {
  return groups.flatMap((g) => g.dice.map((d) => d.face));
}
