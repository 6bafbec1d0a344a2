import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeStoreFailure, isStoreFailure, refusedPath } from '../../ui/js/toolkit/store-error.js';

// The messages as rollbook-roster writes them (src-tauri/roster/src/error.rs).
const NOT_OURS = { code: 'not_a_rollbook_database', message: '/tmp/my notes.txt is not a Rollbook database (not an SQLite database); it was left untouched. Pick another file with --db, or move this one away' };
const NEWER = { code: 'newer_database', message: '/home/gm/.local/share/app.rollbook.desktop/rollbook.sqlite3 was written by a newer Rollbook (database version 9; this Rollbook knows up to version 3); it was left untouched. Update Rollbook to open it' };
const DAMAGED = { code: 'corrupt_database', message: '/data/r.sqlite3 is a damaged Rollbook database (malformed); it was left untouched. Restore it from a backup' };
const UPGRADE = { code: 'migration_failed', message: 'upgrading /data/r.sqlite3 failed and was rolled back, the file is unchanged: no such table' };

test('the refusals of the database file are told apart from other errors', () => {
  for (const error of [NOT_OURS, NEWER, DAMAGED, UPGRADE]) assert.ok(isStoreFailure(error), error.code);
  assert.ok(!isStoreFailure({ code: 'invalid_sheet', message: 'x' }));
  assert.ok(!isStoreFailure({ code: 'database_busy', message: 'x' }), 'busy is passing, not a refused file');
  assert.ok(!isStoreFailure(null));
});

test('the path of the refused file is read from the message, spaces and all', () => {
  assert.equal(refusedPath(NOT_OURS.message), '/tmp/my notes.txt');
  assert.equal(refusedPath(NEWER.message), '/home/gm/.local/share/app.rollbook.desktop/rollbook.sqlite3');
  assert.equal(refusedPath(DAMAGED.message), '/data/r.sqlite3');
  assert.equal(refusedPath(UPGRADE.message), '/data/r.sqlite3');
  assert.equal(refusedPath('something else happened'), null);
});

test('the screen says what happened, that nothing changed, where the file is and what to do', () => {
  const shown = describeStoreFailure(NEWER);
  assert.match(shown.title, /newer Rollbook/);
  assert.equal(shown.unchanged, 'Nothing in the file was changed.');
  assert.equal(shown.path, '/home/gm/.local/share/app.rollbook.desktop/rollbook.sqlite3');
  assert.match(shown.todo, /newer Rollbook/);
  assert.equal(shown.detail, NEWER.message);
  assert.match(describeStoreFailure(NOT_OURS).todo, /--db/);
  assert.match(describeStoreFailure(DAMAGED).todo, /backup/);
});

test('when the message names no file, the path app_info gave is shown', () => {
  assert.equal(describeStoreFailure({ code: 'corrupt_database', message: 'damaged' }, '/x/db.sqlite3').path, '/x/db.sqlite3');
});
