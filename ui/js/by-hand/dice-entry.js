// Dice rolled at the table, typed in: one small input per die the engine asks for, each
// labelled with what it is for ("Attacker d12 #3") and accepting only its faces. Typing a whole
// face moves on to the next die; the dice are asked for again as faces go in, so a 12 that
// explodes brings its extra die at once. Used by Quick roll, the sheet's roll panel and the
// table's "Dice rolled at the table" dialog.

import { el } from '../dom.js';
import { latestOnly } from '../timing.js';
import { acceptsText, facesIn, mayGrow, progressText, readFace } from './dice-entry-model.js';

/**
 * @typedef {{sides: number, label: string, earned: boolean}} DieAsked
 * @typedef {{dice: DieAsked[], given: number}} DiceProgress
 */

/**
 * Mounts the inputs. `ask(faces)` answers `{dice: [{sides, label, earned}], given, …}` (the
 * engine's `HandProgress` or `TableDiceAsked`) or rejects; `onProgress(answer, error)` hears
 * every answer (the caller shows the running result); `onDone()` is Enter once every die is in.
 * Returns `{element, status, refresh(), refreshAndFocus(), faces(), clear(), forget(), focus()}`: `faces()` is every face
 * when all are in, else null.
 * @param {Document} doc
 * @param {{prefix: string, ask: (faces: number[]) => Promise<any>,
 *   onProgress?: (answer: any, error: any) => void, onDone?: () => void}} options
 */
export function mountDiceEntry(doc, { prefix, ask, onProgress = () => {}, onDone = () => {} }) {
  const list = el(doc, 'ol', { className: 'dice-entry-list', 'aria-label': 'Dice rolled at the table' });
  const status = el(doc, 'p', { className: 'dice-entry-status', id: `${prefix}-dice-status`, 'aria-live': 'polite' });
  const element = el(doc, 'div', { className: 'dice-entry' }, [list, status]);
  const call = latestOnly((faces) => ask(faces));
  // `focusPending`: the dice are to take the focus once drawn, whichever answer draws them (an
  // answer to an older call is superseded and draws nothing).
  const state = { texts: [], dice: [], answer: null, focusPending: false };

  const inputs = () => [...list.querySelectorAll('input')];

  /** One die's input, made once per place and relabelled as the dice asked for change. */
  function dieInput(index) {
    const id = `${prefix}-die-${index}`;
    const input = el(doc, 'input', {
      id, type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false',
      className: 'die-face', 'aria-describedby': status.id,
    });
    input.addEventListener('beforeinput', (event) => {
      if (!event.data && event.inputType.startsWith('delete')) return;
      const sides = Number(input.dataset.sides);
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      const next = input.value.slice(0, start) + (event.data ?? '') + input.value.slice(end);
      if (acceptsText(next, sides)) return;
      event.preventDefault();
      // A space or a comma moves on, as typing "3 5 6" should.
      if (event.data === ' ' || event.data === ',') moveFrom(index, 1);
      else status.textContent = `${input.dataset.label} is a d${sides}: 1 to ${sides}.`;
    });
    input.addEventListener('input', async () => {
      state.texts[index] = input.value;
      const whole = readFace(input.value, Number(input.dataset.sides));
      await refresh();
      if ('face' in whole && !mayGrow(input.value, Number(input.dataset.sides)) && doc.activeElement === input) moveFrom(index, 1);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (faces()) onDone();
        else focus();
      } else if (event.key === 'Backspace' && input.value === '' && index > 0) {
        event.preventDefault();
        moveFrom(index, -1);
      }
    });
    return el(doc, 'li', { className: 'die-entry' }, [
      el(doc, 'label', { className: 'die-label', for: id }),
      input,
    ]);
  }

  function moveFrom(index, by) {
    const next = inputs()[index + by];
    if (next) {
      next.focus();
      next.select();
    }
  }

  /** The inputs for `dice`, keeping what was typed at each place. */
  function render(dice) {
    state.dice = dice;
    state.texts = state.texts.slice(0, dice.length);
    while (list.children.length < dice.length) list.append(dieInput(list.children.length));
    while (list.children.length > dice.length) list.lastElementChild.remove();
    dice.forEach((die, i) => {
      const item = list.children[i];
      const input = item.querySelector('input');
      item.classList.toggle('earned', die.earned);
      item.querySelector('label').textContent = die.label;
      input.dataset.sides = String(die.sides);
      input.dataset.label = die.label;
      input.setAttribute('aria-label', `${die.label}, a d${die.sides}`);
      input.placeholder = `1–${die.sides}`;
      input.maxLength = String(die.sides).length;
      if (input.value !== (state.texts[i] ?? '')) input.value = state.texts[i] ?? '';
    });
  }

  /** Asks again which dice the faces typed so far call for; shows them and the progress. */
  async function refresh() {
    const typed = facesIn(state.texts, state.dice);
    const answer = await call(typed);
    if (answer.superseded) return;
    if (answer.error) {
      state.answer = null;
      state.focusPending = false;
      status.textContent = '';
      onProgress(null, answer.error);
      return;
    }
    state.answer = answer.value;
    render(answer.value.dice);
    status.textContent = progressText(answer.value);
    onProgress(answer.value, null);
    if (state.focusPending) {
      state.focusPending = false;
      focus();
    }
  }

  /** Asks for the dice and puts the focus on the first one without a face once they are drawn. */
  function refreshAndFocus() {
    state.focusPending = true;
    return refresh();
  }

  /** Every face when all the dice asked for are in, else null. */
  function faces() {
    const answer = state.answer;
    if (!answer) return null;
    const typed = facesIn(state.texts, answer.dice);
    return typed.length === answer.dice.length && answer.given === typed.length ? typed : null;
  }

  /** Focus on the first die without a face (or the first die). */
  function focus() {
    const all = inputs();
    (all.find((input) => !('face' in readFace(input.value, Number(input.dataset.sides)))) ?? all[0])?.focus();
  }

  /** Drops every face typed (the dice asked for stay until the next answer). */
  function forget() {
    state.texts = [];
    for (const input of inputs()) input.value = '';
  }

  function clear() {
    forget();
    return refresh();
  }

  return { element, status, refresh, refreshAndFocus, faces, clear, forget, focus };
}
