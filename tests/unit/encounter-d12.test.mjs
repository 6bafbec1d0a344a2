// The d12 table panel's pure helpers: an attack's stage in words (the dice the cap lets roll are
// served by Rust), and the weapons a character's sheet carries by the served weapons table.
// (The health bar is the shared meter, tested with the stunt panel's.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { stageWords, weaponsOf } from '../../ui/js/encounter/systems/d12.js';

test('an attack says what comes next', () => {
  const attack = (stage) => ({ chain: { stage } });
  assert.equal(stageWords(attack({ stage: 'attack' })), 'Roll the attack');
  assert.equal(stageWords(attack({ stage: 'damage', damage_dice: 3 })), '3 Damage Dice: roll the damage');
  const capped = { chain: { stage: { stage: 'damage', damage_dice: 3 }, weapon: { cap: 2 } } };
  assert.equal(stageWords(capped, { damage_dice_rolled: 2 }), '3 Damage Dice (the weapon\'s cap: 2 rolled): roll the damage');
  assert.equal(stageWords(capped, { damage_dice_rolled: 3 }), '3 Damage Dice: roll the damage', 'what Rust serves, not the cap, decides');
  assert.equal(stageWords(attack({ stage: 'choose_row', reached: 4, limb: null })), 'Row 4 reached: choose the row');
  assert.equal(
    stageWords(attack({ stage: 'choose_row', reached: 0, limb: 'Left Leg' })),
    'Row 0 reached: choose the row · only natural 1s on the defence: Left Leg limb',
  );
});

test('the weapons are the ones the rules serve for that participant', () => {
  // Made-up lists: the panel matches no equipment against any weapon of its own.
  const encounter = { view: { system: 'd12', attack: null, weapons: [
    { participant_id: 'p-1', weapons: ['laser pistol', 'Whip', 'Fists'] },
    { participant_id: 'p-2', weapons: ['Fists'] },
  ] } };
  assert.deepEqual(weaponsOf(encounter, 'p-1'), ['laser pistol', 'Whip', 'Fists']);
  assert.deepEqual(weaponsOf(encounter, 'p-2'), ['Fists']);
  assert.deepEqual(weaponsOf(encounter, 'p-3'), [], 'someone the view does not list');
  assert.deepEqual(weaponsOf({ view: null }, 'p-1'), [], 'no view served, no weapon offered');
});
