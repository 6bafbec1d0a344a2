// "Rolled by hand" for a roll form (Quick roll, a sheet's roll panel): a switch, and while it
// is on the dice inputs with the running result beneath them — the roll the faces make, shown
// as soon as the last die is in, logged only when the GM rolls.

import { el } from '../dom.js';
import { verdictFigure, verdictText } from '../result.js';
import { mountDiceEntry } from './dice-entry.js';

/**
 * `ask(faces)` answers the engine's `HandProgress` for the form's request (or rejects when the
 * form cannot make one); `onToggle(on)` hears the switch; `onDone()` is Enter with every die in.
 * Returns `{toggle, area, on(), faces(), refresh(), clear(), focus(), progress()}`.
 * @param {Document} doc
 * @param {{prefix: string, ask: (faces: number[]) => Promise<any>, onToggle?: (on: boolean) => void,
 *   onDone?: () => void, errorText?: (error: any) => string}} options
 */
export function mountHandRoll(doc, { prefix, ask, onToggle = () => {}, onDone = () => {}, errorText = (e) => e?.message ?? String(e) }) {
  const boxId = `${prefix}-by-hand`;
  const box = el(doc, 'input', { type: 'checkbox', id: boxId, role: 'switch', className: 'by-hand-box' });
  const toggle = el(doc, 'label', {
    className: 'by-hand-switch', for: boxId,
    title: 'Type in the dice rolled at the table instead of rolling them here',
  }, [box, doc.createTextNode(' Rolled by hand')]);
  const outcome = el(doc, 'p', { className: 'by-hand-outcome', 'aria-live': 'polite' });
  const entry = mountDiceEntry(doc, {
    prefix,
    ask,
    onDone,
    onProgress(answer, error) {
      if (error) {
        outcome.textContent = `No dice to ask for until the roll is fixed: ${errorText(error)}`;
        return;
      }
      const result = answer.result;
      outcome.textContent = result
        ? `${[verdictText(result), verdictFigure(result)].filter(Boolean).join(', ')}: ${result.detail}. Roll to log it.`
        : '';
    },
  });
  const area = el(doc, 'div', { className: 'by-hand', hidden: true }, [entry.element, outcome]);

  box.addEventListener('change', () => {
    area.hidden = !box.checked;
    onToggle(box.checked);
    // The form may ask for the dice again meanwhile (a field left fires an odds update): the
    // focus goes to the first die when the latest answer draws them, not after this call.
    if (box.checked) entry.refreshAndFocus();
  });

  return {
    toggle,
    area,
    on: () => box.checked,
    faces: entry.faces,
    /** Asks again (the request changed); nothing while the switch is off. */
    refresh: () => (box.checked ? entry.refresh() : Promise.resolve()),
    clear: () => (box.checked ? entry.clear() : Promise.resolve()),
    /** Drops the faces typed, without asking again (the caller asks once the form is new). */
    forget: entry.forget,
    focus: entry.focus,
    /** The progress in words, for a refusal by the Roll button. */
    progress: () => entry.status.textContent,
  };
}
