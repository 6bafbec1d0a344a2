// The sheet models against FORMAT.md's example sheets, and the draft the editor works on.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addButtonWords, characterDraft, flatChildren, fromDraft, headerProblems, newMapKey, parseTags, problemText, rangeText, readCharacterDraft, toDraft,
} from '../../ui/js/sheet/model.js';
import { SYSTEM_MODELS, sheetModel } from '../../ui/js/sheet/systems/index.js';
import { setAt } from '../../ui/js/sheet/paths.js';
import { mapProblemTarget } from '../../ui/js/sheet/placement.js';

// FORMAT.md "Sheets", copied as the file shows them.
const EXAMPLES = {
  stunt: {
    basestats: { ATT: 'Mutant', POWER: 'Mutant', LUCK: 'Average' },
    abilities: [{ name: 'Locksmith', level: 'Skilled' }],
    htk: { current: 30, max: 30 },
  },
  genre: {
    level: 2,
    attributes: { Strength: 3, Agility: 2, Stamina: 3, Intellect: 2, Presence: 2 },
    powers: [{ name: 'Flight', level: 3 }],
    skills: [{ name: 'Acrobatics', modifier: 4 }],
    glory: 2,
    trackers: { grunt_penalties: [-2, -1], grunts_since_rest: 1, nuts_used: 0, nut_rounds_left: 0 },
  },
  universe: {
    skills: [{ name: 'Stealth', level: 1 }, { name: 'Athletics', level: 2 }],
    combat_skill: 1, attack_bonus: 1, ac: 13,
    saves: { physical: 15, mental: 15, luck: 15 },
    hp: { current: 10, max: 10 }, sanity: { current: 10, max: 10 },
    lucky: false, fate: ['QH'],
  },
  marks: {
    attributes: { Agility: 4, Cunning: 2, Intelligence: 3, Fortitude: 3, Domination: 2 },
    super_attributes: { Agility: 3 },
    skills: [{ name: 'Intimidation', rank: 3, super: false }],
    styles: [{ name: 'Brawling', rank: 2 }],
    superpowers: [{ name: 'Flight', rank: 2 }],
  },
  d12: {
    abilities: [{ name: 'Guns', ranks: 2 }, { name: 'Dodge', ranks: 1, defense: 'dodge' },
      { name: 'Mind', ranks: 0, defense: 'mind' }, { name: 'Toughness', ranks: 2, defense: 'toughness' },
      { name: 'Will Power', ranks: 1, defense: 'will_power' }],
    health: { current: 12, max: 12 },
    effects: [{ name: 'Dazed', remaining: '1 turn' }],
    conditions: [{ kind: 'limb', detail: 'Left Arm', remaining: '1 day' }],
    equipment: ['Body Armor', 'Laser Pistol'],
  },
};

/** Every key of a sheet that the model declares, as `a.b[].c` (maps by their key). */
function modelKeys(node, prefix, out) {
  if (node.type === 'object') {
    for (const child of flatChildren(node)) modelKeys(child, prefix ? `${prefix}.${child.key}` : child.key, out);
  } else if (node.type === 'list') {
    out.add(prefix);
    if (node.item.type === 'object') modelKeys(node.item, `${prefix}[]`, out);
  } else {
    out.add(prefix);
  }
  return out;
}

function sheetKeys(value, prefix, out, maps) {
  if (Array.isArray(value)) {
    out.add(prefix);
    for (const item of value) if (item && typeof item === 'object') sheetKeys(item, `${prefix}[]`, out, maps);
  } else if (value && typeof value === 'object' && !maps.has(prefix)) {
    for (const [key, v] of Object.entries(value)) sheetKeys(v, prefix ? `${prefix}.${key}` : key, out, maps);
  } else {
    out.add(prefix);
  }
  return out;
}

test('there is a model for each of the five systems', () => {
  assert.deepEqual(Object.keys(SYSTEM_MODELS).sort(), ['d12', 'genre', 'marks', 'stunt', 'universe']);
  for (const [id, model] of Object.entries(SYSTEM_MODELS)) assert.equal(model.system, id);
  assert.equal(sheetModel('chess'), null);
});

