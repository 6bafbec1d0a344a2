// Damaged records: the demo rosters imported and snapshotted, then Vex's sheet and Pixel
// Vanguard's system broken by raw SQL; Friday Night Heroes open, the notice naming both.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { DamagedNotice, damageRecords } from '../damaged-page.mjs';
import { shellReady } from '../log-transfer-page.mjs';
import { RostersPage } from '../rosters-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

export async function scene(driver, helpers) {
  helpers.cli('--json', 'import', ALL_SYSTEMS);
  helpers.cli('--json', 'backup', 'now');
  damageRecords(helpers.app);
  await helpers.reload();
  await shellReady(driver);
  await helpers.showView('rosters');
  const page = new RostersPage(driver);
  await page.ready();
  await page.selectRoster('Friday Night Heroes');
  await new DamagedNotice(driver).until((n) => n.items.length === 2, 'the notice does not name both');
}
