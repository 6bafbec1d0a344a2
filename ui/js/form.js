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
 * Reads a typed whole number: `{value}`, or `{reason}` in plain words. Range is left to the
 * engine, whose message names the limits; here only "not a whole number" is caught, since it
 * cannot be sent at all.
 */
export function readInt(text) {
  const trimmed = String(text ?? '').trim().replace('\u2212', '-');
  if (trimmed === '') return { reason: 'Enter a whole number.' };
  if (!/^[+-]?\d+$/.test(trimmed)) return { reason: `“${trimmed}” is not a whole number.` };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { reason: `${trimmed} is too large.` };
  return { value };
}

/** Reads the optional seed: `{value}` (null = fresh dice) or `{reason}`. */
export function readSeed(text) {
  const trimmed = String(text).trim();
  if (trimmed === '') return { value: null };
  if (!/^\d+$/.test(trimmed)) return { reason: 'Use a whole number from 0 up, or leave it empty.' };
  const value = Number(trimmed);
  // Seeds travel as JSON numbers; above 2^53 JavaScript would silently change them.
  if (!Number.isSafeInteger(value)) return { reason: `Use a number up to ${Number.MAX_SAFE_INTEGER}.` };
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
 * A request as one line of JSON with a space after every comma and colon, so it wraps between
 * values when shown, and pastes as it is into `rollbook odds '…'`.
 */
export function requestText(request) {
  const value = (v) => (Array.isArray(v) ? `[${v.map(value).join(', ')}]` : JSON.stringify(v));
  return `{${Object.entries(request).map(([key, v]) => `${JSON.stringify(key)}: ${value(v)}`).join(', ')}}`;
}

/**
 * What an engine error is about. Messages read "path: reason", where the path is a field
 * ("dice"), a list entry ("members[2]", counted from 0) or several fields summed
 * ("ranks + extra_dice"); a request inside an array may be prefixed ("[0].dice").
 * Returns `{fields, item, reason, text}`: the names of the catalog fields at fault (empty when
 * none is), the list entry (0-based) when one entry is, the reason alone, and the whole message
 * with field names replaced by their labels, for showing away from the fields.
 */
export function errorTarget(message, fields) {
  const text = String(message ?? '');
  const match = /^\s*(?:\[\d+\]\.)?([A-Za-z_][\w\[\] +]*?)\s*:\s+(.*)$/s.exec(text);
  if (!match) return { fields: [], item: null, reason: text, text };
  const parts = match[1].split(/\s*\+\s*/).map((part) => /^([A-Za-z_]\w*)(?:\[(\d+)\])?$/.exec(part));
  const known = parts.every((part) => part && fields.some((f) => f.name === part[1]));
  if (!known) return { fields: [], item: null, reason: text, text };
  const names = parts.map((part) => part[1]);
  const item = parts.length === 1 && parts[0][2] !== undefined ? Number(parts[0][2]) : null;
  const labelOf = (part) => {
    const label = fields.find((f) => f.name === part[1]).label;
    return part[2] === undefined ? label : `${label} ${Number(part[2]) + 1}`;
  };
  return { fields: [...new Set(names)], item, reason: match[2], text: `${parts.map(labelOf).join(' + ')}: ${match[2]}` };
}

/** A list field may grow until `maxItems`. */
export function canAddItem(field, items) {
  return items.length < field.maxItems;
}

/** The value a new list entry starts with: the lowest allowed, or 0 when 0 is allowed. */
export function newItemValue(field) {
  return field.min <= 0 && field.max >= 0 ? 0 : field.min;
}