test('every field of FORMAT.md\'s example sheets has a place in its model, and nothing else does', () => {
  for (const [system, example] of Object.entries(EXAMPLES)) {
    const model = SYSTEM_MODELS[system];
    const maps = new Set(flatChildren(model.root).filter((n) => n.type === 'map').map((n) => n.key));
    assert.deepEqual([...modelKeys(model.root, '', new Set())].sort(), [...sheetKeys(example, '', new Set(), maps)].sort(), system);
  }
});

test('a sheet goes through the draft and back unchanged, key order kept', () => {
  for (const [system, example] of Object.entries(EXAMPLES)) {
    const model = SYSTEM_MODELS[system];
    const { value, problems } = fromDraft(model.root, toDraft(model.root, example));
    assert.deepEqual(problems, [], system);
    assert.equal(JSON.stringify(value), JSON.stringify(example), system);
  }
});

test('maps are edited as entries, so a name may be typed over another without losing a row', () => {
  const model = SYSTEM_MODELS.genre;
  let draft = toDraft(model.root, EXAMPLES.genre);
  assert.deepEqual(draft.attributes[0], { key: 'Strength', value: 3 });
  draft = setAt(draft, ['attributes', 1, 'key'], 'Strength');
  const { value, problems } = fromDraft(model.root, draft);
  assert.deepEqual(problems, [{ path: 'sheet.attributes.Strength', message: '"Strength" is listed twice', key: true }]);
  assert.equal(mapProblemTarget(problems[0]), 'key', 'the name is marked, not the number');
  assert.equal(value.attributes.Strength, 3, 'the first one stands');
  draft = setAt(draft, ['attributes', 1, 'key'], 'Will Power');
  assert.deepEqual(Object.keys(fromDraft(model.root, draft).value.attributes), ['Strength', 'Will Power', 'Stamina', 'Intellect', 'Presence']);
});

test('a number being typed is a problem at its path until it reads as one', () => {
  const model = SYSTEM_MODELS.d12;
  let draft = toDraft(model.root, EXAMPLES.d12);
  draft = setAt(draft, ['abilities', 1, 'ranks'], '');
  draft = setAt(draft, ['health', 'max'], '1x');
  const { problems } = fromDraft(model.root, draft);
  assert.deepEqual(problems, [
    { path: 'sheet.abilities[1].ranks', message: 'Enter a whole number.' },
    { path: 'sheet.health.max', message: '“1x” is not a whole number.' },
  ]);
  draft = setAt(draft, ['abilities', 1, 'ranks'], ' 3 ');
  draft = setAt(draft, ['health', 'max'], '11');
  const back = fromDraft(model.root, draft);
  assert.deepEqual(back.problems, []);
  assert.equal(back.value.abilities[1].ranks, 3);
  assert.equal(back.value.health.max, 11);
});

test('an optional choice left at none is left out; fields the model does not know are kept', () => {
  const model = SYSTEM_MODELS.d12;
  let draft = toDraft(model.root, { ...EXAMPLES.d12, future_field: { x: 1 } });
  assert.equal(draft.abilities[0].defense, '');
  draft = setAt(draft, ['abilities', 1, 'defense'], '');
  const { value } = fromDraft(model.root, draft);
  assert.equal('defense' in value.abilities[0], false);
  assert.equal('defense' in value.abilities[1], false);
  assert.deepEqual(value.future_field, { x: 1 });
});

test('a missing list or map reads as empty, so a sheet that lacks one still opens', () => {
  const model = SYSTEM_MODELS.marks;
  const draft = toDraft(model.root, { attributes: EXAMPLES.marks.attributes });
  assert.deepEqual(draft.super_attributes, []);
  assert.deepEqual(draft.styles, []);
});

test('problem messages read as sentences beside their field', () => {
  assert.equal(problemText('5 is over the limit of 4', 'Ranks'), '5 is over the limit of 4');
  assert.equal(problemText('is empty; a name takes 1 to 120 characters', 'Name'), 'Name is empty; a name takes 1 to 120 characters');
  assert.equal(problemText('"guns" is listed twice', 'Name'), '"guns" is listed twice');
  assert.equal(problemText('12 ranks in total is over the limit of 10'), '12 ranks in total is over the limit of 10');
  assert.equal(problemText('expected a whole number'), 'Expected a whole number');
});

test('ranges read as a GM writes them', () => {
  assert.equal(rangeText({ min: 0, max: 4 }), '0–4');
  assert.equal(rangeText({ min: -10, max: 10 }), '\u221210 to 10');
  assert.equal(rangeText({ min: 1 }), '1 or more');
  assert.equal(rangeText({}), '');
});

