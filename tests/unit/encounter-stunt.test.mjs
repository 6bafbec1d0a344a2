// The stunt table panel's pure helpers: the HTK bar's share and colour level (the meter every
// panel shares), a running task's progress in words and its status badge.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { meterLevel as htkLevel } from '../../ui/js/encounter/systems/panel-parts.js';
import { rulingTexts, statusWord, taskWords } from '../../ui/js/encounter/systems/stunt.js';

test('the HTK bar is the share of max, coloured by how hurt the character is', () => {
  assert.deepEqual(htkLevel({ current: 30, max: 30 }), { share: 1, level: 'ok' });
  assert.deepEqual(htkLevel({ current: 15, max: 30 }), { share: 0.5, level: 'hurt' });
  assert.equal(htkLevel({ current: 7, max: 30 }).level, 'low');
  assert.deepEqual(htkLevel({ current: 0, max: 30 }), { share: 0, level: 'down' });
  // A hand-edited state never draws a bar past its track.
  assert.equal(htkLevel({ current: 40, max: 30 }).share, 1);
  assert.equal(htkLevel({ current: 0, max: 0 }).share, 0);
});

test('a task says its doubles, time steps and resets', () => {
  const doubles = (over) => ({ id: 1, label: 'Pick the lock', task: { kind: 'doubles_only', needed: 3, doubles: 1, time_steps: 1, resets: 0, status: 'running', ...over } });
  assert.equal(taskWords(doubles()), '1 of 3 doubles · 1 time step');
  assert.equal(taskWords(doubles({ doubles: 0, time_steps: 9, resets: 2 })), '0 of 3 doubles · 9 time steps · set back 2 times by 1-1');
  const six = { id: 2, label: 'Plumbing', task: { kind: 'double_six_only', needed: 1, doubles: 0, time_steps: 14, resets: 0, status: 'failed' } };
  assert.equal(taskWords(six), 'until 6-6 or 1-1 · 14 time steps');
  assert.equal(statusWord(six), 'Failed for good');
  assert.equal(statusWord(doubles({ status: 'succeeded' })), 'Succeeded');
});

test('the panel\'s rulings are the catalog\'s words, found by id (no copy of them in the window)', () => {
  const catalog = {
    table_rulings: {
      stunt_minor_damage: 'minor words', stunt_htk_bounds: 'bounds words', stunt_doubles_throw: 'throw words',
      stunt_doubles_reset: 'reset words', stunt_double_six_barred: 'barred words', universe_chase_ties: 'not stunt',
    },
    systems: [{ id: 'stunt', kinds: [{ id: 'doubles', rulings: ['not the chart'] }, { id: 'check', rulings: ['chart words', 'cosmic words'] }] }],
  };
  assert.deepEqual(rulingTexts(catalog), {
    minor: 'minor words', clamp: 'bounds words', throw: 'throw words', reset: 'reset words', barred: 'barred words',
    chart: ['chart words', 'cosmic words'],
  });
  // Before the catalog comes (or without it) there are no words to show.
  assert.deepEqual(rulingTexts(null), { minor: '', clamp: '', throw: '', reset: '', barred: '', chart: [] });
  // A roster whose Minor Damage dice differ from the served ruling reads the house rule's words.
  const numbers = { ...catalog, table_rulings: { ...catalog.table_rulings, stunt_minor_damage_house_rule: 'house words' }, house_rule_numbers: [{ name: 'minor_damage_dice', system: 'stunt', default: 6, min: 1, max: 20 }] };
  assert.equal(rulingTexts(numbers, { minor_damage_dice: 4 }).minor, 'house words');
  assert.equal(rulingTexts(numbers, { minor_damage_dice: 6 }).minor, 'minor words');
});
