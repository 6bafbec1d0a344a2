// The Backups dialog: the demo rosters imported, a snapshot taken, a roster emptied from the
// trash (which took one of its own) and a roll logged since, so the rows differ from now.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { BackupsDialog } from '../backups-page.mjs';
import { shellReady } from '../log-transfer-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

export async function scene(driver, helpers) {
  helpers.cli('--json', 'import', ALL_SYSTEMS);
  helpers.cli('--json', 'backup', 'now');
  helpers.cli('--json', 'roster', 'delete', 'Pixel Vanguard');
  helpers.cli('--json', 'trash', 'empty', '--yes');
  helpers.cli('--json', 'roll', JSON.stringify({ system: 'd12', roll: 'straight', ranks: 2 }), '--seed', '7', '--character', 'Vex');
  await helpers.reload();
  await shellReady(driver);
  await new BackupsDialog(driver).open();
}

/** The dialog with "What is kept…" open (scene backups:policy). */
export async function policy(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => { document.querySelector('#backup-policy details').open = true; });
}
