// How much of a sheet form the first frame draws: the parts a GM sees when the sheet opens, told
// from the room the form has (its width and the height of the sheet's view below its top) before
// any of it is built. The rest is built after that frame (sheet-editor.js): a 60-declaration form
// built, styled and laid out whole took twice a frame's 16 ms, and most of it is below the fold.
// Heights are estimates on the low side (a field row of sheet.css is 64 px and more with its
// help line), so the first frame draws at least what is seen. Pure: Node's test runner imports it.

/**
 * One step of building the form, as weighed here: a card's head (`card`), one field of a card's
 * grid (`field`: a share of its row), a whole list or map card of `rows` rows (`list`).
 * @typedef {{kind: 'card' | 'field' | 'list', rows?: number}} FormStep
 */

/** `.sheet-fields` of sheet.css: columns of at least 140 px, 14 px apart, in a card padded 16 px
 *  with a 1 px border on each side. */
const FIELD_MIN_WIDTH = 140;
const FIELD_GAP = 14;
const CARD_INSET = 2 * (16 + 1);
/** A row of fields (label, input), a card's title line and the gap after it, a row of a list, a
 *  list's column heads and Add button. */
const FIELD_ROW_HEIGHT = 60;
const CARD_HEAD_HEIGHT = 40;
const LIST_ROW_HEIGHT = 36;
const LIST_EXTRA_HEIGHT = 60;
/** Drawn beyond the bottom of the view: a row cut by it is drawn whole. */
const BELOW_FOLD = FIELD_ROW_HEIGHT;

/** How many fields a row of a card's grid holds in a form `width` px wide. */
export function fieldColumns(width) {
  return Math.max(1, Math.floor((width - CARD_INSET + FIELD_GAP) / (FIELD_MIN_WIDTH + FIELD_GAP)));
}

/**
 * The estimated height of one step of building the form.
 * @param {FormStep} step
 * @param {number} columns fieldColumns of the form's width
 */
export function stepHeight(step, columns) {
  if (step.kind === 'field') return FIELD_ROW_HEIGHT / columns;
  if (step.kind === 'list') return CARD_HEAD_HEIGHT + LIST_EXTRA_HEIGHT + LIST_ROW_HEIGHT * (step.rows ?? 0);
  return CARD_HEAD_HEIGHT;
}

/**
 * How many of `steps` (in the form's order) the first frame builds in a form of `room`
 * (`{width, height}`: the form's width, the view's height below the form's top): every step
 * that starts above the fold and a row more. All of them when the room is unknown (null, or a
 * form not laid out: nothing is seen, so nothing is gained by waiting).
 * @param {FormStep[]} steps
 * @param {{width: number, height: number} | null} room
 */
export function firstScreenSteps(steps, room) {
  if (!room || !(room.width > 0) || !(room.height >= 0)) return steps.length;
  const columns = fieldColumns(room.width);
  const fold = room.height + BELOW_FOLD;
  let top = 0;
  for (let i = 0; i < steps.length; i += 1) {
    if (top >= fold) return i;
    top += stepHeight(steps[i], columns);
  }
  return steps.length;
}
