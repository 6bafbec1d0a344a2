import { test } from 'node:test';
import assert from 'node:assert/strict';
import { damagedHeading } from '../../ui/js/rosters/damaged-model.js';

const roster = (id) => ({ code: 'damaged_record', message: `roster ${id}`, roster_id: id, character_id: null });
const character = (id) => ({ code: 'damaged_record', message: `character ${id}`, roster_id: 'r', character_id: id });

test('the heading counts the damaged rosters and characters, and is none when nothing is damaged', () => {
  assert.equal(damagedHeading([]), null);
  assert.equal(damagedHeading([roster('a')]), '1 roster cannot be read');
  assert.equal(damagedHeading([roster('a'), roster('b')]), '2 rosters cannot be read');
  assert.equal(damagedHeading([character('v')]), '1 character of this roster cannot be read');
  assert.equal(damagedHeading([character('v'), character('w')]), '2 characters of this roster cannot be read');
  assert.equal(damagedHeading([roster('a'), character('v')]), '1 roster and 1 character cannot be read');
  assert.equal(damagedHeading([roster('a'), roster('b'), character('v'), character('w')]), '2 rosters and 2 characters cannot be read');
});
