// The words and choices of the print dialog, kept pure for the unit tests.

import { isolated } from '../format.js';

/** Where the paper last chosen is remembered (this window's own storage). */
export const PAPER_KEY = 'rollbook.print.paper';

/** Countries that print on US Letter; everywhere else uses A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PA', 'DO', 'PR', 'SV', 'NI', 'BZ']);

/**
 * The paper to start with: the one chosen last time, else the usual one where the GM lives.
 * @param {string | null} remembered
 * @param {string} locale e.g. `en-US`, `de-DE`, `fr`
 * @returns {'a4' | 'letter'}
 */
export function startingPaper(remembered, locale) {
  if (remembered === 'a4' || remembered === 'letter') return remembered;
  const region = String(locale || '').split(/[-_]/)[1]?.toUpperCase() ?? '';
  return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What is being printed, before it is laid out: "Vex", "3 characters", "the whole roster". */
export function scopeText(characterIds, names = []) {
  if (!characterIds.length) return 'the whole roster';
  if (characterIds.length === 1 && names[0]) return names[0];
  return plural(characterIds.length, 'character');
}

/**
 * One line about what was laid out, e.g. "4 sheets of Friday Night Heroes on 4 pages of A4",
 * then, for sheets that outgrew a page, "Vex takes 3 pages (its lists carry on)".
 * @param {{roster: string, paper: string, pages: number, sheets: {name: string, pages: number}[]}} printed
 * @returns {string[]}
 */
export function printedLines(printed) {
  const paper = printed.paper === 'letter' ? 'Letter' : 'A4';
  const lines = [`${plural(printed.sheets.length, 'sheet')} of ${isolated(printed.roster)} on ${plural(printed.pages, 'page')} of ${paper}.`];
  for (const sheet of printed.sheets) {
    if (sheet.pages > 1) lines.push(`${isolated(sheet.name)} takes ${sheet.pages} pages (the lists carry on).`);
  }
  return lines;
}
