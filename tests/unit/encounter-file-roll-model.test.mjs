// The Roll form and Roll initiative of a file system's table panel (file-roll-model.js), read
// from what the catalog serves: tests/unit/served/shipped-files.json is the catalog's entry of
// the shipped systems (rewritten with the bindings), so a change of what Rust serves shows here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  initiativeMove, initiativeOf, ratingOptions, refusalAt, rollForm, rollMove, startValues, tableKinds, typedValue,
} from '../../ui/js/encounter/systems/file-roll-model.js';
import { fieldModel } from '../../ui/js/form.js';

const shipped = JSON.parse(readFileSync(new URL('./served/shipped-files.json', import.meta.url), 'utf8'));
const d20 = shipped.find((s) => s.id === 'd20-heroes');
const names = (fields) => fields.map((f) => f.name);

test('Roll initiative is offered for the file that declares it, and plays the initiative move', () => {
  assert.equal(initiativeOf(d20)?.id, d20.table.initiative);
  assert.equal(initiativeOf(d20)?.id, 'initiative', 'systems/d20-heroes.toml: [table] initiative');
  for (const spec of shipped) {
    const kind = initiativeOf(spec);
    assert.equal(kind?.id ?? null, spec.table.initiative, spec.id);
  }
  assert.ok(shipped.some((s) => s.table.initiative === null), 'a shipped file without one: nothing offered');
  assert.equal(initiativeOf({ ...d20, table: { initiative: null } }), null);
  assert.equal(initiativeOf(null), null);
  assert.deepEqual(initiativeMove(), { system: 'file', move: 'initiative' });
});

test('the kinds offered are the file\'s, each field served with what fills it', () => {
  // Every kind of every shipped file, those with a list field (universe's group_stealth) too:
  // the Roll form types lists as Quick roll does.
  for (const spec of shipped) {
    assert.deepEqual(tableKinds(spec).map((k) => k.id), spec.kinds.map((k) => k.id), spec.id);
  }
  const universe = shipped.find((s) => s.id === 'file-universe');
  assert.ok(universe.kinds.some((k) => k.id === 'group_stealth'), 'the shipped universe file says group_stealth');
  assert.ok(tableKinds(universe).some((k) => k.id === 'group_stealth'), 'a kind with a list field is offered');
  // A kind some field of which the catalog does not say how the table fills is not offered,
  // nor is anything of an entry without a table (the five's shape).
  const odd = { ...d20, kinds: [...d20.kinds, { id: 'x', name: 'X', fields: [{ name: 'n', type: 'int', min: 0, max: 1, default: 0 }] }] };
  assert.ok(!tableKinds(odd).some((k) => k.id === 'x'));
  assert.deepEqual(tableKinds({ ...d20, table: undefined }), []);
});

test('the GM types the fields no sheet fills; a ratings list is a rating picked of the roller\'s', () => {
  const check = d20.kinds.find((k) => k.id === 'check');
  const sheet = { skills: [{ name: 'sailing', value: 4 }, { name: 'stealth', value: 0 }, { name: '', value: 1 }] };
  const ratings = (list) => ratingOptions(sheet, list);
  assert.deepEqual(ratings('skills'), [['sailing', 'sailing (+4)'], ['stealth', 'stealth (0)']], 'an unnamed rating is not offered');
  const form = rollForm(d20, check, { ratings });
  const list = d20.sheet.find((p) => p.name === 'skills');
  assert.deepEqual(form.rating, { list: 'skills', label: list.label, field: 'mod', options: ratings('skills') });
  assert.deepEqual(names(form.typed), ['dc', 'mode']);
  assert.equal(form.opposed, false);
  // A quick NPC has no ratings: the modifier is typed instead.
  const npc = rollForm(d20, check);
  assert.equal(npc.rating, null);
  assert.deepEqual(names(npc.typed), ['mod', 'dc', 'mode']);
  // Over every shipped kind, rolled by someone with no ratings and against no one: typed
  // exactly when no sheet value fills it (a list's rating cannot be picked).
  for (const spec of shipped) {
    const lists = new Set((spec.sheet ?? []).filter((p) => p.part.type === 'ratings').map((p) => p.name));
    for (const kind of spec.kinds) {
      const want = kind.fields.filter((f) => !f.source.from_sheet || lists.has(f.source.from_sheet));
      assert.deepEqual(names(rollForm(spec, kind).typed), names(want), `${spec.id} ${kind.id}`);
    }
  }
});

test('an opposed kind is rolled against someone, whose sheet then fills its field', () => {
  // docs/system-files.md's "Table parts": contest = d20 + my might − their guard.
  const spec = {
    ...d20,
    sheet: [{ name: 'might', label: 'Might', part: { type: 'number' } }],
    kinds: [{
      id: 'contest',
      name: 'Contest',
      fields: [
        { name: 'mine', type: 'int', min: 0, max: 5, default: 0, source: { from_sheet: 'might', from_opponent: null } },
        { name: 'theirs', type: 'int', min: 0, max: 20, default: 0, source: { from_sheet: null, from_opponent: 'guard' } },
        { name: 'edge', type: 'bool', default: false, source: { from_sheet: null, from_opponent: null } },
      ],
    }],
  };
  const [contest] = spec.kinds;
  const alone = rollForm(spec, contest);
  assert.equal(alone.opposed, true);
  assert.deepEqual(names(alone.typed), ['theirs', 'edge'], 'with no one picked, their guard is typed');
  assert.deepEqual(names(rollForm(spec, contest, { against: true }).typed), ['edge']);
  assert.equal(rollForm(d20, d20.kinds.find((k) => k.id === 'save')).opposed, false);
});

