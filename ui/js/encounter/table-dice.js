// Table moves with dice rolled at the table (issue 13): the "Rolled by hand" switch beside
// "Roll in secret", and the dialog that asks for a move's dice in the order the move reads them —
// a 12 that explodes asks for its extra die as soon as it is typed — and, for a universe deal
// from a real deck, each combatant's card (checked by the app against the cards the deck has
// left), then each fate card the move draws (a joker dealt, a natural 20: RULES.md's last
// section, so the app's deck and the table's never part), asked for as soon as it is known,
// showing what the move will say once everything is in. A move that rolls no dice and deals no
// card is played at once.

import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { mountDiceEntry } from '../by-hand/dice-entry.js';
import { el } from '../dom.js';
import { eventLines } from './encounter-model.js';
import { isolated } from '../format.js';

/** The GM closed the dice dialog without playing the move. */
export class DiceCancelled extends Error {
  constructor() {
    super('the move was not played: its dice were not typed in');
    this.name = 'DiceCancelled';
  }
}

/**
 * The switch and `diceFor(encounterId, action)`: resolves to `{dice, cards}` typed in for the
 * action (`dice` `[]` when it rolls none, `cards` null when it deals none), `undefined` while
 * the switch is off (the app rolls and deals); rejects with `DiceCancelled` when the GM cancels.
 * `api` has `encounterDiceAsked`; `errorText(error)` words a refusal.
 * @param {Document} doc
 * @param {{api: any, errorText: (error: any) => string}} options
 */
export function mountTableDice(doc, { api, errorText }) {
  const box = el(doc, 'input', { type: 'checkbox', id: 'encounter-by-hand', role: 'switch' });
  const toggle = el(doc, 'label', {
    className: 'encounter-by-hand', for: 'encounter-by-hand',
    title: 'Type in the dice rolled (and the initiative cards dealt) at the table instead of rolling here',
  }, [box, doc.createTextNode(' Rolled by hand')]);

  async function diceFor(encounterId, action) {
    if (!box.checked) return undefined;
    const ask = (faces, cards = null) => api.encounterDiceAsked(encounterId, action, faces, cards);
    const first = await ask([]);
    if (first.dice.length === 0 && first.dealt_to.length === 0 && first.fate_to.length === 0) return { dice: [], cards: null };
    const typed = await openDiceDialog(doc, { ask, first, errorText });
    if (!typed) throw new DiceCancelled();
    return typed;
  }

  return { toggle, on: () => box.checked, diceFor };
}

/**
 * The card inputs: one per combatant the action deals to, then one per fate card it draws
 * (`want(dealtTo, fateTo)` as the answers come; what was typed stays). `codes()` is every card
 * once all are typed, else null; `asked()` what to ask with: the deal's cards once they are all
 * typed, with the fate cards typed so far after them (null before).
 */
