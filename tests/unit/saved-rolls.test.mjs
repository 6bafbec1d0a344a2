import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  movedIndex, parseValues, problemField, rolledText, rollLine, valuesText,
} from '../../ui/js/saved-rolls/saved-rolls-model.js';

const roll = (name, extra = {}) => ({ name, expr: '8d6', values: {}, target: 1, notes: '', ...extra });

test('values are read from NAME=NUMBER and written back alike', () => {
  assert.deepEqual(parseValues(''), { values: {} });
  assert.deepEqual(parseValues('bonus=2, dc = 15'), { values: { bonus: 2, dc: 15 } });
  assert.deepEqual(parseValues('@bonus=−3 dc=4'), { values: { bonus: -3, dc: 4 } });
  assert.match(parseValues('bonus=two').error, /“bonus=two” is not NAME=NUMBER/);
  assert.match(parseValues('bonus').error, /“bonus”/);
  assert.equal(valuesText({ bonus: 2, dc: 15 }), 'bonus=2, dc=15');
  assert.deepEqual(parseValues(valuesText({ a: -1, b_2: 0 })), { values: { a: -1, b_2: 0 } });
});

test('a roll reads as its notation, its values and a target other than 1', () => {
  assert.equal(rollLine(roll('Fireball')), '8d6');
  assert.equal(rollLine(roll('Hit', { expr: 'd20+@bonus', values: { bonus: 5 }, target: 15 })), 'd20+@bonus · bonus=5 · at least 15');
});

test('a move past either end goes nowhere', () => {
  assert.equal(movedIndex(0, -1, 3), null);
  assert.equal(movedIndex(2, 1, 3), null);
  assert.equal(movedIndex(1, -1, 3), 0);
  assert.equal(movedIndex(1, 1, 3), 2);
});

test('a roll made is told with its outcome and verdict', () => {
  assert.equal(rolledText(roll('Fireball'), { outcome: '27', success: true }), 'Fireball: 27, success');
  assert.equal(rolledText(roll('Drain'), { outcome: '-2', success: false }), 'Drain: −2, failure');
});

test('a refusal goes to the field it names', () => {
  assert.equal(problemField('expr'), 'expr');
  assert.equal(problemField('values.bonus'), 'values');
  assert.equal(problemField(''), null);
  assert.equal(problemField('roster'), null);
});
