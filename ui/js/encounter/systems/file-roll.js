// The Roll form of a file system's table panel (file.js): who rolls (whose turn it is, unless
// the GM picks another), which of the file's kinds, the rating of a ratings list a field is filled
// from, the fields the GM types (a DC, a mode) as inputs with the ranges the catalog serves, and,
// for a kind with `from_opponent` fields, whom it is rolled against. The typed fields are
// form-view.js's, as Quick roll's (lists too: group_stealth's teammates), each with its help, and
// a value that is not a whole number, or one the table refuses, is shown at its field in place of
// the odds. The exact odds of the
// request the table will roll are shown first (the move's preview), then the dice and what
// happened, as the five's panels show theirs (panel-parts.js). The move is the file table's
// `roll`, logged (secret under the encounter's "Roll in secret") and undone like every move.
// What the form offers is worked out in file-roll-model.js.

import { el } from '../../dom.js';
import { fieldModel } from '../../form.js';
import { firstInvalid, readValues, renderFields, showFieldErrors } from '../../form-view.js';
import { isolated } from '../../format.js';
import { showNoOdds } from '../../odds-view.js';
import { oddsBlock, oddsHold, playMove, previewer, rollRow, selectField, setOptions, showPlay } from './panel-parts.js';
import { turnFollower } from './turn-follow.js';
import { ratingOptions, refusalAt, rollForm, rollMove, startValues, tableKinds } from './file-roll-model.js';

const NO_ONE = '';
/** What the odds say while a typed field holds what cannot be rolled. */
const NOT_TILL_FIXED = 'No odds until the highlighted field is fixed.';
/** The ids of the typed fields (`file-roll-dc`…): the page holds Quick roll's form too. */
const ID_PREFIX = 'file-roll';

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
  const typedRow = el(doc, 'div', { className: 'fields file-typed', 'data-role': 'file-typed' });
  const odds = oddsBlock(doc, undefined, { compare: ctx.compare });
  const hold = oddsHold(odds);
  // A refusal that names a typed field is shown there, and the odds point at it (as Quick roll's).
  const preview = previewer(odds, ctx.preview, {
    settled: (error) => {
      if (showRefusal(error)) showNoOdds(odds, NOT_TILL_FIXED);
    },
  });
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

  /** What the GM typed, by kind: field → value, so a redrawn form keeps it. */
  const typedValues = new Map();
  /** The typed fields drawn now (form.js's fieldModel), and the kind they are of. */
  let models = [];
  let drawnKind = null;
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

  /** Keeps what the typed fields hold now as the drawn kind's (a box holding no whole number keeps what it held before). */
  function keepTyped() {
    if (!drawnKind) return;
    const { values } = readValues(typedRow, models);
    typedValues.set(drawnKind, { ...typedValues.get(drawnKind), ...values });
  }

  /** A list entry added or removed: the odds follow, as for a typed key. */
  function listChanged() {
    hold.release();
    refreshPreview();
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
      keepTyped();
      drawnKey = key;
      drawnKind = k?.id ?? null;
      models = (shape?.typed ?? []).map(fieldModel);
      renderFields(typedRow, models, startValues(shape?.typed ?? [], typedValues.get(drawnKind)), listChanged, { idPrefix: ID_PREFIX });
      typedRow.hidden = models.length === 0;
    }
    heading.textContent = p && k ? `Roll · ${isolated(p.name)} · ${isolated(k.name)}` : 'Roll';
  }

  /**
   * The `roll` move as the form says, or null without a roller or a kind; `{invalid}` (shown at
   * their fields) while a typed field holds no whole number.
   */
  function moveNow() {
    const p = participant();
    const k = kind();
    const shape = formNow();
    if (!p || !k || !shape) return null;
    const { values: fields, errors } = readValues(typedRow, models);
    showFieldErrors(typedRow, errors);
    if (errors.length) return { invalid: true };
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
    if (move && 'invalid' in move) {
      // An answer still on its way is of the values before: it shows nothing now.
      preview.invalidate();
      showNoOdds(odds, NOT_TILL_FIXED);
      odds.compared?.(null);
      return;
    }
    // Only the latest preview is shown (previewer).
    if (move) preview(move);
  }

  /**
   * The table's refusal (of the preview or the roll) at the typed field it names; null clears
   * the fields' errors. Answers whether a typed field took it.
   */
  function showRefusal(error) {
    const at = error ? refusalAt(error, models) : { errors: [], text: '' };
    showFieldErrors(typedRow, at.errors);
    return at.text === null;
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
    if ('invalid' in move) {
      /** @type {HTMLElement | null} */ (firstInvalid(typedRow))?.focus();
      return;
    }
    const p = participant();
    const k = kind();
    rollButton.disabled = true;
    // Held before the roll: the redraw the roll causes must not preview the next one.
    hold.hold();
    const answer = await playMove(ctx, move, {
      error: formError,
      refused: (error) => {
        // Refused at a typed field (a teammate's Stealth past its range): said there, not twice.
        if (!showRefusal(error)) return;
        formError.hidden = true;
        /** @type {HTMLElement | null} */ (firstInvalid(typedRow))?.focus();
      },
    });
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
