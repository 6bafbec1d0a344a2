// Who acts and at whom by default, and what a typed hp change means
// (ui/js/encounter/turn-focus.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actorOf, parseChange, sideOf, targetOf, turnKey } from '../../ui/js/encounter/turn-focus.js';

const encounter = (order, current, { round = 1, table = null } = {}) => ({
  id: 'e', roster_id: 'r', absent: [], created_at: '', updated_at: '', deleted_at: null,
  state: { name: 'Fight', round, order, current, system_state: table },
});
const moreau = { id: 'p1', character_id: 'c1', name: 'Captain Moreau' };
const tobias = { id: 'p2', character_id: 'c2', name: 'Tobias' };
const unit7 = { id: 'p3', character_id: 'c3', name: 'Unit 7' };
const goon = { id: 'p4', character_id: null, name: 'Goon 1' };
const characters = new Map([
  ['c1', { id: 'c1', kind: 'pc' }],
  ['c2', { id: 'c2', kind: 'pc' }],
  ['c3', { id: 'c3', kind: 'npc' }],
]);

test('a stored PC is of the party; a stored NPC and a quick NPC are foes', () => {
  const e = encounter([moreau, tobias, unit7, goon], 'p1');
  assert.deepEqual([moreau, tobias, unit7, goon].map((p) => sideOf(e, p.id, characters)), ['party', 'party', 'foes', 'foes']);
});

test('a universe table says the side itself: a friendly NPC fights with the party', () => {
  const table = { system: 'universe', parts: { p1: { side: 'pc' }, p2: { side: 'pc' }, p3: { side: 'friendly_npc' }, p4: { side: 'hostile_npc' } } };
  const e = encounter([moreau, tobias, unit7, goon], 'p1', { table });
  assert.equal(sideOf(e, 'p3', characters), 'party');
  assert.equal(sideOf(e, 'p4', characters), 'foes');
  // Moreau's target skips her ally Tobias and the friendly Unit 7.
  assert.equal(targetOf(e, 'p1', characters), 'p4');
});

test('the actor is whose turn it is; the target the next one of the other side, going round', () => {
  const order = [moreau, tobias, unit7, goon];
  assert.equal(actorOf(encounter(order, 'p2')), 'p2');
  // Tobias's turn: not Moreau (his ally), but Unit 7 after him.
  assert.equal(targetOf(encounter(order, 'p2'), 'p2', characters), 'p3');
  // Goon 1 (last): round to the first PC.
  assert.equal(targetOf(encounter(order, 'p4'), 'p4', characters), 'p1');
  // Unit 7: the next PC after it going round is Moreau, not its fellow Goon.
  assert.equal(targetOf(encounter(order, 'p3'), 'p3', characters), 'p1');
});

test('everyone on one side: the next one; alone or empty: nobody', () => {
  assert.equal(targetOf(encounter([moreau, tobias], 'p2'), 'p2', characters), 'p1');
  assert.equal(targetOf(encounter([moreau], 'p1'), 'p1', characters), null);
  assert.equal(actorOf(encounter([], null)), null);
  assert.equal(targetOf(encounter([], null), null, characters), null);
});

test('the turn key changes with the turn and the round, not with anything else', () => {
  const order = [moreau, tobias];
  assert.notEqual(turnKey(encounter(order, 'p1')), turnKey(encounter(order, 'p2')));
  assert.notEqual(turnKey(encounter(order, 'p1', { round: 1 })), turnKey(encounter(order, 'p1', { round: 2 })));
  assert.equal(turnKey(encounter(order, 'p1')), turnKey(encounter([tobias, moreau], 'p1')));
});

test('-7 takes away, +3 adds, 12 sets', () => {
  assert.deepEqual(parseChange('-7'), { by: -7 });
  assert.deepEqual(parseChange('+3'), { by: 3 });
  assert.deepEqual(parseChange('12'), { to: 12 });
  assert.deepEqual(parseChange('  - 4 '), { by: -4 });
  assert.deepEqual(parseChange('\u22125'), { by: -5 });
  assert.deepEqual(parseChange('0'), { to: 0 });
});

test('empty is nothing to do; anything else says what would be accepted', () => {
  assert.equal(parseChange(''), null);
  assert.equal(parseChange('   '), null);
  for (const typed of ['abc', '1.5', '--3', '+', '-', '1e3', '3-', '12 hp', '9999999']) {
    const answer = parseChange(typed);
    assert.ok(answer && 'error' in answer, typed);
    assert.match(answer.error, /-7 to take away, \+3 to add or 12 to set/);
  }
});
