// The genre and marks table panels' pure helpers: a task's facts and the pending modifiers, from
// what Rust serves with the encounter (`view`). The dice-removal order and the Grunt rules are
// pinned by the rules crate's tests (marks_state, genre_state) and the roster's table tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { gruntBarred, pendingWords } from '../../ui/js/encounter/systems/genre.js';
import { poolWords, taskFacts } from '../../ui/js/encounter/systems/marks.js';

test('a pool reads as the dice rolled and kept', () => {
  assert.equal(poolWords([3, 2, 0, 0]), '5d6 keep 3');
  assert.equal(poolWords([3, 0, 2, 1]), '3d6 keep 3, 3d10 keep 2');
});

test('a task says what is left and whether it can be rolled', () => {
  const task = { attribute_dice: 1, skill_dice: 0, super_dice: 0, super_skill_dice: 0, difficulty: 0, needed: 3, failed_attempts: 1, done: false };
  // What Rust serves of the next roll decides: the dice left and whether it can be rolled.
  const facts = taskFacts({ kind: { type: 'task', task, attempts: 1 } }, { penalty: 1, dice_left: [0, 0, 0, 0], rollable: false }, () => null);
  assert.equal(facts.rollable, false);
  assert.match(facts.lines.join(' | '), /−1 dice \(difficulty 0 \+ 1 failed\).*No dice left/);
  const open = taskFacts({ kind: { type: 'task', task: { ...task, failed_attempts: 0 }, attempts: 0 } }, { penalty: 0, dice_left: [1, 0, 0, 0], rollable: true }, () => null);
  assert.equal(open.rollable, true);
  assert.equal(open.button, 'Attempt');
  assert.match(open.lines[0], /^Dice left: 1d6 keep 1$/);
  assert.equal(taskFacts({ kind: { type: 'task', task, attempts: 1 } }, undefined, () => null).rollable, false, 'nothing served, nothing rolled');
  const extended = { attribute_dice: 2, skill_dice: 0, super_dice: 0, super_skill_dice: 0, penalty: 0, plateau: 5, min_steps: 1, max_steps: 3, steps: 3, marks: 6, status: { status: 'completed', on_step: 3 } };
  const done = taskFacts({ kind: { type: 'extended', task: extended } }, { penalty: 0, dice_left: [2, 0, 0, 0], rollable: false }, () => null);
  assert.equal(done.rollable, false);
  assert.match(done.lines.join(' | '), /Marks 6 of 5.*Rolls 2d6 keep 2 \| Completed on step 3/);
});

test('the pending Grunt penalty and Bust A Nut aftermath are named', () => {
  assert.deepEqual(pendingWords({ penalty: 0, dice: 0 }), []);
  assert.deepEqual(pendingWords({ penalty: -2, dice: -1 }), ['Grunt penalty −2', 'Bust A Nut aftermath −1 die']);
  assert.deepEqual(pendingWords(null), []);
});

test('a Grunt is offered as the served view says, for the action the form describes', () => {
  const view = { grunt_bar: null, grunt_bar_with_bust_a_nut: { reason: 'bust_a_nut' }, grunt_bar_on_patience: { reason: 'patience' } };
  assert.equal(gruntBarred(view), null);
  assert.equal(gruntBarred(view, { bustANut: true }), 'No Grunt with Bust A Nut on the same action');
  assert.equal(gruntBarred(view, { patience: true }), 'No Grunt on an action of patience');
  const pending = { reason: 'penalties_pending', left: 2 };
  const rest = { reason: 'rest_needed', grunts: 2, stamina: 2 };
  assert.equal(gruntBarred({ grunt_bar: pending }), "No Grunt until the last one's penalties are spent (2 left)");
  assert.equal(gruntBarred({ grunt_bar: rest }), 'No Grunt: 2 since rest, Stamina 2 (an hour of rest resets the count)');
  assert.equal(gruntBarred(null), 'No Grunt: this participant has no genre state yet');
});

test('a panel\'s number takes the range Rust serves for the move or request field it fills', async () => {
  const { fieldRange, moveRange } = await import('../../ui/js/encounter/systems/panel-parts.js');
  // A made-up catalog: the panels hold no range of their own.
  const catalog = {
    table_ranges: [{ system: 'd12', move: 'attack_start', field: 'cap', label: 'Cap', min: 0, max: 7 }],
    systems: [{ id: 'marks', kinds: [{ id: 'pool', fields: [{ name: 'needed', type: 'int', min: 0, max: 9 }, { name: 'mode', type: 'choice' }] }] }],
  };
  assert.deepEqual(moveRange(catalog, 'd12', 'attack_start', 'cap'), { min: 0, max: 7 });
  assert.deepEqual(moveRange(catalog, 'd12', 'attack_start', 'ranks'), {});
  assert.deepEqual(fieldRange(catalog, 'marks', 'pool', 'needed'), { min: 0, max: 9 });
  assert.deepEqual(fieldRange(catalog, 'marks', 'pool', 'mode'), {}, 'not a number');
  assert.deepEqual(fieldRange(null, 'marks', 'pool', 'needed'), {}, 'no catalog read');
});
