// What the window must show for the command line's odds answer (`rollbook odds REQUEST`, its
// raw text and its JSON), formatted by the app's own format.js: the success chance, one row per
// outcome in the engine's order, one chart bar per outcome. Shared by the tests that compare a
// window's odds with the CLI's (quick-roll.test.mjs, file-system.test.mjs).

import assert from 'node:assert/strict';
import { formatPercent, outcomeLabel } from '../../ui/js/format.js';

/** The outcome keys in the order the engine printed them (JSON.parse would reorder "-2"). */
export function printedOutcomeKeys(text) {
  const block = /"outcomes"\s*:\s*\{([^}]*)\}/.exec(text)[1];
  return [...block.matchAll(/"([^"]+)"\s*:/g)].map((m) => m[1]);
}

/** `{success, rows: [{key, label, chance}], bars}` as the window must show the CLI's answer. */
export function expectedOdds({ text, json }) {
  const keys = printedOutcomeKeys(text);
  assert.deepEqual([...keys].sort(), Object.keys(json.outcomes).sort(), 'the outcome keys were read from the CLI output');
  return {
    success: formatPercent(json.success),
    rows: keys.map((key) => ({ key, label: outcomeLabel(key), chance: formatPercent(json.outcomes[key]) })),
    bars: keys,
  };
}
