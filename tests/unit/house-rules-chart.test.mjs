import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addLevel, editableRules, moveLevel, newLevelName, readRules, removeLevel, renameLevel, setCell, stepCell, targetForDifference,
} from '../../ui/js/house-rules/chart-model.js';

// RULES.md section 1: the target by d = index(defending) - index(active).
const RULED = (d) => (d <= -5 ? 2 : d >= 6 ? 36 : { '-4': 3, '-3': 4, '-2': 6, '-1': 8, 0: 12, 1: 15, 2: 18, 3: 20, 4: 24, 5: 30 }[d]);
const LEVELS = ['Poor', 'Average', 'Good', 'Skilled', 'Talented', 'Champion', 'Heroic', 'Mutant', 'Cosmic', 'Omega'];
const ruledChart = (n) => Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, d) => RULED(d - a)));
const STUNT = { levels: LEVELS, chart: ruledChart(10) };

test('editing works on a copy; the roster\'s rules stay as they were', () => {
  const rules = editableRules(STUNT);
  const changed = setCell(renameLevel(rules, 1, 'Ordinary'), 3, 1, 7);
  assert.equal(STUNT.levels[1], 'Average');
  assert.equal(STUNT.chart[3][1], 6);
  assert.equal(changed.levels[1], 'Ordinary');
  assert.equal(changed.chart[3][1], 7);
  assert.equal(rules.chart[3][1], 6);
});

test('a diagonal\'s target is what the chart mostly says there, or the nearest diagonal\'s', () => {
  assert.equal(targetForDifference(STUNT.chart, 0), 12);
  assert.equal(targetForDifference(STUNT.chart, -2), 6);
  assert.equal(targetForDifference(STUNT.chart, 12), 36, 'beyond the chart: the farthest diagonal');
  const bent = setCell(STUNT, 0, 0, 11);
  assert.equal(targetForDifference(bent.chart, 0), 12, 'one house-ruled cell does not move the diagonal');
  assert.equal(targetForDifference([], 0), null);
});

test('a level added to the ruled chart gets exactly the ruled row and column', () => {
  const added = addLevel(STUNT, 8, 'Godlike');
  assert.deepEqual(added.levels, [...LEVELS.slice(0, 8), 'Godlike', ...LEVELS.slice(8)]);
  for (let i = 0; i < 11; i += 1) {
    assert.equal(added.chart[8][i], RULED(i - 8), `Godlike vs ${added.levels[i]}`);
    assert.equal(added.chart[i][8], RULED(8 - i), `${added.levels[i]} vs Godlike`);
  }
  assert.equal(added.chart[3][9], STUNT.chart[3][8], 'Skilled vs Cosmic keeps its cell (the chart is not redone)');
  const atEnd = addLevel(STUNT);
  assert.equal(atEnd.levels[10], 'New level');
  assert.deepEqual(atEnd.chart, ruledChart(11));
});

test('the cells the GM changed keep their values when a level is added', () => {
  const custom = setCell(STUNT, 3, 1, 5);
  const added = addLevel(custom, 0, 'Hopeless');
  assert.equal(added.chart[4][2], 5, 'Skilled vs Average moved one down and right');
});

test('removing a level takes its row and column out', () => {
  const removed = removeLevel(STUNT, 8);
  assert.deepEqual(removed.levels, LEVELS.filter((l) => l !== 'Cosmic'));
  assert.equal(removed.chart.length, 9);
  assert.ok(removed.chart.every((row) => row.length === 9));
  assert.equal(removed.chart[7][8], STUNT.chart[7][9], 'Mutant vs Omega kept');
});

test('moving a level carries its row and column along', () => {
  const custom = setCell(STUNT, 3, 1, 5); // Skilled vs Average
  const moved = moveLevel(custom, 3, 0);
  assert.deepEqual(moved.levels.slice(0, 4), ['Skilled', 'Poor', 'Average', 'Good']);
  assert.equal(moved.chart[0][2], 5, 'Skilled vs Average is still 5');
  assert.equal(moved.chart[1][0], STUNT.chart[0][3], 'Poor vs Skilled');
  assert.equal(moveLevel(custom, 0, 0), custom);
  assert.deepEqual(moveLevel(moveLevel(custom, 3, 0), 0, 3), custom);
});

test('new level names do not repeat', () => {
  assert.equal(newLevelName(['Poor']), 'New level');
  assert.equal(newLevelName(['new level', 'New level 2']), 'New level 3');
});

test('the rules read back with trimmed names; a cell that is not a number is a problem at its path', () => {
  let rules = renameLevel(editableRules(STUNT), 0, '  Weak ');
  rules = setCell(rules, 2, 4, '20');
  assert.deepEqual(readRules(rules).problems, []);
  assert.equal(readRules(rules).houseRules.stunt.levels[0], 'Weak');
  assert.equal(readRules(rules).houseRules.stunt.chart[2][4], 20);
  rules = setCell(rules, 1, 3, 'x');
  assert.deepEqual(readRules(rules).problems, [{ path: 'house_rules.stunt.chart[1][3]', message: '“x” is not a whole number.' }]);
});

test('arrow keys move between cells and stop at the edges', () => {
  assert.deepEqual(stepCell(2, 2, 'ArrowUp', 10), { row: 1, col: 2 });
  assert.deepEqual(stepCell(2, 2, 'ArrowRight', 10), { row: 2, col: 3 });
  assert.equal(stepCell(0, 2, 'ArrowUp', 10), null);
  assert.equal(stepCell(2, 9, 'ArrowRight', 10), null);
  assert.deepEqual(stepCell(2, 5, 'Home', 10), { row: 2, col: 0 });
  assert.deepEqual(stepCell(2, 5, 'End', 10), { row: 2, col: 9 });
  assert.equal(stepCell(2, 5, 'a', 10), null);
});
