// The table panel of a system from a file reads the encounter's file table and the catalog's
// declarations (file-model.js): which rosters take the generic panel, each participant's
// trackers labelled as the file's sheet labels them, and the move a typed change plays.
// tests/unit/served/shipped-files.json is the catalog's entry of the shipped systems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileTableOf, isFileSystem, trackerMove, trackerRows } from '../../ui/js/encounter/systems/file-model.js';
import { fileSpecOf } from '../../ui/js/sheet/systems/index.js';

const shipped = JSON.parse(readFileSync(new URL('./served/shipped-files.json', import.meta.url), 'utf8'));
const catalog = { systems: [{ id: 'd12' }, { id: 'genre' }], files: shipped, file_versions: [] };

test('a roster of a file system takes the generic panel; the five keep their own', () => {
  for (const spec of shipped) assert.equal(isFileSystem(catalog, spec.id), true, spec.id);
  for (const id of ['d12', 'genre', 'stunt', 'universe', 'marks']) assert.equal(isFileSystem(catalog, id), false, id);
  assert.equal(isFileSystem(null, 'd20-heroes'), false, 'no catalog: no file system');
  // An older version a roster keeps counts too.
  assert.equal(isFileSystem({ files: [], file_versions: [{ id: 'old-game', version: 1 }] }, 'old-game'), true);
});

test('the table\'s own version of the file is the one read, else the newest', () => {
  const v1 = { id: 'g', version: 1, name: 'Old' };
  const v2 = { id: 'g', version: 2, name: 'New' };
  const both = { files: [v2], file_versions: [v1] };
  assert.equal(fileSpecOf(both, 'g', 1), v1);
  assert.equal(fileSpecOf(both, 'g', 2), v2);
  assert.equal(fileSpecOf(both, 'g', 9), v2);
  assert.equal(fileSpecOf(both, 'other', 1), null);
});

test('each participant\'s trackers in the table\'s order, labelled by the file', () => {
  const encounter = {
    state: {
      system_state: {
        system: 'file',
        id: 'six-pool',
        version: 1,
        parts: { a: { trackers: { stress: { value: 2, max: 6 } } }, b: { trackers: {} } },
      },
    },
  };
  const table = fileTableOf(encounter);
  const spec = fileSpecOf(catalog, table.id, table.version);
  const label = spec.sheet.find((p) => p.name === 'stress').label;
  assert.deepEqual(trackerRows(table, 'a', spec), [{ name: 'stress', label: label || 'stress', value: 2, max: 6 }]);
  assert.deepEqual(trackerRows(table, 'b', spec), [], 'a part that tracks nothing');
  assert.equal(trackerRows(table, 'nobody', spec), null, 'no part yet');
  // A tracker the file gives no label is named by its name; the order is the table's.
  const two = { parts: { a: { trackers: { ammo: { value: 1, max: 3 }, hp: { value: 5, max: 8 } } } } };
  assert.deepEqual(trackerRows(/** @type {any} */ (two), 'a', { sheet: [{ name: 'hp', label: 'Hit points' }] }).map((r) => [r.name, r.label]), [['ammo', 'ammo'], ['hp', 'Hit points']]);
  assert.equal(fileTableOf({ state: { system_state: { system: 'd12' } } }), null, 'another system\'s table');
  assert.equal(fileTableOf({ state: { system_state: null } }), null, 'before the first sync');
});

test('a typed change is the file table\'s move: +3 / -7 adjust, 12 sets', () => {
  assert.deepEqual(trackerMove('p1', 'hp', { by: -7 }), { system: 'file', move: 'adjust', participant_id: 'p1', tracker: 'hp', by: -7 });
  assert.deepEqual(trackerMove('p1', 'hp', { by: 3 }), { system: 'file', move: 'adjust', participant_id: 'p1', tracker: 'hp', by: 3 });
  assert.deepEqual(trackerMove('p1', 'hp', { to: 12 }), { system: 'file', move: 'set', participant_id: 'p1', tracker: 'hp', value: 12 });
});
