import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ariaKeyShortcuts, hasModifier, keyLabels, matchesKeys, parseKeys } from '../../ui/js/toolkit/shortcut-keys.js';

const press = (key, mods = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

test('a shortcut is read into its modifiers and key', () => {
  assert.deepEqual(parseKeys('Ctrl+Shift+N'), { ctrl: true, alt: false, shift: true, key: 'n' });
  assert.deepEqual(parseKeys('Delete'), { ctrl: false, alt: false, shift: false, key: 'Delete' });
  assert.deepEqual(parseKeys('Esc'), { ctrl: false, alt: false, shift: false, key: 'Escape' });
  assert.deepEqual(parseKeys('Ctrl+1'), { ctrl: true, alt: false, shift: false, key: '1' });
});

test('mistakes in a shortcut are refused, naming the part at fault', () => {
  assert.throws(() => parseKeys('Hyper+N'), /Hyper is not Ctrl, Shift or Alt/);
  assert.throws(() => parseKeys('Ctrl+'), /names no key/);
  assert.throws(() => parseKeys('Ctrl+Banana'), /Banana is not a key name/);
});

test('letters match whatever case Shift gives them, but Shift itself must agree', () => {
  const newCharacter = parseKeys('Ctrl+N');
  const newRoster = parseKeys('Ctrl+Shift+N');
  assert.ok(matchesKeys(newCharacter, press('n', { ctrlKey: true })));
  assert.ok(!matchesKeys(newCharacter, press('N', { ctrlKey: true, shiftKey: true })));
  assert.ok(matchesKeys(newRoster, press('N', { ctrlKey: true, shiftKey: true })));
  assert.ok(!matchesKeys(newRoster, press('n', { ctrlKey: true })));
  assert.ok(!matchesKeys(newCharacter, press('n')), 'Ctrl is needed');
  assert.ok(!matchesKeys(newCharacter, press('n', { ctrlKey: true, altKey: true })), 'Alt must not be held');
});

test('the Command key stands in for Ctrl', () => {
  assert.ok(matchesKeys(parseKeys('Ctrl+K'), press('k', { metaKey: true })));
});

test('symbols match with or without the Shift their layout needs', () => {
  const help = parseKeys('?');
  assert.equal(help.shift, null);
  assert.ok(matchesKeys(help, press('?', { shiftKey: true })));
  assert.ok(matchesKeys(help, press('?')));
  assert.ok(matchesKeys(parseKeys('/'), press('/')));
  assert.ok(!matchesKeys(parseKeys('/'), press('/', { ctrlKey: true })));
});

test('named keys compare exactly', () => {
  assert.ok(matchesKeys(parseKeys('Delete'), press('Delete')));
  assert.ok(!matchesKeys(parseKeys('Delete'), press('Backspace')));
  assert.ok(!matchesKeys(parseKeys('Delete'), press('Delete', { shiftKey: true })));
});

test('shortcuts with Ctrl or Alt are the ones that may fire while typing', () => {
  assert.ok(hasModifier(parseKeys('Ctrl+K')));
  assert.ok(!hasModifier(parseKeys('/')));
  assert.ok(!hasModifier(parseKeys('Shift+Delete')));
});

test('keys are labelled for the help dialog and for aria-keyshortcuts', () => {
  assert.deepEqual(keyLabels('Ctrl+Shift+Z'), ['Ctrl', 'Shift', 'Z']);
  assert.deepEqual(keyLabels('Esc'), ['Esc']);
  assert.deepEqual(keyLabels('?'), ['?']);
  assert.equal(ariaKeyShortcuts(['Ctrl+K', '/']), 'Control+K /');
  assert.equal(ariaKeyShortcuts(['Ctrl+Shift+N']), 'Control+Shift+N');
});
