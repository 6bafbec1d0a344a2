// The shortcut registry's dispatch rules, against a stand-in document (no DOM in Node): which
// registration a key reaches, and when none does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createShortcuts, isTextField } from '../../ui/js/toolkit/shortcuts.js';

class FakeDocument extends EventTarget {
  constructor() {
    super();
    this.openDialogs = [];
  }

  querySelectorAll(selector) {
    return selector === 'dialog[open]' ? this.openDialogs : [];
  }
}

const element = (tagName, type = null) => ({ nodeType: 1, tagName, isContentEditable: false, getAttribute: (name) => (name === 'type' ? type : null) });
const BODY = element('BODY');

/** Presses a key on `doc` as if `target` had the focus; returns the event (defaultPrevented tells if a shortcut took it). */
function press(doc, key, { target = BODY, ctrl = false, shift = false, prevented = false } = {}) {
  const event = new Event('keydown', { cancelable: true });
  Object.defineProperties(event, {
    key: { value: key },
    ctrlKey: { value: ctrl },
    metaKey: { value: false },
    shiftKey: { value: shift },
    altKey: { value: false },
    isComposing: { value: false },
    target: { value: target },
  });
  if (prevented) event.preventDefault();
  doc.dispatchEvent(event);
  return event;
}

function setup() {
  const doc = new FakeDocument();
  const calls = [];
  const shortcuts = createShortcuts(doc);
  const hit = (name) => () => calls.push(name);
  return { doc, calls, shortcuts, hit };
}

test('a registered shortcut runs and takes the key from the page', () => {
  const { doc, calls, shortcuts, hit } = setup();
  shortcuts.register({ keys: ['Ctrl+K', '/'], label: 'Search', run: hit('search') });
  assert.ok(press(doc, 'k', { ctrl: true }).defaultPrevented);
  assert.ok(press(doc, '/').defaultPrevented);
  assert.deepEqual(calls, ['search', 'search']);
  assert.ok(!press(doc, 'k').defaultPrevented, 'plain K is left alone');
});

test('while typing, keys without Ctrl or Alt stay text; Ctrl shortcuts still work', () => {
  const { doc, calls, shortcuts, hit } = setup();
  shortcuts.register({ keys: ['Ctrl+K', '/'], label: 'Search', run: hit('search') });
  shortcuts.register({ keys: 'Delete', label: 'Delete', run: hit('delete') });
  const input = element('INPUT', 'text');
  assert.ok(!press(doc, '/', { target: input }).defaultPrevented);
  assert.ok(!press(doc, 'Delete', { target: input }).defaultPrevented);
  press(doc, 'k', { ctrl: true, target: input });
  assert.deepEqual(calls, ['search']);
});

test('inText decides for itself: Ctrl+A in a text box selects its text, not the list', () => {
  const { doc, calls, shortcuts, hit } = setup();
  shortcuts.register({ keys: 'Ctrl+A', label: 'Select all', inText: false, run: hit('all') });
  shortcuts.register({ keys: 'Esc', label: 'Close', inText: true, run: hit('close') });
  assert.ok(!press(doc, 'a', { ctrl: true, target: element('TEXTAREA') }).defaultPrevented);
  press(doc, 'Escape', { target: element('INPUT', 'search') });
  press(doc, 'a', { ctrl: true, target: element('BUTTON') });
  assert.deepEqual(calls, ['close', 'all']);
});

test('the newest registration that agrees wins; `when` passes the key on', () => {
  const { doc, calls, shortcuts, hit } = setup();
  shortcuts.register({ keys: 'Ctrl+Z', label: 'Undo delete', run: hit('undo-delete') });
  let inPanel = true;
  shortcuts.register({ keys: 'Ctrl+Z', label: 'Undo edit', when: () => inPanel, run: hit('undo-edit') });
  press(doc, 'z', { ctrl: true });
  inPanel = false;
  press(doc, 'z', { ctrl: true });
  assert.deepEqual(calls, ['undo-edit', 'undo-delete']);
});

test('unregistering removes a shortcut', () => {
  const { doc, calls, shortcuts, hit } = setup();
  const off = shortcuts.register({ keys: 'Ctrl+Enter', label: 'Roll', run: hit('roll') });
  off();
  assert.ok(!press(doc, 'Enter', { ctrl: true }).defaultPrevented);
  assert.deepEqual(calls, []);
  assert.deepEqual(shortcuts.list(), []);
});

test('nothing fires while a modal dialog is open, or when a control already took the key', () => {
  const { doc, calls, shortcuts, hit } = setup();
  shortcuts.register({ keys: '?', label: 'Help', run: hit('help') });
  doc.openDialogs = [{ matches: (selector) => selector === ':modal' }];
  press(doc, '?', { shift: true });
  doc.openDialogs = [];
  press(doc, '?', { shift: true, prevented: true });
  assert.deepEqual(calls, []);
  press(doc, '?', { shift: true });
  assert.deepEqual(calls, ['help']);
});

test('described keys are listed but never fire', () => {
  const { doc, calls, shortcuts, hit } = setup();
  shortcuts.describe({ keys: 'F2', label: 'Rename the roster', group: 'Lists' });
  shortcuts.register({ keys: 'Ctrl+N', label: 'New character', group: 'Rosters', run: hit('new') });
  shortcuts.register({ keys: 'Ctrl+Shift+N', label: 'New character', group: 'Rosters', run: hit('new2') });
  assert.ok(!press(doc, 'F2').defaultPrevented);
  assert.deepEqual(calls, []);
  assert.deepEqual(shortcuts.list(), [
    { group: 'Lists', items: [{ label: 'Rename the roster', keys: ['F2'] }] },
    { group: 'Rosters', items: [{ label: 'New character', keys: ['Ctrl+N', 'Ctrl+Shift+N'] }] },
  ], 'one line per label, its keys together');
});

test('text fields are inputs that take text, text areas, selects and editable content', () => {
  assert.ok(isTextField(element('INPUT', 'text')));
  assert.ok(isTextField(element('INPUT', null)), 'an input with no type is a text box');
  assert.ok(isTextField(element('INPUT', 'search')));
  assert.ok(isTextField(element('SELECT')));
  assert.ok(!isTextField(element('INPUT', 'checkbox')));
  assert.ok(!isTextField(element('BUTTON')));
  assert.ok(!isTextField(null));
});
