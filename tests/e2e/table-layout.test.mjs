// End-to-end test of the table fitting its screen (issue 27), in the real window: a universe
// encounter of 8 (two PCs, the Warden, Unit 7 and four quick Drones), Deal played. At 1280×800
// the turn order shows all 8 rows whole, each name whole (not cut with an ellipsis); at 1024×700
// the acting participant's forms start in sight beside the turn order, and the last move is one
// line until opened. Screenshots of both sizes are kept in tests/e2e/artifacts/.
// Run with scripts/e2e.sh tests/e2e/table-layout.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure, takeScreenshot } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { UniverseEncounterPage } from './encounter-universe-page.mjs';
import { WindowPage } from './window-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Black Meridian Crew';
const FIGHT = 'Eight at the airlock';

let app;
let page;
let win;
const withShot = screenshotOnFailure('table-layout', () => app.driver);

/** What of the turn order and the system panel is in sight. */
function measure() {
  const list = document.getElementById('turn-order');
  const box = list.getBoundingClientRect();
  const rows = [...list.querySelectorAll('.turn-row')].map((row) => {
    const r = row.getBoundingClientRect();
    const name = row.querySelector('.turn-name');
    return {
      name: name.textContent,
      inSight: r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight,
      whole: name.scrollWidth <= name.clientWidth + 1,
    };
  });
  const forms = document.querySelector('#encounter-system-host details, #encounter-system-host form');
  const f = forms?.getBoundingClientRect();
  const current = list.querySelector('.turn-row.current')?.getBoundingClientRect();
  const top = document.querySelector('#encounter-system-host .uv-top-result');
  return {
    rows,
    // Issue 28: every name shown is isolated (a right-to-left override reorders only itself).
    notIsolated: [...document.querySelectorAll('.turn-name, .encounter-item-name, .uv-name, #encounter-name')]
      .filter((n) => getComputedStyle(n).unicodeBidi !== 'isolate').map((n) => n.className),
    formTop: f ? Math.round(f.top) : null,
    height: innerHeight,
    currentInSight: Boolean(current && current.top >= 0 && current.bottom <= innerHeight),
    topHeight: top ? Math.round(top.getBoundingClientRect().height) : 0,
  };
}

async function shot(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, name), await takeScreenshot(app.driver), 'base64');
}

describe('the table fits its screen', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    const where = ['--roster', ROSTER, FIGHT];
    app.cli('--json', 'encounter', 'new', ...where);
    app.cli('--json', 'encounter', 'add', ...where, '--character', 'Captain Ines Moreau', '--character', 'Tobias Kell', '--character', 'Warden Ashby', '--character', 'Unit 7', '--npcs', '4', '--label', 'Drone', '--seed', '3');
    app.cli('--json', 'encounter', 'play', ...where, '{"system":"universe","move":"deal"}', '--seed', '4');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    win = new WindowPage(app.driver, app);
    page = new UniverseEncounterPage(app.driver);
    await page.open(ROSTER);
    await page.until((p) => p.open && p.order.length === 8, 'the encounter of 8 did not open');
    // Moves played in the window: an attack (its result beside its Roll button) and a natural
    // 20 from the turn bar, whose result is the last move above the forms.
    await page.previewMove('Attack', { Attacker: 'Unit 7', Target: 'Tobias Kell' });
    await page.rollMove('Attack');
    const before = await page.logLength();
    await page.click('.uv-panel .uv-nat20');
    await page.until((p) => p.log.length === before + 1, 'Nat 20 was not played');
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('at 1280×800 all 8 rows of the turn order show, each name whole', () => withShot('1280', async () => {
    await win.setSize(1280, 800);
    const m = await app.driver.executeScript(measure);
    await shot('table-layout-1280x800.png');
    assert.deepEqual(m.rows.filter((r) => !r.inSight).map((r) => r.name), [], 'rows out of sight');
    assert.deepEqual(m.rows.filter((r) => !r.whole).map((r) => r.name), [], 'names cut');
    assert.deepEqual(m.notIsolated, [], 'names not isolated');
  }));

  test('at 1024×700 the acting participant\'s forms start in sight beside the turn order, the last move one line', () => withShot('1024', async () => {
    await win.setSize(1024, 700);
    const m = await app.driver.executeScript(measure);
    await shot('table-layout-1024x700.png');
    assert.ok(m.currentInSight, 'the acting participant\'s row is in sight');
    assert.ok(m.formTop !== null && m.formTop < m.height - 60, `the first form starts at ${m.formTop} of ${m.height}`);
    assert.ok(m.topHeight > 0 && m.topHeight <= 48, `the last move above the forms takes ${m.topHeight}px until opened`);
    await page.click('.uv-top-result .uv-last-head');
    const opened = await page.waitValue(() => app.driver.executeScript(measure), (x) => x.topHeight > 48, 'the last move did not open on demand');
    assert.ok(opened.topHeight > m.topHeight);
    assert.deepEqual(m.rows.filter((r) => !r.whole).map((r) => r.name), [], 'names cut');
  }));
});
