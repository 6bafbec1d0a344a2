import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  columnWords, compareChartLabel, compareChoices, compareColumns, compareMetric, compareVerdict, resolveAlternatives,
} from '../../ui/js/compare.js';

// Shaped as the catalog serves them (rules crate: `compare` of each kind).
const grunt = {
  id: 'grunt', field: 'grunt', label: 'Grunt', help: '',
  alternatives: [0, 1, 2, 3].map((v) => ({ label: v ? `Grunt +${v}` : 'No Grunt', how: 'set', value: v })),
};
const gruntField = { name: 'grunt', label: 'Grunt', help: '', type: 'int', min: 0, max: 3, default: 0 };
const fate = {
  id: 'fate', field: 'bonus', label: 'A fate card on the attack', help: '',
  alternatives: [[0, 'No card'], [2, 'A 2 (+2)'], [5, 'A 5 (+5)'], [10, 'A face card (+10)']].map(([by, label]) => ({ label, how: 'add', by })),
};
const bonusField = { name: 'bonus', label: 'Attack bonus', help: '', type: 'int', min: -50, max: 100, default: 0 };

test('a kind without comparisons offers none', () => {
  assert.deepEqual(compareChoices({ fields: [] }), []);
  assert.deepEqual(compareChoices(null), []);
  assert.equal(compareChoices({ compare: [grunt] })[0], grunt);
});

test('set alternatives take their values; the one the roll has now is marked', () => {
  const resolved = resolveAlternatives(grunt, { system: 'genre', roll: 'action', grunt: 2 }, gruntField);
  assert.deepEqual(resolved.map((a) => a.value), [0, 1, 2, 3]);
  assert.deepEqual(resolved.map((a) => a.current), [false, false, true, false]);
  assert.equal(resolved[2].label, 'Grunt +2');
});

test('a field the request leaves out counts as its default', () => {
  const resolved = resolveAlternatives(grunt, { system: 'genre', roll: 'action' }, gruntField);
  assert.deepEqual(resolved.map((a) => a.current), [true, false, false, false]);
});

test('add alternatives count from the roll\'s own value and stay in the field\'s range', () => {
  const resolved = resolveAlternatives(fate, { bonus: 3 }, bonusField);
  assert.deepEqual(resolved.map((a) => a.value), [3, 5, 8, 13]);
  const near = resolveAlternatives(fate, { bonus: 93 }, bonusField);
  assert.deepEqual(near.map((a) => a.value), [93, 95, 98], 'a face card would be over 100');
  assert.deepEqual(near.map((a) => a.label), ['No card', 'A 2 (+2)', 'A 5 (+5)']);
});

test('stunt levels match ignoring case, and a repeated value is kept once', () => {
  const active = {
    id: 'active', field: 'active', label: 'Active level', help: '',
    alternatives: ['Average', 'Skilled', 'Skilled'].map((l) => ({ label: l, how: 'set', value: l })),
  };
  const resolved = resolveAlternatives(active, { active: ' skilled' }, { type: 'choice', choices: [], default: 'Skilled' });
  assert.deepEqual(resolved.map((a) => [a.value, a.current]), [['Average', false], ['Skilled', true]]);
});

const alt = (labels) => labels.map((label, i) => ({ label, value: i, current: i === 0 }));

test('the best choice has the highest chance of success', () => {
  const result = compareColumns(alt(['No Grunt', 'Grunt +1', 'Grunt +2']), [
    { success: 0.4, outcomes: {} }, { success: 0.55, outcomes: {} }, { success: 0.5, outcomes: {} },
  ]);
  assert.equal(result.metric, 'success');
  assert.deepEqual(result.best, [1]);
  assert.deepEqual(result.columns.map((c) => c.best), [false, true, false]);
  assert.deepEqual(result.columns.map((c) => c.text), ['40.00%', '55.00%', '50.00%']);
  assert.equal(result.columns[1].share, 1);
  assert.ok(Math.abs(result.columns[0].share - 0.4 / 0.55) < 1e-12);
  assert.equal(compareVerdict(result), 'Best: Grunt +1, 55.00% chance of success.');
});

test('ties at the top are all best; all the same is none', () => {
  const tied = compareColumns(alt(['A', 'B', 'C']), [{ success: 0.5 }, { success: 0.5 + 1e-13 }, { success: 0.2 }]);
  assert.deepEqual(tied.best, [0, 1]);
  assert.equal(compareVerdict(tied), 'Best: A and B (tied), 50.00% chance of success.');
  const same = compareColumns(alt(['A', 'B']), [{ success: 0.3 }, { success: 0.3 }]);
  assert.deepEqual(same.best, []);
  assert.ok(same.columns.every((c) => !c.best));
  assert.equal(compareVerdict(same), 'Every choice comes out the same: 30.00% chance of success.');
});

test('without a difference in success, the mean decides', () => {
  const answers = [{ success: 1, mean: 21 }, { success: 1, mean: 17.5 }];
  assert.equal(compareMetric(answers), 'mean');
  const result = compareColumns(alt(['No armour', '+1d12 armour']), answers);
  assert.deepEqual(result.best, [0]);
  assert.deepEqual(result.columns.map((c) => c.text), ['avg 21', 'avg 17.5']);
  assert.match(compareVerdict(result), /^Best: No armour, average 21 \(every chance of success is the same\)\.$/);
  assert.equal(compareMetric([{ success: 1 }, { success: 1 }]), 'success', 'no means: success it is');
  assert.equal(compareMetric([{ success: 0.2, mean: 1 }, { success: 0.3, mean: 0 }]), 'success');
});

test('negative means still give columns of sensible heights', () => {
  const result = compareColumns(alt(['A', 'B']), [{ success: 0, mean: -2 }, { success: 0, mean: 2 }]);
  assert.deepEqual(result.columns.map((c) => c.share), [0, 1]);
});

test('screen-reader words name the choice, its chance, now and best', () => {
  const result = compareColumns(alt(['No Grunt', 'Grunt +1']), [{ success: 0.25 }, { success: 0.5, mean: 1.5 }]);
  assert.equal(columnWords(result.columns[0], result.metric), 'No Grunt: 25.00% chance of success, as the roll is set now');
  assert.equal(columnWords(result.columns[1], result.metric), 'Grunt +1: 50.00% chance of success, average 1.5, best');
  assert.equal(compareChartLabel(grunt, result), `Grunt compared, 2 choices: ${columnWords(result.columns[0], 'success')}; ${columnWords(result.columns[1], 'success')}.`);
});

test('a comparison of a typed expression\'s value reads and adds to that value', async () => {
  const { fieldValue } = await import('../../ui/js/compare.js');
  const request = { system: 'dice', roll: 'expr', expr: 'd20+@bonus', values: { bonus: 3 }, target: 15 };
  assert.equal(fieldValue(request, 'values.bonus'), 3);
  assert.equal(fieldValue(request, 'target'), 15);
  assert.equal(fieldValue(request, 'values.dc'), undefined);
  const bonus = {
    id: 'values.bonus', field: 'values.bonus', label: '@bonus', help: '',
    alternatives: [[-1, '1 lower'], [0, 'As set'], [1, '1 higher']].map(([by, label]) => ({ label, how: 'add', by })),
  };
  const resolved = resolveAlternatives(bonus, request, undefined);
  assert.deepEqual(resolved.map((a) => a.value), [2, 3, 4]);
  assert.deepEqual(resolved.map((a) => a.current), [false, true, false]);
});
