// The Roll form of a file system's table panel (file.js): who rolls (whose turn it is, unless
// the GM picks another), which of the file's kinds, the rating of a ratings list a field is filled
// from, the fields the GM types (a DC, a mode) as inputs with the ranges the catalog serves, and,
// for a kind with `from_opponent` fields, whom it is rolled against. The exact odds of the
// request the table will roll are shown first (the move's preview), then the dice and what
// happened, as the five's panels show theirs (panel-parts.js). The move is the file table's
// `roll`, logged (secret under the encounter's "Roll in secret") and undone like every move.
// What the form offers is worked out in file-roll-model.js.

import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import { numberField, oddsBlock, oddsHold, playMove, previewer, rollRow, selectField, setOptions, showPlay } from './panel-parts.js';
import { turnFollower } from './turn-follow.js';
import { ratingOptions, rollForm, rollMove, tableKinds, typedValue } from './file-roll-model.js';

const NO_ONE = '';

/**
 * @param {Document} doc
 * @param {any} ctx the panel's context: catalog, characters, play, preview, compare
 * @param {{encounter: any, spec: any}} start the encounter and the catalog entry of its file
 * @returns {{element: HTMLElement, update(encounter: any, spec: any): void}}
 */
export function mountRollForm(doc, ctx, start) {
  let { encounter, spec } = start;
  const who = selectField(doc, { label: 'Who rolls', name: 'roller' });
  const kindPick = selectField(doc, { label: 'Roll', name: 'kind' });
  const ratingPick = selectField(doc, { label: 'Rating', name: 'rating' });
  const against = selectField(doc, { label: 'Against', name: 'against' });
  const typedRow = el(doc, 'div', { className: 'tp-row file-typed', 'data-role': 'file-typed' });
  const odds = oddsBlock(doc, undefined, { compare: ctx.compare });
  const hold = oddsHold(odds);
  const preview = previewer(odds, ctx.preview);
  const follow = turnFollower(ctx.characters);
  follow.actor(who.select);
  const rollButton = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'file-roll', text: 'Roll' });
  const result = el(doc, 'div', { className: 'tp-result', 'data-role': 'file-roll-result', hidden: true, 'aria-live': 'polite' });
  const formError = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const heading = el(doc, 'h3', { className: 'tp-heading', 'data-role': 'file-roll-heading', text: 'Roll' });
  const form = el(doc, 'form', { className: 'tp-act file-roll', novalidate: true, autocomplete: 'off', 'aria-label': 'Roll' }, [
    heading,
    el(doc, 'div', { className: 'tp-row' }, [who.field, kindPick.field, ratingPick.field, against.field]),
    typedRow,
    odds.panel,
    rollRow(doc, [rollButton], result),
    formError,
  ]);

  /** What the GM typed, by kind and field, so a redrawn form keeps it. */
  const typedValues = new Map();
  /** The typed inputs drawn now: field → read its value. */
  let readers = new Map();
  let drawnKey = null;

  const participant = () => encounter.state.order.find((p) => p.id === who.select.value) ?? null;
  const kind = () => tableKinds(spec).find((k) => k.id === kindPick.select.value) ?? null;
  const sheetOf = (p) => (p?.character_id ? ctx.characters?.get(p.character_id)?.sheet ?? null : null);

  function formNow() {
    const k = kind();
    if (!k) return null;
    const p = participant();
    return rollForm(spec, k, { against: Boolean(against.select.value), ratings: (list) => ratingOptions(sheetOf(p), list) });
  }

  /** One typed field's input, its range the catalog's, starting at what was typed last. */
  function fieldInput(k, field) {
    const key = `${k.id}:${field.name}`;
    const kept = typedValues.get(key);
    let control;
    let read;
    if (field.type === 'bool') {
      const box = el(doc, 'input', { type: 'checkbox', name: field.name, checked: kept ?? field.default });
      control = el(doc, 'label', { className: 'tp-check' }, [box, el(doc, 'span', { text: field.label })]);
      read = () => box.checked;
    } else if (field.type === 'choice') {
      const pick = selectField(doc, { label: field.label, name: field.name, options: field.choices.map((c) => [c, c]) });
      pick.select.value = kept ?? field.default;
      control = pick.field;
      read = () => pick.select.value;
    } else {
      const box = numberField(doc, { label: field.label, name: field.name, value: kept ?? field.default, min: field.min, max: field.max });
      control = box.field;
      read = () => box.input.value;
    }
    control.dataset.field = field.name;
    if (field.help) control.title = field.help;
    return { control, read: () => typedValue(field, read()), keep: () => typedValues.set(key, read()) };
  }

  /** Draws the form's parts for the kind, roller and opponent picked (only when they changed). */
  function drawForm() {
    const k = kind();
    const shape = formNow();
    const p = participant();
    against.field.hidden = !shape?.opposed;
    if (!shape?.opposed) against.select.value = NO_ONE;
    ratingPick.field.hidden = !shape?.rating;
    if (shape?.rating) {
      ratingPick.field.firstChild.textContent = shape.rating.label;
      setOptions(ratingPick.select, shape.rating.options);
    }
    const key = JSON.stringify([k?.id, shape?.typed.map((f) => f.name), spec?.version]);
    if (key !== drawnKey) {
      for (const input of readers.values()) input.keep();
      drawnKey = key;
      readers = new Map((shape?.typed ?? []).map((field) => [field.name, fieldInput(k, field)]));
      typedRow.replaceChildren(...[...readers.values()].map((input) => input.control));
      typedRow.hidden = readers.size === 0;
    }
    heading.textContent = p && k ? `Roll · ${isolated(p.name)} · ${isolated(k.name)}` : 'Roll';
  }

  /** The `roll` move as the form says, or null without a roller or a kind. */
  function moveNow() {
    const p = participant();
    const k = kind();
    const shape = formNow();
    if (!p || !k || !shape) return null;
    const fields = Object.fromEntries([...readers].map(([name, input]) => [name, input.read()]));
    return rollMove({
      participantId: p.id,
      kind: k.id,
      rating: shape.rating ? ratingPick.select.value : null,
      fields,
      against: shape.opposed ? against.select.value : null,
    });
  }

  function refreshPreview() {
    // The odds the last roll was made with stay until the GM changes the form or the turn.
    if (hold.held) return;
    const move = moveNow();
    // Only the latest preview is shown (previewer).
    if (move) preview(move);
  }

  form.addEventListener('input', (event) => {
    hold.release();
    if (event.target === who.select) offerAgainst();
    if (event.target === kindPick.select || event.target === against.select || event.target === who.select) drawForm();
    refreshPreview();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = moveNow();
    if (!move) return;
    const p = participant();
    const k = kind();
    rollButton.disabled = true;
    // Held before the roll: the redraw the roll causes must not preview the next one.
    hold.hold();
    const answer = await playMove(ctx, move, { error: formError });
    rollButton.disabled = false;
    if (!answer) {
      hold.release();
      return;
    }
    showPlay(result, answer, `${isolated(p?.name ?? '')} · ${isolated(k?.name ?? move.roll)}`);
    follow.release(who.select);
  });

  /** Everyone but the roller may be rolled against. */
  function offerAgainst() {
    const roller = participant();
    const others = encounter.state.order.filter((p) => p.id !== roller?.id);
    setOptions(against.select, [[NO_ONE, 'No one'], ...others.map((p) => [p.id, isolated(p.name)])]);
  }

  /** The pickers' options from the encounter and the file's kinds; the turn's roller. */
  function render() {
    const order = encounter.state.order;
    setOptions(who.select, order.map((p) => [p.id, isolated(p.name)]));
    setOptions(kindPick.select, tableKinds(spec).map((k) => [k.id, isolated(k.name)]));
    // Whose turn it is rolls; a new turn puts the last roll (and its odds) away.
    if (follow.apply(encounter)) {
      hold.release();
      result.hidden = true;
    }
    offerAgainst();
    form.hidden = order.length === 0 || tableKinds(spec).length === 0;
    drawForm();
  }

  render();
  refreshPreview();

  return {
    element: form,
    update(next, nextSpec) {
      encounter = next;
      spec = nextSpec;
      render();
      refreshPreview();
    },
  };
}
