import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryHolds, entryLabel, MAX_SHOWN, meterShare, oddsEntries, oddsMeta, shownOutcomes, tailLabel } from '../../ui/js/odds.js';

// JSON.parse, like Tauri's IPC, lists integer-like keys first and in ascending order, so a
// signed GENRE result arrives as 0, 1, 2, …, -9, …, -2 whatever order the engine wrote.
const genre = JSON.parse('{"success":0.15,"outcomes":{"-9":0.01,"-3":0.06,"-2":0.19,"0":0.54,"1":0.13,"2":0.01}}');

test('numeric outcomes come in numeric order, negatives first', () => {
  assert.deepEqual(Object.keys(genre.outcomes), ['0', '1', '2', '-9', '-3', '-2']);
  assert.deepEqual(oddsEntries(genre).map((e) => e.key), ['-9', '-3', '-2', '0', '1', '2']);
  assert.deepEqual(oddsEntries(genre).map((e) => e.p), [0.01, 0.06, 0.19, 0.54, 0.13, 0.01]);
});

test('large totals sort as numbers, not as text', () => {
  const odds = { outcomes: { 9: 0.1, 10: 0.2, 100: 0.3, 11: 0.4 } };
  assert.deepEqual(oddsEntries(odds).map((e) => e.key), ['9', '10', '11', '100']);
});

test('named outcomes keep the engine order', () => {
  const odds = JSON.parse('{"success":0.75,"outcomes":{"fumble":0.0278,"failure":0.2222,"success":0.7222,"critical":0.0278}}');
  assert.deepEqual(oddsEntries(odds).map((e) => e.key), ['fumble', 'failure', 'success', 'critical']);
});

test('mixed outcomes: the numbers in order, then the named ones', () => {
  const odds = JSON.parse('{"outcomes":{"failure":0.9,"2":0.04,"1":0.06}}');
  assert.deepEqual(oddsEntries(odds).map((e) => e.key), ['1', '2', 'failure']);
});

test('an answer without outcomes has no entries', () => {
  assert.deepEqual(oddsEntries({}), []);
  assert.deepEqual(oddsEntries(null), []);
});

test('oddsMeta lists the mean and the side events', () => {
  assert.equal(oddsMeta({ mean: 2.270550411521059 }), 'Average 2.27');
  assert.equal(oddsMeta({ mean: 4, events: { all_ones: 0.08333333333333333 } }), 'Average 4 · All ones 8.33%');
  assert.equal(oddsMeta({ success: 0.5, outcomes: {} }), '');
});

test('meterShare is relative to the likeliest outcome and never hides a possible one', () => {
  assert.equal(meterShare(0.5, 0.5), 1);
  assert.equal(meterShare(0.25, 0.5), 0.5);
  assert.equal(meterShare(1e-12, 0.5), 0.04);
  assert.equal(meterShare(0, 0.5), 0);
  assert.equal(meterShare(0.3, 0), 0);
});

/** A long-tailed explosion's shape: 1..n, rising to a peak at `peak` then falling geometrically. */
function longTail(n, peak) {
  const raw = Array.from({ length: n }, (_, i) => (i < peak ? (i + 1) / peak : 0.9 ** (i - peak)));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w, i) => ({ key: String(i + 1), p: w / total }));
}

test('up to MAX_SHOWN outcomes are all shown, and named outcomes always are', () => {
  const short = longTail(MAX_SHOWN, 10);
  assert.deepEqual(shownOutcomes(short), { entries: short, below: null, above: null, grouped: 1 });
  const named = Array.from({ length: MAX_SHOWN + 5 }, (_, i) => ({ key: `k${i}`, p: 1 / (MAX_SHOWN + 5) }));
  assert.equal(shownOutcomes(named).entries, named);
});

test('a long tail shows the outcomes carrying the chance and sums the rest at each end', () => {
  const all = longTail(1100, 30);
  const { entries, below, above } = shownOutcomes(all);
  assert.equal(entries.length, MAX_SHOWN);
  const keys = entries.map((e) => Number(e.key));
  assert.ok(keys.every((k, i) => i === 0 || k === keys[i - 1] + 1), 'consecutive outcomes');
  assert.ok(keys.includes(30), 'the likeliest is shown');
  // What is left out at each end is less likely than anything kept next to it.
  const shownMin = Math.min(...entries.map((e) => e.p));
  const dropped = all.filter((e) => !keys.includes(Number(e.key)));
  assert.ok(dropped.every((e) => e.p <= shownMin + 1e-15));
  const sum = (xs) => xs.reduce((a, e) => a + e.p, 0);
  assert.ok(Math.abs(sum(entries) + (below?.p ?? 0) + (above?.p ?? 0) - 1) < 1e-12, 'nothing lost');
  assert.equal(above.from, String(keys.at(-1) + 1));
  assert.equal(above.to, '1100');
  assert.equal(above.count, 1100 - keys.at(-1));
  assert.ok(above.p < 1e-3, `the summed tail is negligible (${above.p})`);
  if (below) assert.equal(below.to, String(keys[0] - 1));
  assert.equal(tailLabel(above, 'above'), `${above.from} or more`);
  assert.equal(tailLabel({ from: '-9', to: '-3', count: 7, p: 0.01 }, 'below'), '\u22123 or less');
});

test('the chart says what it leaves out and how likely that is together', async () => {
  const { notDrawnText } = await import('../../ui/js/chart.js');
  assert.equal(notDrawnText({ below: null, above: null }), '');
  assert.equal(notDrawnText({ below: null, above: { from: '128', to: '900', count: 773, p: 0.0002 } }), 'Not drawn: ≥128 (0.02%)');
  assert.equal(notDrawnText({ below: { from: '8', to: '14', count: 7, p: 1e-9 }, above: { from: '115', to: '900', count: 786, p: 0.0003 } }), 'Not drawn: ≤14, ≥115 (0.03%)');
});

test('a flat range too wide to show one by one is grouped from round numbers, not clipped', () => {
  const d1000 = Array.from({ length: 1000 }, (_, i) => ({ key: String(i + 1), p: 1 / 1000 }));
  const { entries, below, above, grouped } = shownOutcomes(d1000);
  assert.equal(below, null);
  assert.equal(above, null);
  assert.equal(grouped, 20);
  assert.ok(entries.length <= MAX_SHOWN, `${entries.length} groups`);
  assert.deepEqual(entries.slice(0, 2).map((e) => [e.key, e.to, e.count]), [['1', '19', 19], ['20', '39', 20]]);
  assert.deepEqual(entries.at(-1), { key: '1000', to: '1000', count: 1, p: 1 / 1000 });
  assert.ok(Math.abs(entries.reduce((a, e) => a + e.p, 0) - 1) < 1e-12);
  assert.equal(entryLabel(entries[1]), '20–39');
  assert.equal(entryLabel(entries.at(-1)), '1000');
  assert.ok(entryHolds(entries[1], '25') && entryHolds(entries[1], 39) && !entryHolds(entries[1], '40'));
  assert.ok(entryHolds({ key: 'critical', p: 0.1 }, 'critical') && !entryHolds({ key: '3', p: 0.1 }, null));
});
