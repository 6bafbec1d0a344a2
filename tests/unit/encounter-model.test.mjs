// The Encounters view's pure parts (ui/js/encounter/encounter-model.js), and its modules' rule
// that user text never goes in as HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addableCharacters, currentParticipant, encounterSummary, eventLines, logItems, movedTo, sheetsToRead, turnText } from '../../ui/js/encounter/encounter-model.js';

const encounter = (order, current, round = 1) => ({
  id: 'e', roster_id: 'r', absent: [], created_at: '', updated_at: '', deleted_at: null,
  state: { name: 'Ambush', round, order, current, system_state: null },
});
const rex = { id: 'p1', character_id: 'c1', name: 'Rex Valor' };
const goon = { id: 'p2', character_id: null, name: 'Goon 1' };

test('whose turn it is, in the words the status line announces', () => {
  assert.equal(currentParticipant(encounter([rex, goon], 'p2')), goon);
  assert.equal(turnText(encounter([rex, goon], 'p2', 3)), "Round 3 · Goon 1's turn");
  assert.equal(turnText(encounter([], null)), 'Round 1 · nobody has joined yet');
  assert.equal(encounterSummary(encounter([rex, goon], 'p1', 2)), 'Round 2 · 2 taking part');
  assert.equal(encounterSummary(encounter([rex], 'p1')), 'Round 1 · 1 taking part');
  assert.equal(encounterSummary(encounter([], null)), 'Round 1 · nobody yet');
});

test('only characters not yet in may be added', () => {
  const characters = [{ id: 'c1', name: 'Rex Valor' }, { id: 'c2', name: 'Sable' }];
  assert.deepEqual(addableCharacters(characters, encounter([rex, goon], 'p1')).map((c) => c.id), ['c2']);
  assert.deepEqual(addableCharacters(characters, encounter([], null)).map((c) => c.id), ['c1', 'c2']);
});

test('the sheets to read are those of live characters taking part, held only as summaries, each once', () => {
  const summary = (id) => ({ id, name: id, player: '', kind: 'pc', tags: [], updated_at: '' });
  const whole = (id) => ({ ...summary(id), sheet: {} });
  const twice = { id: 'p3', character_id: 'c1', name: 'Rex Valor 2' };
  const gone = { id: 'p4', character_id: 'c9', name: 'Trashed' };
  const vex = { id: 'p5', character_id: 'c3', name: 'Vex' };
  const characters = new Map([['c1', summary('c1')], ['c2', summary('c2')], ['c3', whole('c3')]]);
  assert.deepEqual(sheetsToRead(encounter([rex, goon, twice, gone, vex], 'p1'), characters), ['c1'], 'not a quick NPC, one in the trash, one read already or one not taking part');
  characters.set('c1', whole('c1'));
  assert.deepEqual(sheetsToRead(encounter([rex, goon, twice, gone, vex], 'p1'), characters), []);
  assert.deepEqual(sheetsToRead(encounter([], null), characters), []);
});

test('a dropped row lands at its place among the others', () => {
  assert.deepEqual(movedTo(['a', 'b', 'c', 'd'], 'a', 2), ['b', 'c', 'a', 'd']);
  assert.deepEqual(movedTo(['a', 'b', 'c', 'd'], 'd', 0), ['d', 'a', 'b', 'c']);
  assert.deepEqual(movedTo(['a', 'b', 'c'], 'b', 99), ['a', 'c', 'b']);
  assert.deepEqual(movedTo(['a', 'b', 'c'], 'c', -1), ['c', 'a', 'b']);
});

test('the log is listed newest first, each entry\'s events as its lines, undone ones marked', () => {
  const said = (text) => ({ text, ruling: null });
  const entry = (id, events, undone = null) => ({ id, encounter_id: 'e', at: '2026-01-01T00:00:00Z', action: { action: 'next_turn' }, events, summary: events.map((e) => e.text).join('\n'), before: null, after: null, undone_at: undone });
  const items = logItems([entry(1, [said('Added Goon 1')]), entry(2, [said('Round 2, Rex'), said('Rex: Bust A Nut aftermath'), said(' ')], '2026-01-01T00:01:00Z')]);
  assert.deepEqual(items.map((i) => [i.id, i.undone, i.lines.map((l) => l.text)]), [
    [2, true, ['Round 2, Rex', 'Rex: Bust A Nut aftermath']],
    [1, false, ['Added Goon 1']],
  ]);
});

test('an event is a ruling by its ruling id, whatever its words say', () => {
  const lines = eventLines([
    { text: 'Ties in a chase round win nothing.', ruling: 'universe_chase_ties' },
    // Words that mention a ruling do not make one, nor does a leading "Ruling:" (an action
    // logged before events were typed reads back this way, as plain text).
    { text: 'Rulings aside, Rex acts', ruling: null },
    { text: 'Ruling: jokers are wild', ruling: null },
  ]);
  assert.deepEqual(lines, [
    // The badge says "Ruling"; the text beside it is the ruling's own words.
    { ruling: true, text: 'Ties in a chase round win nothing.' },
    { ruling: false, text: 'Rulings aside, Rex acts' },
    { ruling: false, text: 'Ruling: jokers are wild' },
  ]);
  assert.deepEqual(eventLines(undefined), []);
});

test('no encounter module writes HTML', () => {
  const dir = fileURLToPath(new URL('../../ui/js/encounter/', import.meta.url));
  const files = readdirSync(dir).filter((n) => n.endsWith('.js'));
  assert.ok(files.length >= 6, files.join(' '));
  for (const name of files) {
    const code = readFileSync(dir + name, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    assert.doesNotMatch(code, /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write/, name);
  }
});
