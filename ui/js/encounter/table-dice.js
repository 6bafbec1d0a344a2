// Table moves with dice rolled at the table (issue 13): the "Rolled by hand" switch beside
// "Roll in secret", and the dialog that asks for a move's dice in the order the move reads them —
// a 12 that explodes asks for its extra die as soon as it is typed — showing what the move will
// say once every die is in. A move that rolls no dice is played at once.

import { buildDialog, dialogButton, openModal } from '../app/dialog.js';
import { mountDiceEntry } from '../by-hand/dice-entry.js';
import { el } from '../dom.js';
import { eventLines } from './encounter-model.js';

/** The GM closed the dice dialog without playing the move. */
export class DiceCancelled extends Error {
  constructor() {
    super('the move was not played: its dice were not typed in');
    this.name = 'DiceCancelled';
  }
}

/**
 * The switch and `diceFor(encounterId, action)`: resolves to the faces typed in for the action
 * (`[]` when it rolls no dice), `undefined` while the switch is off (the app rolls); rejects
 * with `DiceCancelled` when the GM cancels. `api` has `encounterDiceAsked`; `errorText(error)` words a
 * refusal.
 * @param {Document} doc
 * @param {{api: any, errorText: (error: any) => string}} options
 */
export function mountTableDice(doc, { api, errorText }) {
  const box = el(doc, 'input', { type: 'checkbox', id: 'encounter-by-hand', role: 'switch' });
  const toggle = el(doc, 'label', {
    className: 'encounter-by-hand', for: 'encounter-by-hand',
    title: 'Type in the dice rolled at the table for each move instead of rolling them here',
  }, [box, doc.createTextNode(' Rolled by hand')]);

  async function diceFor(encounterId, action) {
    if (!box.checked) return undefined;
    const ask = (faces) => api.encounterDiceAsked(encounterId, action, faces);
    const first = await ask([]);
    if (first.dice.length === 0) return [];
    const faces = await openDiceDialog(doc, { ask, errorText });
    if (!faces) throw new DiceCancelled();
    return faces;
  }

  return { toggle, on: () => box.checked, diceFor };
}

/** The dialog: the dice inputs, what the move will say, Play and Cancel. */
function openDiceDialog(doc, { ask, errorText }) {
  const parts = buildDialog(doc, {
    title: 'Dice rolled at the table',
    description: 'Type each die as it was rolled, in order; a die that earns another asks for it when it is in.',
    className: 'dice-dialog',
  });
  const said = el(doc, 'ul', { className: 'dice-dialog-said', 'aria-label': 'What the move will say' });
  const refusal = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const playButton = dialogButton(doc, 'Play', { kind: 'primary', type: 'submit' });
  const entry = mountDiceEntry(doc, {
    prefix: 'table-dice',
    ask,
    onDone: () => parts.form.requestSubmit(playButton),
    onProgress(answer, error) {
      refusal.hidden = !error;
      refusal.textContent = error ? errorText(error) : '';
      const lines = answer?.events ? eventLines(answer.events) : [];
      said.replaceChildren(...lines.map((line) => el(doc, 'li', { text: line.ruling ? `Ruling: ${line.text}` : line.text })));
    },
  });
  parts.body.append(entry.element, refusal, said);
  parts.actions.append(dialogButton(doc, 'Cancel', { onClick: () => parts.dialog.close('') }), playButton);
  let faces = null;
  parts.form.addEventListener('submit', () => {
    faces = entry.faces();
    if (!faces) {
      entry.focus();
      return;
    }
    parts.dialog.close('play');
  });
  const closed = openModal(parts.dialog);
  entry.refresh().then(() => entry.focus());
  return closed.then((how) => (how === 'play' ? faces : null));
}
