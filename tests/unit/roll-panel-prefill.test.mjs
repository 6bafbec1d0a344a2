import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldModel } from '../../ui/js/form.js';
import { aboutLine, kindOf, mergeRequest, prefillValues, setByGm, sheetFieldNames } from '../../ui/js/roll-panel/prefill.js';

// Field specs as `rollbook kinds --json` gives them for d12 straight and universe group stealth.
const STRAIGHT = [
  { name: 'ranks', label: 'Ranks', type: 'int', min: 0, max: 4, default: 0 },
  { name: 'extra_dice', label: 'Extra dice', type: 'int', min: 0, max: 60, default: 0 },
  { name: 'dazed', label: 'Dazed', type: 'bool', default: false },
  { name: 'difficulty', label: 'Difficulty', type: 'int', min: 0, max: 200, default: 6 },
].map(fieldModel);
const STEALTH = [
  { name: 'leader', label: 'Leader', type: 'int', min: 0, max: 20, default: 1 },
  { name: 'members', label: 'Members', type: 'int_list', min: 0, max: 20, default: [0, 0] },
].map(fieldModel);

test('the form starts from the sheet\'s request, defaults filling the rest', () => {
  const values = prefillValues(STRAIGHT, { system: 'd12', roll: 'straight', ranks: 2, extra_dice: 1 });
  assert.deepEqual(values, { ranks: 2, extra_dice: 1, dazed: false, difficulty: 6 });
  assert.deepEqual(prefillValues(STRAIGHT, null), { ranks: 0, extra_dice: 0, dazed: false, difficulty: 6 });
});

test('a value of the wrong type is not taken; a list is copied, not shared', () => {
  const request = { ranks: '2', dazed: 1, members: [1, 2, 3] };
  assert.deepEqual(prefillValues(STRAIGHT, request), { ranks: 0, extra_dice: 0, dazed: false, difficulty: 6 });
  const values = prefillValues(STEALTH, request);
  assert.deepEqual(values.members, [1, 2, 3]);
  values.members.push(4);
  assert.deepEqual(request.members, [1, 2, 3]);
  assert.deepEqual(prefillValues(STEALTH, { members: [1, 'x'] }).members, [0, 0]);
});

test('the GM\'s values go over the sheet\'s request, which keeps what the form does not show', () => {
  const base = { system: 'd12', roll: 'straight', ranks: 2, extra_dice: 1, dazed: false, difficulty: 6, note_only_field: 'x' };
  const merged = mergeRequest(base, STRAIGHT, { ranks: 2, extra_dice: 1, dazed: true, difficulty: 12 });
  assert.deepEqual(merged, { system: 'd12', roll: 'straight', ranks: 2, extra_dice: 1, dazed: true, difficulty: 12, note_only_field: 'x' });
  assert.equal(base.difficulty, 6);
});

test('the fields the sheet set are known by name', () => {
  assert.deepEqual(sheetFieldNames(STRAIGHT, { ranks: 3, difficulty: 6 }), ['ranks', 'difficulty']);
});

test('a request finds its kind in the catalog', () => {
  const catalog = { systems: [{ id: 'd12', name: 'd12 Ranks', kinds: [{ id: 'straight', name: 'Straight roll' }] }] };
  assert.equal(kindOf(catalog, { system: 'd12', roll: 'straight' }).kind.name, 'Straight roll');
  assert.equal(kindOf(catalog, { system: 'd12', roll: 'opposed' }), null);
  assert.equal(kindOf(null, { system: 'd12' }), null);
});

test('a system from a file gives the kind of the version asked for, its newest otherwise', () => {
  const kind = (name, fields) => ({ id: 'check', name, fields });
  const v2 = { id: 'g', version: 2, kinds: [kind('Check v2', [{ name: 'dc' }, { name: 'edge' }])] };
  const v1 = { id: 'g', version: 1, kinds: [kind('Check v1', [{ name: 'dc' }])] };
  const catalog = { systems: [], files: [v2], file_versions: [v1] };
  const request = { system: 'g', roll: 'check' };
  assert.equal(kindOf(catalog, request, 1).kind.name, 'Check v1');
  assert.deepEqual(kindOf(catalog, request, 1).kind.fields.map((f) => f.name), ['dc']);
  assert.equal(kindOf(catalog, request, 1).system, v1);
  assert.equal(kindOf(catalog, request, 2).kind.name, 'Check v2');
  assert.equal(kindOf(catalog, request).kind.name, 'Check v2');
  assert.equal(kindOf(catalog, request, 7).kind.name, 'Check v2', 'a version not served reads the newest');
});

test('the GM has set the roll once a field differs from where the form started', () => {
  const start = prefillValues(STRAIGHT, { ranks: 2, extra_dice: 1 });
  assert.equal(setByGm(STRAIGHT, start, { ...start }), false);
  assert.equal(setByGm(STRAIGHT, start, { ...start, difficulty: 12 }), true);
  assert.equal(setByGm(STRAIGHT, start, { ...start, dazed: true }), true);
  // A field that could not be read (half typed) counts as set: the old default no longer holds.
  const { difficulty, ...unread } = start;
  assert.equal(setByGm(STRAIGHT, start, unread), true);
  // Back to where it started: unset again.
  assert.equal(setByGm(STRAIGHT, start, { ...start, difficulty: 6 }), false);
  const stealth = prefillValues(STEALTH, { members: [1, 2] });
  assert.equal(setByGm(STEALTH, stealth, { ...stealth, members: [1, 2] }), false);
  assert.equal(setByGm(STEALTH, stealth, { ...stealth, members: [1, 2, 0] }), true);
});

test('the folded "how it works" line names the kind and counts its rulings', () => {
  assert.equal(aboutLine('Straight roll', 1), 'Straight roll: how it works · 1 ruling');
  assert.equal(aboutLine('Opposed roll', 2), 'Opposed roll: how it works · 2 rulings');
  assert.equal(aboutLine('Group stealth', 0), 'Group stealth: how it works');
});
