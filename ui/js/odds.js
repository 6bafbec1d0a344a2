// An odds answer as the rows, chart entries and summary line the window shows. Pure.

import { formatNumber, formatPercent, outcomeLabel } from './format.js';

const INTEGER = /^-?\d+$/;

/**
 * The outcomes of an odds answer as `[{key, p}]` in reading order. Numeric keys (totals,
 * Marks, signed GENRE results) go in numeric order: JavaScript objects list "0", "1", … before
 * "-2", so the engine's order is lost for negative keys and must be restored. Named outcomes
 * (fumble, failure, success, critical) keep the engine's order, after any numeric ones.
 */
export function oddsEntries(odds) {
  const entries = Object.entries(odds?.outcomes ?? {}).map(([key, p]) => ({ key, p }));
  const numeric = entries.filter((e) => INTEGER.test(e.key)).sort((a, b) => Number(a.key) - Number(b.key));
  const named = entries.filter((e) => !INTEGER.test(e.key));
  return [...numeric, ...named];
}

/** The line under the success chance: the mean, and side events such as "all 1s". */
export function oddsMeta(odds) {
  const parts = [];
  if (typeof odds?.mean === 'number') parts.push(`Average ${formatNumber(odds.mean)}`);
  for (const [key, p] of Object.entries(odds?.events ?? {})) parts.push(`${outcomeLabel(key)} ${formatPercent(p)}`);
  return parts.join(' · ');
}

/**
 * The filled share (0..1) of a row's little meter: relative to the likeliest outcome, and
 * never invisible for a possible outcome.
 */
export function meterShare(p, maxP, minShare = 0.04) {
  if (!(maxP > 0) || !(p > 0)) return 0;
  return Math.min(1, Math.max(p / maxP, minShare));
}

/**
 * How many outcomes the chart draws and the table lists, at most. A long-tailed explosion
 * (`8d10x`) has over a thousand; drawing a row and a bar for each costs far more than one frame
 * per keystroke while the far tail holds a negligible share. 100 keeps d100 whole.
 */
export const MAX_SHOWN = 100;

/** A share of the chance too small to matter at the table: tails under it are summed, not drawn. */
export const NEGLIGIBLE = 0.001;

/** The smallest of 1, 2, 5, 10, 20, 50, … at least `minimum`. */
function roundStep(minimum) {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) if (step * scale >= minimum) return step * scale;
  }
}

/**
 * The outcomes worth showing: `{entries, below, above, grouped}`. With at most `max` entries,
 * all of them. Past that (numeric outcomes only: named ones are few), the `max` consecutive
 * outcomes that carry the most of the chance, found by dropping the less likely end one
 * outcome at a time; `below` / `above` sum what was dropped at each end as
 * `{from, to, count, p}` (from/to the keys of the first and last outcome summed), or null.
 * When that would leave out more than NEGLIGIBLE (a flat d1000), the outcomes are grouped
 * instead, `grouped` at a time from round numbers (0–9, 10–19, …): each entry then has `to`,
 * the key of its last outcome, and `count`.
 */
export function shownOutcomes(entries, max = MAX_SHOWN) {
  const none = { entries, below: null, above: null, grouped: 1 };
  if (entries.length <= max || !entries.every((e) => INTEGER.test(e.key))) return none;
  let start = 0;
  let end = entries.length;
  while (end - start > max) {
    if (entries[start].p <= entries[end - 1].p) start += 1;
    else end -= 1;
  }
  const sum = (list) => list.reduce((total, e) => total + e.p, 0);
  const summed = (from, to) => (from >= to ? null : {
    from: entries[from].key,
    to: entries[to - 1].key,
    count: to - from,
    p: sum(entries.slice(from, to)),
  });
  const below = summed(0, start);
  const above = summed(end, entries.length);
  if ((below?.p ?? 0) + (above?.p ?? 0) <= NEGLIGIBLE) return { entries: entries.slice(start, end), below, above, grouped: 1 };
  const first = Number(entries[0].key);
  const grouped = roundStep(Math.ceil((Number(entries.at(-1).key) - first + 1) / (max - 1)));
  const groups = [];
  for (const entry of entries) {
    const bin = Math.floor(Number(entry.key) / grouped);
    const last = groups.at(-1);
    if (last && last.bin === bin) {
      last.p += entry.p;
      last.to = entry.key;
      last.count += 1;
    } else groups.push({ bin, key: entry.key, to: entry.key, count: 1, p: entry.p });
  }
  return { entries: groups.map(({ bin, ...group }) => group), below: null, above: null, grouped };
}

/** Does the shown entry `entry` (one outcome, or a group with `to`) hold outcome `key`? */
export function entryHolds(entry, key) {
  if (key === null || key === undefined) return false;
  if (!entry.to || entry.to === entry.key) return entry.key === String(key);
  return INTEGER.test(String(key)) && Number(key) >= Number(entry.key) && Number(key) <= Number(entry.to);
}

/** A shown entry's label: the outcome ("12", "Critical"), or a group's range ("10–19"). */
export function entryLabel(entry) {
  return entry.to && entry.to !== entry.key ? `${outcomeLabel(entry.key)}–${outcomeLabel(entry.to)}` : outcomeLabel(entry.key);
}

/** The label of an outcome range summed by `shownOutcomes`: "15 or less", "128 or more". */
export function tailLabel(tail, side) {
  return side === 'below' ? `${outcomeLabel(tail.to)} or less` : `${outcomeLabel(tail.from)} or more`;
}
