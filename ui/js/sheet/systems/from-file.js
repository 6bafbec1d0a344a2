// The sheet model of a system from a file (docs/system-files.md), built from the declarations
// Rust serves (the catalog's `files[].sheet`): a number is an `int` with the file's range, a list
// of ratings a `list` of name and value, a tracker an `int` from 0 (its maximum is worked out
// from the sheet by Rust and shown beside it with the derived values), a check a `bool`, a
// choice a `choice`, a text a `text`. The limits are the file's, checked again by Rust as the
// GM types (the sheet check answers at each part's path). Pure: no DOM.

/**
 * @typedef {{name: string, label: string, help: string, part: any}} SheetPart
 * @typedef {{id: string, name: string, version?: number, sheet?: SheetPart[]}} FileSpec
 */

/** "Each 0–4; at most 12 in all; at least 3": what a ratings list takes, in words. */
function ratingsHelp(part) {
  const words = [`each ${part.min} to ${part.max}`];
  if (part.budget !== null && part.budget !== undefined) words.push(`at most ${part.budget} in all`);
  if (part.min_count > 0) words.push(`at least ${part.min_count}`);
  return words.join('; ');
}

/** The node of one part of the sheet. */
function nodeOf({ name, label, help, part }) {
  const helped = (words) => [help, words].filter(Boolean).join(' ');
  switch (part.type) {
    case 'number':
      return { type: 'int', key: name, label, min: part.min, max: part.max, help: help || undefined };
    case 'tracker':
      return { type: 'int', key: name, label, min: 0, help: helped(`0 to its maximum (${part.max}).`) };
    case 'check':
      return { type: 'bool', key: name, label, help: help || undefined };
    case 'choice':
      return { type: 'choice', key: name, label, choices: [...part.choices], help: help || undefined };
    case 'text':
      return { type: 'text', key: name, label, wide: true, help: helped(`At most ${part.max_chars} characters.`) };
    case 'ratings':
      return {
        type: 'list',
        key: name,
        label,
        itemLabel: 'Rating',
        help: helped(`${ratingsHelp(part)}.`),
        maxItems: part.max_count,
        newItem: () => ({ name: '', value: part.default }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'value', label: 'Value', min: part.min, max: part.max },
          ],
        },
      };
    default:
      return null;
  }
}

/**
 * The model of the file system `spec`: its single values together under the system's name,
 * then each list of ratings on its own. Null when the catalog serves no sheet for it.
 * @param {FileSpec} spec
 */
export function fileModel(spec) {
  if (!spec?.sheet) return null;
  const nodes = spec.sheet.map(nodeOf).filter(Boolean);
  const single = nodes.filter((n) => n.type !== 'list');
  const lists = nodes.filter((n) => n.type === 'list');
  const children = single.length > 0 ? [{ type: 'object', label: spec.name, children: single }, ...lists] : lists;
  return { system: spec.id, root: { type: 'object', children } };
}
