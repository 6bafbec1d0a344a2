// The session history: the last rolls, newest first (kept in memory for this session only).

export const HISTORY_LIMIT = 12;

/** A new list with `entry` first, at most `limit` long. */
export function pushHistory(list, entry, limit = HISTORY_LIMIT) {
  return [entry, ...list].slice(0, limit);
}

/** The history line of a roll: what was rolled, the outcome and the detail. */
export function historyEntry({ systemName, kindName, outcomeText, result, time }) {
  return {
    what: `${systemName} · ${kindName}`,
    outcome: outcomeText,
    success: Boolean(result.success),
    detail: result.detail,
    seed: result.seed,
    time,
  };
}
