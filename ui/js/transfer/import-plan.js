// An import plan (docs/ipc.md `ImportPlan`) and a refusal in the words the preview shows. Pure.

import { isolated } from '../format.js';

/** @typedef {import('../../types/bindings').ImportPlan} ImportPlan */
/** @typedef {import('../../types/bindings').Counts} Counts */

/** The three modes of FORMAT.md, each explained in one line. */
export const IMPORT_MODES = [
  { id: 'merge', label: 'Merge', help: 'Update the rosters and characters already here, add the rest; nothing is removed.' },
  { id: 'replace', label: 'Replace', help: "The file's rosters replace the stored ones with the same id; characters the file leaves out go to the trash." },
  { id: 'copy', label: 'Copy', help: 'Add everything as new rosters and characters; nothing already here is touched.' },
];

const ACTION_WORDS = { add: 'Add', update: 'Update', skip: 'Unchanged', remove: 'To the trash' };

/** What happens to one roster or character, in a word or two. */
export function actionText(action) {
  return ACTION_WORDS[action] ?? String(action);
}

/** "1 roster" / "3 characters". */
export function plural(n, noun) {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

/** A `Counts` as words, zeros left out: "16 added, 4 unchanged"; "none" when all are zero. @param {Counts} counts */
export function countsText(counts) {
  const parts = [];
  const n = (x) => x.toLocaleString('en');
  if (counts.added) parts.push(`${n(counts.added)} added`);
  if (counts.updated) parts.push(`${n(counts.updated)} updated`);
  if (counts.skipped) parts.push(`${n(counts.skipped)} unchanged`);
  if (counts.removed) parts.push(`${n(counts.removed)} to the trash`);
  return parts.length ? parts.join(', ') : 'none';
}

function total(counts) {
  return counts.added + counts.updated + counts.skipped + counts.removed;
}

/** "5 rosters (4 added, 1 unchanged) and 20 characters (16 added, 4 unchanged)". @param {ImportPlan} plan */
export function planText(plan) {
  const rosters = `${plural(total(plan.roster_counts), 'roster')} (${countsText(plan.roster_counts)})`;
  const characters = `${plural(total(plan.character_counts), 'character')} (${countsText(plan.character_counts)})`;
  return `${rosters} and ${characters}`;
}

/** Nothing in the file would change anything stored. */
export function changesNothing(plan) {
  const { roster_counts: r, character_counts: c } = plan;
  return r.added + r.updated + r.removed + c.added + c.updated + c.removed === 0;
}

/** The preview's headline. */
export function previewText(plan) {
  if (changesNothing(plan)) return `Everything in this file is already here: ${planText(plan)}.`;
  return `Importing this file: ${planText(plan)}.`;
}

/** The toast once the import is done. */
export function appliedText(plan, name) {
  if (changesNothing(plan)) return `Imported ${isolated(name)}: nothing changed, everything was already here.`;
  return `Imported ${isolated(name)}: ${planText(plan)}.`;
}

/**
 * One row per roster of the file: name, system, what happens to it, and its characters' counts.
 * @param {ImportPlan} plan
 * @param {Record<string, string>} [systemNames]
 */
export function rosterRows(plan, systemNames = {}) {
  return plan.rosters.map((r) => ({
    id: r.id,
    name: r.name,
    system: systemNames[r.system] ?? r.system,
    action: actionText(r.action),
    added: r.characters.added,
    updated: r.characters.updated,
    skipped: r.characters.skipped,
    removed: r.characters.removed,
  }));
}

/**
 * One row per character: its name, roster and action. `storedRosters` (id -> name) names the
 * roster a character moves in from, when it is stored elsewhere.
 * @param {ImportPlan} plan
 * @param {Record<string, string>} [storedRosters]
 */
export function characterRows(plan, storedRosters = {}) {
  const names = Object.fromEntries(plan.rosters.map((r) => [r.id, r.name]));
  return plan.characters.map((c) => {
    const from = c.moved_from ? storedRosters[c.moved_from] ?? names[c.moved_from] ?? 'another roster' : null;
    return {
      id: c.id,
      name: c.name,
      roster: names[c.roster_id] ?? '',
      action: actionText(c.action),
      actionKey: c.action,
      note: from ? `moves here from ${from}` : '',
    };
  });
}

/** The progress line of an import being written. */
export function progressText({ done, total: all }) {
  if (!all) return 'Writing…';
  return `Writing ${done.toLocaleString('en')} of ${plural(all, 'character')}…`;
}

/**
 * A JSON path of the file as words a GM can find in it:
 * `rosters[0].characters[2].sheet.abilities[1].ranks` -> "roster 1, character 3, sheet, abilities 2, ranks".
 * The file as a whole is "the file".
 */
export function pathInWords(path) {
  if (!path) return 'the file';
  const singular = { rosters: 'roster', characters: 'character', tags: 'tag' };
  const parts = [];
  for (const [, name, index] of String(path).matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (name !== undefined) parts.push(name.replace(/_/g, ' '));
    else if (parts.length) {
      const last = parts.pop();
      parts.push(`${singular[last] ?? last} ${Number(index) + 1}`);
    } else parts.push(`item ${Number(index) + 1}`);
  }
  return parts.join(', ');
}

/** A sentence's first letter in upper case. */
export function sentence(text) {
  const s = String(text ?? '').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/**
 * Why a file was refused: a headline and every problem (words, raw path, message). An error
 * without problems is its own one problem at the file.
 */
export function refusal(error) {
  const problems = Array.isArray(error?.problems) && error.problems.length
    ? error.problems
    : [{ path: '', message: String(error?.message ?? error) }];
  const count = problems.length;
  return {
    headline: count === 1 ? 'This file cannot be imported. Nothing was written. Fix this and try again:' : `This file cannot be imported. Nothing was written. Fix these ${count} problems and try again:`,
    // After a path the message goes on the path's sentence ("name: is empty"); alone it is one.
    problems: problems.map((p) => ({ where: pathInWords(p.path), path: p.path ?? '', message: p.path ? String(p.message) : sentence(p.message) })),
  };
}
