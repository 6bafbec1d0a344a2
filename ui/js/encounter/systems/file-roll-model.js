// What the Roll form of a file system's table panel offers and plays (docs/system-files.md,
// "The table"): the file's initiative (the catalog's `files[].table`), the kinds the `roll` move
// takes, and for a kind what the GM gives — each field's source as the catalog serves it
// (`fields[].source`: the roller's sheet, the sheet of the one rolled against, or the GM), the
// rating of a ratings list a field is filled from — and the moves `roll` and `initiative`.
// Pure: no DOM.

import { errorTarget } from '../../form.js';
import { isolated } from '../../format.js';

/**
 * @typedef {import('../../../types/bindings').SystemSpec} SystemSpec
 * @typedef {import('../../../types/bindings').KindSpec} KindSpec
 * @typedef {import('../../../types/bindings').FieldSpec} FieldSpec
 * @typedef {{list: string, label: string, field: string, options: Array<[string, string]>}} RatingPick
 * @typedef {{typed: FieldSpec[], rating: RatingPick | null, opposed: boolean}} RollForm
 */

/**
 * The kind the file rolls for turn order (`[table] initiative`), or null: the GM orders the turn.
 * @param {SystemSpec | null | undefined} spec
 * @returns {KindSpec | null}
 */
export function initiativeOf(spec) {
  const id = spec?.table?.initiative;
  return id ? spec?.kinds.find((k) => k.id === id) ?? null : null;
}

/** The move that rolls the file's initiative for everyone and orders the turn by it. */
export function initiativeMove() {
  return { system: 'file', move: 'initiative' };
}

/**
 * The kinds a participant rolls at the table: the file's own, whose every field the catalog says
 * how the table fills (a kind served without that is not the `roll` move's to take). The Roll
 * form types every field type, lists (`group_stealth`'s members) included.
 * @param {SystemSpec | null | undefined} spec
 * @returns {KindSpec[]}
 */
export function tableKinds(spec) {
  if (!spec?.table) return [];
  return spec.kinds.filter((kind) => kind.fields.every((f) => f.source));
}

/**
 * A roller's ratings of the list `list` on their sheet, as `[name, "name (+2)"]` options; none
 * for a quick NPC (no sheet) or an empty list.
 * @param {any} sheet the character's sheet (`{[list]: [{name, value}]}`), or null
 * @param {string} list
 * @returns {Array<[string, string]>}
 */
export function ratingOptions(sheet, list) {
  const ratings = Array.isArray(sheet?.[list]) ? sheet[list] : [];
  return ratings
    .filter((r) => typeof r?.name === 'string' && r.name.trim())
    .map((r) => [r.name, `${isolated(r.name)} (${signed(r.value)})`]);
}

/** "+2", "−1", "0". */
function signed(n) {
  const v = Number(n) || 0;
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
}

/**
 * What the GM gives for `kind`: the fields typed (the ones no sheet fills: a DC, a mode; one
 * filled from the opponent's sheet while no one is picked to roll against; one filled from a
 * ratings list the roller has no rating of, as a quick NPC), the rating picked of a list a field
 * is filled from, and whether the kind may be rolled against someone (`from_opponent`).
 * @param {SystemSpec} spec
 * @param {KindSpec} kind
 * @param {{against?: boolean, ratings?: (list: string) => Array<[string, string]>}} [roller]
 *   `against`: someone is picked; `ratings(list)`: the roller's ratings of a list (ratingOptions)
 * @returns {RollForm}
 */
