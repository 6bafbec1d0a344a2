// The Luck panel's model (ui/js/log/luck-model.js): ranks, the view of a LuckReport and the
// chart's geometry.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { chartGeometry, eveningText, luckView, ordinal, rowRanks } from '../../ui/js/log/luck-model.js';
import { logRow } from '../../ui/js/log/log-rows.js';

const luck = (over = {}) => ({
  rolls: 4, mean: 0.66875, z: 1.1, chance: 0.27, verdict: 'fair',
  words: 'The dice ran fair: fair dice stray this far about 1 time in 4.',
  tenths: [1, 0, 0, 0, 0, 0, 0, 1, 0, 2], fair_tenths: [0.2, 0, 0.3, 0.4, 0.4, 0.4, 0.4, 0.4, 0.6, 0.9],
  ...over,
});

const report = {
  overall: luck(),
  characters: [
    { character_id: 'a', name: 'Vex', luck: luck({ rolls: 3, mean: 0.975, verdict: 'hot', words: 'The dice ran hot: fair dice do this about 1 time in 630.' }) },
    { character_id: null, name: 'Drone 1', luck: luck({ rolls: 1, mean: 0.025, verdict: 'too_few' }) },
    { character_id: null, name: null, luck: luck({ rolls: 9, mean: 0.025, verdict: 'cold' }) },
  ],
  evenings: [{ evening: '2026-11-22', luck: luck() }],
  rolls: [{ id: 9, percentile: 0.724 }, { id: 8, percentile: 0.025 }],
  unjudged: 1,
  systems_gone: [],
};

test('a percentile reads as a rank from the 1st to the 99th', () => {
  assert.deepEqual([0.724, 0.01, 0.021, 0.03, 0.11, 0.125, 0.5, 0.999, 0, 0.975].map(ordinal),
    ['72nd', '1st', '2nd', '3rd', '11th', '13th', '50th', '99th', '1st', '98th']);
  assert.equal(ordinal(null), '');
});

test('each row gets its rank by log id once the luck is in', () => {
  const ranks = rowRanks(report);
  assert.equal(ranks.get(9), '72nd');
  assert.equal(ranks.get(8), '3rd');
  const entry = { id: 9, at: '2026-11-22T20:00:00Z', system: 'universe', roll: 'attack', outcome: 'hit', success: true, seed: 1, dice: [12] };
  const format = { day: String, time: String };
  assert.equal(logRow(entry, new Map(), format, ranks).luck, '72nd');
  assert.equal(logRow(entry, new Map(), format).luck, '', 'not judged yet');
  assert.equal(rowRanks(null).size, 0);
});

test('the view words the report: verdict, summary, bars and the two tables', () => {
  const view = luckView(report, 'en-US');
  assert.equal(view.words, report.overall.words);
  assert.equal(view.verdict, 'fair');
  assert.equal(view.summary, '4 rolls judged; their mean percentile is the 67th (fair dice: the 50th).');
  assert.equal(view.unjudged, "1 roll could not be judged: their odds changed since (house rules, or the system's version).");
  assert.equal(view.bars.length, 10);
  assert.deepEqual(view.bars[9], { label: '90–100%', count: 2, fair: 0.9 });
  assert.deepEqual(view.characters.map((c) => [c.label, c.rolls, c.mean, c.verdict, c.hot, c.cold]),
    [['Vex', 3, '98th', 'Hot', true, false], ['Drone 1', 1, '3rd', 'Too few rolls to judge', false, false], ['No character', 9, '3rd', 'Cold', false, true]]);
  assert.deepEqual(view.evenings.map((e) => [e.label, e.rolls]), [['Sunday, November 22, 2026', 4]]);
  // Rolls of a system whose file was removed are told as that, apart from the rest.
  const gone = luckView({ ...report, unjudged: 12, systems_gone: [{ system: 'apoc', rolls: 10 }] });
  assert.equal(gone.unjudged, "12 rolls could not be judged: 10 of apoc, a system no longer held (its file was removed); 2 because their odds changed since (house rules, or the system's version).");
  const onlyGone = luckView({ ...report, unjudged: 10, systems_gone: [{ system: 'apoc', rolls: 10 }] });
  assert.equal(onlyGone.unjudged, '10 rolls could not be judged: 10 of apoc, a system no longer held (its file was removed).');
  const none = luckView({ ...report, overall: luck({ rolls: 0, mean: null, z: null, chance: null, words: 'No rolls to judge.' }), unjudged: 0 });
  assert.equal(none.summary, '');
  assert.match(none.words, /^No rolls yet/);
});

test('an evening is its own date whatever the time zone', () => {
  assert.equal(eveningText('2026-01-01', 'en-US'), 'Thursday, January 1, 2026');
  assert.equal(eveningText('soon'), 'soon');
});

test('the chart scales to the tallest bar or fair mark, a fair mark across each tenth fair dice reach', () => {
  const bars = [{ label: 'a', count: 4, fair: 2 }, { label: 'b', count: 0, fair: 5 }, { label: 'c', count: 0, fair: 0 }];
  const g = chartGeometry(bars, { width: 334, height: 130, left: 34, bottom: 22, top: 8 });
  assert.equal(g.most, 5);
  assert.equal(g.baseline, 108);
  assert.equal(g.rects[0].height, 80);
  assert.equal(g.rects[1].height, 0);
  // No mark (and no line down to zero) where fair dice put nothing: a pass/fail roll's gaps.
  assert.deepEqual(g.fairMarks, [{ tenth: 0, x1: 40, x2: 128, y: 68 }, { tenth: 1, x1: 140, x2: 228, y: 8 }]);
  assert.ok(g.rects[0].x >= 34 && g.rects[2].x + g.rects[2].width <= 334);
});
