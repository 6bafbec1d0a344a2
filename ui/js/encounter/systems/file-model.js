// What the table panel of a system from a file reads (docs/system-files.md, "The table"): the
// file's table as the encounter carries it (`system_state` {system: "file", id, version, parts},
// each part's trackers `{value, max}` in the file's order), each tracker's label from the
// file's sheet declarations (the catalog's `files[]` / `file_versions[]`), and the move a typed
// change plays. Pure: no DOM.

import { fileSpecs } from '../../sheet/systems/index.js';

/**
 * @typedef {{value: number, max: number}} TrackerNow
 * @typedef {{id: string, version: number, parts: Record<string, {trackers: Record<string, TrackerNow>}>}} FileTableState
 * @typedef {{name: string, label: string, value: number, max: number}} TrackerRow
 */

/**
 * Whether `system` (a roster's) is a system from a file the catalog serves: its id is one of
 * `files[]` (or of an older version a roster keeps).
 * @param {{files?: any[], file_versions?: any[]} | null | undefined} catalog
 * @param {string} system
 */
export function isFileSystem(catalog, system) {
  return fileSpecs(catalog).some((f) => f.id === system);
}

/**
 * The file table of an encounter, or null before its first sync (or of another system).
 * @param {any} encounter
 * @returns {FileTableState | null}
 */
export function fileTableOf(encounter) {
  const table = encounter?.state?.system_state;
  return table?.system === 'file' ? table : null;
}

/**
 * A participant's trackers as the panel shows them, in the order the table keeps (the file's),
 * each labelled as the file's sheet labels it (its name when the file gives no label); null when
 * the table has no part for them.
 * @param {FileTableState | null} table @param {string} participantId
 * @param {{sheet?: Array<{name: string, label: string}>} | null} spec
 * @returns {TrackerRow[] | null}
 */
export function trackerRows(table, participantId, spec) {
  const part = table?.parts?.[participantId];
  if (!part) return null;
  const labels = new Map((spec?.sheet ?? []).map((p) => [p.name, p.label]));
  return Object.entries(part.trackers ?? {}).map(([name, now]) => ({
    name,
    label: labels.get(name) || name,
    value: now.value,
    max: now.max,
  }));
}

/**
 * The move a change of a tracker plays: `{by}` (−1, +1, "-7", "+3") is `adjust`, `{to}`
 * ("12") is `set`; the table keeps the value within 0 and the maximum (a set past it is refused).
 * @param {string} participantId @param {string} tracker
 * @param {{by: number} | {to: number}} change
 */
export function trackerMove(participantId, tracker, change) {
  if ('to' in change) return { system: 'file', move: 'set', participant_id: participantId, tracker, value: change.to };
  return { system: 'file', move: 'adjust', participant_id: participantId, tracker, by: change.by };
}