function cardInputs(doc, onChange) {
  let inputs = [];
  const list = el(doc, 'ol', { className: 'card-entry-list' });
  const element = el(doc, 'fieldset', { className: 'card-entry', hidden: true }, [
    el(doc, 'legend', { text: 'Cards from your deck (AS, 10H, QD, JK for a joker)' }),
    list,
  ]);
  let dealt = 0;
  const want = (dealtTo, fateTo) => {
    const wanted = [
      ...dealtTo.map((who) => ({ key: `deal:${who.participant_id}`, label: who.name, name: `${isolated(who.name)}'s card` })),
      ...fateTo.map((who, i) => ({ key: `fate:${i}:${who}`, label: `Fate card for ${isolated(who)}`, name: `Fate card drawn for ${isolated(who)}` })),
    ];
    if (wanted.map((w) => w.key).join('|') === inputs.map((i) => i.key).join('|')) return;
    const kept = new Map(inputs.map(({ key, input }) => [key, input.value]));
    const focused = inputs.find(({ input }) => input === doc.activeElement)?.key;
    dealt = dealtTo.length;
    inputs = wanted.map(({ key, label, name }, i) => {
      const id = `table-card-${i}`;
      const input = el(doc, 'input', {
        id, type: 'text', className: 'card-code', autocomplete: 'off', spellcheck: 'false',
        maxlength: '3', placeholder: 'AS', 'aria-label': name, value: kept.get(key) ?? '',
        'data-fate': key.startsWith('fate:') ? 'true' : null,
      });
      input.addEventListener('input', () => {
        input.value = input.value.toUpperCase().replace(/[^0-9AJQKSHDC]/g, '');
        onChange();
      });
      return { key, input, id, label };
    });
    list.replaceChildren(...inputs.map(({ input, id, label }) => el(doc, 'li', {}, [el(doc, 'label', { for: id, text: label }), input])));
    element.hidden = inputs.length === 0;
    inputs.find((i) => i.key === focused)?.input.focus();
  };
  const codes = () => {
    const all = inputs.map(({ input }) => input.value.trim());
    return all.length && all.every((code) => code !== '') ? all : null;
  };
  const asked = () => {
    const all = inputs.map(({ input }) => input.value.trim());
    if (!dealt && !all.length) return null;
    if (all.slice(0, dealt).some((code) => code === '')) return null;
    const typed = all.findIndex((code, i) => i >= dealt && code === '');
    return typed === -1 ? all : all.slice(0, typed);
  };
  /** Marks the card boxes a refusal names (`cards[5]`), and only those. */
  const mark = (problems) => {
    const bad = new Set((problems ?? []).map((p) => /^cards\[(\d+)\]$/.exec(p.path)?.[1]).filter(Boolean).map(Number));
    inputs.forEach(({ input }, i) => {
      if (bad.has(i)) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    });
  };
  /** The first card box still empty (else the first). */
  const first = () => (inputs.find(({ input }) => input.value.trim() === '') ?? inputs[0])?.input;
  return { element, want, codes, asked, mark, first, any: () => inputs.length > 0 };
}

/** The dialog: the dice inputs, the card inputs, what the move will say, Play and Cancel. */
function openDiceDialog(doc, { ask, first: firstAnswer, errorText }) {
  const dealtTo = firstAnswer.dealt_to;
  const parts = buildDialog(doc, {
    title: dealtTo.length ? 'Cards dealt at the table' : 'Dice rolled at the table',
    description: dealtTo.length
      ? 'Type each combatant\'s card from your deck, then any fate card drawn; the app checks each against the cards its deck has left.'
      : 'Type each die as it was rolled, in order; a die that earns another (or a card a natural 20 draws) is asked for when it is in.',
    className: 'dice-dialog',
  });
  const said = el(doc, 'ul', { className: 'dice-dialog-said', 'aria-label': 'What the move will say' });
  const refusal = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const playButton = dialogButton(doc, 'Play', { kind: 'primary', type: 'submit' });
  const state = { answer: null };
  const cards = cardInputs(doc, () => entry.refresh());
  cards.want(dealtTo, firstAnswer.fate_to);
  const entry = mountDiceEntry(doc, {
    prefix: 'table-dice',
    ask: (faces) => ask(faces, cards.asked()),
    onDone: () => parts.form.requestSubmit(playButton),
    onProgress(answer, error) {
      state.answer = answer;
      if (answer) cards.want(answer.dealt_to, answer.fate_to);
      refusal.hidden = !error;
      refusal.textContent = error ? errorText(error) : '';
      cards.mark(error?.problems);
      entry.element.hidden = Boolean(answer && answer.dice.length === 0);
      const lines = answer?.events ? eventLines(answer.events) : [];
      said.replaceChildren(...lines.map((line) => el(doc, 'li', { text: line.ruling ? `Ruling: ${line.text}` : line.text })));
    },
  });
  parts.body.append(cards.element, entry.element, refusal, said);
  parts.actions.append(dialogButton(doc, 'Cancel', { onClick: () => parts.dialog.close('') }), playButton);
  let typed = null;
  parts.form.addEventListener('submit', () => {
    const faces = entry.faces();
    const codes = cards.codes();
    if (!faces || (cards.any() && !codes) || !state.answer?.events) {
      if (!faces) entry.focus();
      else if (cards.any() && !codes) cards.first()?.focus();
      return;
    }
    typed = { dice: faces, cards: cards.any() ? codes : null };
    parts.dialog.close('play');
  });
  const closed = openModal(parts.dialog);
  entry.refresh().then(() => (dealtTo.length ? cards.first()?.focus() : entry.focus()));
  return closed.then((how) => (how === 'play' ? typed : null));
}
