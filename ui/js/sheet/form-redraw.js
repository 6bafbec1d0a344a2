// A sheet form drawn again over the one shown (an undo that changes the form's shape, a row
// action, an attribute renamed): only the cards that differ are built anew, the others keep their
// place and what was placed in them (problems, derived values, 🎲). The form of 60 declarations
// built, styled and laid out whole took 32 ms, two frames (scripts/measure-sheet-form.sh).

import { builtMarkup } from './form-parts.js';
import { sameChoices } from './form-refill.js';
import { flatChildren } from './model.js';
import { cardSteps, renderSheetForm } from './sheet-form.js';
import { takeValues } from './sheet-inputs.js';

/** The part of a sheet draft a card of the form shows (a card with no key shows fields of the
 *  sheet itself). */
function cardValue(node, sheet) {
  if (node.key) return sheet[node.key];
  return flatChildren(node).map((child) => sheet[child.key]);
}

/**
 * Draws the form of `model` for `sheet` over the one `container` shows. Given `before` (the draft
 * the form shows) and no list of choices following what changed, the cards whose part of the
 * draft changed are built, nothing else. Otherwise the new form is built apart, and each card
 * whose markup is the one shown keeps its place, its inputs only taking the new values; the
 * others are put in.
 * @param {HTMLElement} container
 * @param {any} model
 * @param {any} sheet
 * @param {{env?: any, prefix?: string, before?: any}} [options] `before`: the draft the form
 *   shows (values typed included), when it is known (redrawChangedCards)
 */
export function redrawSheetForm(container, model, sheet, { before = null, ...options } = {}) {
  if (before && redrawChangedCards(container, model, before, sheet, options)) return;
  const fresh = container.ownerDocument.createElement('form');
  renderSheetForm(fresh, model, sheet, { ...options, room: null });
  const shown = [...container.children];
  const drawn = [...fresh.children];
  // A form still being built (its first screen alone) is not one to compare with.
  if (shown.length !== drawn.length || shown.some((card) => !builtMarkup.has(card))) {
    container.replaceChildren(...drawn);
    return;
  }
  drawn.forEach((card, i) => {
    if (builtMarkup.get(shown[i]) === builtMarkup.get(card)) takeValues(shown[i], card);
    else shown[i].replaceWith(card);
  });
}

/**
 * With `before`, the draft the form shows: when no list of choices follows what changed, only
 * the cards whose part of the draft changed are built anew (a row added builds its list's card,
 * not the form of 60 declarations apart to be compared). Answers whether it could.
 */
function redrawChangedCards(container, model, before, sheet, options) {
  const cards = model.root.children;
  const shown = [...container.children];
  if (shown.length !== cards.length || shown.some((card) => !builtMarkup.has(card))) return false;
  if (!sameChoices(model, options.env ?? {}, before, sheet)) return false;
  const doc = container.ownerDocument;
  const ctx = { doc, env: options.env ?? {}, sheet, prefix: options.prefix ?? 'sheet' };
  cards.forEach((node, i) => {
    if (JSON.stringify(cardValue(node, before)) === JSON.stringify(cardValue(node, sheet))) return;
    const into = { node: doc.createDocumentFragment() };
    for (const step of cardSteps(ctx, node, sheet, into)) step.run();
    const card = /** @type {Element} */ (into.node.firstElementChild);
    builtMarkup.set(card, card.outerHTML);
    shown[i].replaceWith(card);
  });
  return true;
}
