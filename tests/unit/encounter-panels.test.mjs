// The genre and marks table panels' pure helpers: dice left in the ruled order (the same
// sequence the rules crate's marks_state test pins), a task's facts, and the pending modifiers.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { pendingWords } from '../../ui/js/encounter/systems/genre.js';
import { diceLeft, poolWords, taskFacts } from '../../ui/js/encounter/systems/marks.js';

test('dice come off human skill, human attribute, super skill, then super dice', () => {
  const seen = [0, 1, 2, 3, 4, 5].map((k) => diceLeft([2, 1, 1, 1], k));
  assert.deepEqual(seen, [[2, 1, 1, 1], [2, 0, 1, 1], [1, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 0], [0, 0, 0, 0]]);
  assert.deepEqual(diceLeft([3, 3, 0, 0], 9), [0, 0, 0, 0]);
  assert.equal(poolWords([3, 2, 0, 0]), '5d6 keep 3');
  assert.equal(poolWords([3, 0, 2, 1]), '3d6 keep 3, 3d10 keep 2');
});

test('a task says what is left and whether it can be rolled', () => {
  const task = { attribute_dice: 1, skill_dice: 0, super_dice: 0, super_skill_dice: 0, difficulty: 0, needed: 3, failed_attempts: 1, done: false };
  const facts = taskFacts({ kind: { type: 'task', task, attempts: 1 } }, () => null);
  assert.equal(facts.rollable, false);
  assert.match(facts.lines.join(' | '), /No dice left/);
  const open = taskFacts({ kind: { type: 'task', task: { ...task, failed_attempts: 0 }, attempts: 0 } }, () => null);
  assert.equal(open.rollable, true);
  assert.equal(open.button, 'Attempt');
  const extended = { attribute_dice: 2, skill_dice: 0, super_dice: 0, super_skill_dice: 0, penalty: 0, plateau: 5, min_steps: 1, max_steps: 3, steps: 3, marks: 6, status: { status: 'completed', on_step: 3 } };
  const done = taskFacts({ kind: { type: 'extended', task: extended } }, () => null);
  assert.equal(done.rollable, false);
  assert.match(done.lines.join(' | '), /Marks 6 of 5.*Completed on step 3/);
});

test('the pending Grunt penalty and Bust A Nut aftermath are named', () => {
  const part = (trackers) => ({ state: { glory: 0, trackers: { grunt_penalties: [], grunts_since_rest: 0, nuts_used: 0, nut_rounds_left: 0, ...trackers } } });
  assert.deepEqual(pendingWords(part({})), []);
  assert.deepEqual(pendingWords(part({ grunt_penalties: [-2, -1], nut_rounds_left: 1 })), ['Grunt penalty −2', 'Bust A Nut aftermath −1 die']);
});
