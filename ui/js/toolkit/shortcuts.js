// The keyboard shortcuts of the window: one registry, one keydown listener, and the `?` dialog
// that lists everything registered (so the list can never miss a shortcut).

import { el } from '../dom.js';
import { buildDialog, dialogButton, modalOpen, openModal } from './dialog.js';
import { hasModifier, keyLabels, matchesKeys, parseKeys } from './shortcut-keys.js';

const TEXT_INPUTS = new Set(['text', 'search', 'number', 'email', 'url', 'tel', 'password', '']);

/** Is the GM typing here (so `/` or Delete mean text, not a shortcut)? */
export function isTextField(node) {
  if (!node || node.nodeType !== 1) return false;
  if (node.isContentEditable || node.tagName === 'TEXTAREA' || node.tagName === 'SELECT') return true;
  return node.tagName === 'INPUT' && TEXT_INPUTS.has((node.getAttribute('type') ?? '').toLowerCase());
}

/**
 * `register({keys, label, run, when?, inText?, group?})`: `keys` is one shortcut or a list
 * (`['Ctrl+K', '/']`); `run(event)` is called when one is pressed and `when(event)` (if given)
 * agrees; `inText` (default: only shortcuts with Ctrl or Alt) lets it fire while the focus is
 * in a text field; `group` heads its line in the help. Returns a function that unregisters.
 * Nothing fires while a modal dialog is open or when a control already handled the key.
 * `describe({keys, label, group})` lists keys that a control handles itself.
 */
export function createShortcuts(doc) {
  const entries = [];

  function register({ keys, label, run, when = null, inText = null, group = 'General' }) {
    const list = Array.isArray(keys) ? keys : [keys];
    const entry = { keys: list, parsed: list.map(parseKeys), label, run, when, inText, group };
    entries.push(entry);
    return () => {
      const at = entries.indexOf(entry);
      if (at >= 0) entries.splice(at, 1);
    };
  }

  doc.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing || modalOpen(doc)) return;
    const typing = isTextField(event.target);
    // The newest registration wins, so a view can take over a key while it is shown.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const entry = entries[i];
      const hit = entry.parsed.find((parsed) => matchesKeys(parsed, event));
      if (!hit) continue;
      if (typing && !(entry.inText ?? hasModifier(hit))) continue;
      if (entry.when && !entry.when(event)) continue;
      event.preventDefault();
      entry.run(event);
      return;
    }
  });

  /** Every registered shortcut, grouped, each label once (`[{group, items: [{label, keys}]}]`). */
  function list() {
    const groups = new Map();
    for (const entry of entries) {
      if (!groups.has(entry.group)) groups.set(entry.group, new Map());
      const items = groups.get(entry.group);
      const keys = items.get(entry.label) ?? [];
      items.set(entry.label, [...keys, ...entry.keys.filter((k) => !keys.includes(k))]);
    }
    return [...groups].map(([group, items]) => ({ group, items: [...items].map(([label, keys]) => ({ label, keys })) }));
  }

  function keysView(keys) {
    const parts = [];
    keys.forEach((text, i) => {
      if (i) parts.push(el(doc, 'span', { className: 'keys-or', text: 'or' }));
      const combo = el(doc, 'span', { className: 'keys' });
      keyLabels(text).forEach((label, j) => {
        if (j) combo.append(el(doc, 'span', { className: 'keys-plus', 'aria-hidden': 'true', text: '+' }));
        combo.append(el(doc, 'kbd', { text: label }));
      });
      parts.push(combo);
    });
    return parts;
  }

  /** The `?` dialog: every shortcut registered right now, in a table per group. */
  function showHelp() {
    if (modalOpen(doc)) return Promise.resolve();
    const { dialog, body, actions } = buildDialog(doc, { title: 'Keyboard shortcuts', className: 'help-dialog' });
    // The list scrolls: focusable, so the keyboard scrolls it too (axe: scrollable-region-focusable).
    body.tabIndex = 0;
    body.setAttribute('role', 'region');
    body.setAttribute('aria-label', 'Every shortcut');
    for (const { group, items } of list()) {
      const table = el(doc, 'table', { className: 'shortcut-table' }, [
        el(doc, 'caption', { text: group }),
        el(doc, 'thead', { className: 'visually-hidden' }, [el(doc, 'tr', {}, [el(doc, 'th', { scope: 'col', text: 'Action' }), el(doc, 'th', { scope: 'col', text: 'Keys' })])]),
        el(doc, 'tbody', {}, items.map(({ label, keys }) => el(doc, 'tr', {}, [
          el(doc, 'th', { scope: 'row', text: label }),
          el(doc, 'td', {}, keysView(keys)),
        ]))),
      ]);
      body.append(table);
    }
    const close = dialogButton(doc, 'Close', { kind: 'primary', onClick: () => dialog.close() });
    actions.append(close);
    return openModal(dialog, { initial: close });
  }

  /** Lists keys a control handles itself (F2 in the roster list) in the help; never fires. */
  function describe({ keys, label, group = 'General' }) {
    return register({ keys, label, group, run: null, when: () => false });
  }

  return { register, describe, list, showHelp };
}
