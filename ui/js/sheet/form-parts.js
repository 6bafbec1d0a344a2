// The small pieces every module of the sheet form uses: ids made from draft locations, the
// slots a problem line or derived values go in, a label in running text, each card's markup as
// built.

import { el } from '../dom.js';

/** A problem line (hidden until it has one), named `id` by its input's aria-describedby. */
export function problemSlot(doc, id) {
  return el(doc, 'p', { className: 'field-error slot-problem', id, hidden: true });
}

/** Where derived values go (placement.js). */
export const derivedSlot = (doc) => el(doc, 'span', { className: 'slot-derived' });

/** A safe, unique id for the element at draft location `loc`. */
export function idFor(ctx, loc, suffix = '') {
  return `${ctx.prefix}-${loc.map((s) => String(s).replace(/[^\w-]/g, '_')).join('-')}${suffix}`;
}

/** A label inside a sentence ("Move rating 2 up"). */
export const lower = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Each card's markup as it was built: before any problem, derived value or 🎲 was placed in it,
 * and without its inputs' values (properties, not attributes: sheet-inputs.js). Two cards of
 * the same markup differ only in their values, so a redraw keeps the card it has (form-redraw.js).
 * @type {WeakMap<Element, string>}
 */
export const builtMarkup = new WeakMap();

/** Notes the markup of every card of a form built whole. */
export function noteMarkup(container) {
  for (const card of container.children) builtMarkup.set(card, card.outerHTML);
}
