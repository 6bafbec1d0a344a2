import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextIndex } from '../../ui/js/rosters/list-nav.js';

test('arrows move one step and stop at the ends', () => {
  assert.equal(nextIndex('ArrowDown', 0, 3), 1);
  assert.equal(nextIndex('ArrowDown', 2, 3), 2);
  assert.equal(nextIndex('ArrowUp', 0, 3), 0);
  assert.equal(nextIndex('ArrowUp', 2, 3), 1);
});

test('Home, End and the page keys jump', () => {
  assert.equal(nextIndex('Home', 5, 9), 0);
  assert.equal(nextIndex('End', 0, 9), 8);
  assert.equal(nextIndex('PageDown', 1, 30), 11);
  assert.equal(nextIndex('PageDown', 25, 30), 29);
  assert.equal(nextIndex('PageUp', 4, 30), 0);
});

test('other keys and empty lists do not move', () => {
  assert.equal(nextIndex('a', 1, 3), null);
  assert.equal(nextIndex('ArrowDown', 0, 0), null);
});

test('with nothing focused, Down starts at the top and Up at the bottom', () => {
  assert.equal(nextIndex('ArrowDown', -1, 3), 0);
  assert.equal(nextIndex('ArrowUp', -1, 3), 2);
  assert.equal(nextIndex('ArrowUp', 7, 3), 2);
  assert.equal(nextIndex('Enter', -1, 3), null);
});
