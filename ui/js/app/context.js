// The shared context every area gets (docs/ui.md): the commands, the event bus, toasts,
// confirm, shortcuts, and what is open right now.

import { createConfirm } from '../toolkit/confirm.js';
import { createShortcuts } from '../toolkit/shortcuts.js';
import { createToaster } from '../toolkit/toast.js';

/**
 * `{api, bus, toast, confirm, shortcuts, state}`. `state` is read only: it follows the bus
 * (`roster-selected`, `character-selected`) rather than being set by hand.
 */
export function createContext(doc, api) {
  const bus = new EventTarget();
  const current = { roster: null, character: null };
  bus.addEventListener('roster-selected', (event) => {
    const roster = /** @type {CustomEvent} */ (event).detail?.roster ?? null;
    if (roster?.id !== current.roster?.id) current.character = null;
    current.roster = roster;
  });
  bus.addEventListener('character-selected', (event) => {
    current.character = /** @type {CustomEvent} */ (event).detail?.character ?? null;
  });
  bus.addEventListener('character-saved', (event) => {
    const saved = /** @type {CustomEvent} */ (event).detail?.character;
    if (saved && saved.id === current.character?.id) current.character = saved;
  });
  const state = Object.freeze({
    get roster() { return current.roster; },
    get character() { return current.character; },
  });
  return {
    api,
    bus,
    toast: createToaster(doc),
    confirm: createConfirm(doc),
    shortcuts: createShortcuts(doc),
    state,
    /** The rules catalog (`catalog` command), read once at start by the shell; null until then. */
    catalog: null,
    /** `ctx.emit('rosters-changed', detail)`: a CustomEvent on the bus. */
    emit: (name, detail = {}) => bus.dispatchEvent(new CustomEvent(name, { detail })),
  };
}