test('the fields around the sheet have FORMAT.md\'s limits, as Rust serves them', () => {
  // The catalog's text_limits, written by the bindings command from the Rust declaration.
  const limits = JSON.parse(readFileSync(new URL('./served/text-limits.json', import.meta.url), 'utf8'));
  const { name: nameMax, tag: tagMax, tags: tagsMax, notes: notesMax } = limits;
  const ok = { name: 'Vex', player: '', tags: ['party'], notes: '' };
  assert.deepEqual(headerProblems(ok, limits), []);
  assert.deepEqual(headerProblems({ ...ok, name: '  ' }, limits), [{ path: 'name', message: `is empty; a name takes 1 to ${nameMax} characters` }]);
  assert.deepEqual(headerProblems({ ...ok, name: 'x'.repeat(nameMax + 1) }, limits), [{ path: 'name', message: `is ${nameMax + 1} characters long; the limit is ${nameMax}` }]);
  assert.deepEqual(headerProblems({ ...ok, name: 'x'.repeat(nameMax) }, limits), []);
  assert.deepEqual(headerProblems({ ...ok, tags: ['party', 'Party', 't'.repeat(tagMax + 1)] }, limits), [
    { path: 'tags[1]', message: '"Party" is listed twice' },
    { path: 'tags[2]', message: `is ${tagMax + 1} characters long; the limit is ${tagMax}` },
  ]);
  assert.equal(headerProblems({ ...ok, tags: Array.from({ length: tagsMax + 1 }, (_, i) => `t${i}`) }, limits)[0].path, 'tags');
  assert.equal(headerProblems({ ...ok, notes: 'n'.repeat(notesMax + 1) }, limits)[0].path, 'notes');
  // Before the catalog came: an empty name and a repeated tag are still found.
  assert.deepEqual(headerProblems({ ...ok, name: ' ', notes: 'n'.repeat(notesMax + 1) }), [{ path: 'name', message: 'is empty' }]);
});

test('tags are typed as a comma-separated line', () => {
  assert.deepEqual(parseTags(' party,  tank ,,'), ['party', 'tank']);
  assert.deepEqual(parseTags(''), []);
});

test('a character becomes a draft and the draft becomes the update patch', () => {
  const model = SYSTEM_MODELS.d12;
  const character = { name: 'Vex', player: 'Sam', kind: 'pc', tags: ['party', 'tank'], notes: 'n', sheet: EXAMPLES.d12 };
  const draft = characterDraft(model, character);
  assert.equal(draft.tags, 'party, tank');
  const { patch, problems } = readCharacterDraft(model, { ...draft, tags: 'party, tank, new ' });
  assert.deepEqual(problems, []);
  assert.deepEqual(patch, { name: 'Vex', player: 'Sam', kind: 'pc', tags: ['party', 'tank', 'new'], notes: 'n', sheet: EXAMPLES.d12 });
  const bad = readCharacterDraft(model, setAt({ ...draft, name: '' }, ['sheet', 'abilities', 0, 'ranks'], 'x'));
  assert.deepEqual(bad.problems.map((p) => p.path), ['name', 'sheet.abilities[0].ranks']);
});

test('a new map entry gets the first free suggested name, else a numbered one', () => {
  const entries = [{ key: 'Strength' }, { key: 'agility' }];
  assert.equal(newMapKey(entries, ['Strength', 'Agility', 'Stamina']), 'Stamina');
  assert.equal(newMapKey(entries, [], 'Attribute'), 'Attribute 1');
  assert.equal(newMapKey([...entries, { key: 'Attribute 1' }], [], 'Attribute'), 'Attribute 2');
});

test('stunt levels come from the roster, and a super attribute from the sheet\'s own attributes', () => {
  const stunt = SYSTEM_MODELS.stunt.root.children;
  const levels = ['Low', 'Mid', 'High'];
  assert.deepEqual(stunt[0].value.choices({ levels }), levels);
  assert.equal(stunt[1].newItem({ levels }).level, 'Mid');
  const marks = SYSTEM_MODELS.marks;
  const draft = toDraft(marks.root, EXAMPLES.marks);
  const supers = marks.root.children.find((n) => n.key === 'super_attributes');
  assert.deepEqual(supers.keyChoices({}, draft), ['Agility', 'Cunning', 'Intelligence', 'Fortitude', 'Domination']);
});

