import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeDie, formatNumber, formatPercent, isolated, outcomeLabel, stateLabel, DIE_STATES } from '../../ui/js/format.js';

test('formatPercent shows two decimals', () => {
  assert.equal(formatPercent(0.6875), '68.75%');
  assert.equal(formatPercent(0.4437), '44.37%');
  assert.equal(formatPercent(0.9080932784636491), '90.81%');
  assert.equal(formatPercent(0.5), '50.00%');
  assert.equal(formatPercent(0.00005), '0.01%'); // rounds half up at the second decimal
});

test('formatPercent never calls a possible event impossible, nor a doubtful one certain', () => {
  assert.equal(formatPercent(3.2e-12), '<0.01%');
  assert.equal(formatPercent(0.000049), '<0.01%');
  assert.equal(formatPercent(0.99996), '>99.99%');
  assert.equal(formatPercent(1 - 1e-9), '>99.99%');
});

test('formatPercent reads exact ends, and float dust at the top, as 0% and 100%', () => {
  assert.equal(formatPercent(0), '0%');
  assert.equal(formatPercent(1), '100%');
  assert.equal(formatPercent(0.9999999999999998), '100%');
  assert.equal(formatPercent(1.0000000000000002), '100%');
});

test('formatPercent shows a dash for anything that is not a number', () => {
  for (const bad of [undefined, null, NaN, '0.5', {}]) assert.equal(formatPercent(bad), '—');
});

test('outcomeLabel: named keys in words, numbers with a true minus sign', () => {
  assert.equal(outcomeLabel('critical'), 'Critical');
  assert.equal(outcomeLabel('double_six'), 'Double six');
  assert.equal(outcomeLabel('all_ones'), 'All ones');
  assert.equal(outcomeLabel('-2'), '\u22122');
  assert.equal(outcomeLabel('0'), '0');
  assert.equal(outcomeLabel(17), '17');
});

test('formatNumber keeps at most two decimals and drops trailing zeros', () => {
  assert.equal(formatNumber(2.270550411521059), '2.27');
  assert.equal(formatNumber(7), '7');
  assert.equal(formatNumber(7.5), '7.5');
  assert.equal(formatNumber(-3.456), '\u22123.46');
  assert.equal(formatNumber(-0.001), '0');
  assert.equal(formatNumber(Infinity), '—');
  assert.equal(formatNumber(undefined), '—');
});

test('describeDie says face, die and state in words for screen readers', () => {
  assert.equal(describeDie({ face: 5, sides: 6, state: 'kept' }), '5 on a d6, kept');
  assert.equal(describeDie({ face: 2, sides: 6, state: 'dropped' }), '2 on a d6, dropped');
  assert.equal(describeDie({ face: 12, sides: 12, state: 'exploded' }), '12 on a d12, kept, rolled again');
  assert.equal(describeDie({ face: 1, sides: 10, state: 'cancels' }), '1 on a d10, a 1 that cancels a Mark');
  assert.equal(describeDie({ face: 5, sides: 6, state: 'cancelled' }), '5 on a d6, Mark cancelled by a 1');
  assert.equal(describeDie({ face: 4, sides: 0, state: 'kept' }), '4, kept');
  assert.equal(describeDie({ face: 3, sides: 8, state: 'mystery' }), '3 on a d8, mystery');
});

test('every die state has a distinct legend word', () => {
  const words = DIE_STATES.map(stateLabel);
  assert.equal(new Set(words).size, DIE_STATES.length);
  assert.deepEqual(DIE_STATES, ['kept', 'dropped', 'exploded', 'bonus', 'cancelled', 'cancels']);
  assert.equal(stateLabel('unknown'), 'unknown');
});

test('isolated wraps a name holding bidi controls in FSI … PDI and leaves the others alone', () => {
  assert.equal(isolated('Drone 3'), 'Drone 3');
  assert.equal(isolated('דרון'), 'דרון', 'right-to-left letters need no control');
  assert.equal(isolated('\u202Ekcaj'), '\u2068\u202Ekcaj\u2069');
  assert.equal(isolated('\u200FVex'), '\u2068\u200FVex\u2069');
  // A stray isolate end cannot close the wrapper early; an isolate left open is closed.
  assert.equal(isolated('\u2069\u202Eevil'), '\u2068\u202Eevil\u2069');
  assert.equal(isolated('a\u2067b'), '\u2068a\u2067b\u2069\u2069');
  assert.equal(isolated(null), '');
});

test('an isolated name is balanced: nothing after it is inside an isolate it opened', () => {
  for (const name of ['\u202Eabc', '\u2066\u2066x', '\u2069\u2069\u202Bq', 'a\u2068b\u2069c\u202D']) {
    let depth = 0;
    for (const c of isolated(name)) {
      if (c >= '\u2066' && c <= '\u2068') depth += 1;
      if (c === '\u2069') depth -= 1;
      assert.ok(depth >= 0, JSON.stringify(name));
    }
    assert.equal(depth, 0, JSON.stringify(name));
  }
});
