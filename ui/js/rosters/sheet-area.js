// The right side of the Rosters view: the open character's sheet (openSheet) and, when the
// sheet asks for a roll (`open-roll`), the roll panel beside it (openRollPanel).

import { el } from '../dom.js';
import { openRollPanel } from '../roll-panel/roll-panel.js';
import { openSheet } from '../sheet/sheet-editor.js';

/**
 * Returns `{element, open(character, roster), close(), closeRoll(), rollOpen(), openId(), current(), sheet()}`;
 * `current()` is the open character as last saved.
 * @param {Document} doc
 * @param {any} ctx
 * @param {{onRollToggle?: (open: boolean) => void}} [options] `onRollToggle` hears the roll panel open and close
 */
export function createSheetArea(doc, ctx, { onRollToggle = (_open) => {} } = {}) {
  const placeholder = el(doc, 'div', { className: 'sheet-placeholder' }, [
    el(doc, 'p', { className: 'empty', text: 'Pick a character to open their sheet.' }),
  ]);
  const sheetSlot = el(doc, 'div', { className: 'sheet-slot', id: 'sheet-slot' }, [placeholder]);
  // The panel brings its own close button and Esc, and says when it closed (`roll-panel-closed`).
  const rollSlot = el(doc, 'div', { className: 'roll-slot', id: 'roll-slot', hidden: true });
  const element = el(doc, 'div', { className: 'sheet-area', id: 'sheet-area' }, [sheetSlot, rollSlot]);

  let sheet = null;
  let roll = null;
  let openCharacter = null;

  function closeRoll() {
    roll?.close();
  }

  function rollClosed() {
    roll = null;
    rollSlot.replaceChildren();
    rollSlot.hidden = true;
    onRollToggle(false);
  }

  function close() {
    closeRoll();
    sheet?.close();
    sheet = null;
    openCharacter = null;
    sheetSlot.replaceChildren(placeholder);
  }

  function open(character, roster) {
    close();
    openCharacter = character;
    sheet = openSheet(sheetSlot, { character, roster }, ctx);
  }

  ctx.bus.addEventListener('open-roll', (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail ?? {};
    if (!detail.sheetRoll || !sheet) return;
    roll?.close();
    rollSlot.hidden = false;
    onRollToggle(true);
    roll = openRollPanel(rollSlot, detail, ctx);
  });
  ctx.bus.addEventListener('roll-panel-closed', () => {
    if (roll) rollClosed();
  });
  ctx.bus.addEventListener('character-saved', (event) => {
    const saved = /** @type {CustomEvent} */ (event).detail?.character;
    if (saved && saved.id === openCharacter?.id) openCharacter = saved;
  });

  return {
    element,
    open,
    close,
    closeRoll,
    rollOpen: () => roll !== null,
    openId: () => openCharacter?.id ?? null,
    current: () => openCharacter,
    sheet: () => sheet,
  };
}
