// The session history: the last rolls, newest first (kept in memory for this session only). Pure.

import { formatPercent, outcomeLabel } from './format.js';
import { verdictText } from './result.js';

export const HISTORY_LIMIT = 12;

/** A new list with `entry` first, at most `limit` long. */
export function pushHistory(list, entry, limit = HISTORY_LIMIT) {
  return [entry, ...list].slice(0, limit);
}

/**
 * The history line of a roll. `outcome` reads like the headline of the roll ("Critical",
 * "Success 3", "Failure −2"); `chance` is how likely that outcome was, when the odds shown were
 * for this very request (else null).
 */
export function historyEntry({ systemName, kindName, result, chance = null, time }) {
  const verdict = verdictText(result);
  const numeric = /^-?\d+$/.test(String(result.outcome));
  return {
    what: `${kindName} · ${systemName}`,
    outcome: numeric ? `${verdict} ${outcomeLabel(result.outcome)}` : verdict,
    chance: typeof chance === 'number' ? formatPercent(chance) : null,
    success: Boolean(result.success),
    detail: result.detail,
    seed: result.seed,
    // Only a roll by hand says so: it has no seed to replay.
    ...(result.by_hand ? { byHand: true } : {}),
    time,
  };
}

/** A clock time as "14:03:07" (24-hour, so every line is as wide as the next). */
export function clockText(time) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}
