import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canRedo, canUndo, createHistory, record, redo, seal, undo } from '../../ui/js/sheet/history.js';

test('undo and redo walk the recorded states', () => {
  let h = createHistory('a');
  assert.equal(canUndo(h), false);
  h = record(h, 'b');
  h = record(h, 'c');
  h = undo(h);
  assert.equal(h.present, 'b');
  assert.equal(canRedo(h), true);
  h = undo(h);
  assert.equal(h.present, 'a');
  assert.equal(canUndo(h), false);
  assert.equal(undo(h), h, 'nothing to undo changes nothing');
  h = redo(redo(h));
  assert.equal(h.present, 'c');
  assert.equal(redo(h), h);
});

test('a new edit after undo drops what could have been redone', () => {
  let h = record(record(createHistory(1), 2), 3);
  h = record(undo(h), 4);
  assert.equal(h.present, 4);
  assert.equal(canRedo(h), false);
  assert.equal(undo(h).present, 2);
});

test('keystrokes in one field are one undo step until the group changes or is sealed', () => {
  let h = createHistory('');
  h = record(h, 'G', 'name');
  h = record(h, 'Gu', 'name');
  h = record(h, 'Gun', 'name');
  assert.equal(undo(h).present, '', 'one step for the whole word');
  h = record(h, 'Gun 2', 'ranks');
  assert.equal(undo(h).present, 'Gun');
  h = seal(record(createHistory(0), 1, 'x'));
  h = record(h, 2, 'x');
  assert.equal(undo(h).present, 1, 'after sealing, the same field starts a new step');
});

test('recording the present is not an edit, and the past is bounded', () => {
  const h = createHistory('same');
  assert.equal(record(h, 'same'), h);
  let long = createHistory(0);
  for (let i = 1; i <= 10; i += 1) long = record(long, i, null, 4);
  assert.deepEqual(long.past, [6, 7, 8, 9]);
});

test('undo does not merge with the next edit of the same field', () => {
  let h = record(record(createHistory('a'), 'ab', 'f'), 'abc', 'f');
  h = undo(h);
  h = record(h, 'aX', 'f');
  assert.equal(undo(h).present, 'a');
});
