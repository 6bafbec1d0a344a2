import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRequest, canAddItem, errorTarget, fieldModel, initialValues, newItemValue, readInt, readSeed, requestText } from '../../ui/js/form.js';

// Field specs as the catalog (`rollbook kinds`) declares them.
const specs = [
  { name: 'attribute_dice', label: 'Attribute dice', help: 'Kept d6.', type: 'int', min: 0, max: 60, default: 3 },
  { name: 'skill_dice', label: 'Skill dice', help: '', type: 'int', min: 0, max: 60, default: 0 },
  { name: 'dazed', label: 'Dazed', help: 'One fewer d12.', type: 'bool', default: false },
  { name: 'active', label: 'Active level', type: 'choice', choices: ['Poor', 'Average', 'Skilled'], default: 'Skilled' },
  { name: 'members', label: "Teammates' Stealth", type: 'int_list', min: -20, max: 40, max_items: 3, default: [0, 0] },
];
const fields = specs.map(fieldModel);
const byName = Object.fromEntries(fields.map((f) => [f.name, f]));

test('fieldModel keeps what the catalog declares', () => {
  assert.deepEqual(byName.attribute_dice, { name: 'attribute_dice', label: 'Attribute dice', help: 'Kept d6.', type: 'int', default: 3, min: 0, max: 60 });
  assert.deepEqual(byName.active.choices, ['Poor', 'Average', 'Skilled']);
  assert.equal(byName.members.maxItems, 3);
  assert.equal(byName.members.min, -20);
});

test('fieldModel fills what the catalog leaves out', () => {
  const bare = fieldModel({ name: 'n', type: 'int', default: 1 });
  assert.equal(bare.label, 'n');
  assert.equal(bare.help, '');
  assert.equal(bare.min, Number.MIN_SAFE_INTEGER);
  assert.equal(bare.max, Number.MAX_SAFE_INTEGER);
  assert.equal(fieldModel({ name: 'l', type: 'int_list', default: [] }).maxItems, 20);
  assert.deepEqual(fieldModel({ name: 'c', type: 'choice', default: 'x' }).choices, []);
});

test('fieldModel copies the choices, so the catalog is never changed through a model', () => {
  specs[3].choices.push('Omega');
  assert.equal(fieldModel(specs[3]).choices.length, 4);
  assert.equal(byName.active.choices.length, 3);
  specs[3].choices.pop();
});

test('initialValues are the defaults; a list default is copied, not shared', () => {
  const values = initialValues(fields);
  assert.deepEqual(values, { attribute_dice: 3, skill_dice: 0, dazed: false, active: 'Skilled', members: [0, 0] });
  values.members.push(7);
  assert.deepEqual(byName.members.default, [0, 0]);
});

test('readInt accepts whole numbers, signs, spaces and the typographic minus', () => {
  assert.deepEqual(readInt('3'), { value: 3 });
  assert.deepEqual(readInt(' 12 '), { value: 12 });
  assert.deepEqual(readInt('-5'), { value: -5 });
  assert.deepEqual(readInt('+4'), { value: 4 });
  assert.deepEqual(readInt('\u22127'), { value: -7 });
  assert.deepEqual(readInt(0), { value: 0 });
});

test('readInt says in words what is wrong with anything else', () => {
  assert.deepEqual(readInt(''), { reason: 'Enter a whole number.' });
  assert.deepEqual(readInt('  '), { reason: 'Enter a whole number.' });
  assert.deepEqual(readInt('2.5'), { reason: '“2.5” is not a whole number.' });
  assert.deepEqual(readInt('1e3'), { reason: '“1e3” is not a whole number.' });
  assert.deepEqual(readInt('abc'), { reason: '“abc” is not a whole number.' });
  assert.deepEqual(readInt('99999999999999999999'), { reason: '99999999999999999999 is too large.' });
});

test('readInt leaves the range to the engine', () => {
  assert.deepEqual(readInt('61'), { value: 61 });
});

test('readSeed: empty is fresh dice, a whole number is a seed, anything else is refused', () => {
  assert.deepEqual(readSeed(''), { value: null });
  assert.deepEqual(readSeed('   '), { value: null });
  assert.deepEqual(readSeed('42'), { value: 42 });
  assert.deepEqual(readSeed(String(Number.MAX_SAFE_INTEGER)), { value: Number.MAX_SAFE_INTEGER });
  assert.match(readSeed('-1').reason, /whole number from 0 up/);
  assert.match(readSeed('seven').reason, /whole number from 0 up/);
  assert.match(readSeed('9007199254740993').reason, /up to 9007199254740991/);
});

