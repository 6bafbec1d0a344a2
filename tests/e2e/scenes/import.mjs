// The import preview scenes: `import` shows a file that updates, adds, keeps and (in replace
// mode) trashes characters of rosters already here; `import:refused` a file with problems.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { ImportDialog, shellReady, stubDialogs } from '../log-transfer-page.mjs';

const FIXTURES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures');

async function preview(driver, path) {
  await stubDialogs(driver, { open: path });
  await driver.findElement({ css: '#import-button' }).click();
  const dialog = new ImportDialog(driver);
  await dialog.waitShown();
  return dialog;
}

/** The demo rosters are here; the file changes one character, drops one and brings a new one. */
export async function scene(driver, helpers) {
  helpers.cli('--json', 'import', join(FIXTURES, 'all-systems.json'));
  const file = JSON.parse(readFileSync(join(FIXTURES, 'd12.json'), 'utf8'));
  const heroes = file.rosters[0];
  heroes.characters[0].notes = 'Owes the Overseer a favour since session 12.';
  heroes.characters.splice(2, 1);
  heroes.characters.push({ ...heroes.characters[1], id: undefined, name: 'Nova Reyes', player: 'Kim', tags: ['party'], notes: '' });
  const path = join(helpers.app.root, 'friday-night-heroes.json');
  writeFileSync(path, JSON.stringify(file, null, 2));
  await helpers.reload();
  await shellReady(driver);
  const dialog = await preview(driver, path);
  await dialog.chooseMode('replace');
  return { keepFocus: false };
}

export async function refused(driver, helpers) {
  await shellReady(driver);
  await preview(driver, join(FIXTURES, 'malformed', '41-many-problems.json'));
}
