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
 * What an engine error is about: the request field of its one problem (`problems[0].path`, as
 * ipc_error.rs sends it): a field ("dice"), a list entry ("members[2]", counted from 0), several
 * fields summed ("ranks + extra_dice"), in a batch with its index first ("[0].dice"). Read from
 * that path, never from the message's words. `failure` is the error as the window caught it
 * (`{code, message, problems?}`, or any thrown value).
 * Returns `{fields, item, reason, text}`: the names of the catalog fields at fault (empty when
 * none is), the list entry (0-based) when one entry is, the reason alone, and the whole message
 * with field names replaced by their labels, for showing away from the fields.
 * @param {any} failure @param {Array<{name: string, label: string}>} fields
 */
export function errorTarget(failure, fields) {
  const text = String(failure?.message ?? failure ?? '');
  const whole = { fields: [], item: null, reason: text, text };
  const problems = Array.isArray(failure?.problems) ? failure.problems : [];
  if (problems.length !== 1) return whole;
  const { path, message: reason } = problems[0];
  const parts = String(path).replace(/^\[\d+\]\./, '').split(/\s*\+\s*/).map((part) => /^([A-Za-z_]\w*)(?:\[(\d+)\])?$/.exec(part));
  if (!parts.every((part) => part && fields.some((f) => f.name === part[1]))) return whole;
  const names = parts.map((part) => part[1]);
  const item = parts.length === 1 && parts[0][2] !== undefined ? Number(parts[0][2]) : null;
  const labelOf = (part) => {
    const label = fields.find((f) => f.name === part[1]).label;
    return part[2] === undefined ? label : `${label} ${Number(part[2]) + 1}`;
  };
  return { fields: [...new Set(names)], item, reason, text: `${parts.map(labelOf).join(' + ')}: ${reason}` };
}

/** A list field may grow until `maxItems`. */
export function canAddItem(field, items) {
  return items.length < field.maxItems;
}

/** The value a new list entry starts with: the lowest allowed, or 0 when 0 is allowed. */
export function newItemValue(field) {
  return field.min <= 0 && field.max >= 0 ? 0 : field.min;
}
