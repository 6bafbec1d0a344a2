import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionText, appliedText, changesNothing, characterRows, countsText, IMPORT_MODES, pathInWords, planText, previewText, progressText, refusal, rosterRows,
} from '../../ui/js/transfer/import-plan.js';

const counts = (added, updated, skipped, removed) => ({ added, updated, skipped, removed });

// The shape `import_preview` answers (as `rollbook --json import --dry-run` prints it).
const plan = {
  mode: 'replace',
  rosters: [
    { action: 'skip', id: 'r1', name: 'Friday Night Heroes', system: 'd12', characters: counts(0, 1, 2, 1) },
    { action: 'add', id: 'r2', name: 'Pixel Vanguard', system: 'marks', characters: counts(2, 0, 0, 0) },
  ],
  characters: [
    { action: 'update', id: 'c1', name: 'Vex', roster_id: 'r1', moved_from: 'old' },
    { action: 'skip', id: 'c2', name: 'Brick', roster_id: 'r1', moved_from: null },
    { action: 'skip', id: 'c3', name: 'Juno', roster_id: 'r1', moved_from: null },
    { action: 'add', id: 'c4', name: 'Byte', roster_id: 'r2', moved_from: null },
    { action: 'add', id: 'c5', name: 'Glitch', roster_id: 'r2', moved_from: null },
    { action: 'remove', id: 'c6', name: 'Kaan', roster_id: 'r1', moved_from: null },
  ],
  roster_counts: counts(1, 0, 1, 0),
  character_counts: counts(2, 1, 2, 1),
};

test('three modes, each explained in one line', () => {
  assert.deepEqual(IMPORT_MODES.map((m) => m.id), ['merge', 'replace', 'copy']);
  for (const mode of IMPORT_MODES) {
    assert.ok(mode.help.length > 20 && !mode.help.includes('\n'), mode.id);
  }
});

test('counts read as words with the zeros left out', () => {
  assert.equal(countsText(counts(16, 0, 4, 0)), '16 added, 4 unchanged');
  assert.equal(countsText(counts(0, 1, 0, 3)), '1 updated, 3 to the trash');
  assert.equal(countsText(counts(0, 0, 0, 0)), 'none');
  assert.equal(countsText(counts(12000, 0, 0, 1500)), '12,000 added, 1,500 to the trash');
  assert.equal(actionText('remove'), 'To the trash');
  assert.equal(actionText('skip'), 'Unchanged');
});

test('the headline, the toast and a no-op import say what is written', () => {
  assert.equal(planText(plan), '2 rosters (1 added, 1 unchanged) and 6 characters (2 added, 1 updated, 2 unchanged, 1 to the trash)');
  assert.equal(previewText(plan), `Importing this file: ${planText(plan)}.`);
  assert.equal(appliedText(plan, 'heroes.json'), `Imported heroes.json: ${planText(plan)}.`);
  const same = { ...plan, roster_counts: counts(0, 0, 1, 0), character_counts: counts(0, 0, 1, 0) };
  assert.ok(changesNothing(same));
  assert.ok(!changesNothing(plan));
  assert.equal(previewText(same), 'Everything in this file is already here: 1 roster (1 unchanged) and 1 character (1 unchanged).');
  assert.match(appliedText(same, 'x.json'), /nothing changed/);
});

test('one row per roster with its characters\' counts, systems by name', () => {
  assert.deepEqual(rosterRows(plan, { d12: 'd12 Ranks' }), [
    { id: 'r1', name: 'Friday Night Heroes', system: 'd12 Ranks', action: 'Unchanged', added: 0, updated: 1, skipped: 2, removed: 1 },
    { id: 'r2', name: 'Pixel Vanguard', system: 'marks', action: 'Add', added: 2, updated: 0, skipped: 0, removed: 0 },
  ]);
});

test('one row per character with its roster, its action and where it moves from', () => {
  const rows = characterRows(plan, { old: 'Old Gang' });
  assert.equal(rows.length, 6);
  assert.deepEqual(rows[0], { id: 'c1', name: 'Vex', roster: 'Friday Night Heroes', action: 'Update', actionKey: 'update', note: 'moves here from Old Gang' });
  assert.deepEqual(rows[5], { id: 'c6', name: 'Kaan', roster: 'Friday Night Heroes', action: 'To the trash', actionKey: 'remove', note: '' });
  assert.equal(characterRows(plan)[0].note, 'moves here from another roster');
});

test('progress counts characters', () => {
  assert.equal(progressText({ done: 120, total: 10000 }), 'Writing 120 of 10,000 characters…');
  assert.equal(progressText({ done: 0, total: 0 }), 'Writing…');
});

test('a JSON path reads as words a GM can find in the file', () => {
  assert.equal(pathInWords('rosters[0].characters[2].sheet.abilities[1].ranks'), 'roster 1, character 3, sheet, abilities 2, ranks');
  assert.equal(pathInWords('rosters[0].characters[0].tags[1]'), 'roster 1, character 1, tag 2');
  assert.equal(pathInWords('rosters[3].house_rules.chart[2]'), 'roster 4, house rules, chart 3');
  assert.equal(pathInWords('version'), 'version');
  assert.equal(pathInWords(''), 'the file');
  assert.equal(pathInWords('[0]'), 'item 1');
});

test('a refusal lists every problem with its path; one without problems is one problem at the file', () => {
  const error = {
    code: 'import_refused',
    message: 'the file was not imported (2 problems): …',
    problems: [
      { path: 'rosters[0].name', message: 'is empty; a name takes 1 to 120 characters' },
      { path: 'rosters[0].characters[0].sheet.health.current', message: '13 is over the limit of 12' },
    ],
  };
  const r = refusal(error);
  assert.match(r.headline, /Fix these 2 problems/);
  assert.deepEqual(r.problems, [
    { where: 'roster 1, name', path: 'rosters[0].name', message: 'is empty; a name takes 1 to 120 characters' },
    { where: 'roster 1, character 1, sheet, health, current', path: 'rosters[0].characters[0].sheet.health.current', message: '13 is over the limit of 12' },
  ]);
  const single = refusal({ code: 'io', message: 'cannot read /x: permission denied' });
  assert.match(single.headline, /Fix this and try again/);
  assert.deepEqual(single.problems, [{ where: 'the file', path: '', message: 'Cannot read /x: permission denied' }]);
});
