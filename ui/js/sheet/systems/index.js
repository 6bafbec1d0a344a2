// The sheet model of each system, by the system id of FORMAT.md.

import d12 from './d12.js';
import genre from './genre.js';
import marks from './marks.js';
import stunt from './stunt.js';
import universe from './universe.js';

export const SYSTEM_MODELS = { stunt, genre, universe, marks, d12 };

/** The model of `system`, or null for a system the editor does not know. */
export function sheetModel(system) {
  return SYSTEM_MODELS[system] ?? null;
}
