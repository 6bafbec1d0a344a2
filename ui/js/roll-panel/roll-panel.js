// The roll panel: a roll offered by a sheet, prefilled, with live odds and the dice.
// Grown step by step; the shell imports openRollPanel by this name.

import { el } from '../dom.js';

/** Renders the panel for `sheetRoll` inside `root`. Returns `{close()}`. */
export function openRollPanel(root, { sheetRoll }, _ctx) {
  const doc = root.ownerDocument;
  const section = el(doc, 'section', { className: 'roll-panel', 'aria-label': `Roll ${sheetRoll.label}` }, [
    el(doc, 'h2', { text: sheetRoll.label }),
  ]);
  root.replaceChildren(section);
  return { close() { section.remove(); } };
}
