import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHEET_HOME, mapProblemTarget, placeByPath, placeDerived, rollsByPath, subjectOf } from '../../ui/js/sheet/placement.js';

const KNOWN = new Set(['name', 'tags', 'sheet.abilities', 'sheet.abilities[0]', 'sheet.abilities[0].ranks', 'sheet.attributes', 'sheet.attributes["Will Power"]']);

test('problems go to their own field, else the nearest element above it', () => {
  const problems = [
    { path: 'sheet.abilities[0].ranks', message: '5 is over the limit of 4' },
    { path: 'sheet.abilities', message: '12 ranks in total is over the limit of 10' },
    { path: 'sheet.attributes.Domination', message: 'is missing' },
    { path: 'sheet.attributes["Will Power"]', message: '7 is over the limit of 6' },
    { path: 'tags[2]', message: 'is empty' },
    { path: 'position', message: 'somewhere else' },
  ];
  const { placed, unplaced } = placeByPath(problems, KNOWN);
  assert.deepEqual(placed.get('sheet.abilities[0].ranks').map((p) => p.rest), [[]]);
  assert.deepEqual(placed.get('sheet.abilities').map((p) => p.item.message), ['12 ranks in total is over the limit of 10']);
  assert.deepEqual(placed.get('sheet.attributes')[0].rest, ['Domination']);
  assert.equal(placed.get('sheet.attributes["Will Power"]').length, 1);
  assert.deepEqual(placed.get('tags')[0].rest, [2]);
  assert.deepEqual(unplaced, [problems[5]]);
});

test('derived values and rolls are relative to the sheet', () => {
  const { placed } = placeByPath([{ path: 'abilities', label: 'Ranks' }, { path: 'abilities[0]', label: 'Guns roll' }], KNOWN, 'sheet');
  assert.equal(placed.get('sheet.abilities')[0].item.label, 'Ranks');
  assert.equal(placed.get('sheet.abilities[0]')[0].item.label, 'Guns roll');
});

test('a derived value no element is named for shows with the sheet\'s own values, not dropped (a file system\'s [derived])', () => {
  // d20-heroes.toml: a tracker's maximum at the tracker, the modifiers worked out from two numbers at no part.
  const derived = [
    { path: 'abilities', label: 'Ranks' },
    { path: 'str_mod', label: 'Strength modifier' },
    { path: 'dex_mod', label: 'Dexterity modifier' },
  ];
  const placed = placeDerived(derived, KNOWN);
  assert.deepEqual(placed.get('sheet.abilities').map((p) => p.item.label), ['Ranks']);
  assert.deepEqual(placed.get(SHEET_HOME).map((p) => p.item.label), ['Strength modifier', 'Dexterity modifier']);
  assert.deepEqual([...placed.values()].flat().length, derived.length, 'every value is placed somewhere');
  assert.equal(placeDerived(derived.slice(0, 1), KNOWN).has(SHEET_HOME), false, 'no home when every value has its element');
});

test('a message above its own path names what it is about', () => {
  assert.equal(subjectOf('Attributes', 'Attribute', ['Domination']), 'Domination');
  assert.equal(subjectOf('Tags', 'Tag', [2]), 'Tag 3');
  assert.equal(subjectOf('Name', '', []), 'Name');
  assert.equal(subjectOf('Trackers', '', ['nuts_used']), 'nuts used');
});

test('a name/value row marks the value for range problems and the name for the rest', () => {
  // The engine says which (roster's Problem `key`), whatever the words.
  assert.equal(mapProblemTarget({ path: 'sheet.attributes.Agility', message: '7 is over the limit of 6' }), 'value');
  assert.equal(mapProblemTarget({ path: 'sheet.attributes.Agility', message: '-1 is under the minimum of 0', key: false }), 'value');
  assert.equal(mapProblemTarget({ path: 'sheet.super_attributes.Charm', message: '"Charm" is not one of this sheet\'s attributes', key: true }), 'key');
  assert.equal(mapProblemTarget({ path: 'sheet.attributes. ', message: 'is empty; a name takes 1 to 120 characters', key: true }), 'key');
  assert.equal(mapProblemTarget({ path: 'sheet.attributes.X', message: '12 reads like a number', key: true }), 'key');
});

test('rolls sharing a rating are grouped, each keeping its index', () => {
  const rolls = [{ path: 'abilities[0]', label: 'Guns' }, { path: 'abilities[1]', label: 'Dodge' }, { path: 'abilities[0]', label: 'Guns vs Dodge' }];
  const groups = rollsByPath(rolls);
  assert.deepEqual(groups.get('abilities[0]').map((r) => r.index), [0, 2]);
  assert.equal(groups.get('abilities[1]')[0].roll.label, 'Dodge');
});
