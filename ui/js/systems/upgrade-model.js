// The words of a roster's move to another version of its system (the Systems dialog's
// Upgrade…, `rollbook system upgrade`'s twin) and of the values an upgrade kept on a sheet.
// Rust works out every change (`system_upgrade_preview`); this only words and groups them.
// Pure: no DOM (tests/unit/upgrade-model.test.mjs).

import { isolated } from '../format.js';
import { plural } from '../transfer/import-plan.js';

/** @typedef {import('../../types/bindings').Roster} Roster */
/** @typedef {import('../../types/bindings').UpgradePreview} UpgradePreview */
/** @typedef {import('../../types/bindings').UpgradeApplied} UpgradeApplied */
/** @typedef {import('../../types/bindings').SheetChange} SheetChange */
/** @typedef {import('../../types/bindings').KeptValue} KeptValue */

/** The sheet key the kept values sit under (Rust's `KEPT_KEY`; no part can be named so). */
export const KEPT_KEY = 'kept-by-upgrade';

/**
 * The rosters of the system `id` at a version older than `newest`, each with where it is.
 * @param {string} id @param {number} newest @param {Roster[]} rosters
 * @returns {{roster: Roster, from: number, to: number}[]}
 */
export function upgradable(id, newest, rosters) {
  return rosters
    .filter((r) => r.system === id && typeof r.system_version === 'number' && r.system_version < newest)
    .map((roster) => ({ roster, from: /** @type {number} */ (roster.system_version), to: newest }));
}

/** "Tuesday uses version 1; version 3 is newer". @param {{roster: Roster, from: number, to: number}} u */
export function upgradableText({ roster, from, to }) {
  return `${isolated(roster.name)} uses version ${from}; version ${to} is newer`;
}

const KIND_WORDS = { added: 'Added', removed: 'Removed, kept', refused: 'Kept aside', changed: 'Changed' };

/** A change's tag: "Added", "Kept aside"… @param {SheetChange} change */
export function kindWords(change) {
  return KIND_WORDS[change.kind] ?? change.kind;
}

/**
 * The preview as sections: the sheet parts the version declares otherwise, then each character
 * with its changes (or its problems). A character nothing happens to is counted, not listed.
 * @param {UpgradePreview} preview
 * @returns {{sections: {title: string, changes: SheetChange[], problems: string[]}[], unchanged: number}}
 */
export function upgradeSections(preview) {
  const sections = [];
  if (preview.declared.length) sections.push({ title: 'The sheet', changes: preview.declared, problems: [] });
  let unchanged = 0;
  for (const c of preview.characters) {
    if (!c.changes.length && !c.problems.length) {
      unchanged += 1;
      continue;
    }
    const title = `${isolated(c.name)}${c.in_trash ? ' (in the trash)' : ''}`;
    sections.push({ title, changes: c.changes, problems: c.problems.map((p) => `${p.path}: ${p.message}`) });
  }
  return { sections, unchanged };
}

/** The preview in one line. @param {UpgradePreview} preview */
export function upgradeSummary(preview) {
  const all = preview.characters.flatMap((c) => c.changes);
  const kept = all.filter((c) => c.kind === 'refused' || c.kind === 'removed').length;
  const added = all.filter((c) => c.kind === 'added').length;
  const refused = preview.characters.filter((c) => c.problems.length).length;
  const head = `${isolated(preview.roster)}: ${preview.system} version ${preview.from} → ${preview.to}, ${plural(preview.characters.length, 'character')}`;
  if (refused) return `${head}. ${plural(refused, 'sheet')} would still be refused: the upgrade cannot be made.`;
  const words = [kept ? `${plural(kept, 'value')} kept aside on the sheets` : 'nothing kept aside', added ? `${plural(added, 'value')} added at defaults` : null];
  const encounters = preview.encounters.length
    ? ` ${plural(preview.encounters.length, 'encounter')} (${preview.encounters.map(isolated).join(', ')}) will move to version ${preview.to} at the next action, keeping the trackers within the new maxima.`
    : '';
  return `${head}: ${words.filter(Boolean).join(', ')}.${encounters}`;
}

/** The toast after an upgrade. @param {UpgradeApplied} applied */
export function upgradedText(applied) {
  const { upgrade } = applied;
  return `${isolated(upgrade.roster)} now uses ${upgrade.system} version ${upgrade.to}. A snapshot was taken first.`;
}

/**
 * The values an upgrade kept on a sheet, each in words (empty when none).
 * @param {Record<string, unknown>} sheet
 * @returns {string[]}
 */
export function keptLines(sheet) {
  const kept = /** @type {KeptValue[] | undefined} */ (sheet?.[KEPT_KEY]);
  if (!Array.isArray(kept)) return [];
  return kept.map((k) => {
    const what = k.rating ? `${k.label} ${k.rating}` : k.label;
    const value = typeof k.value === 'string' ? `“${k.value}”` : Array.isArray(k.value) ? plural(k.value.length, 'rating') : String(k.value);
    return `${what} ${value} (version ${k.version}): ${k.why}`;
  });
}

/**
 * The sheet without its `index`-th kept value (the key gone with the last one).
 * @param {Record<string, unknown>} sheet @param {number} index
 */
export function withoutKept(sheet, index) {
  const kept = Array.isArray(sheet?.[KEPT_KEY]) ? /** @type {unknown[]} */ (sheet[KEPT_KEY]) : [];
  const rest = kept.filter((_, i) => i !== index);
  const { [KEPT_KEY]: _gone, ...others } = sheet;
  return rest.length ? { ...others, [KEPT_KEY]: rest } : others;
}
