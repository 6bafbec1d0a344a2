import { test } from 'node:test';
import assert from 'node:assert/strict';
import { damagedHeading, readableCount } from '../../ui/js/rosters/damaged-model.js';

const notice = (fields) => ({ code: 'damaged_record', roster_id: null, character_id: null, log_entry_id: null, plan_id: null, ...fields });
const roster = (id) => notice({ message: `roster ${id}`, roster_id: id });
const character = (id) => notice({ message: `character ${id}`, roster_id: 'r', character_id: id });
const entry = (id) => notice({ message: `the roll-log entry ${id}`, roster_id: 'r', log_entry_id: id });

test('the heading counts the damaged rosters and characters, and is none when nothing is damaged', () => {
  assert.equal(damagedHeading([]), null);
  assert.equal(damagedHeading([roster('a')]), '1 roster cannot be read');
  assert.equal(damagedHeading([roster('a'), roster('b')]), '2 rosters cannot be read');
  assert.equal(damagedHeading([character('v')]), '1 character of this roster cannot be read');
  assert.equal(damagedHeading([character('v'), character('w')]), '2 characters of this roster cannot be read');
  assert.equal(damagedHeading([roster('a'), character('v')]), '1 roster and 1 character cannot be read');
  assert.equal(damagedHeading([roster('a'), roster('b'), character('v'), character('w')]), '2 rosters and 2 characters cannot be read');
});

test('a damaged roll-log entry is counted as an entry, with or without its roster', () => {
  assert.equal(damagedHeading([entry(4)]), '1 roll-log entry cannot be read');
  assert.equal(damagedHeading([entry(4), { ...entry(5), roster_id: null }]), '2 roll-log entries cannot be read');
  assert.equal(damagedHeading([roster('a'), entry(4)]), '1 roster and 1 roll-log entry cannot be read');
});

test('a roster counts the characters that read: its damaged ones are less, another roster\'s are not', () => {
  const heroes = { id: 'h', character_count: 4 };
  assert.equal(readableCount(heroes, []), 4);
  assert.equal(readableCount(heroes, [{ ...character('v'), roster_id: 'h' }]), 3);
  assert.equal(readableCount(heroes, [{ ...character('v'), roster_id: 'other' }]), 4);
  // A damaged roster's notice is not one of its characters.
  assert.equal(readableCount(heroes, [roster('h')]), 4);
});
