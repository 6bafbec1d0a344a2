// A hit applied in one step (issue 27): under a roll that hit, the damage for the target — typed
// where the GM decides it, rolled where the system rolls it (and asked for die by die when the
// table rolls by hand, as every move is) — played as one table move, logged and undone like any.

import { el } from '../../dom.js';
import { numberField, selectField } from './panel-parts.js';

/**
 * The offer's element. `targets` are `[id, name]` pairs (the target picked first when
 * `target` is one of them, else the first); each of `actions` is a button `{text, role, typed,
 * run(targetId, points)}` (`typed`: it takes the points typed). `points` bounds the typed field
 * (the move's served range). Resolves nothing: each `run` plays its move.
 */
export function hitOffer(doc, { heading, targets, target, actions, points = {} }) {
  const who = selectField(doc, { label: 'Target', name: 'hit-target', options: targets });
  if (targets.some(([id]) => id === target)) who.select.value = target;
  const typed = numberField(doc, { label: 'Damage', name: 'hit-points', value: 0, ...points });
  // Blank until the GM types the damage: nothing is applied by default.
  typed.input.value = '';
  typed.input.placeholder = 'points';
  const buttons = actions.map(({ text, role, typed: takesPoints, run }) => {
    const button = el(doc, 'button', { type: 'button', className: 'button', 'data-role': role, text });
    button.addEventListener('click', async () => {
      const value = Number.parseInt(typed.input.value, 10);
      if (takesPoints && !Number.isFinite(value)) {
        typed.input.focus();
        typed.input.setAttribute('aria-invalid', 'true');
        return;
      }
      typed.input.removeAttribute('aria-invalid');
      for (const b of buttons) b.disabled = true;
      try {
        await run(who.select.value, value);
      } finally {
        for (const b of buttons) b.disabled = false;
      }
    });
    return button;
  });
  const anyTyped = actions.some((a) => a.typed);
  return el(doc, 'div', { className: 'tp-hit-offer', 'data-role': 'hit-offer', role: 'group', 'aria-label': heading }, [
    el(doc, 'p', { className: 'tp-hit-heading', text: heading }),
    el(doc, 'div', { className: 'tp-row' }, [who.field, ...(anyTyped ? [typed.field] : []), ...buttons]),
  ]);
}
