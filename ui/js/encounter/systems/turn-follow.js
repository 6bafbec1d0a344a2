// Keeps a panel's "who acts" and "at whom" pickers on the turn (issue 17): the actor is whose
// turn it is and the target an opponent of theirs (turn-focus.js), after every Next turn, Next
// round or deal. A picker the GM changed by hand keeps that pick for the action in hand: until
// the turn moves on, or the panel says the action was played (`release`).

import { actorOf, targetOf, turnKey } from '../turn-focus.js';

/**
 * @param {Map<string, any>} characters the roster's characters (kept current by the shell)
 * @returns {{actor(select: HTMLSelectElement, target?: HTMLSelectElement | null): void,
 *   target(select: HTMLSelectElement, actor?: HTMLSelectElement | null): void,
 *   apply(encounter: any): boolean, release(...selects: HTMLSelectElement[]): void}}
 */
export function turnFollower(characters) {
  /** `of`: the actor picker a target is an opponent of (null: of whose turn it is). */
  /** @type {{select: HTMLSelectElement, target: boolean, of: HTMLSelectElement | null}[]} */
  const pickers = [];
  /** Pickers the GM set by hand for the action in hand. */
  const picked = new Set();
  let key = null;
  let encounter = null;

  const setTarget = (entry) => {
    if (!encounter || picked.has(entry.select)) return;
    const id = targetOf(encounter, entry.of?.value || actorOf(encounter), characters);
    if (id && [...entry.select.options].some((o) => o.value === id)) entry.select.value = id;
  };

  const watch = (select) => {
    // Only a person changes a select's value with a change event: the panels set it quietly.
    select.addEventListener('change', () => {
      picked.add(select);
      for (const entry of pickers) if (entry.of === select) setTarget(entry);
    });
  };

  return {
    actor(select) {
      pickers.push({ select, target: false, of: null });
      watch(select);
    },
    target(select, actor = null) {
      pickers.push({ select, target: true, of: actor });
      watch(select);
    },
    /**
     * Sets every picker not picked by hand to its default for `next` (its options filled
     * first); a new turn forgets the picks. Answers whether the turn changed.
     */
    apply(next) {
      encounter = next;
      const turned = turnKey(next) !== key;
      key = turnKey(next);
      if (turned) picked.clear();
      const actor = actorOf(next);
      for (const entry of pickers) {
        if (entry.target || picked.has(entry.select)) continue;
        if (actor && [...entry.select.options].some((o) => o.value === actor)) entry.select.value = actor;
      }
      for (const entry of pickers) if (entry.target) setTarget(entry);
      return turned;
    },
    release(...selects) {
      for (const select of selects) picked.delete(select);
    },
  };
}
