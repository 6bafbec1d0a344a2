// What an undo may put straight into the form's inputs (sheet/form-refill.js): the places where
// two drafts differ in values alone, and null where they differ in shape (then the form is redrawn).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changedValues } from '../../ui/js/sheet/form-refill.js';

const draft = () => ({
  n01: 10,
  name: 'Ada',
  ratings: [{ name: 'a1', value: 2 }, { name: 'b1', value: 0 }],
  attributes: [{ key: 'Will Power', value: 3 }],
  tough: true,
});

test('the same draft has no change', () => {
  assert.deepEqual(changedValues(draft(), draft()), []);
});

test('values changed anywhere are named by their place, in the order of the draft', () => {
  const after = draft();
  after.n01 = 11;
  after.ratings[1].value = 4;
  after.attributes[0].key = 'Grit';
  after.tough = false;
  assert.deepEqual(changedValues(draft(), after), [['n01'], ['ratings', 1, 'value'], ['attributes', 0, 'key'], ['tough']]);
});

test('a value typed that is not a number yet is a value changed', () => {
  assert.deepEqual(changedValues({ n01: 10 }, { n01: '1x' }), [['n01']]);
});

test('a list of another length, an object of other keys or a value become a list is a change of shape', () => {
  const longer = draft();
  longer.ratings.push({ name: '', value: 0 });
  assert.equal(changedValues(draft(), longer), null);
  const fewer = draft();
  delete fewer.tough;
  assert.equal(changedValues(draft(), fewer), null);
  const renamed = draft();
  delete renamed.tough;
  renamed.brave = true;
  assert.equal(changedValues(draft(), renamed), null);
  assert.equal(changedValues({ gear: 'rope' }, { gear: ['rope'] }), null);
  assert.equal(changedValues({ gear: [] }, { gear: {} }), null);
  assert.equal(changedValues({ gear: null }, { gear: {} }), null);
});

test('rows moved are values changed in place, since the form draws rows by their place', () => {
  const moved = draft();
  moved.ratings.reverse();
  assert.deepEqual(changedValues(draft(), moved), [['ratings', 0, 'name'], ['ratings', 0, 'value'], ['ratings', 1, 'name'], ['ratings', 1, 'value']]);
});
