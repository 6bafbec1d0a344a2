// The players' page's pure parts (ui/players/model.js) against the sample views of
// tests/unit/fixtures/players/ (docs/players-view.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import {
  backoffDelay, chanceText, clockTime, currentParticipant, formatChance, healthView, keyedPlan,
  latestRolls, MAX_DICE, nextParticipant, pinned, rollView, rowUnits, statusText, titleText,
  turnAnnouncement, turnMoved, turnText,
} from '../../ui/players/model.js';

const dir = new URL('./fixtures/players/', import.meta.url);
const sample = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'));
const samples = readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => [n, sample(n.slice(0, -5))]);

test('every sample is a PlayersView as docs/players-view.md shapes it', () => {
  const systems = new Set();
  for (const [name, view] of samples) {
    systems.add(view.system);
    assert.equal(typeof view.encounter, 'string', name);
    assert.ok(Number.isInteger(view.round) && view.round >= 1, name);
    assert.deepEqual(Object.keys(view.turn).sort(), ['current', 'next'], name);
    const ids = view.participants.map((p) => p.id);
    assert.equal(new Set(ids).size, ids.length, `${name}: ids are unique`);
    for (const key of ['current', 'next']) {
      if (view.turn[key] !== null) assert.ok(ids.includes(view.turn[key]), `${name}: turn.${key} is shown`);
    }
    for (const p of view.participants) {
      assert.equal(p.current, p.id === view.turn.current, `${name}: ${p.id} current`);
      assert.equal(p.next, p.id === view.turn.next, `${name}: ${p.id} next`);
      assert.ok(['pc', 'npc'].includes(p.side), name);
      if (p.health) {
        assert.ok(['numbers', 'words'].includes(p.health.shown), name);
        assert.ok(['unhurt', 'hurt', 'bloodied', 'down'].includes(p.health.word), name);
        if (p.health.shown === 'words') assert.equal(p.health.value, null, name);
      }
    }
    assert.ok(view.rolls.length <= 6, name);
    for (const r of view.rolls) assert.ok(r.chance === null || (r.chance >= 0 && r.chance <= 1), name);
  }
  assert.deepEqual([...systems].sort(), ['d12', 'genre', 'marks', 'stunt', 'universe']);
  assert.ok(samples.some(([, v]) => v.participants.length === 0), 'a sample has nobody yet');
});

test('a chance reads as a percentage, whole when whole, else to one decimal', () => {
  assert.equal(formatChance(0.45), '45%');
  assert.equal(formatChance(0.125), '12.5%');
  assert.equal(formatChance(2 / 3), '66.7%');
  assert.equal(formatChance(7 / 12), '58.3%');
  assert.equal(formatChance(0.8125), '81.3%');
  assert.equal(formatChance(0.5), '50%');
  assert.equal(formatChance(1), '100%');
  assert.equal(formatChance(0), '0%');
  // Neither certain nor impossible never reads as either.
  assert.equal(formatChance(0.0004), '< 0.1%');
  assert.equal(formatChance(0.9996), '> 99.9%');
  assert.equal(formatChance(0.998), '99.8%');
  assert.equal(formatChance(0.0005), '0.1%');
  assert.equal(formatChance(null), null);
  assert.equal(formatChance(undefined), null);
  assert.equal(chanceText(0.35), '35% chance');
  assert.equal(chanceText(null), null);
});

test('health reads as numbers with its word, or as the word alone, or not at all', () => {
  assert.deepEqual(healthView({ shown: 'numbers', label: 'hp', value: 9, max: 14, word: 'hurt' }), {
    shown: 'numbers', word: 'hurt', fraction: 9 / 14, text: '9 / 14 hp', label: '9 of 14 hp, hurt',
  });
  assert.deepEqual(healthView({ shown: 'words', label: 'hp', value: null, max: null, word: 'bloodied' }), {
    shown: 'words', word: 'bloodied', fraction: null, text: 'bloodied', label: 'bloodied',
  });
  assert.equal(healthView({ shown: 'numbers', label: 'HTK', value: 0, max: 12, word: 'down' }).fraction, 0);
  assert.equal(healthView({ shown: 'numbers', label: 'HTK', value: 15, max: 12, word: 'unhurt' }).fraction, 1);
  assert.equal(healthView({ shown: 'numbers', label: 'hp', value: 3, max: 0, word: 'down' }).fraction, 0);
  assert.equal(healthView(null), null);
  assert.equal(healthView({ shown: 'hidden', label: 'hp', value: null, max: null, word: null }), null);
  assert.equal(healthView({ shown: 'words', label: 'hp', value: null, max: null, word: 'mauled' }), null);
});

