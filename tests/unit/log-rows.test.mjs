import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clearQuestion, diceText, emptyText, exportName, filterText, kindNames, logQuery, logRow, notationOf, PAGE_SIZE, shownText, timeFormatter, withDays,
} from '../../ui/js/log/log-rows.js';

const catalog = {
  systems: [
    { id: 'd12', name: 'd12 Ranks', kinds: [{ id: 'straight', name: 'Straight roll' }, { id: 'opposed', name: 'Opposed roll' }] },
    { id: 'universe', name: 'Universe Deck d20', kinds: [{ id: 'attack', name: 'Attack' }] },
  ],
};

// As `rollbook --json log` prints it.
const vexEntry = {
  id: 1,
  at: '2026-11-22T06:10:15.546Z',
  roster_id: '3ba95be8-9c04-42ff-a17b-773d94786f4e',
  roster_name: 'Friday Night Heroes',
  character_id: '5bb623b5-7278-4176-8576-2d54bcfd9bee',
  character_name: 'Vex',
  system: 'd12',
  roll: 'straight',
  outcome: '9',
  success: false,
  seed: 7,
  dice: [2, 2, 3],
  detail: '9 vs difficulty 12: failure',
  request: {},
  result: {},
};

test('kindNames maps every system/kind key to its names', () => {
  const names = kindNames(catalog);
  assert.equal(names.size, 3);
  assert.deepEqual(names.get('d12/opposed'), { kind: 'Opposed roll', system: 'd12 Ranks' });
  assert.equal(kindNames(null).size, 0);
});

test('a log entry reads as a row: time in the given locale and zone, roll in words, verdict in words', () => {
  const row = logRow(vexEntry, kindNames(catalog), timeFormatter('en-GB', 'UTC'));
  assert.deepEqual(row, {
    id: 1,
    day: 'Sunday, 22 November 2026',
    time: '06:10:15',
    at: '2026-11-22T06:10:15.546Z',
    roster: 'Friday Night Heroes',
    character: 'Vex',
    roll: 'Straight roll',
    system: 'd12 Ranks',
    outcome: '9',
    success: 'Failure',
    succeeded: false,
    luck: '',
    dice: '2 2 3',
    detail: '9 vs difficulty 12: failure',
    seed: '7',
    byHand: false,
    secret: false,
  });
  const secret = logRow({ ...vexEntry, secret: true }, kindNames(catalog), timeFormatter('en-GB', 'UTC'));
  assert.equal(secret.secret, true, 'a roll made in secret is marked GM only');
});

test('a roll made by hand has no seed to show: its seed reads "by hand"', () => {
  // As the store logs dice typed in: seed 0, by_hand true.
  const row = logRow({ ...vexEntry, seed: 0, by_hand: true }, kindNames(catalog), timeFormatter('en-GB', 'UTC'));
  assert.equal(row.seed, 'by hand');
  assert.equal(row.byHand, true);
  assert.equal(logRow(vexEntry, kindNames(catalog), timeFormatter('en-GB', 'UTC')).byHand, false);
});

test('the day and the time follow the locale and the time zone', () => {
  const us = timeFormatter('en-US', 'America/New_York');
  assert.equal(us.day('2026-11-22T03:10:15.546Z'), 'Saturday, November 21, 2026');
  assert.equal(us.time('2026-11-22T03:10:15.546Z'), '10:10:15 PM');
  const de = timeFormatter('de-DE', 'Europe/Berlin');
  assert.equal(de.day('2026-11-22T06:10:15.546Z'), 'Sonntag, 22. November 2026');
  assert.equal(de.time('2026-11-22T06:10:15.546Z'), '07:10:15');
  assert.equal(timeFormatter('en-GB', 'UTC').time('not a time'), 'not a time');
});

test('each day gets a heading before its first roll', () => {
  const rows = [{ id: 3, day: 'B' }, { id: 2, day: 'B' }, { id: 1, day: 'A' }];
  assert.deepEqual(withDays(rows), [{ day: 'B' }, rows[0], rows[1], { day: 'A' }, rows[2]]);
  assert.deepEqual(withDays([]), []);
});

test('a roll with no roster, a named outcome and an unknown kind still reads in words', () => {
  const row = logRow(
    { ...vexEntry, roster_name: null, character_name: null, system: 'marks', roll: 'double_pool', outcome: 'critical', success: true, seed: 9007199254740991 },
    kindNames(catalog),
    timeFormatter('en-GB', 'UTC'),
  );
  assert.equal(row.roster, '');
  assert.equal(row.character, '');
  assert.equal(row.roll, 'Double pool');
  assert.equal(row.system, 'marks');
  assert.equal(row.outcome, 'Critical');
  assert.equal(row.success, 'Success');
  assert.equal(row.seed, '9007199254740991');
  assert.equal(logRow({ ...vexEntry, outcome: '-2' }, new Map(), { day: String, time: String }).outcome, '\u22122');
});

