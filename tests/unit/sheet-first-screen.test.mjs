import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldColumns, firstScreenSteps, stepHeight } from '../../ui/js/sheet/first-screen.js';

test('a card grid holds as many 140 px fields, 14 px apart, as its padded width fits', () => {
  // The 60-declaration sheet beside the character list in a 1200 px window: a form 543 px wide,
  // drawn with three fields a row.
  assert.equal(fieldColumns(543), 3);
  // Four fit from 34 (padding and borders) + 4 × 140 + 3 × 14 = 636 px on.
  assert.equal(fieldColumns(635), 3);
  assert.equal(fieldColumns(636), 4);
  // Never none: a field overflows a card narrower than one.
  assert.equal(fieldColumns(100), 1);
  assert.equal(fieldColumns(0), 1);
});

test('a field is its share of a row: a row of fields weighs as much at any width', () => {
  for (const width of [300, 543, 900, 1600]) {
    const columns = fieldColumns(width);
    const row = Array.from({ length: columns }, () => stepHeight({ kind: 'field' }, columns)).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(row - stepHeight({ kind: 'field' }, 1)) < 1e-9, `width ${width}`);
  }
  assert.ok(stepHeight({ kind: 'list', rows: 4 }, 3) > stepHeight({ kind: 'list', rows: 0 }, 3));
});

/** Steps shaped as a file system's form: a card of `fields` fields, then `lists` lists of 4. */
function formOf(fields, lists) {
  return [{ kind: 'card' }, ...Array.from({ length: fields }, () => ({ kind: 'field' })), ...Array.from({ length: lists }, () => ({ kind: 'list', rows: 4 }))];
}

test('the first frame builds every step that starts above the fold (a row below it), none after', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let trial = 0; trial < 300; trial += 1) {
    const steps = formOf(Math.floor(random() * 60), Math.floor(random() * 9));
    const room = { width: 200 + random() * 1400, height: random() * 1200 };
    const count = firstScreenSteps(steps, room);
    const columns = fieldColumns(room.width);
    const startOf = (i) => steps.slice(0, i).reduce((top, step) => top + stepHeight(step, columns), 0);
    const fold = room.height + stepHeight({ kind: 'field' }, 1);
    assert.ok(count >= 1 && count <= steps.length);
    // The last step built starts above the fold; the first one left starts at or below it.
    assert.ok(startOf(count - 1) < fold, `trial ${trial}: step ${count - 1} starts below the fold`);
    if (count < steps.length) assert.ok(startOf(count) >= fold, `trial ${trial}: step ${count} starts above the fold and was left`);
  }
});

test('a taller view builds at least as much; a view taller than the form builds it all', () => {
  const steps = formOf(52, 8);
  let last = 0;
  for (let height = 0; height <= 4000; height += 50) {
    const count = firstScreenSteps(steps, { width: 543, height });
    assert.ok(count >= last, `height ${height}`);
    last = count;
  }
  assert.equal(last, steps.length);
  // What the 1200 × 800 window shows of the 60-declaration form: the card and its first rows.
  const seen = firstScreenSteps(steps, { width: 543, height: 350 });
  assert.ok(seen > 1 + 3 * 5 && seen < 1 + 52, `${seen} steps`);
});

test('with no room known (no view, a form not laid out) the whole form is built at once', () => {
  const steps = formOf(52, 8);
  assert.equal(firstScreenSteps(steps, null), steps.length);
  assert.equal(firstScreenSteps(steps, { width: 0, height: 500 }), steps.length);
  assert.equal(firstScreenSteps(steps, { width: 543, height: Number.NaN }), steps.length);
});
