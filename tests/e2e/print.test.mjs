// End-to-end test of printing in the real window: the roster's Print… button and Ctrl+P on a
// selection open the print dialog, which lays the sheets out (the preview window) and tells the
// pages; the paper switch lays them out again. The modal system print dialog is never opened.
// Run with scripts/e2e.sh tests/e2e/print.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Key } from 'selenium-webdriver';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, clickWhenClickable, showView, startApp } from './app.mjs';
import { WAIT_MS } from './quick-roll-page.mjs';
import { RostersPage } from './rosters-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

let app;
let page;

const status = () => app.driver.executeScript(() => document.querySelector('.print-dialog .print-status')?.textContent ?? null);
/** Waits until the print dialog's status matches `pattern` (the sheets laid out); a timeout says what it said. */
async function waitStatus(pattern, what) {
  let last = null;
  await app.driver.wait(async () => {
    last = await status();
    return pattern.test(last ?? '');
  }, WAIT_MS, `${what}: ${pattern}`).catch((error) => {
    error.message += ` (the status: ${JSON.stringify(last)})`;
    throw error;
  });
}

describe('printing sheets', { timeout: STARTUP_TIMEOUT_MS * 4 }, () => {
  before(async () => {
    app = await startApp();
    execFileSync(BINARY, ['--json', 'import', ALL_SYSTEMS, '--mode', 'merge'], { env: app.env, encoding: 'utf8' });
    await app.driver.navigate().refresh();
    await showView(app.driver, 'rosters');
    page = new RostersPage(app.driver);
    await page.ready();
    await page.selectRoster('Friday Night Heroes');
  });
  after(async () => app?.stop());

  test('the roster prints whole, on the paper chosen', async () => {
    await page.click('.roster-head [data-action="printRoster"]');
    await waitStatus(/^4 sheets of Friday Night Heroes on 4 pages of (A4|Letter)\./, 'the whole roster');
    const title = await app.driver.executeScript(() => document.querySelector('.print-dialog .dialog-title').textContent);
    assert.equal(title, 'Print Friday Night Heroes');
    const other = (await status()).includes('of A4') ? 'letter' : 'a4';
    await page.click(`#print-paper-${other}`);
    await waitStatus(other === 'a4' ? /on 4 pages of A4\./ : /on 4 pages of Letter\./, 'the other paper');
    const printEnabled = await app.driver.executeScript(() => !document.querySelector('.print-dialog button[type="submit"]').disabled);
    assert.ok(printEnabled, 'Print… is ready once the sheets are laid out');
    await clickWhenClickable(app.driver, '.print-dialog .dialog-actions button:not([type="submit"])');
    await app.driver.wait(async () => app.driver.executeScript(() => document.querySelector('.print-dialog') === null), WAIT_MS, 'the dialog did not close');
  });

  test('Ctrl+P prints the selected characters', async () => {
    const names = await page.characterNames();
    await page.check(names[2]);
    await page.check(names[0]);
    await page.waitSelected([names[0], names[2]]);
    await app.driver.actions().keyDown(Key.CONTROL).sendKeys('p').keyUp(Key.CONTROL).perform();
    await waitStatus(/^2 sheets of Friday Night Heroes on 2 pages of (A4|Letter)\./, 'the selection');
    const title = await app.driver.executeScript(() => document.querySelector('.print-dialog .dialog-title').textContent);
    assert.equal(title, 'Print 2 characters');
    await app.driver.actions().sendKeys(Key.ESCAPE).perform();
    await app.driver.wait(async () => app.driver.executeScript(() => document.querySelector('.print-dialog') === null), WAIT_MS, 'Esc did not close the dialog');
  });
});