test('whose turn is pinned: the current one, or nobody yet', () => {
  const universe = sample('universe-chase');
  assert.equal(currentParticipant(universe).name, 'Tobias Kell');
  assert.equal(nextParticipant(universe).name, 'Masked figure');
  assert.deepEqual(pinned(universe), { kind: 'current', participant: universe.participants[1], next: universe.participants[2] });
  assert.equal(turnText(universe), "Tobias Kell's turn");

  // A view never tells of a hidden participant's turn (the projection keeps the turn before):
  // an old view that still says `waiting` reads as its current turn, never "Hidden turn".
  const aliased = sample('alias-turn');
  assert.equal(currentParticipant(aliased).name, 'Masked figure');
  assert.equal(pinned({ ...aliased, turn: { ...aliased.turn, waiting: true } }).kind, 'current');
  assert.equal(turnText(aliased), "Masked figure's turn");

  const empty = sample('empty');
  assert.deepEqual(pinned(empty), { kind: 'empty', participant: null, next: null });
  assert.equal(turnText(empty), 'Nobody has joined yet');

  const unstarted = { ...universe, turn: { current: null, next: null },
    participants: universe.participants.map((p) => ({ ...p, current: false, next: false })) };
  assert.equal(pinned(unstarted).kind, 'none');
  assert.equal(turnText(unstarted), 'Nobody has the turn yet');
  assert.equal(pinned(null).kind, 'empty');
});

test('the turn is announced when it moves, and only then', () => {
  const first = sample('universe-chase');
  const moved = { ...first, turn: { current: 'p-masked', next: 'p-ines' } };
  const sameTurnNewHp = { ...first, participants: first.participants.map((p) => ({ ...p, stats: [] })) };
  const nextRoundSamePerson = { ...first, round: 3 };

  assert.equal(turnAnnouncement(null, first), "Tobias Kell's turn");
  assert.equal(turnAnnouncement(first, moved), "Masked figure's turn");
  assert.equal(turnAnnouncement(first, sameTurnNewHp), null);
  assert.equal(turnAnnouncement(first, nextRoundSamePerson), "Tobias Kell's turn");
  assert.equal(turnAnnouncement(first, null), null);

  assert.equal(turnMoved(null, first), false, 'no flash on the first view');
  assert.equal(turnMoved(first, moved), true);
  assert.equal(turnMoved(first, sameTurnNewHp), false);
  assert.equal(turnMoved(first, nextRoundSamePerson), true);
});

test('rows are kept by key: only new ones are made, gone ones dropped, moves noticed', () => {
  assert.deepEqual(keyedPlan(['a', 'b', 'c'], ['a', 'b', 'c']), { add: [], remove: [], keep: ['a', 'b', 'c'], moved: false });
  assert.deepEqual(keyedPlan(['a', 'b', 'c'], ['a', 'x', 'c']), { add: ['x'], remove: ['b'], keep: ['a', 'c'], moved: false });
  assert.deepEqual(keyedPlan(['a', 'b', 'c'], ['c', 'a', 'b']), { add: [], remove: [], keep: ['c', 'a', 'b'], moved: true });
  assert.deepEqual(keyedPlan([], ['a', 'b']), { add: ['a', 'b'], remove: [], keep: [], moved: false });
  assert.deepEqual(keyedPlan(['a', 'b'], []), { add: [], remove: ['a', 'b'], keep: [], moved: false });
  const before = sample('universe-chase');
  const ids = before.participants.map((p) => p.id);
  const plan = keyedPlan(ids, sample('alias-turn').participants.map((p) => p.id));
  assert.deepEqual(plan.keep, ['p-tobias', 'p-masked']);
  assert.equal(plan.remove.length, ids.length - 2);
  assert.equal(plan.moved, false);
});

test('a roll shows who, what, its dice, outcome, success and exact chance', () => {
  const [attack, damage, , save] = sample('universe-chase').rolls;
  assert.deepEqual(rollView(attack), {
    id: '41', who: 'Tobias Kell', roll: 'Attack', dice: ['17'], more: 0, outcome: 'Hit',
    result: 'success', resultText: 'Success', chance: '45% chance', byHand: false,
  });
  const dmg = rollView(damage);
  assert.equal(dmg.result, null, 'a roll with no chance of success is neither success nor fail');
  assert.equal(dmg.chance, null);
  assert.deepEqual(dmg.dice, ['4', '6', '2']);
  const failed = rollView(save);
  assert.equal(failed.result, 'fail');
  assert.equal(failed.chance, '66.7% chance');
  assert.equal(failed.byHand, true);

  const many = rollView({ ...attack, dice: Array.from({ length: MAX_DICE + 5 }, (_, i) => i % 6 + 1) });
  assert.equal(many.dice.length, MAX_DICE);
  assert.equal(many.more, 5);

  const lots = { rolls: Array.from({ length: 9 }, (_, i) => ({ ...attack, id: i })) };
  assert.deepEqual(latestRolls(lots).map((r) => r.id), ['0', '1', '2', '3', '4', '5']);
  assert.deepEqual(latestRolls(sample('empty')), []);
});

test('words around the page: time, title, status, reconnect delays, row share', () => {
  assert.equal(clockTime('2026-11-27T20:14:03Z', 'UTC'), '20:14');
  assert.equal(clockTime('not a time', 'UTC'), '');
  assert.equal(titleText(sample('universe-chase')), 'Salvage Rights · Round 2 — Rollbook');
  assert.equal(titleText(null), "Rollbook — players' view");
  assert.equal(statusText('reconnecting'), 'Reconnecting…');
  assert.equal(statusText('stopped'), 'The GM stopped sharing');
  assert.equal(statusText('live'), '');
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 50].map(backoffDelay), [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  assert.equal(rowUnits(sample('universe-chase').participants), 12);
  assert.equal(rowUnits(sample('marks-tasks').participants), 4, 'a short list is not blown up');
  assert.equal(rowUnits(Array.from({ length: 10 }, () => ({ stats: [], effects: [] }))), 6);
});