test('a draft location leads to its model node', async () => {
  const { nodeAt } = await import('../../ui/js/sheet/model.js');
  // Limits as Rust would serve them (made-up numbers: the models hold none of their own).
  const value = (system, path, min, max) => ({ system, path, measure: 'value', min, max });
  const served = [
    value('d12', 'abilities[].ranks', 0, 7), value('d12', 'health.max', 1, 55),
    value('genre', 'level', 2, 50), value('genre', 'attributes.*', 0, 12), value('genre', 'trackers.grunt_penalties[]', -5, -1),
  ];
  const d12 = sheetModel('d12', served).root;
  assert.equal(nodeAt(d12, ['abilities']).key, 'abilities');
  assert.equal(nodeAt(d12, ['abilities', 3, 'ranks']).max, 7);
  assert.equal(nodeAt(d12, ['equipment', 0]).type, 'text');
  assert.equal(nodeAt(d12, ['health', 'max']).max, 55);
  assert.equal(nodeAt(d12, ['nothing']), null);
  const genre = sheetModel('genre', served).root;
  assert.equal(nodeAt(genre, ['level']).min, 2, 'fields of an inline group sit at the sheet level');
  assert.equal(nodeAt(genre, ['attributes', 2, 'value']).max, 12);
  assert.equal(nodeAt(genre, ['attributes', 2, 'key']).type, 'text');
  assert.equal(nodeAt(genre, ['attributes', 2]).type, 'entry');
  assert.equal(nodeAt(genre, ['trackers', 'grunt_penalties', 0]).min, -5);
});

test('rows are added with the model\'s new item and moved within the list', async () => {
  const { moveEntry, withNewEntry } = await import('../../ui/js/sheet/model.js');
  const d12 = SYSTEM_MODELS.d12.root.children[0];
  assert.deepEqual(withNewEntry(d12, [], {}, {}), [{ name: '', ranks: 0, defense: '' }]);
  const attrs = SYSTEM_MODELS.genre.root.children.find((n) => n.key === 'attributes');
  assert.deepEqual(withNewEntry(attrs, [{ key: 'Strength', value: 3 }], {}, {}).at(-1), { key: 'Agility', value: 2 });
  const supers = SYSTEM_MODELS.marks.root.children.find((n) => n.key === 'super_attributes');
  const sheet = { attributes: [{ key: 'Agility', value: 4 }, { key: 'Cunning', value: 2 }] };
  assert.deepEqual(withNewEntry(supers, [{ key: 'Agility', value: 3 }], {}, sheet).at(-1), { key: 'Cunning', value: 1 });
  assert.deepEqual(moveEntry(['a', 'b', 'c'], 0, 2), ['b', 'c', 'a']);
  assert.deepEqual(moveEntry(['a', 'b', 'c'], 2, 1), ['a', 'c', 'b']);
  const same = ['a'];
  assert.equal(moveEntry(same, 0, 1), same);
});

test('every list\'s Add button is named starting with the words it shows, full or not', () => {
  // axe's label-content-name-mismatch: the universe sheet's "+ Add skill" was named "Add a skill to skills".
  const lists = [];
  const walk = (node) => {
    if (node.type === 'list') lists.push(node);
    for (const child of node.children ?? []) walk(child);
    if (node.item) walk(node.item);
    if (node.value) walk(node.value);
  };
  for (const system of Object.keys(SYSTEM_MODELS)) walk(sheetModel(system, []).root);
  assert.ok(lists.some((n) => n.itemLabel === 'Skill'), 'the universe sheet\'s skills are among them');
  for (const node of lists) {
    for (const count of [0, node.maxItems ?? 1]) {
      const { text, name } = addButtonWords({ ...node, maxItems: node.maxItems ?? 1 }, count);
      assert.ok(name.startsWith(text.replace(/^\+ /, '')), `${node.label}: "${name}" does not start with "${text}"`);
    }
  }
  assert.deepEqual(addButtonWords({ label: 'Skills', itemLabel: 'Skill', maxItems: 2 }, 1), { full: false, text: '+ Add skill', name: 'Add skill to skills' });
  assert.equal(addButtonWords({ label: 'Skills', itemLabel: 'Skill', maxItems: 2 }, 2).full, true);
});
