// The stunt table panel: the example stunt roster's encounter with two PCs and a Goon, some HTK
// lost (Minor Damage on Doc Ferrous, 12 points on the Goon), a Doubles Only task one double in
// and a Double Six Only task, played through the command line with fixed seeds, then shown.
// `encounter-stunt:forms` scrolls to the Start-a-task and Roll-damage forms, 3d6+2 on the Goon;
// `encounter-stunt:check` to the chart check, POWER (Mutant) against Cosmic.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { StuntEncounterPage } from '../encounter-stunt-page.mjs';
import { pickOption, typeOver } from '../encounter-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'The Uncanny Stunt Squad';
const ENCOUNTER = 'Warehouse break-in';

export async function scene(driver, helpers) {
  const { cli } = helpers;
  cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  cli('--json', 'encounter', 'new', '--roster', ROSTER, ENCOUNTER);
  cli('--json', 'encounter', 'add', '--roster', ROSTER, ENCOUNTER, '--character', 'Marla Quick', '--character', 'Doc Ferrous', '--npcs', '1');
  const shown = cli('--json', 'encounter', 'show', '--roster', ROSTER, ENCOUNTER);
  const id = (name) => shown.state.order.find((p) => p.name === name).id;
  const play = (move, seed = 7) => cli('--json', 'encounter', 'play', '--roster', ROSTER, ENCOUNTER, JSON.stringify({ system: 'stunt', ...move }), '--seed', String(seed));
  play({ move: 'minor_damage', participant_id: id('Doc Ferrous') }, 3);
  play({ move: 'damage', participant_id: id('Goon 1'), points: 12 });
  play({ move: 'task_start', participant_id: id('Goon 1'), label: 'Pick the warehouse lock', kind: 'doubles_only', needed: 3 });
  play({ move: 'task_start', participant_id: id('Marla Quick'), label: 'Rewire the alarm', kind: 'double_six_only' });
  // Seed 2 gives a counted double before any 1-1 (the scene checks it below).
  play({ move: 'task_throw', task_id: 1 }, 2);

  await helpers.reload();
  const page = new StuntEncounterPage(driver);
  await page.open(ROSTER);
  await page.click(`#encounter-list .encounter-item .encounter-open`);
  await page.untilStunt((p) => p.parts.length === 3 && p.parts.every((x) => x.tasks.every((t) => t.odds)), 'the stunt panel did not show the table');
  return {};
}

/** The same table, scrolled to the forms: a task being named, 3d6+2 damage aimed at the Goon. */
export async function forms(driver, helpers) {
  await scene(driver, helpers);
  const page = new StuntEncounterPage(driver);
  await typeOver(driver, '.stunt-start input[name="label"]', 'Crack the safe');
  const goon = (await page.readStunt()).parts.find((p) => p.name === 'Goon 1').id;
  await pickOption(driver, '.stunt-damage select[name="target"]', (o) => o.value === goon, 'Goon 1');
  for (const [name, value] of [['dice', 3], ['bonus', 2]]) await typeOver(driver, `.stunt-damage input[name="${name}"]`, String(value));
  await page.waitValue(() => driver.executeScript(() => {
    const odds = document.querySelector('.stunt-damage .tp-odds');
    return odds?.getAttribute('aria-busy') === 'false' ? JSON.parse(odds.dataset.request ?? 'null') : null;
  }), (request) => request?.dice === 3 && request.bonus === 2, 'the damage odds did not follow 3d6+2');
  await driver.executeScript(() => document.querySelector('.stunt-damage').scrollIntoView({ block: 'end' }));
  return {};
}

/** The same table, scrolled to the chart check: Marla Quick's rated checks offered first. */
export async function check(driver, helpers) {
  await scene(driver, helpers);
  const page = new StuntEncounterPage(driver);
  await page.rollCheck('Marla Quick', 'POWER · Mutant', 'Cosmic');
  await page.untilStunt((p) => p.check.request && JSON.parse(p.check.request).active === 'Mutant', 'the check odds did not follow');
  await driver.executeScript(() => document.querySelector('.stunt-check').scrollIntoView({ block: 'start' }));
  return {};
}

/** `encounter-stunt:htk`: the same table scrolled to the HTK cards (below the turn's forms). */
export async function htk(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => document.querySelector('.stunt-parts').scrollIntoView({ block: 'start' }));
  return {};
}
