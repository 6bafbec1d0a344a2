// Which file format a chosen path means, and the name to show for it. Pure: no DOM.

/** The formats Rollbook writes, as the save dialog offers them (the first is the default). */
export const ROSTER_FILTERS = [
  { name: 'Rollbook roster file (JSON)', extensions: ['json'] },
  { name: 'Spreadsheet (CSV)', extensions: ['csv'] },
];
export const LOG_FILTERS = [
  { name: 'Spreadsheet (CSV)', extensions: ['csv'] },
  { name: 'JSON', extensions: ['json'] },
];
export const IMPORT_FILTERS = [{ name: 'Rollbook roster file (JSON)', extensions: ['json'] }];

const FORMATS = ['json', 'csv'];

/** The last part of a path, whichever separator the system uses. */
export function fileName(path) {
  const text = String(path);
  return text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1);
}

/** "json" or "csv" from the path's extension (any case), else null. */
export function formatOf(path) {
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return FORMATS.includes(ext) ? ext : null;
}

/**
 * The path to write and its format. The native save dialogs do not add the extension of the
 * filter the GM picked, so a name without a known one gets `fallback`'s (the flow's default).
 */
export function saveTarget(path, fallback) {
  const format = formatOf(path);
  if (format) return { path: String(path), format };
  return { path: `${path}.${fallback}`, format: fallback };
}

/** A file name from words: lower case, letters and digits joined by dashes ("Friday Night" -> "friday-night"). */
export function slug(text, fallback = 'rollbook') {
  const words = String(text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return words ? words.join('-').slice(0, 60).replace(/-+$/, '') : fallback;
}
