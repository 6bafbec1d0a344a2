// The roll log scene: the four demo rosters imported, a game night's worth of rolls made for
// their characters (seeded, so the picture is the same every time), and one Quick roll.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { LogPage, shellReady } from '../log-transfer-page.mjs';
import { LuckPage } from '../luck-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

/** [character, request, seed], oldest first. */
const ROLLS = [
  ['Vex', { system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 }, 7],
  ['Brick', { system: 'd12', roll: 'opposed', attacker_ranks: 3, defender_ranks: 1 }, 2],
  ['Byte Knight', { system: 'marks', roll: 'pool', attribute_dice: 4, skill_dice: 2 }, 19],
  ['Overseer Kaan', { system: 'd12', roll: 'straight', ranks: 4, difficulty: 30 }, 5],
  ['Vex', { system: 'd12', roll: 'opposed', attacker_ranks: 2, defender_ranks: 2 }, 31],
  ['Byte Knight', { system: 'marks', roll: 'pool', attribute_dice: 3, skill_dice: 3, super_dice: 2 }, 4],
];

export async function scene(driver, helpers) {
  helpers.cli('--json', 'import', ALL_SYSTEMS);
  for (const [character, request, seed] of ROLLS) {
    helpers.cli('--json', 'roll', JSON.stringify(request), '--seed', String(seed), '--character', character);
  }
  helpers.cli('--json', 'roll', JSON.stringify({ system: 'universe', roll: 'attack', ac: 14 }), '--seed', '11', '--roster', 'Black Meridian Crew');
  await helpers.reload();
  await shellReady(driver);
  const log = new LogPage(driver);
  await log.open();
  await log.waitForRows(ROLLS.length + 1);
}

/** The same log filtered to one roster. */
export async function filtered(driver, helpers) {
  await scene(driver, helpers);
  const log = new LogPage(driver);
  await log.choose('log-roster', 'Friday Night Heroes');
  await log.waitForRows(4);
}

/** The Luck tab (issue 13): the scene's rolls and an evening of hot dice by hand for Tobias Kell. */
export async function luck(driver, helpers) {
  const attack = JSON.stringify({ system: 'universe', roll: 'attack', bonus: 5, ac: 15 });
  helpers.cli('--json', 'import', ALL_SYSTEMS);
  // Eight, the fewest judged hot or cold (MIN_ROLLS_JUDGED).
  for (const face of ['20', '17', '19', '14', '20', '18', '19', '20']) {
    helpers.cli('--json', 'roll', attack, '--dice', face, '--character', 'Tobias Kell');
  }
  for (let seed = 1; seed <= 24; seed++) {
    const [character, request] = ROLLS[seed % ROLLS.length];
    helpers.cli('--json', 'roll', JSON.stringify(request), '--seed', String(seed * 7), '--character', character);
  }
  await helpers.reload();
  await shellReady(driver);
  const log = new LuckPage(driver);
  await log.openLuck();
}
