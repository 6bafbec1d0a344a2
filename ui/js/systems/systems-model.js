// The Systems dialog's words, from what the store answers: the added systems grouped by id,
// what a file declares, each problem of a file with its line and a caret, why Remove is off.
// Pure: no DOM (tests/unit/systems-model.test.mjs).

import { isolated } from '../format.js';
import { plural } from '../transfer/import-plan.js';

/** @typedef {import('../../types/bindings').StoredSystem} StoredSystem */
/** @typedef {import('../../types/bindings').Declares} Declares */
/** @typedef {import('../../types/bindings').SystemFileProblem} SystemFileProblem */
/** @typedef {import('../../types/bindings').AddedSystem} AddedSystem */

/** The system files a file picker offers first (any file may still be picked). */
export const SYSTEM_FILTERS = [{ name: 'Rollbook system file (TOML)', extensions: ['toml'] }];

/**
 * @typedef {{id: string, name: string, summary: string, versions: number[], rolls: string[],
 *   rosters: number, addedAt: string, newest: StoredSystem}} SystemGroup
 */

/**
 * One entry per system id, in the store's order (by id), from its stored versions (newest
 * first): the newest version's name, rolls and date, every version, the rosters of them all.
 * @param {StoredSystem[]} stored
 * @returns {SystemGroup[]}
 */
export function groupSystems(stored) {
  /** @type {Map<string, StoredSystem[]>} */
  const byId = new Map();
  for (const system of stored) {
    const versions = byId.get(system.id) ?? [];
    versions.push(system);
    byId.set(system.id, versions);
  }
  return [...byId.values()].map((versions) => {
    const sorted = [...versions].sort((a, b) => b.version - a.version);
    const newest = sorted[0];
    return {
      id: newest.id,
      name: newest.name,
      summary: newest.summary,
      versions: sorted.map((s) => s.version),
      rolls: newest.declares.rolls,
      rosters: sorted.reduce((sum, s) => sum + s.rosters, 0),
      addedAt: newest.added_at,
      newest,
    };
  });
}

/** "version 1", "versions 3, 2, 1" (newest first). @param {number[]} versions */
export function versionsText(versions) {
  return `${versions.length === 1 ? 'version' : 'versions'} ${versions.join(', ')}`;
}

/** "No roster uses it", "Used by 2 rosters" (the trash counts). @param {number} n */
export function rostersText(n) {
  return n === 0 ? 'No roster uses it' : `Used by ${plural(n, 'roster')}`;
}

/**
 * Why Remove is off, or null when it may be asked: the store refuses to remove a system a
 * roster uses, and says which (`system_in_use`); the list only knows how many.
 * @param {SystemGroup} group
 */
export function removeBlocked(group) {
  if (group.rosters === 0) return null;
  return `${rostersText(group.rosters)} (the trash included): delete ${group.rosters === 1 ? 'it' : 'them'} and empty the trash before removing the system.`;
}

/**
 * What a file declares, one row a part: `[label, text]`, "none" for an empty part; the
 * initiative row only when it declares one.
 * @param {Declares} declares
 * @returns {[string, string][]}
 */
export function declaresRows(declares) {
  const list = (items) => (items.length ? items.join(', ') : 'none');
  /** @type {[string, string][]} */
  const rows = [
    ['Sheet', list(declares.sheet)],
    ['Derived', list(declares.derived)],
    ['House numbers', list(declares.house_numbers)],
    ['Rolls', list(declares.rolls)],
    ['Rulings', String(declares.rulings)],
  ];
  if (declares.initiative) rows.push(['Initiative', declares.initiative]);
  rows.push(['Trackers', list(declares.trackers)]);
  return rows;
}

/**
 * A file's problem as shown: `LINE:COLUMN message`, the line's text, and a caret under the
 * column (the text is at most 80 characters of the line, `caret` characters before the column).
 * @param {SystemFileProblem} problem
 */
export function problemLines(problem) {
  return {
    head: `${problem.line}:${problem.column} ${problem.message}`,
    text: problem.text,
    caret: `${' '.repeat(problem.caret)}^`,
  };
}

/** The toast after an add. @param {AddedSystem} added */
export function addedText(added) {
  const { system } = added;
  const named = `${isolated(system.name)} (${system.id}, version ${system.version})`;
  if (!added.added) return `${named} was already added with this same text: nothing changed.`;
  const before = added.earlier_versions.at(-1);
  if (before !== undefined) return `Added ${named}; version ${before} stays for the rosters made with it.`;
  return `Added ${named}. Quick roll offers it now.`;
}

/** The toast after a removal. @param {string} id @param {StoredSystem[]} gone */
export function removedText(id, gone) {
  return `Removed ${id} (${versionsText(gone.map((s) => s.version))}).`;
}
