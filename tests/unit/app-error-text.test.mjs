import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorLines, PROBLEMS_SHOWN, sentence } from '../../ui/js/toolkit/error-text.js';

test('a message becomes a sentence: capital first, full stop last', () => {
  assert.equal(sentence('the roster was not saved: name: is empty'), 'The roster was not saved: name: is empty.');
  assert.equal(sentence('Done.'), 'Done.');
  assert.equal(sentence('  '), '');
});

test('an error with one cause is its message', () => {
  assert.deepEqual(errorLines({ code: 'nothing_to_undo', message: 'nothing to undo: no deletion is waiting in the trash', problems: [] }),
    ['Nothing to undo: no deletion is waiting in the trash.']);
});

test('an error with several causes lists them with their paths, and counts the rest', () => {
  const problems = Array.from({ length: PROBLEMS_SHOWN + 2 }, (_, i) => ({ path: `rosters[${i}].name`, message: 'is empty' }));
  const message = `the file was not imported (${problems.length} problems):\n  rosters[0].name: is empty`;
  const lines = errorLines({ code: 'import_refused', message, problems });
  assert.equal(lines[0], 'The file was not imported.');
  assert.equal(lines[1], 'Rosters[0].name: is empty.');
  assert.equal(lines.length, 1 + PROBLEMS_SHOWN + 1);
  assert.equal(lines.at(-1), '… and 2 more.');
});
