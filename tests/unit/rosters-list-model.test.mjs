import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allTags, filterable, filterCharacters, filterPrepared, fold, nameKey, parseFilter, sortCharacters, visibleCharacters } from '../../ui/js/rosters/list-model.js';

const c = (name, player, kind, tags, updated_at, id = name) => ({ id, name, player, kind, tags, updated_at });
const CAST = [
  c('Vex', 'Sam', 'pc', ['party'], '2026-01-03T10:00:00Z'),
  c('Overseer Kaan', '', 'npc', ['villain', 'Boss'], '2026-01-05T10:00:00Z'),
  c('Éowyn', 'Ana', 'pc', ['party', 'shield'], '2026-01-01T10:00:00Z'),
  c('grub', '', 'npc', [], '2026-01-04T10:00:00Z'),
  c('Agent 10', 'Bo', 'pc', [], '2026-01-02T10:00:00Z'),
  c('Agent 9', 'Bo', 'pc', [], '2026-01-02T10:00:00Z'),
];
const names = (list) => list.map((x) => x.name);

test('folding drops case and accents', () => {
  assert.equal(fold('Éowyn'), 'eowyn');
});

test('the filter reads words, quoted phrases and field prefixes', () => {
  assert.deepEqual(parseFilter('  tag:party "Overseer K" sam '), [
    { field: 'tag', word: 'party' }, { field: null, word: 'overseer k' }, { field: null, word: 'sam' },
  ]);
  assert.deepEqual(parseFilter('Tags:Boss player:bo'), [{ field: 'tag', word: 'boss' }, { field: 'player', word: 'bo' }]);
  assert.deepEqual(parseFilter(''), []);
});

test('every word must match somewhere: name, player, tag or kind', () => {
  assert.deepEqual(names(filterCharacters(CAST, 'party')), ['Vex', 'Éowyn']);
  assert.deepEqual(names(filterCharacters(CAST, 'party ana')), ['Éowyn']);
  assert.deepEqual(names(filterCharacters(CAST, 'eowyn')), ['Éowyn'], 'accents do not matter');
  assert.deepEqual(names(filterCharacters(CAST, 'npc')), ['Overseer Kaan', 'grub']);
  assert.deepEqual(names(filterCharacters(CAST, 'boss')), ['Overseer Kaan'], 'case does not matter');
  assert.deepEqual(names(filterCharacters(CAST, 'nobody')), []);
  assert.equal(filterCharacters(CAST, '   ').length, CAST.length);
});

test('a field prefix looks only there', () => {
  assert.deepEqual(names(filterCharacters(CAST, 'name:a')), ['Overseer Kaan', 'Agent 10', 'Agent 9']);
  assert.deepEqual(names(filterCharacters(CAST, 'player:a')), ['Vex', 'Éowyn'], 'Sam and Ana');
  assert.deepEqual(names(filterCharacters(CAST, 'tag:a')), ['Vex', 'Overseer Kaan', 'Éowyn']);
});

test('sorting by name is case-blind, accent-blind and reads numbers as numbers', () => {
  assert.deepEqual(names(sortCharacters(CAST, 'name')), ['Agent 9', 'Agent 10', 'Éowyn', 'grub', 'Overseer Kaan', 'Vex']);
  assert.deepEqual(names(sortCharacters(CAST, 'bogus')), names(sortCharacters(CAST, 'name')));
});

test('sorting by player puts characters without one last, then by name', () => {
  assert.deepEqual(names(sortCharacters(CAST, 'player')), ['Éowyn', 'Agent 9', 'Agent 10', 'Vex', 'grub', 'Overseer Kaan']);
});

test('sorting by kind puts player characters first', () => {
  assert.deepEqual(names(sortCharacters(CAST, 'kind')), ['Agent 9', 'Agent 10', 'Éowyn', 'Vex', 'grub', 'Overseer Kaan']);
});

test('sorting by last edited puts the newest first', () => {
  assert.deepEqual(names(sortCharacters(CAST, 'updated')), ['Overseer Kaan', 'grub', 'Vex', 'Agent 9', 'Agent 10', 'Éowyn']);
});

test('sorting never changes the list it was given', () => {
  const before = names(CAST);
  visibleCharacters(CAST, { filter: 'pc', sort: 'updated' });
  assert.deepEqual(names(CAST), before);
});

test('the tags in use, each once whatever its case, sorted', () => {
  assert.deepEqual(allTags([...CAST, c('X', '', 'pc', ['PARTY', 'zeta'], '')]), ['Boss', 'party', 'shield', 'villain', 'zeta']);
});

test('a word is looked for in one field at a time, never across two', () => {
  assert.deepEqual(names(filterCharacters(CAST, '"vex sam"')), [], 'name and player are separate fields');
  assert.deepEqual(names(filterCharacters(CAST, '"party shield"')), [], 'two tags are separate');
  assert.deepEqual(names(filterCharacters(CAST, 'tag:"shield"')), ['Éowyn']);
  assert.deepEqual(names(filterCharacters(CAST, 'vex\u0001sam')), [], 'not even by the character that joins them');
});

test('a list made ready once filters as filterCharacters does, again and again', () => {
  const ready = filterable(CAST);
  for (const text of ['', 'party', 'npc', 'name:a', 'player:a', 'tag:a', 'eowyn', 'agent 1', 'nobody']) {
    assert.deepEqual(names(filterPrepared(ready, text)), names(filterCharacters(CAST, text)), text);
  }
  assert.deepEqual(names(filterPrepared(ready, 'agent 1')), ['Agent 10']);
});

test('folding plain ASCII only lowers it; anything else loses its accents too', () => {
  assert.equal(fold('Agent 10 (Boss)'), 'agent 10 (boss)');
  assert.equal(fold('ÉOWYN Ånd Zoë'), 'eowyn and zoe');
  assert.equal(fold(null), '');
});

test('a plain name’s sort key orders as the collator does, digits by value and case aside', () => {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sign = (x) => Math.sign(x);
  // A seeded walk over names of letters (either case), digits (leading zeros too) and spaces.
  let seed = 7;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const alphabet = 'aAbBzZ 0019 ';
  const names = Array.from({ length: 400 }, () => Array.from({ length: next(9) }, () => alphabet[next(alphabet.length)]).join(''));
  names.push('Agent 9', 'Agent 10', 'agent 010', 'Ada Vale 00012', 'Ada Vale 12', 'Ada  Vale', 'AdaVale', '', ' ');
  for (const a of names) {
    for (const b of names.slice(0, 120)) {
      assert.equal(sign(nameKey(a) < nameKey(b) ? -1 : nameKey(a) > nameKey(b) ? 1 : 0), sign(collator.compare(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
  }
  assert.equal(nameKey('Éowyn'), null, 'accents: the collator orders it');
  assert.equal(nameKey('Dr. No'), null, 'punctuation: the collator orders it');
});

test('sorting by name with and without keys is the collator’s order, ties by id', () => {
  const mixed = [c('Zoë', '', 'pc', [], ''), c('zoe', '', 'pc', [], '', 'b'), c('Zoe', '', 'pc', [], '', 'a'), c('Dr. No', '', 'npc', [], ''), c('dr no', '', 'npc', [], ''), c('Ada 2', '', 'pc', [], ''), c('Ada 10', '', 'pc', [], ''), ...CAST];
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const expected = [...mixed].sort((a, b) => collator.compare(a.name, b.name) || String(a.id).localeCompare(String(b.id)));
  assert.deepEqual(sortCharacters(mixed, 'name').map((x) => x.id), expected.map((x) => x.id));
});
