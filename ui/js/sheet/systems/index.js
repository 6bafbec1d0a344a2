// The sheet model of each system, by the system id of FORMAT.md.

import d12 from './d12.js';
import genre from './genre.js';
import { withLimits } from './limits.js';
import marks from './marks.js';
import stunt from './stunt.js';
import universe from './universe.js';

/** Where each field sits; the numbers' limits come from Rust (`sheetModel`). */
export const SYSTEM_MODELS = { stunt, genre, universe, marks, d12 };

/**
 * The model of `system` with the limits Rust serves (the catalog's `sheet_limits`) in place and
 * its `text_limits` for the fields around the sheet, or null for a system the editor does not
 * know.
 * @param {string} system
 * @param {Array<{system: string, path: string, measure: string, min: number, max: number | null}>} limits
 * @param {import('../../../types/bindings').TextLimits | null} [text]
 */
export function sheetModel(system, limits, text = null) {
  const model = SYSTEM_MODELS[system];
  return model ? { ...withLimits(model, limits), text } : null;
}