export function rollForm(spec, kind, { against = false, ratings = () => [] } = {}) {
  const lists = new Map((spec.sheet ?? []).filter((p) => p.part.type === 'ratings').map((p) => [p.name, p.label || p.name]));
  const opposed = kind.fields.some((f) => f.source?.from_opponent);
  /** @type {RatingPick | null} */
  let rating = null;
  /** @type {FieldSpec[]} */
  const typed = [];
  for (const field of kind.fields) {
    const fromSheet = field.source?.from_sheet ?? null;
    const fromOpponent = field.source?.from_opponent ?? null;
    // Rolled against someone, their sheet fills it (over the roller's own).
    if (against && fromOpponent) continue;
    if (fromSheet && lists.has(fromSheet)) {
      const options = ratings(fromSheet);
      // The move names one rating for every list field: the first list's is the one picked.
      if (options.length && (!rating || rating.list === fromSheet)) {
        rating ??= { list: fromSheet, label: lists.get(fromSheet) ?? fromSheet, field: field.name, options };
        continue;
      }
      typed.push(field);
      continue;
    }
    if (fromSheet) continue;
    typed.push(field);
  }
  return { typed, rating, opposed };
}

/**
 * A typed field's value as the request takes it: a whole number (its default when the box is
 * empty or not a number; the table refuses one out of range, naming the field), a yes/no, a
 * choice's name (its default when the file no longer lists it), or a list of whole numbers (the
 * entries that are not one left out; its default, a copy, when it is not a list).
 * @param {FieldSpec} field
 * @param {unknown} raw the input's value (a checkbox's `checked`, a list's entries)
 */
export function typedValue(field, raw) {
  if (field.type === 'bool') return Boolean(raw);
  if (field.type === 'choice') return typeof raw === 'string' && field.choices.includes(raw) ? raw : field.default;
  if (field.type === 'int') return wholeNumber(raw) ?? field.default;
  if (field.type === 'int_list') {
    if (!Array.isArray(raw)) return Array.isArray(field.default) ? [...field.default] : [];
    return raw.map(wholeNumber).filter((n) => n !== null);
  }
  return raw;
}

/** A whole number read from a number or a box's text, or null. */
function wholeNumber(raw) {
  const n = Number.parseInt(String(raw), 10);
  return Number.isFinite(n) ? n : null;
}

/**
 * The values the typed fields of a kind are drawn with: what the GM typed for that kind last
 * (`kept`, by field name: a redrawn form keeps it), else the field's default, each as the
 * request takes it (typedValue), so a value kept under an older version of the file that the
 * new one no longer offers falls back to the default.
 * @param {FieldSpec[]} typed
 * @param {Record<string, unknown>} [kept]
 * @returns {Record<string, unknown>}
 */
export function startValues(typed, kept = {}) {
  return Object.fromEntries(typed.map((field) => [field.name, typedValue(field, field.name in kept ? kept[field.name] : field.default)]));
}

/**
 * Where the table's refusal of a roll is shown: at the typed field it names (a list's entry too:
 * `members[1]: …` is the second teammate), as form-view.js's `showFieldErrors` takes it, or, when
 * it names none of them (a rating, the sheet), by the Roll button with the fields' labels.
 * @param {any} failure the refusal as caught (`{code, message, problems?}`: form.js's errorTarget)
 * @param {Array<{name: string, label: string}>} typed the typed fields (form.js's fieldModel)
 * @returns {{errors: Array<{field: string, item: number | null, reason: string}>, text: string | null}}
 */
export function refusalAt(failure, typed) {
  const target = errorTarget(failure, typed);
  if (target.fields.length === 1) return { errors: [{ field: target.fields[0], item: target.item, reason: target.reason }], text: null };
  return { errors: target.fields.map((field) => ({ field, item: null, reason: '' })), text: target.text };
}

/**
 * The `roll` move: `participantId` rolls `kind`, `rating` the rating of a ratings list, `fields`
 * the GM's values, `against` the participant rolled against (none: empty or null).
 * @param {{participantId: string, kind: string, rating?: string | null, fields?: object, against?: string | null}} roll
 */
export function rollMove({ participantId, kind, rating = null, fields = {}, against = null }) {
  return {
    system: 'file',
    move: 'roll',
    participant_id: participantId,
    roll: kind,
    rating: rating || null,
    fields,
    against: against || null,
  };
}
