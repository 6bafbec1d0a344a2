// Where problems, derived values and roll buttons go on the sheet, decided without the DOM:
// each names a sheet path; the form has an element for most paths, and what has none goes to
// the nearest element above it. Pure: Node's test runner imports it.

import { nearestKnown } from './paths.js';

/**
 * Groups `items` (each with a `path`, as the Rust side writes it) by the known element they
 * belong to: `{placed: Map<path, [{item, rest}]>, unplaced: [item]}`. `prefix` is put before
 * paths that lack it (derived values and sheet rolls are relative to the sheet).
 */
export function placeByPath(items, known, prefix = '') {
  const placed = new Map();
  const unplaced = [];
  for (const item of items) {
    const full = prefix && item.path ? `${prefix}.${item.path}` : (item.path || prefix);
    const near = nearestKnown(full, known);
    if (!near) {
      unplaced.push(item);
      continue;
    }
    if (!placed.has(near.path)) placed.set(near.path, []);
    placed.get(near.path).push({ item, rest: near.rest });
  }
  return { placed, unplaced };
}

/** Where `placeDerived` puts the derived values whose path names no element of the form. */
export const SHEET_HOME = '';

/**
 * Derived values by the element they show at (`placeByPath`, relative to the sheet), and under
 * `SHEET_HOME` those whose path names no element: a file system's `[derived]` values (a
 * modifier worked out from two numbers) belong to no one part of the sheet, and must not be
 * dropped; they show with the sheet's own values.
 */
export function placeDerived(derived, known) {
  const { placed, unplaced } = placeByPath(derived, known, 'sheet');
  if (unplaced.length) placed.set(SHEET_HOME, [...(placed.get(SHEET_HOME) ?? []), ...unplaced.map((item) => ({ item, rest: [] }))]);
  return placed;
}

/**
 * What a message placed above its own path is about, in words: the map key it names
 * ("Domination"), the numbered item ("Tag 3"), else the element's own label.
 */
export function subjectOf(label, itemLabel, rest) {
  if (!rest.length) return label;
  const [first] = rest;
  if (typeof first === 'number') return `${itemLabel || label} ${first + 1}`;
  return String(first).replace(/_/g, ' ');
}

/**
 * Which input of a name/value row a problem is about: the name when the engine says the problem
 * is the entry's key (`key: true`: listed twice, empty, not an attribute of this sheet), else
 * the value (a number out of range). Both have the row's one path.
 * @param {{key?: boolean}} problem
 */
export function mapProblemTarget(problem) {
  return problem.key ? 'key' : 'value';
}

/** Sheet rolls with an index each, grouped by path in the order given. */
export function rollsByPath(rolls) {
  const groups = new Map();
  rolls.forEach((roll, index) => {
    if (!groups.has(roll.path)) groups.set(roll.path, []);
    groups.get(roll.path).push({ roll, index });
  });
  return groups;
}
