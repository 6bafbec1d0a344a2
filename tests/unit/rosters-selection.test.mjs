import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickSelection, coverage, EMPTY_SELECTION, keepShown, rangeBetween, selectAll, toggle } from '../../ui/js/rosters/selection.js';

const ORDER = ['a', 'b', 'c', 'd', 'e', 'f'];

test('a range runs between two ids in either direction', () => {
  assert.deepEqual(rangeBetween(ORDER, 'b', 'e'), ['b', 'c', 'd', 'e']);
  assert.deepEqual(rangeBetween(ORDER, 'e', 'b'), ['b', 'c', 'd', 'e']);
  assert.deepEqual(rangeBetween(ORDER, 'gone', 'c'), ['c']);
  assert.deepEqual(rangeBetween(ORDER, 'a', 'gone'), []);
});

test('toggling adds and removes one id, kept in list order', () => {
  let s = toggle(EMPTY_SELECTION, ORDER, 'd');
  s = toggle(s, ORDER, 'b');
  assert.deepEqual(s, { ids: ['b', 'd'], anchor: 'b' });
  s = toggle(s, ORDER, 'd');
  assert.deepEqual(s, { ids: ['b'], anchor: 'd' });
});

test('Shift-click selects from the anchor, adding to what was selected', () => {
  let s = clickSelection(EMPTY_SELECTION, ORDER, 'a');
  s = clickSelection(s, ORDER, 'c', { shift: true });
  assert.deepEqual(s.ids, ['a', 'b', 'c']);
  s = clickSelection(s, ORDER, 'e');
  s = clickSelection(s, ORDER, 'f', { shift: true });
  assert.deepEqual(s.ids, ['a', 'b', 'c', 'e', 'f']);
  assert.equal(s.anchor, 'e', 'the anchor stays where the range began');
});

test('Shift-click upwards works too; with no anchor it selects the one clicked', () => {
  assert.deepEqual(clickSelection({ ids: ['e'], anchor: 'e' }, ORDER, 'b', { shift: true }).ids, ['b', 'c', 'd', 'e']);
  assert.deepEqual(clickSelection(EMPTY_SELECTION, ORDER, 'c', { shift: true }), { ids: ['c'], anchor: 'c' });
});

test('Shift-click from an anchor that was filtered away selects only the one clicked', () => {
  const s = clickSelection({ ids: ['x'], anchor: 'x' }, ORDER, 'c', { shift: true });
  assert.deepEqual(s.ids, ['c']);
});

test('select all, then keep only what is still shown', () => {
  const all = selectAll(ORDER);
  assert.deepEqual(all.ids, ORDER);
  const kept = keepShown(all, ['b', 'd']);
  assert.deepEqual(kept, { ids: ['b', 'd'], anchor: null });
  assert.equal(keepShown(kept, ['a', 'b', 'd']), kept, 'unchanged selections are the same value');
});

test('the select-all box shows none, some or all of the shown list', () => {
  assert.equal(coverage(EMPTY_SELECTION, ORDER), 'none');
  assert.equal(coverage({ ids: ['a'], anchor: 'a' }, ORDER), 'some');
  assert.equal(coverage(selectAll(ORDER), ORDER), 'all');
  assert.equal(coverage(EMPTY_SELECTION, []), 'none');
});
