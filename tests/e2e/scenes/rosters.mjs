// Rosters scenes. `rosters`: the five example rosters imported, "Friday Night Heroes" open
// with one character's sheet, two characters selected (the bulk bar shows).
// `rosters:empty`: a fresh database, as a new GM first sees the window.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { RostersPage } from '../rosters-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

export async function scene(driver, helpers) {
  helpers.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  await helpers.reload();
  await helpers.showView('rosters');
  const page = new RostersPage(driver);
  await page.ready();
  await page.selectRoster('Friday Night Heroes');
  const names = await page.characterNames();
  await page.click(await page.rowSelector(names[0], '.row-open'));
  await page.waitFor(async () => (await page.read()).sheet !== null, 'the sheet did not open');
  await page.check(names[1]);
  await page.check(names[2]);
  await page.waitSelected([names[1], names[2]]);
}

export async function empty(driver, helpers) {
  await helpers.showView('rosters');
  await new RostersPage(driver).ready();
}
