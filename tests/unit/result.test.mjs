import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diceGroups, legendStates, shownFaces, verdictFigure, verdictText } from '../../ui/js/result.js';

test('a numeric outcome reads as Success or Failure with the number beside it', () => {
  const marks = { outcome: '3', success: true, total: 3 };
  assert.equal(verdictText(marks), 'Success');
  assert.equal(verdictFigure(marks), 'Result 3');
  const genre = { outcome: '-2', success: false, total: 4 };
  assert.equal(verdictText(genre), 'Failure');
  assert.equal(verdictFigure(genre), 'Result \u22122');
});

test('a named outcome reads as itself with the total beside it', () => {
  const attack = { outcome: 'critical', success: true, total: 23 };
  assert.equal(verdictText(attack), 'Critical');
  assert.equal(verdictFigure(attack), 'Total 23');
  assert.equal(verdictFigure({ outcome: 'success', success: true }), null);
});

test('a result without groups shows its dice as one kept group', () => {
  const groups = diceGroups({ dice: [3, 5], groups: [] });
  assert.deepEqual(groups, [{ label: 'Dice', dice: [{ face: 3, sides: 0, state: 'kept' }, { face: 5, sides: 0, state: 'kept' }] }]);
  const given = [{ label: 'human d6 (keep 3)', dice: [{ face: 1, sides: 6, state: 'dropped' }] }];
  assert.equal(diceGroups({ dice: [1], groups: given }), given);
});

test('the legend explains only the states present, in a fixed order', () => {
  const groups = [
    { label: 'a', dice: [{ state: 'cancels' }, { state: 'kept' }, { state: 'dropped' }] },
    { label: 'b', dice: [{ state: 'exploded' }, { state: 'bonus' }] },
  ];
  assert.deepEqual(legendStates(groups), ['kept', 'dropped', 'exploded', 'bonus', 'cancels']);
});

test('no legend when every die is simply kept', () => {
  assert.deepEqual(legendStates([{ label: 'x', dice: [{ state: 'kept' }, { state: 'kept' }] }]), []);
  assert.deepEqual(legendStates([]), []);
});

test('unknown states still get explained, after the known ones', () => {
  assert.deepEqual(legendStates([{ label: 'x', dice: [{ state: 'wild' }, { state: 'kept' }] }]), ['kept', 'wild']);
});

test('shownFaces lists every face in display order', () => {
  assert.deepEqual(shownFaces([{ dice: [{ face: 2 }, { face: 9 }] }, { dice: [{ face: 12 }] }]), [2, 9, 12]);
});
