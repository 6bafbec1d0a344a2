import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markedRuns, problemWords, sameNames, valuesOf } from '../../ui/js/notation/notation-model.js';

// Shaped as `dice_check` answers them (src-tauri/src/desktop/commands/rules.rs `DiceProblem`).
const at = (column, message = 'wrong here') => ({ code: 'invalid_request', field: 'expr', column, message });

test('a problem marks the word that starts at its column, the rest stays plain', () => {
  assert.deepEqual(markedRuns('4d6k3+1', [at(4, 'did you mean kh3?')]), [
    { text: '4d6', problem: null },
    { text: 'k3', problem: 0 },
    { text: '+1', problem: null },
  ]);
});

test('a problem on a sign marks that one character', () => {
  assert.deepEqual(markedRuns('2d6 ++ 1', [at(6)]), [
    { text: '2d6 +', problem: null },
    { text: '+', problem: 0 },
    { text: ' 1', problem: null },
  ]);
});

test('a column past the end marks one space after the text', () => {
  assert.deepEqual(markedRuns('2d6+', [at(5, 'a value after +')]), [
    { text: '2d6+', problem: null },
    { text: '\u00a0', problem: 0 },
  ]);
});

test('columns count characters as the GM sees them, not UTF-16 units', () => {
  // "😀" is two UTF-16 units and one column: column 3 is the "x" after it.
  const runs = markedRuns('d😀x', [at(3)]);
  assert.deepEqual(runs, [{ text: 'd😀', problem: null }, { text: 'x', problem: 0 }]);
});

test('two problems each keep their mark; a value problem marks nothing in the text', () => {
  const value = { code: 'invalid_request', field: 'values.bonus', column: null, message: 'out of range' };
  const runs = markedRuns('d20+@bonus', [value, at(1), at(5)]);
  assert.deepEqual(runs, [
    { text: 'd20', problem: 1 },
    { text: '+', problem: null },
    { text: '@bonus', problem: 2 },
  ]);
});

test('problems are worded with their column, or the name of the value at fault', () => {
  assert.equal(problemWords(at(4, 'did you mean kh3?')), 'Column 4: did you mean kh3?');
  assert.equal(problemWords({ code: 'invalid_request', field: 'values.dc', column: null, message: '2000000 is out of range' }), '@dc: 2000000 is out of range');
});

test('the values sent are those of the names used; a kept value waits for its name', () => {
  const kept = { bonus: 3, dc: 15, gone: 7 };
  assert.deepEqual(valuesOf(['bonus', 'dc'], kept), { bonus: 3, dc: 15 });
  assert.deepEqual(valuesOf(['bonus', 'new'], kept), { bonus: 3 });
  assert.deepEqual(valuesOf([], kept), {});
});

test('names compare in order', () => {
  assert.ok(sameNames(['a', 'b'], ['a', 'b']));
  assert.ok(!sameNames(['a', 'b'], ['b', 'a']));
  assert.ok(!sameNames(['a'], ['a', 'b']));
});
