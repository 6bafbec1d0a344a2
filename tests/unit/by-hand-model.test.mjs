import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptsText, facesIn, mayGrow, progressText, readFace } from '../../ui/js/by-hand/dice-entry-model.js';

test('a die\'s text is a face of that die, nothing, or a reason', () => {
  assert.deepEqual(readFace('5', 6), { face: 5 });
  assert.deepEqual(readFace(' 12 ', 12), { face: 12 });
  assert.deepEqual(readFace('', 6), { empty: true });
  assert.deepEqual(readFace('7', 6), { reason: 'A d6 shows 1 to 6.' });
  assert.deepEqual(readFace('0', 20), { reason: 'A d20 shows 1 to 20.' });
  assert.deepEqual(readFace('x', 4), { reason: 'Type a number from 1 to 4.' });
});

test('typing waits while another digit could still make a face', () => {
  assert.equal(mayGrow('1', 12), true, '1 may be 10, 11 or 12');
  assert.equal(mayGrow('2', 12), false);
  assert.equal(mayGrow('12', 12), false);
  assert.equal(mayGrow('1', 6), false, 'a d6 has no two-digit face');
  assert.equal(mayGrow('2', 20), true);
  assert.equal(mayGrow('10', 100), true);
  assert.equal(mayGrow('', 12), false);
});

test('an input takes only digits that stay within its die', () => {
  assert.equal(acceptsText('', 6), true, 'deleting is fine');
  assert.equal(acceptsText('6', 6), true);
  assert.equal(acceptsText('7', 6), false);
  assert.equal(acceptsText('13', 12), false);
  assert.equal(acceptsText('0', 12), false);
  assert.equal(acceptsText('a', 12), false);
  assert.equal(acceptsText('1 ', 12), false);
});

test('the faces in are every face up to the first die without one', () => {
  const dice = [{ sides: 12 }, { sides: 12 }, { sides: 6 }];
  assert.deepEqual(facesIn(['5', '12', '3'], dice), [5, 12, 3]);
  assert.deepEqual(facesIn(['5', '', '3'], dice), [5]);
  assert.deepEqual(facesIn(['5', '13', '3'], dice), [5], 'an impossible face stops the count');
  assert.deepEqual(facesIn([], dice), []);
});

test('the progress says how many dice are in and which is next', () => {
  const dice = [
    { sides: 12, label: 'Attacker d12 #1', earned: false },
    { sides: 12, label: 'Attacker: the 12 explodes, roll it once more', earned: true },
    { sides: 12, label: 'Defender d12 #1', earned: false },
  ];
  assert.equal(progressText({ dice, given: 0 }), '3 dice to type in. Next: Attacker d12 #1 (d12).');
  assert.equal(progressText({ dice, given: 1 }), '1 of 3 dice in. Next: Attacker: the 12 explodes, roll it once more (d12).');
  assert.equal(progressText({ dice, given: 3 }), 'All 3 dice in.');
  assert.equal(progressText({ dice: dice.slice(0, 1), given: 0 }), 'One die to type in. Next: Attacker d12 #1 (d12).');
  assert.equal(progressText({ dice: dice.slice(0, 1), given: 1 }), 'The die is in.');
  assert.equal(progressText({ dice: [], given: 0 }), 'This rolls no dice.');
});