test('typed values are read as the request takes them, and the roll is the file table\'s move', () => {
  const check = d20.kinds.find((k) => k.id === 'check');
  const dc = check.fields.find((f) => f.name === 'dc');
  const mode = check.fields.find((f) => f.name === 'mode');
  assert.equal(typedValue(dc, '12'), 12);
  assert.equal(typedValue(dc, ''), dc.default, 'an empty box is the default');
  assert.equal(typedValue(dc, '99'), 99, 'out of range is the table\'s to refuse, naming the field');
  assert.equal(typedValue(mode, 'advantage'), 'advantage');
  assert.equal(typedValue(mode, 'sideways'), mode.default);
  assert.equal(typedValue({ name: 'b', type: 'bool', default: false }, true), true);
  assert.deepEqual(rollMove({ participantId: 'p', kind: 'check', rating: 'sailing', fields: { dc: 14 } }), {
    system: 'file', move: 'roll', participant_id: 'p', roll: 'check', rating: 'sailing', fields: { dc: 14 }, against: null,
  });
  assert.deepEqual(rollMove({ participantId: 'p', kind: 'contest', rating: '', against: 'q' }), {
    system: 'file', move: 'roll', participant_id: 'p', roll: 'contest', rating: null, fields: {}, against: 'q',
  });
});

const universe = shipped.find((s) => s.id === 'file-universe');
const groupStealth = universe.kinds.find((k) => k.id === 'group_stealth');
const members = groupStealth.fields.find((f) => f.type === 'int_list');

test('a list field is typed at the table: read as whole numbers, kept across a redraw, rolled as a list', () => {
  // systems/universe.toml: the teammates' Stealth levels, typed (no sheet fills them).
  assert.equal(members.name, 'members');
  assert.ok(names(rollForm(universe, groupStealth).typed).includes('members'), 'the GM types the teammates');
  assert.deepEqual(typedValue(members, ['3', ' -2', 4]), [3, -2, 4]);
  assert.deepEqual(typedValue(members, ['3', 'x', '']), [3], 'an entry that is no whole number is left out');
  const fresh = typedValue(members, undefined);
  assert.deepEqual(fresh, members.default, 'no list: the file\'s default');
  assert.notEqual(fresh, members.default, 'a copy: typing into it leaves the catalog alone');
  // Drawn with the default, then with what was typed for the kind before a redraw.
  const typed = rollForm(universe, groupStealth).typed;
  const start = startValues(typed);
  assert.deepEqual(start.members, members.default);
  for (const field of typed) assert.deepEqual(start[field.name], field.default, field.name);
  assert.deepEqual(startValues(typed, { members: [5, 1, 0] }).members, [5, 1, 0]);
  // A choice the file no longer offers (a newer version) falls back to its default.
  const choice = { name: 'mode', type: 'choice', choices: ['normal', 'advantage'], default: 'normal' };
  assert.deepEqual(startValues([choice], { mode: 'sideways' }), { mode: 'normal' });
  assert.deepEqual(rollMove({ participantId: 'p', kind: 'group_stealth', fields: { members: [5, 1] } }).fields, { members: [5, 1] });
});

test('a teammate\'s Stealth the table refuses is shown at that entry of the list', () => {
  const models = rollForm(universe, groupStealth).typed.map(fieldModel);
  // The table's refusal as the window receives it (ipc_error.rs): the entry's path, counted from 0.
  const refused = (path, reason) => ({ code: 'invalid_request', message: `${path}: ${reason}`, problems: [{ path, message: reason }] });
  const reason = `99 is out of range: ${members.label} takes ${members.min} to ${members.max}`;
  assert.deepEqual(refusalAt(refused('members[1]', reason), models), {
    errors: [{ field: 'members', item: 1, reason }],
    text: null,
  });
  // A whole field named: no entry.
  const other = models.find((m) => m.name !== 'members');
  assert.deepEqual(refusalAt(refused(other.name, 'too low'), models).errors, [{ field: other.name, item: null, reason: 'too low' }]);
  // Naming no typed field (a rating, the participant): said by the Roll button, whole.
  const away = refusalAt({ code: 'participant_not_found', message: 'participant 7 is not in this encounter' }, models);
  assert.deepEqual(away, { errors: [], text: 'participant 7 is not in this encounter' });
  // Several fields at once: each marked, the words by the Roll button with their labels.
  const both = refusalAt(refused(`members + ${other.name}`, 'too many'), models);
  assert.deepEqual(both.errors.map((e) => e.field), ['members', other.name]);
  assert.equal(both.text, `${members.label} + ${other.label}: too many`);
});
