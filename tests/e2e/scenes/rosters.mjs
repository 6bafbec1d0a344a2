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

/** The filled roster with the roll panel open beside the sheet. */
export async function roll(driver, helpers) {
  await scene(driver, helpers);
  const page = new RostersPage(driver);
  await page.click('.bulk-bar [data-action="clear"]');
  const button = await driver.wait(async () => (await driver.findElements(helpers.By.css('#sheet-slot button.roll-die')))[0] ?? null, helpers.WAIT_MS, 'the sheet shows no roll button');
  await driver.executeScript((b) => b.scrollIntoView({ block: 'center' }), button);
  await button.click();
  // Open with its odds shown (the odds panel carries the request they are for once they arrive).
  await driver.wait(async () => driver.executeScript(() => {
    const odds = document.querySelector('#roll-slot .roll-panel .rp-odds');
    return !document.getElementById('roll-slot').hidden && Boolean(odds?.dataset.request) && odds.getAttribute('aria-busy') === 'false';
  }), helpers.WAIT_MS, 'the roll panel did not open with its odds');
}

/** The global search dialog with a query and its hits. */
export async function search(driver, helpers) {
  await scene(driver, helpers);
  await driver.actions().keyDown(helpers.Key.CONTROL).sendKeys('k').keyUp(helpers.Key.CONTROL).perform();
  const input = await driver.wait(helpers.until.elementLocated(helpers.By.css('#search-input')), helpers.WAIT_MS);
  await input.sendKeys('tag:party');
  await driver.wait(async () => (await driver.findElements(helpers.By.css('#search-results [role="option"]'))).length > 2, helpers.WAIT_MS, 'no hits');
  await driver.actions().sendKeys(helpers.Key.ARROW_DOWN).perform();
  return { keepFocus: true };
}

/** The global search after Enter with nothing to open: it says so, and shows its × button. */
export async function searchNothing(driver, helpers) {
  await scene(driver, helpers);
  await driver.actions().keyDown(helpers.Key.CONTROL).sendKeys('k').keyUp(helpers.Key.CONTROL).perform();
  const input = await driver.wait(helpers.until.elementLocated(helpers.By.css('#search-input')), helpers.WAIT_MS);
  await input.sendKeys('nobody by this name', helpers.Key.ENTER);
  await driver.wait(async () => /Nothing to open/.test(await driver.executeScript(() => document.querySelector('.search-note')?.textContent ?? '')), helpers.WAIT_MS, 'Enter said nothing');
  return { keepFocus: true };
}

/** The keyboard shortcuts dialog. */
export async function help(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => document.activeElement?.blur());
  await driver.actions().sendKeys('?').perform();
  await driver.wait(helpers.until.elementLocated(helpers.By.css('.help-dialog[open]')), helpers.WAIT_MS);
  return { keepFocus: true };
}

/** The New roster dialog after an empty name was refused. */
export async function newRoster(driver, helpers) {
  await empty(driver, helpers);
  const page = new RostersPage(driver);
  await page.click('#new-roster');
  await page.waitDialog();
  await page.click('.roster-dialog .button.primary');
  return { keepFocus: true };
}

/** The filled roster in the narrowest window the app allows (880 x 600). */
export async function narrow(driver, helpers) {
  await driver.manage().window().setRect({ width: 880, height: 600 });
  await scene(driver, helpers);
}

/** A roster of 2,000 characters (the list is virtual), scrolled past its middle by the keys, one range selected. */
export async function long(driver, helpers) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const fixture = JSON.parse(readFileSync(EXAMPLES, 'utf8'));
  const sheet = fixture.rosters.find((r) => r.system === 'd12').characters[0].sheet;
  const file = join(helpers.app.root, 'crowd.json');
  const characters = Array.from({ length: 2000 }, (_, i) => ({ name: `Extra ${String(i + 1).padStart(4, '0')}`, kind: i % 3 ? 'npc' : 'pc', tags: [`squad-${i % 40}`], sheet }));
  writeFileSync(file, JSON.stringify({ format: 'rollbook-roster', version: 1, rosters: [{ name: 'The Big Table', system: 'd12', characters }] }));
  helpers.cli('--json', 'import', file);
  await helpers.reload();
  await helpers.showView('rosters');
  const page = new RostersPage(driver);
  await page.ready();
  await page.selectRoster('The Big Table');
  await page.click('#character-filter');
  await page.press(helpers.Key.ARROW_DOWN);
  await page.press(helpers.Key.END);
  for (let i = 0; i < 3; i += 1) await page.press(helpers.Key.PAGE_UP);
  await page.press(helpers.Key.SHIFT, helpers.Key.ARROW_UP);
  await page.press(helpers.Key.SHIFT, helpers.Key.ARROW_UP);
  return { keepFocus: true };
}
