// The small pieces every module of the sheet form uses: ids made from draft locations, the
// slots a problem line or derived values go in, a label in running text.

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
