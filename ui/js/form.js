// The form model: from the catalog's field specs to inputs, and from what was typed back
// to a roll request. Pure: the DOM side is form-view.js.

/** A catalog field spec with every optional property filled in. */
export function fieldModel(spec) {
  const model = {
    name: spec.name,
    label: spec.label ?? spec.name,
    help: spec.help ?? '',
    type: spec.type,
    default: spec.default,
  };
  if (spec.type === 'int' || spec.type === 'int_list') {
    model.min = spec.min ?? Number.MIN_SAFE_INTEGER;
    model.max = spec.max ?? Number.MAX_SAFE_INTEGER;
  }
  if (spec.type === 'int_list') model.maxItems = spec.max_items ?? 20;
  if (spec.type === 'choice') model.choices = [...(spec.choices ?? [])];
  return model;
}

/** The value each field starts with. */
export function initialValues(fields) {
  const values = {};
  for (const field of fields) {
    values[field.name] = Array.isArray(field.default) ? [...field.default] : field.default;
  }
  return values;
}

/**
 * Reads a typed whole number. Range is left to the engine, whose message names the limits;
 * here only "not a whole number" is caught, since it cannot be sent at all.
 */
export function readInt(text, label) {
  const trimmed = String(text).trim().replace('\u2212', '-');
  if (trimmed === '') return { error: `${label}: enter a whole number.` };
  if (!/^[+-]?\d+$/.test(trimmed)) return { error: `${label}: “${trimmed}” is not a whole number.` };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { error: `${label}: ${trimmed} is too large.` };
  return { value };
}

/** Reads the optional seed: empty means fresh dice. */
export function readSeed(text) {
  const trimmed = String(text).trim();
  if (trimmed === '') return { value: null };
  if (!/^\d+$/.test(trimmed)) return { error: 'Seed: use a whole number from 0 up, or leave it empty.' };
  const value = Number(trimmed);
  // Seeds travel as JSON numbers; above 2^53 JavaScript would silently change them.
  if (!Number.isSafeInteger(value)) return { error: `Seed: use a number up to ${Number.MAX_SAFE_INTEGER}.` };
  return { value };
}

/** The request the engine takes (RULES.md "Roll requests"): system, roll and every field. */
export function buildRequest(systemId, kindId, fields, values) {
  const request = { system: systemId, roll: kindId };
  for (const field of fields) {
    if (field.name in values) request[field.name] = values[field.name];
  }
  return request;
}

/**
 * The field an engine error is about. Messages read "field: reason" (or "members[2]: reason"
 * for a list element), so the prefix locates the input to mark.
 */
export function fieldOfError(message, fields) {
  const match = /^\s*(?:\[\d+\]\.)?([A-Za-z_][A-Za-z0-9_]*)(?:\[\d+\])?\s*:/.exec(String(message));
  if (!match) return null;
  return fields.some((f) => f.name === match[1]) ? match[1] : null;
}

/** A list field may grow until `maxItems`. */
export function canAddItem(field, items) {
  return items.length < field.maxItems;
}

/** The value a new list entry starts with: the lowest allowed, or 0 when 0 is allowed. */
export function newItemValue(field) {
  return field.min <= 0 && field.max >= 0 ? 0 : field.min;
}
