// The one seam between the Saved rolls list and Quick roll's Notation field (issue 29): `get()`
// the notation, values and target Quick roll holds now (to save it with one key), `set()` them
// (to show a saved roll there), and `rolled()` a saved roll's result (shown in Quick roll's Last
// roll and session history like any roll). Quick roll hands its side over once its catalog is read
// (`startQuickRoll` resolves to `{notation: {current, set}}`); until then there is nothing to save.

/** @typedef {import('./saved-rolls-model.js').Notation} Notation */
/** @typedef {{current: () => ({expr: string, values: Record<string, number>, target: number | null} | null), set: (n: {expr: string, values?: Record<string, number>, target?: number | null}) => void, rolled: (roll: import('../../types/bindings').SavedRoll, result: import('../../types/bindings').RollResult) => void}} QuickNotation */

/**
 * @param {Promise<{notation: QuickNotation}>} quickRoll what `startQuickRoll` resolves to
 * @returns {{element: HTMLElement | null, get: () => ({notation: Notation} | {error: string, input: HTMLElement} | null), set: (notation: Notation) => void, rolled: QuickNotation['rolled']}}
 */
export function notationHook(quickRoll) {
  /** @type {QuickNotation | null} */
  let quick = null;
  quickRoll.then((ready) => { quick = ready.notation; }, () => {});

  function get() {
    const typed = quick?.current();
    if (!typed || !typed.expr.trim()) return null;
    // No whole number in Target (Quick roll says so beside it): the notation's default, 1.
    return { notation: { expr: typed.expr.trim(), values: typed.values, target: typed.target ?? 1 } };
  }

  /** @param {Notation} notation */
  function set(notation) {
    quick?.set(notation);
  }

  return { element: null, get, set, rolled: (roll, result) => quick?.rolled(roll, result) };
}
