import { test } from 'node:test';
import assert from 'node:assert/strict';
import { meterShare, oddsEntries, oddsMeta } from '../../ui/js/odds.js';

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
