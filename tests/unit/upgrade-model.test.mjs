// The words of a roster's upgrade to another version of its system, from the preview Rust
// answers (`system_upgrade_preview`), and the values an upgrade kept on a sheet.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { KEPT_KEY, keptLines, kindWords, upgradable, upgradableText, upgradedText, upgradeSections, upgradeSummary, withoutKept } from '../../ui/js/systems/upgrade-model.js';

const roster = (name, system, version) => ({ id: `id-${name}`, name, system, system_version: version });
const change = (kind, path, text) => ({ kind, path, label: path, text });
const preview = (characters, declared = [], encounters = []) => ({
  roster_id: 'r', roster: 'Gritty', system: 'grit', name: 'Grit', from: 1, to: 2, declared, characters, encounters,
});
const character = (name, changes, problems = [], inTrash = false) => ({ id: name, name, in_trash: inTrash, changes, problems });

test('only the rosters of the system at an older version are offered an upgrade', () => {
  const rosters = [roster('Old', 'grit', 1), roster('New', 'grit', 3), roster('Other', 'bands', 1), roster('Five', 'd12', null)];
  const offered = upgradable('grit', 3, rosters);
  assert.deepEqual(offered.map((u) => [u.roster.name, u.from, u.to]), [['Old', 1, 3]]);
  assert.equal(upgradableText(offered[0]), 'Old uses version 1; version 3 is newer');
  assert.deepEqual(upgradable('grit', 1, rosters), []);
});

test('the preview is grouped by character, the unchanged ones counted, and summed up', () => {
  const shown = preview([
    character('Ada', [change('refused', 'sheet.grit', 'Grit 7: version 2 takes 0 to 5; now 5; kept aside'), change('added', 'sheet.luck', 'Luck: new')]),
    character('Bo', [], [], true),
    character('Cy', [change('removed', 'sheet.lore', 'Lore 1 rating: kept aside')], [], true),
  ], [change('changed', 'sheet.grit', 'Grit: 0 to 9 → 0 to 5')]);
  const { sections, unchanged } = upgradeSections(shown);
  assert.deepEqual(sections.map((s) => s.title), ['The sheet', 'Ada', 'Cy (in the trash)']);
  assert.equal(unchanged, 1);
  assert.deepEqual(sections[1].changes.map(kindWords), ['Kept aside', 'Added']);
  assert.equal(upgradeSummary(shown), 'Gritty: grit version 1 → 2, 3 characters: 2 values kept aside on the sheets, 1 value added at defaults.');
  const refused = preview([character('Ada', [], [{ path: 'sheet.hp', message: 'cannot be worked out' }])]);
  assert.match(upgradeSummary(refused), /1 sheet would still be refused/);
  assert.deepEqual(upgradeSections(refused).sections[0].problems, ['sheet.hp: cannot be worked out']);
  assert.equal(upgradedText({ roster: {}, upgrade: shown }), 'Gritty now uses grit version 2. A snapshot was taken first.');
});

test('the summary tells which running encounters move to the new version', () => {
  const shown = preview([character('Ada', [])], [], ['Crypt', 'Dock\u202e']);
  assert.equal(
    upgradeSummary(shown),
    'Gritty: grit version 1 → 2, 1 character: nothing kept aside. 2 encounters (Crypt, \u2068Dock\u202e\u2069) will move to version 2 at the next action, keeping the trackers within the new maxima.',
  );
});

test('kept values read as lines and leave the sheet one at a time', () => {
  const sheet = {
    grit: 5,
    [KEPT_KEY]: [
      { part: 'grit', label: 'Grit', value: 7, version: 1, why: 'version 2 takes 0 to 5; now 5' },
      { part: 'skills', label: 'Skills', rating: 'climb', value: 3, version: 1, why: 'version 2 takes 0 to 2; now 2' },
      { part: 'kind', label: 'Kind', value: 'elf', version: 1, why: 'version 2 offers human, dwarf; now "human"' },
    ],
  };
  assert.deepEqual(keptLines(sheet), [
    'Grit 7 (version 1): version 2 takes 0 to 5; now 5',
    'Skills climb 3 (version 1): version 2 takes 0 to 2; now 2',
    'Kind “elf” (version 1): version 2 offers human, dwarf; now "human"',
  ]);
  const fewer = withoutKept(sheet, 1);
  assert.deepEqual(fewer[KEPT_KEY].map((k) => k.part), ['grit', 'kind']);
  assert.equal(sheet[KEPT_KEY].length, 3, 'the sheet given is left as it was');
  const none = withoutKept(withoutKept(fewer, 0), 0);
  assert.deepEqual(none, { grit: 5 }, 'the key goes with the last one');
  assert.deepEqual(keptLines({ grit: 5 }), []);
});
