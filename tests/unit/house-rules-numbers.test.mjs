import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  editableNumbers, hasHouseRules, numbersFor, readNumbers, resetNumber, standing, standingText,
} from '../../ui/js/house-rules/numbers-model.js';

// As the catalog serves them (`house_rule_numbers`, declared once in the rules crate; the file is
// rewritten with the bindings); the model takes every range and default from here, none of its own.
const CATALOG = {
  house_rule_numbers: JSON.parse(readFileSync(new URL('./served/house-rule-numbers.json', import.meta.url), 'utf8')),
};
const MINOR = CATALOG.house_rule_numbers.find((n) => n.name === 'minor_damage_dice');
const MISS = CATALOG.house_rule_numbers.find((n) => n.name === 'miss_margin');

test('the served numbers are RULES.md\'s rulings with the ranges the issue asks for', () => {
  assert.deepEqual([MINOR.system, MINOR.default, MINOR.min, MINOR.max], ['stunt', 6, 1, 20]);
  assert.deepEqual([MISS.system, MISS.default, MISS.min, MISS.max], ['d12', 3, 0, 10]);
});

test('each system gets its own numbers; stunt and d12 rosters have a house rules dialog', () => {
  assert.deepEqual(numbersFor(CATALOG, 'stunt').map((n) => n.name), ['minor_damage_dice']);
  assert.deepEqual(numbersFor(CATALOG, 'd12').map((n) => n.name), ['miss_margin']);
  assert.deepEqual(numbersFor(CATALOG, 'genre'), []);
  assert.deepEqual(numbersFor(null, 'd12'), [], 'no catalog: no numbers');
  assert.equal(hasHouseRules(CATALOG, 'stunt'), true);
  assert.equal(hasHouseRules(CATALOG, 'd12'), true);
  assert.equal(hasHouseRules(CATALOG, 'universe'), false);
  assert.equal(hasHouseRules(null, 'stunt'), true, 'the chart is there without a catalog');
});

test('the typed values start from the roster, or the ruling when it has none', () => {
  assert.deepEqual(editableNumbers([MISS], { miss_margin: 5 }), { miss_margin: '5' });
  assert.deepEqual(editableNumbers([MISS], { stunt: {} }), { miss_margin: '3' }, 'a roster stored before the numbers');
  assert.deepEqual(editableNumbers([MINOR], undefined), { minor_damage_dice: '6' });
});

test('reset to the ruling puts back the served default; the standing says which it is', () => {
  const values = resetNumber({ miss_margin: '7' }, MISS);
  assert.deepEqual(values, { miss_margin: '3' });
  assert.equal(standing(MISS, '3'), 'ruling');
  assert.equal(standing(MISS, ' 3 '), 'ruling');
  assert.equal(standing(MISS, '5'), 'house');
  assert.equal(standing(MISS, 'x'), 'house');
  assert.equal(standingText(MISS, '3'), "RULES.md's ruling (3).");
  assert.equal(standingText(MINOR, '4'), 'House rule: RULES.md rules 6.');
});

test('the numbers read as whole numbers within the served range, problems at their paths', () => {
  assert.deepEqual(readNumbers([MISS], { miss_margin: '5' }), { numbers: { miss_margin: 5 }, problems: [] });
  assert.deepEqual(readNumbers([MISS], { miss_margin: '0' }).numbers, { miss_margin: 0 }, 'the lowest is allowed');
  assert.deepEqual(readNumbers([MINOR], { minor_damage_dice: '20' }).numbers, { minor_damage_dice: 20 });
  assert.deepEqual(readNumbers([MISS], { miss_margin: '11' }), {
    numbers: {},
    problems: [{ path: 'house_rules.miss_margin', message: '11 is out of range: Miss margin takes 0 to 10.' }],
  });
  assert.deepEqual(readNumbers([MINOR], { minor_damage_dice: '0' }).problems[0].path, 'house_rules.minor_damage_dice');
  assert.equal(readNumbers([MINOR], { minor_damage_dice: '2.5' }).problems.length, 1);
  assert.equal(readNumbers([MINOR], { minor_damage_dice: '' }).problems[0].message, 'Enter a whole number.');
});

test('a roster of a system file gets the numbers its file declares, told against the file\'s default', () => {
  // The shipped files as the catalog serves them (`files[]`, rewritten with the bindings).
  const files = JSON.parse(readFileSync(new URL('./served/shipped-files.json', import.meta.url), 'utf8'));
  const catalog = { ...CATALOG, files };
  const numbers = numbersFor(catalog, 'd20-heroes');
  assert.deepEqual(numbers.map((n) => n.name), ['crit_range']);
  assert.equal(hasHouseRules(catalog, 'd20-heroes'), true);
  assert.equal(hasHouseRules(catalog, 'three-bands'), false, 'a file without numbers has none');
  assert.equal(standingText(numbers[0], '20'), 'The system file\'s default (20).');
  assert.equal(standingText(numbers[0], '18'), 'House rule: the system file\'s default is 20.');
  assert.deepEqual(readNumbers(numbers, { crit_range: '14' }).problems, [
    { path: 'house_rules.crit_range', message: '14 is out of range: Lowest natural roll that is a critical takes 15 to 20.' },
  ]);
  assert.deepEqual(readNumbers(numbers, { crit_range: '18' }).numbers, { crit_range: 18 });
});