test('dice read in the order rolled', () => {
  assert.equal(diceText([6, 1, 10, 5]), '6 1 10 5');
  assert.equal(diceText([]), '');
  assert.equal(diceText(undefined), '');
});

test('a filter becomes a LogQuery with only the fields that narrow it', () => {
  assert.deepEqual(logQuery({}, PAGE_SIZE + 1), { limit: 201 });
  assert.deepEqual(logQuery({ rosterId: 'r' }), { roster_id: 'r' });
  assert.deepEqual(logQuery({ rosterId: 'r', characterId: 'c' }, 400), { roster_id: 'r', character_id: 'c', limit: 400 });
  assert.deepEqual(logQuery(), {});
});

test('filters, empty states and the clear confirmation say whose rolls and how many', () => {
  assert.equal(filterText({}), null);
  assert.equal(filterText({ rosterName: 'Heroes' }), 'Heroes');
  assert.equal(filterText({ rosterName: 'Heroes', characterName: 'Vex' }), 'Vex (Heroes)');
  assert.match(emptyText({}), /^No rolls yet\./);
  assert.match(emptyText({ rosterName: 'Heroes', characterName: 'Vex' }), /^No rolls for Vex \(Heroes\) yet\./);

  const all = clearQuestion(1200, {});
  assert.match(all.message, /removes all 1,200 rolls in the log\./);
  assert.equal(all.confirm, 'Clear 1,200 rolls');
  const one = clearQuestion(1, { rosterName: 'Heroes', characterName: 'Vex' });
  assert.match(one.message, /removes 1 roll of Vex \(Heroes\)\./);
  assert.equal(one.confirm, 'Clear 1 roll');
});

test('the count line says when older rolls are hidden', () => {
  assert.equal(shownText(0, false), '');
  assert.equal(shownText(1, false), '1 roll.');
  assert.equal(shownText(200, true), 'Showing the latest 200 rolls.');
});

test('the proposed export name follows the filter', () => {
  assert.equal(exportName({}, 'csv'), 'roll-log.csv');
  assert.equal(exportName({ rosterName: 'Friday Night Heroes' }, 'json'), 'roll-log-friday-night-heroes.json');
  assert.equal(exportName({ rosterName: 'Friday Night Heroes', characterName: 'Overseer Kaan' }, 'csv'), 'roll-log-overseer-kaan.csv');
});

test('a day heading is formatted once per quarter hour, and right on both sides of midnight anywhere', () => {
  // India is 5:30 ahead of UTC, Nepal 5:45: their midnights fall inside a UTC hour.
  const nepal = timeFormatter('en-GB', 'Asia/Kathmandu');
  assert.equal(nepal.day('2026-11-21T18:14:59.999Z'), 'Saturday, 21 November 2026');
  assert.equal(nepal.day('2026-11-21T18:15:00.000Z'), 'Sunday, 22 November 2026');
  assert.equal(nepal.day('2026-11-21T18:14:00Z'), 'Saturday, 21 November 2026', 'the same quarter hour, from the cache');
  const india = timeFormatter('en-GB', 'Asia/Kolkata');
  assert.equal(india.day('2026-11-21T18:29:59Z'), 'Saturday, 21 November 2026');
  assert.equal(india.day('2026-11-21T18:30:00Z'), 'Sunday, 22 November 2026');
  assert.equal(india.day('2026-11-21T18:44:59Z'), 'Sunday, 22 November 2026');
  const utc = timeFormatter('en-GB', 'UTC');
  assert.equal(utc.day('2026-11-22T06:10:15+01:00'), 'Sunday, 22 November 2026', 'not in UTC: formatted as it is');
  assert.equal(utc.day('not a time'), 'not a time');
});

test('a typed roll reads as the notation typed, its system as the catalog names it', () => {
  const withNotation = { ...catalog, notation: [{ id: 'dice', name: 'Dice notation', kinds: [{ id: 'expr', name: 'Notation' }] }] };
  const entry = { ...vexEntry, system: 'dice', roll: 'expr', request: { system: 'dice', roll: 'expr', expr: ' 4d6kh3 ', values: {}, target: 1 } };
  const row = logRow(entry, kindNames(withNotation), timeFormatter('en-GB', 'UTC'));
  assert.equal(row.roll, '4d6kh3');
  assert.equal(row.system, 'Dice notation');
});

test('a roll typed in dice notation reads as its notation, under any roster', () => {
  const typed = {
    ...vexEntry, system: 'dice', roll: 'expr', outcome: '27', detail: '8d6 = 27 (…); at least 1: success',
    request: { system: 'dice', roll: 'expr', expr: ' 8d6 ', values: {}, target: 1 },
  };
  assert.equal(notationOf(typed), '8d6');
  assert.equal(logRow(typed, kindNames(catalog), timeFormatter('en-GB', 'UTC')).roll, '8d6');
  assert.equal(notationOf(vexEntry), null);
  assert.equal(notationOf({ ...vexEntry, request: { expr: '2d6' } }), null, 'only the dice system is notation');
});
