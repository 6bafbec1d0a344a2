// The Encounters view (scene `encounter`): the genre demo roster's "Warehouse brawl" in round 2 — three characters
// (one of them since moved to the trash, so greyed) and two Goons, a few turns played, the
// action log beside the genre panel. Set up through the CLI on the app's own database.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { shellReady } from '../log-transfer-page.mjs';
import { EncounterPage } from '../encounter-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Neon Genre Nights';
const NAME = 'Warehouse brawl';

export async function scene(driver, helpers) {
  const cli = (...args) => helpers.cli('--json', ...args);
  cli('import', ALL_SYSTEMS);
  cli('encounter', 'new', '--roster', ROSTER, NAME);
  cli('encounter', 'add', NAME, '--roster', ROSTER, '--character', 'Rex Valor', '--character', 'Sable', '--character', 'Professor Null');
  cli('encounter', 'add', NAME, '--roster', ROSTER, '--npcs', '2');
  for (let i = 0; i < 6; i += 1) cli('encounter', 'next', NAME, '--roster', ROSTER);
  cli('character', 'delete', 'Professor Null', '--roster', ROSTER);
  await helpers.reload();
  await shellReady(driver);
  const page = new EncounterPage(driver);
  await page.open(ROSTER);
  await page.until((p) => p.open && p.order.length === 5 && p.log.length === 8 && p.order.some((o) => o.absent), 'the encounter did not show');
}

/** A roster with no encounter yet: the empty state and the New encounter form. */
export async function empty(driver, helpers) {
  helpers.cli('--json', 'import', ALL_SYSTEMS);
  await helpers.reload();
  await shellReady(driver);
  const page = new EncounterPage(driver);
  await page.open('Friday Night Heroes');
}

/** The Add characters dialog over a new encounter with two Goons. */
export async function add(driver, helpers) {
  await empty(driver, helpers);
  const page = new EncounterPage(driver);
  await page.create('Rooftop chase');
  await page.addNpcs('Goon', 2);
  await page.click('#encounter-add-characters');
  await page.until((p) => p.dialogs === 1, 'the Add characters dialog did not open');
}
