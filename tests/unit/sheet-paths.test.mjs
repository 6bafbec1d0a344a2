import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPath, getAt, nearestKnown, parsePath, setAt } from '../../ui/js/sheet/paths.js';

test('paths read as the Rust side writes them', () => {
  assert.deepEqual(parsePath('sheet.abilities[1].ranks'), ['sheet', 'abilities', 1, 'ranks']);
  assert.deepEqual(parsePath('sheet.attributes["Will Power"]'), ['sheet', 'attributes', 'Will Power']);
  assert.deepEqual(parsePath('house_rules.stunt.chart[2][3]'), ['house_rules', 'stunt', 'chart', 2, 3]);
  assert.deepEqual(parsePath('tags[0]'), ['tags', 0]);
  assert.deepEqual(parsePath('sheet.attributes["say \\"hi\\""]'), ['sheet', 'attributes', 'say "hi"']);
  assert.equal(parsePath('sheet..x'), null);
  assert.equal(parsePath('sheet[x]'), null);
});

test('formatting is the inverse of parsing, quoting only what is not an identifier', () => {
  for (const text of ['sheet.abilities[1].ranks', 'sheet.attributes["Will Power"]', 'sheet.trackers.grunt_penalties[0]', 'sheet.basestats.ATT', 'sheet.x["a.b"]']) {
    assert.equal(formatPath(parsePath(text)), text);
  }
  assert.equal(formatPath(['sheet', 'attributes', 'Strength']), 'sheet.attributes.Strength');
  assert.equal(formatPath(['sheet', 'attributes', 'Ränge']), 'sheet.attributes["Ränge"]');
});

test('setAt copies only what lies on the way and leaves the old value alone', () => {
  const before = { abilities: [{ name: 'Guns', ranks: 2 }, { name: 'Dodge', ranks: 1 }], health: { current: 12 } };
  const after = setAt(before, ['abilities', 1, 'ranks'], 3);
  assert.equal(before.abilities[1].ranks, 1);
  assert.equal(after.abilities[1].ranks, 3);
  assert.equal(after.health, before.health, 'untouched branches are shared');
  assert.notEqual(after.abilities, before.abilities);
  assert.equal(getAt(after, ['abilities', 1, 'ranks']), 3);
  assert.equal(getAt(after, ['abilities', 5, 'ranks']), undefined);
});

test('a path with no element of its own finds the nearest one above it', () => {
  const known = new Set(['sheet', 'sheet.attributes', 'sheet.abilities[0]']);
  assert.deepEqual(nearestKnown('sheet.attributes.Domination', known), { path: 'sheet.attributes', rest: ['Domination'] });
  assert.deepEqual(nearestKnown('sheet.abilities[0].ranks', known), { path: 'sheet.abilities[0]', rest: ['ranks'] });
  assert.deepEqual(nearestKnown('sheet.attributes', known), { path: 'sheet.attributes', rest: [] });
  assert.equal(nearestKnown('name', known), null);
});
