// A sheet roll's request as the values of its kind's form, and the form's values back into a
// request. Pure: Node's test runner imports it.

import { initialValues } from '../form.js';
import { fileSpecOf } from '../sheet/systems/index.js';

function fits(field, value) {
  switch (field.type) {
    case 'int':
      return Number.isSafeInteger(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'choice':
      return typeof value === 'string';
    case 'int_list':
      return Array.isArray(value) && value.every(Number.isSafeInteger);
    default:
      return value !== undefined;
  }
}

/**
 * The form's starting values: the catalog defaults, replaced by what the sheet's request gives
 * (when it has the field's type). A choice the list lacks is kept, so the engine's error names it
 * at its field instead of the form silently picking another level.
 */
export function prefillValues(fields, request) {
  const values = initialValues(fields);
  for (const field of fields) {
    const value = request?.[field.name];
    if (fits(field, value)) values[field.name] = Array.isArray(value) ? [...value] : value;
  }
  return values;
}

/**
 * The request to send: the sheet's request with the form's values over it. Fields of the sheet's
 * request that the form does not show are kept as they are (they came from the character).
 */
export function mergeRequest(base, fields, values) {
  const request = { ...base };
  for (const field of fields) {
    if (field.name in values) request[field.name] = values[field.name];
  }
  return request;
}

/** The names of the fields whose value the sheet set (shown as "from the sheet"). */
export function sheetFieldNames(fields, request) {
  return fields.filter((field) => fits(field, request?.[field.name])).map((field) => field.name);
}

/**
 * The kind of the catalog a request is of: `{system, kind}`, or null when the catalog lacks it.
 * A system from a file is read at `version` (a roster's, or an encounter's: it keeps the version
 * it was made with until upgraded), its newest when that version is not served.
 */
export function kindOf(catalog, request, version = null) {
  const system = catalog?.systems?.find((s) => s.id === request?.system) ?? fileSpecOf(catalog, request?.system, version);
  const kind = system?.kinds?.find((k) => k.id === request?.roll);
  return system && kind ? { system, kind } : null;
}

/**
 * Has the GM set the roll: does any field of the form (`values`, as `readValues` reads them;
 * a field left out could not be read) differ from where it started (`start`)? Until then the
 * panel says what the sheet's roll is set to (`until_set`); after, the form itself says it.
 */
export function setByGm(fields, start, values) {
  return fields.some((field) => !(field.name in values) || JSON.stringify(values[field.name]) !== JSON.stringify(start[field.name]));
}

/** The line that opens the roll panel's "how this roll works": the kind, and how many rulings decide it. */
export function aboutLine(kindName, rulings) {
  return rulings ? `${kindName}: how it works · ${rulings === 1 ? '1 ruling' : `${rulings} rulings`}` : `${kindName}: how it works`;
}
