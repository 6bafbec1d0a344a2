import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareEntries, PLAN_PREFIX, planChartLabel, planColumns, planColumnWords, planVerdict,
} from '../../ui/js/compare.js';

// Shaped as the rules serve them (`plans` of a catalog kind, `odds_plan`'s answer).
const fatePlan = { id: 'fate_card', label: 'A fate card: on this attack or kept for AC', help: 'h', ruling: 'r', needs: ['later', 'card'] };
const augmentPlan = { id: 'augmentation', label: 'Augmentation: before the roll or after it', help: 'h', ruling: 'r', needs: [] };
const advantage = { id: 'advantage', field: 'advantage', label: 'Advantage', help: '', alternatives: [] };
const odds = (success) => ({ success, outcomes: {}, succeeding: [] });
const roll = (role, label, success) => ({ role, label, request: {}, odds: odds(success) });

const fateAnswer = (best) => ({
  id: 'fate_card', label: 'L', help: 'h', ruling: 'r', measure: 'net', best,
  alternatives: [
    { label: '5H on this attack', help: 'a', cost: null, score: 0.1, rolls: [roll('this', 'This attack', 0.6), roll('later', 'Their attack on this character', 0.5)] },
    { label: '5H kept for AC', help: 'b', cost: null, score: 0.2, rolls: [roll('this', 'This attack', 0.35), roll('later', 'Their attack on this character', 0.15)] },
  ],
});
const saveAnswer = {
  id: 'augmentation', label: 'L', help: 'h', ruling: 'r', measure: 'success_then_cost', best: [2],
  alternatives: [
    { label: 'Nothing bought', help: '', cost: 0, score: 0.5, rolls: [roll('this', 'This save', 0.5)] },
    { label: '+1 before', help: '', cost: 2, score: 0.55, rolls: [roll('this', 'This save', 0.55)] },
    { label: 'Up to +1 after', help: '', cost: 0.2, score: 0.55, rolls: [roll('this', 'This save', 0.55)] },
  ],
};

test('the Vary list holds the field comparisons, then the plans that can be asked here', () => {
  const kind = { compare: [advantage], plans: [fatePlan, augmentPlan] };
  const here = compareEntries(kind, false);
  assert.deepEqual(here.map((e) => e.id), ['advantage', `${PLAN_PREFIX}augmentation`]);
  assert.equal(here[0].choice, advantage);
  assert.equal(here[0].plan, null);
  assert.equal(here[1].plan, augmentPlan);
  // A table form that can tell the later attack and the card offers the fate plan too.
  assert.deepEqual(compareEntries(kind, true).map((e) => e.id), ['advantage', `${PLAN_PREFIX}fate_card`, `${PLAN_PREFIX}augmentation`]);
  assert.deepEqual(compareEntries(null), []);
});

test('a plan column stands on the chance of its roll in hand, with the later roll beside it', () => {
  const result = planColumns(fateAnswer([1]));
  assert.equal(result.metric, 'net');
  assert.deepEqual(result.rolls, ['This attack', 'Their attack on this character']);
  assert.deepEqual(result.columns.map((c) => c.success), [0.6, 0.35]);
  assert.deepEqual(result.columns.map((c) => c.later), [0.5, 0.15]);
  assert.deepEqual(result.columns.map((c) => c.best), [false, true]);
  // The tallest bar is the likeliest roll in hand, whatever the best.
  assert.equal(result.columns[0].share, 1);
  assert.ok(Math.abs(result.columns[1].share - 0.35 / 0.6) < 1e-12);
  assert.equal(result.columns[0].cost, null);
});

test('a plan verdict names the best and its figures, or says they come out the same', () => {
  const fate = planColumns(fateAnswer([1]));
  assert.equal(planVerdict(fate), 'Best: 5H kept for AC: This attack 35.00%, Their attack on this character 15.00%.');
  assert.match(planVerdict(planColumns(fateAnswer([]))), /^Both come out the same/);
  const save = planColumns(saveAnswer);
  assert.equal(planVerdict(save), 'Best: Up to +1 after, 55.00% chance of success for 0.2 points on average.');
});

test('a plan column in words has every figure, for a screen reader', () => {
  const save = planColumns(saveAnswer);
  assert.equal(planColumnWords(save.columns[2], save.rolls), 'Up to +1 after: This save 55.00%, 0.2 points spent on average, best');
  const fate = planColumns(fateAnswer([1]));
  assert.equal(planColumnWords(fate.columns[0], fate.rolls), '5H on this attack: This attack 60.00%, Their attack on this character 50.00%');
  assert.match(planChartLabel('Augmentation', save), /^Augmentation compared, 3 choices: Nothing bought: This save 50\.00%/);
});

test('a pair\'s figure names both chances, a single roll\'s only its own', () => {
  assert.deepEqual(planColumns(fateAnswer([1])).columns.map((c) => c.text), ['60.00% · theirs 50.00%', '35.00% · theirs 15.00%']);
  assert.equal(planColumns(saveAnswer).columns[0].text, '50.00%');
});
