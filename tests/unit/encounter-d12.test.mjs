// The d12 table panel's pure helpers: an attack's stage in words, and the weapons a character's
// sheet rolls offer. (The health bar is the shared meter, tested with the stunt panel's.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { stageWords, weaponsOf } from '../../ui/js/encounter/systems/d12.js';

test('an attack says what comes next', () => {
  const attack = (stage) => ({ chain: { stage } });
  assert.equal(stageWords(attack({ stage: 'attack' })), 'Roll the attack');
  assert.equal(stageWords(attack({ stage: 'damage', damage_dice: 3 })), '3 Damage Dice: roll the damage');
  const capped = { chain: { stage: { stage: 'damage', damage_dice: 3 }, weapon: { cap: 2 } } };
  assert.equal(stageWords(capped), '3 Damage Dice (the weapon\'s cap: 2 rolled): roll the damage');
  assert.equal(stageWords(attack({ stage: 'choose_row', reached: 4, limb: null })), 'Row 4 reached: choose the row');
  assert.equal(
    stageWords(attack({ stage: 'choose_row', reached: 0, limb: 'Left Leg' })),
    'Row 0 reached: choose the row · only natural 1s on the defence: Left Leg limb',
  );
});

test('the weapons are the sheet\'s damage rolls', () => {
  const rolls = [
    { label: 'Guns attack', request: { system: 'd12', roll: 'opposed' } },
    { label: 'Laser Pistol damage', request: { system: 'd12', roll: 'damage' } },
    { label: 'Unarmed damage', request: { system: 'd12', roll: 'damage' } },
  ];
  assert.deepEqual(weaponsOf(rolls), ['Laser Pistol', 'Unarmed']);
});
