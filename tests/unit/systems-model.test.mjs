import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addedText, declaresRows, groupSystems, problemLines, removeBlocked, removedText, rostersText, versionsText } from '../../ui/js/systems/systems-model.js';

const declares = (over = {}) => ({ sheet: ['stat (number)'], derived: [], house_numbers: [], rulings: 0, rolls: ['Move'], initiative: null, trackers: [], ...over });
const stored = (id, version, over = {}) => ({
  id, version, name: `${id} v${version}`, summary: '', added_at: `2026-11-2${version}T10:00:00Z`, rosters: 0, declares: declares(), ...over,
});

test('the versions of a system are one entry, its newest version speaking for it', () => {
  const groups = groupSystems([
    stored('a-game', 1, { rosters: 2 }),
    stored('a-game', 3, { rosters: 1, declares: declares({ rolls: ['Move', 'Push'] }) }),
    stored('b-game', 1),
  ]);
  assert.deepEqual(groups.map((g) => g.id), ['a-game', 'b-game']);
  const [a, b] = groups;
  assert.deepEqual(a.versions, [3, 1]);
  assert.equal(a.name, 'a-game v3');
  assert.deepEqual(a.rolls, ['Move', 'Push']);
  assert.equal(a.addedAt, '2026-11-23T10:00:00Z');
  // Rosters of every version count: any of them stops a removal.
  assert.equal(a.rosters, 3);
  assert.deepEqual(b.versions, [1]);
  assert.deepEqual(groupSystems([]), []);
});

test('versions and rosters read in words', () => {
  assert.equal(versionsText([1]), 'version 1');
  assert.equal(versionsText([3, 2, 1]), 'versions 3, 2, 1');
  assert.equal(rostersText(0), 'No roster uses it');
  assert.equal(rostersText(1), 'Used by 1 roster');
  assert.equal(rostersText(4), 'Used by 4 rosters');
});

test('Remove is off only while a roster uses the system, and says what to do', () => {
  const [free] = groupSystems([stored('x', 1)]);
  assert.equal(removeBlocked(free), null);
  const [one] = groupSystems([stored('x', 1, { rosters: 1 })]);
  assert.equal(removeBlocked(one), 'Used by 1 roster (the trash included): delete it and empty the trash before removing the system.');
  const [two] = groupSystems([stored('x', 1, { rosters: 1 }), stored('x', 2, { rosters: 1 })]);
  assert.match(removeBlocked(two), /^Used by 2 rosters .*delete them/);
});

test('what a file declares is a row a part, "none" for an empty one, initiative only when declared', () => {
  assert.deepEqual(declaresRows(declares()), [
    ['Sheet', 'stat (number)'], ['Derived', 'none'], ['House numbers', 'none'], ['Rolls', 'Move'], ['Rulings', '0'], ['Trackers', 'none'],
  ]);
  const full = declaresRows(declares({ derived: ['Defense'], rulings: 2, initiative: 'Initiative', trackers: ['Harm', 'Stress'] }));
  assert.deepEqual(full.map(([label]) => label), ['Sheet', 'Derived', 'House numbers', 'Rolls', 'Rulings', 'Initiative', 'Trackers']);
  assert.deepEqual(full[5], ['Initiative', 'Initiative']);
  assert.deepEqual(full[6], ['Trackers', 'Harm, Stress']);
});

test('a problem reads LINE:COLUMN message, and its caret sits under the column of the text shown', () => {
  const problem = { line: 11, column: 16, message: 'unknown name `@mgiht`', text: 'value = "d20 + @mgiht"', caret: 15 };
  const shown = problemLines(problem);
  assert.equal(shown.head, '11:16 unknown name `@mgiht`');
  assert.equal(shown.text, problem.text);
  assert.equal(shown.caret.length, problem.caret + 1);
  assert.equal(shown.caret.trim(), '^');
  assert.equal(problem.text[shown.caret.indexOf('^')], '@');
});

test('the toasts say what an add and a removal did', () => {
  const system = stored('a-game', 2, { name: 'A Game' });
  assert.equal(addedText({ system, added: true, earlier_versions: [] }), 'Added A Game (a-game, version 2). Quick roll offers it now.');
  assert.equal(addedText({ system, added: true, earlier_versions: [1] }), 'Added A Game (a-game, version 2); version 1 stays for the rosters made with it.');
  assert.equal(addedText({ system, added: false, earlier_versions: [] }), 'A Game (a-game, version 2) was already added with this same text: nothing changed.');
  assert.equal(removedText('a-game', [stored('a-game', 2), stored('a-game', 1)]), 'Removed a-game (versions 2, 1).');
});
