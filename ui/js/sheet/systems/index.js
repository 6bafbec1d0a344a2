// The sheet model of each system, by the system id of FORMAT.md.

import d12 from './d12.js';
import { fileModel } from './from-file.js';
import genre from './genre.js';
import { withLimits } from './limits.js';
import marks from './marks.js';
import stunt from './stunt.js';
import universe from './universe.js';

/** Where each field sits; the numbers' limits come from Rust (`sheetModel`). */
export const SYSTEM_MODELS = { stunt, genre, universe, marks, d12 };

/**
 * The model of `system` with the limits Rust serves (the catalog's `sheet_limits`) in place and
 * its `text_limits` for the fields around the sheet; for a system from a file, the model built
 * from its declarations (the catalog's `files`); null for a system the editor does not know.
 * @param {string} system
 * @param {Array<{system: string, path: string, measure: string, min: number, max: number | null}>} limits
 * @param {import('../../../types/bindings').TextLimits | null} [text]
 * @param {Array<import('./from-file.js').FileSpec>} [files]
 * @param {number | null} [version] a roster's version of its system from a file: the form is
 *   that version's (a roster keeps it until upgraded), not the newest's (fileSpecOf's pick)
 */
export function sheetModel(system, limits, text = null, files = [], version = null) {
  const model = SYSTEM_MODELS[system];
  if (model) return { ...withLimits(model, limits), text };
  const fromFile = fileModel(specAtVersion(files, system, version));
  return fromFile ? { ...fromFile, text } : null;
}

/**
 * Every file system entry of the catalog: the newest versions (`files`) and the older ones
 * rosters may keep (`file_versions`).
 * @param {{files?: any[], file_versions?: any[]} | null | undefined} catalog
 */
export function fileSpecs(catalog) {
  return [...(catalog?.files ?? []), ...(catalog?.file_versions ?? [])];
}

/**
 * The catalog entry of file system `id` at `version` (the table's own), else its newest.
 * @param {{files?: any[], file_versions?: any[]} | null | undefined} catalog
 * @param {string} id @param {number | null | undefined} version
 */
export function fileSpecOf(catalog, id, version) {
  return specAtVersion(fileSpecs(catalog), id, version);
}

/**
 * Among `specs` (the newest versions first: `fileSpecs`), file system `id` at `version`, else its
 * newest (no version asked, or one the catalog no longer lists); null for a system not there.
 * @template {{id: string, version?: number}} T
 * @param {T[]} specs @param {string} id @param {number | null | undefined} version
 * @returns {T | null}
 */
function specAtVersion(specs, id, version) {
  const all = specs.filter((f) => f.id === id);
  return all.find((f) => f.version === version) ?? all[0] ?? null;
}
