import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyRowAction } from '../../ui/js/sheet/row-actions.js';
import { SYSTEM_MODELS, sheetModel } from '../../ui/js/sheet/systems/index.js';
import { characterDraft } from '../../ui/js/sheet/model.js';

const d12 = SYSTEM_MODELS.d12;
const character = {
  name: 'Vex', player: '', kind: 'pc', tags: [], notes: '',
  sheet: { abilities: [{ name: 'Guns', ranks: 2 }, { name: 'Dodge', ranks: 1, defense: 'dodge' }, { name: 'Mind', ranks: 0, defense: 'mind' }], health: { current: 12, max: 12 }, effects: [], conditions: [], equipment: ['Knife'] },
};
const draft = characterDraft(d12, character);
const names = (d) => d.sheet.abilities.map((a) => a.name);

test('add puts the model\'s new item at the end and focuses it', () => {
  const { draft: next, focus } = applyRowAction(d12, {}, draft, 'add', ['sheet', 'abilities']);
  assert.equal(next.sheet.abilities.length, 4);
  assert.deepEqual(next.sheet.abilities[3], { name: '', ranks: 0, defense: '' });
  assert.deepEqual(focus, { loc: ['sheet', 'abilities', 3] });
  assert.equal(draft.sheet.abilities.length, 3, 'the old draft is untouched (undo keeps it)');
  const eq = applyRowAction(d12, {}, draft, 'add', ['sheet', 'equipment']);
  assert.deepEqual(eq.draft.sheet.equipment, ['Knife', '']);
});

test('remove takes the row out and moves focus to the row now in its place, or to Add', () => {
  let r = applyRowAction(d12, {}, draft, 'remove', ['sheet', 'abilities', 1]);
  assert.deepEqual(names(r.draft), ['Guns', 'Mind']);
  assert.deepEqual(r.focus, { loc: ['sheet', 'abilities', 1], action: 'remove' });
  r = applyRowAction(d12, {}, draft, 'remove', ['sheet', 'abilities', 2]);
  assert.deepEqual(r.focus, { loc: ['sheet', 'abilities', 1], action: 'remove' });
  r = applyRowAction(d12, {}, draft, 'remove', ['sheet', 'equipment', 0]);
  assert.deepEqual(r.draft.sheet.equipment, []);
  assert.deepEqual(r.focus, { loc: ['sheet', 'equipment'], action: 'add' });
});

test('up and down reorder, keeping focus on the moved row', () => {
  let r = applyRowAction(d12, {}, draft, 'down', ['sheet', 'abilities', 0]);
  assert.deepEqual(names(r.draft), ['Dodge', 'Guns', 'Mind']);
  assert.deepEqual(r.focus, { loc: ['sheet', 'abilities', 1], action: 'down' });
  r = applyRowAction(d12, {}, draft, 'up', ['sheet', 'abilities', 1]);
  assert.deepEqual(names(r.draft), ['Dodge', 'Guns', 'Mind']);
  assert.deepEqual(r.focus, { loc: ['sheet', 'abilities', 0], action: 'down' }, 'the top row has no Up: focus goes to Down');
  assert.equal(applyRowAction(d12, {}, draft, 'up', ['sheet', 'abilities', 0]), null);
  assert.equal(applyRowAction(d12, {}, draft, 'down', ['sheet', 'abilities', 2]), null);
});

test('a full list takes no more, and unknown places change nothing', () => {
  // Two fate cards at most, as Rust serves the limit.
  const universe = sheetModel('universe', [{ system: 'universe', path: 'fate', measure: 'items', min: 0, max: 2 }]);
  const full = characterDraft(universe, { name: 'A', sheet: { fate: ['QH', 'AS'], lucky: true } });
  assert.equal(applyRowAction(universe, {}, full, 'add', ['sheet', 'fate']), null);
  assert.equal(applyRowAction(d12, {}, draft, 'add', ['sheet', 'nothing']), null);
  assert.equal(applyRowAction(d12, {}, draft, 'remove', ['sheet', 'abilities', 9]), null);
});

test('a map row is added with a fresh name', () => {
  const genre = SYSTEM_MODELS.genre;
  const g = characterDraft(genre, { name: 'G', sheet: { attributes: { Strength: 3 } } });
  const r = applyRowAction(genre, {}, g, 'add', ['sheet', 'attributes']);
  assert.deepEqual(r.draft.sheet.attributes.map((e) => e.key), ['Strength', 'Agility']);
});
