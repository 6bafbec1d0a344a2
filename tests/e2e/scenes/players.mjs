// What the players see (issue 14), on the universe roster's "Salvage Rights": scene `players`
// is the Share with the table dialog (link and QR code) over the encounter; `players:visibility`
// is "What the players see" for a Drone, with another shown under an alias in the turn order.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { shellReady } from '../log-transfer-page.mjs';
import { GmPlayersPage } from '../players-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Black Meridian Crew';
const NAME = 'Salvage Rights';

async function table(driver, helpers) {
  const cli = (...args) => helpers.cli('--json', ...args);
  cli('import', ALL_SYSTEMS);
  cli('encounter', 'new', '--roster', ROSTER, NAME);
  cli('encounter', 'add', NAME, '--roster', ROSTER, '--character', 'Captain Ines Moreau', '--character', 'Tobias Kell', '--npcs', '2', '--label', 'Drone');
  cli('encounter', 'reveal', NAME, '--roster', ROSTER, 'Drone 1', '--alias', 'Masked figure');
  cli('encounter', 'hide', NAME, '--roster', ROSTER, 'Drone 2');
  await helpers.reload();
  await shellReady(driver);
  const page = new GmPlayersPage(driver);
  await page.open(ROSTER);
  await page.until((p) => p.open && p.order.length === 4, 'the encounter did not show');
  return page;
}

export async function scene(driver, helpers) {
  const page = await table(driver, helpers);
  await page.share();
}

export async function visibility(driver, helpers) {
  const page = await table(driver, helpers);
  const row = (await page.read()).order.find((o) => o.name === 'Drone 1');
  await page.clickInOrder(`.turn-row[data-participant-id="${row.id}"] .turn-visibility`);
  await page.until((p) => p.dialogs === 1, 'the dialog did not open');
}
