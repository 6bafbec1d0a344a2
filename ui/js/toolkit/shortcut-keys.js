// Keyboard shortcuts as text ("Ctrl+Shift+N", "/", "?") and matching them against key events.
// Pure: Node's test runner imports it.

const MODIFIERS = new Set(['ctrl', 'shift', 'alt']);

/** Names a shortcut may use for keys whose `KeyboardEvent.key` is a word. */
const NAMED = new Map([
  ['enter', 'Enter'], ['esc', 'Escape'], ['escape', 'Escape'], ['delete', 'Delete'], ['del', 'Delete'],
  ['backspace', 'Backspace'], ['tab', 'Tab'], ['space', ' '], ['up', 'ArrowUp'], ['down', 'ArrowDown'],
  ['left', 'ArrowLeft'], ['right', 'ArrowRight'], ['home', 'Home'], ['end', 'End'], ['f2', 'F2'],
  ['pageup', 'PageUp'], ['pagedown', 'PageDown'],
]);

/**
 * `'Ctrl+Shift+N'` -> `{ctrl: true, shift: true, alt: false, key: 'n'}`. Letters are kept lower
 * case (Shift+N sends "N"); a symbol typed with Shift on some layouts (`?`, `/`) leaves `shift`
 * null, meaning "either", so `?` matches whatever the keyboard needs to type it.
 * Throws on text that is not a shortcut (a mistake in the code registering it).
 */
export function parseKeys(text) {
  const parts = String(text).split('+');
  // "Ctrl++" would be a plus key; no shortcut here uses it, so a trailing "" is a mistake.
  const keyPart = parts.pop();
  const mods = parts.map((p) => p.trim().toLowerCase());
  parts.forEach((part, i) => {
    if (!MODIFIERS.has(mods[i])) throw new Error(`"${text}": ${part} is not Ctrl, Shift or Alt`);
  });
  if (!keyPart) throw new Error(`"${text}" names no key`);
  const named = NAMED.get(keyPart.toLowerCase());
  let key;
  if (named) key = named;
  else if (keyPart.length === 1) key = keyPart.toLowerCase();
  else throw new Error(`"${text}": ${keyPart} is not a key name`);
  const symbol = key.length === 1 && !/[a-z0-9 ]/.test(key);
  return {
    ctrl: mods.includes('ctrl'),
    alt: mods.includes('alt'),
    shift: symbol && !mods.includes('shift') ? null : mods.includes('shift'),
    key,
  };
}

/**
 * Does the key event (`{key, ctrlKey, metaKey, shiftKey, altKey}`) press this shortcut? Ctrl
 * also matches the Command key, so the same shortcuts work on a Mac.
 */
export function matchesKeys(parsed, event) {
  const key = event.key?.length === 1 ? event.key.toLowerCase() : event.key;
  if (key !== parsed.key) return false;
  if (Boolean(event.ctrlKey || event.metaKey) !== parsed.ctrl) return false;
  if (Boolean(event.altKey) !== parsed.alt) return false;
  return parsed.shift === null || Boolean(event.shiftKey) === parsed.shift;
}

/** Does the shortcut use Ctrl or Alt (so it may fire while the GM types in a text field)? */
export function hasModifier(parsed) {
  return parsed.ctrl || parsed.alt;
}

const SHOWN = new Map([['Escape', 'Esc'], [' ', 'Space'], ['ArrowUp', '↑'], ['ArrowDown', '↓'], ['ArrowLeft', '←'], ['ArrowRight', '→']]);

/** The keys to show, one label per key: `'Ctrl+Shift+N'` -> `['Ctrl', 'Shift', 'N']`. */
export function keyLabels(text) {
  const parsed = parseKeys(text);
  const labels = [];
  if (parsed.ctrl) labels.push('Ctrl');
  if (parsed.alt) labels.push('Alt');
  if (parsed.shift) labels.push('Shift');
  labels.push(SHOWN.get(parsed.key) ?? (parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key));
  return labels;
}

/** The value of an `aria-keyshortcuts` attribute for these shortcuts (`Control+Shift+N /`). */
export function ariaKeyShortcuts(texts) {
  return texts.map((text) => {
    const parsed = parseKeys(text);
    const parts = [];
    if (parsed.ctrl) parts.push('Control');
    if (parsed.alt) parts.push('Alt');
    if (parsed.shift) parts.push('Shift');
    parts.push(parsed.key === ' ' ? 'Space' : parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key);
    return parts.join('+');
  }).join(' ');
}