test('buildRequest: system, roll, then every field read', () => {
  const request = buildRequest('marks', 'pool', fields, { attribute_dice: 3, skill_dice: 3, dazed: false, active: 'Poor', members: [1] });
  assert.deepEqual(request, { system: 'marks', roll: 'pool', attribute_dice: 3, skill_dice: 3, dazed: false, active: 'Poor', members: [1] });
  assert.deepEqual(Object.keys(request).slice(0, 2), ['system', 'roll']);
});

test('buildRequest leaves out fields that could not be read (the engine default is not guessed)', () => {
  assert.deepEqual(buildRequest('marks', 'pool', fields, { skill_dice: 2 }), { system: 'marks', roll: 'pool', skill_dice: 2 });
});

/** An engine refusal of `path` as the window receives it (ipc_error.rs: `problems` carries the path). */
const refused = (path, reason) => ({ code: 'invalid_request', message: `${path}: ${reason}`, problems: [{ path, message: reason }] });

test('errorTarget finds the field an engine refusal names', () => {
  const target = errorTarget(refused('attribute_dice', '61 is out of range: Attribute dice takes 0 to 60'), fields);
  assert.deepEqual(target, {
    fields: ['attribute_dice'],
    item: null,
    reason: '61 is out of range: Attribute dice takes 0 to 60',
    text: 'Attribute dice: 61 is out of range: Attribute dice takes 0 to 60',
  });
});

test('errorTarget finds the list entry (counted from 0 by the engine, from 1 for people)', () => {
  const target = errorTarget(refused('members[1]', "99 is out of range: Teammates' Stealth takes -20 to 40"), fields);
  assert.deepEqual(target.fields, ['members']);
  assert.equal(target.item, 1);
  assert.equal(target.text, "Teammates' Stealth 2: 99 is out of range: Teammates' Stealth takes -20 to 40");
});

test('errorTarget finds every field of a sum', () => {
  const target = errorTarget(refused('attribute_dice + skill_dice', '70 dice in all is over the limit of 60 dice in one pool'), fields);
  assert.deepEqual(target.fields, ['attribute_dice', 'skill_dice']);
  assert.equal(target.item, null);
  assert.equal(target.text, 'Attribute dice + Skill dice: 70 dice in all is over the limit of 60 dice in one pool');
});

test('errorTarget reads a request-array prefix', () => {
  assert.deepEqual(errorTarget(refused('[0].skill_dice', 'too many'), fields).fields, ['skill_dice']);
});

test('errorTarget leaves refusals of no known field whole', () => {
  const whole = [
    { code: 'malformed_request', message: 'unknown field `dice`, expected one of …' },
    refused('system', 'unknown system "chess"'),
    new Error('The dice engine is not available'),
    { code: 'error', message: '' },
  ];
  for (const failure of whole) {
    const target = errorTarget(failure, fields);
    assert.deepEqual(target.fields, [], failure.message);
    assert.equal(target.text, failure.message);
    assert.equal(target.reason, failure.message);
  }
  assert.deepEqual(errorTarget(undefined, fields).fields, []);
  assert.equal(errorTarget('a thrown string', fields).text, 'a thrown string');
});

test('errorTarget reads the path the engine sent, never the words of the message', () => {
  // Worded like a field's refusal, but with no problem: said whole, no field marked.
  const worded = { code: 'too_much_work', message: 'skill_dice: looks like a field' };
  assert.deepEqual(errorTarget(worded, fields), { fields: [], item: null, reason: worded.message, text: worded.message });
  // The field comes from the path even when the message reads otherwise.
  const target = errorTarget({ code: 'invalid_request', message: 'something else entirely', problems: [{ path: 'members[0]', message: 'too low' }] }, fields);
  assert.deepEqual([target.fields, target.item, target.reason], [['members'], 0, 'too low']);
});

test('a list may grow up to its maximum; a new entry starts at 0 when 0 is allowed', () => {
  assert.equal(canAddItem(byName.members, [0, 0]), true);
  assert.equal(canAddItem(byName.members, [0, 0, 0]), false);
  assert.equal(newItemValue(byName.members), 0);
  assert.equal(newItemValue(fieldModel({ name: 'x', type: 'int_list', min: 2, max: 9 })), 2);
  assert.equal(newItemValue(fieldModel({ name: 'y', type: 'int_list', min: -9, max: -2 })), -9);
});

test('requestText is the request as JSON with room to wrap between values', () => {
  const request = { system: 'universe', roll: 'group_stealth', leader: -1, members: [0, 9], advantage: false, active: 'Poor, "quoted"' };
  const text = requestText(request);
  assert.equal(text, '{"system": "universe", "roll": "group_stealth", "leader": -1, "members": [0, 9], "advantage": false, "active": "Poor, \\"quoted\\""}');
  assert.deepEqual(JSON.parse(text), request);
  assert.deepEqual(JSON.parse(requestText({ system: 's', roll: 'r', members: [] })), { system: 's', roll: 'r', members: [] });
});
