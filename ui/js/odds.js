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
