// End-to-end test of saved rolls (issue 29) in the real window: a notation saved with Ctrl+S,
// renamed with F2, another moved above it with Alt+Up, one rolled with one click (logged in its
// roster), found with Ctrl+K, then the roster exported with Export…, the saved roll deleted, and
// the file imported back with Import…: the saved roll is in the list again. A picture of the list
// is kept in tests/e2e/artifacts/saved-rolls.png.
// Run with scripts/e2e.sh tests/e2e/saved-rolls.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { By, Key, until } from 'selenium-webdriver';
import {
  ARTIFACTS, BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, WAIT_MS, clickWhenClickable, reloadPage, screenshotOnFailure, showView, startApp, takeScreenshot, typeInto,
} from './app.mjs';
import { ImportDialog, shellReady, stubDialogs, waitForToast } from './log-transfer-page.mjs';
import { SavedRollsPage } from './saved-rolls-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const HEROES = 'Friday Night Heroes';

let app;
let list;

/** `rollbook --json ARGS` on the app's own database. */
const cli = (...args) => JSON.parse(execFileSync(BINARY, ['--json', ...args], { env: app.env, encoding: 'utf8', timeout: 60_000 }));
const stored = () => cli('saved', 'list', '--roster', HEROES);
const withShot = screenshotOnFailure('saved-rolls ', () => app.driver);

/** Waits until the store holds saved rolls of these names, in order. */
async function waitStored(names) {
  let last = null;
  await app.driver.wait(async () => {
    last = stored().map((r) => r.name);
    return JSON.stringify(last) === JSON.stringify(names);
  }, WAIT_MS, `the store never held ${JSON.stringify(names)}`).catch((error) => {
    error.message += ` (last seen: ${JSON.stringify(last)})`;
    throw error;
  });
}

describe('saved rolls', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    list = new SavedRollsPage(app.driver);
    await shellReady(app.driver);
    execFileSync(BINARY, ['import', ALL_SYSTEMS], { env: app.env, timeout: 60_000 });
    await reloadPage(app.driver);
    await showView(app.driver, 'quick-roll');
    await list.pickRoster(HEROES);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('a notation is saved with one key, renamed, and another moved above it', () => withShot('made', async () => {
    await list.saveNotation('8d6');
    await list.waitNames(['8d6']);
    // F2 edits it: renamed, its target set.
    const button = await list.focusRow('8d6');
    await button.sendKeys(Key.F2);
    await app.driver.wait(until.elementLocated(By.css('.saved-roll-dialog[open]')), WAIT_MS, 'the edit dialog did not open');
    await typeInto(app.driver, '#saved-edit-name', 'Fireball');
    await typeInto(app.driver, '#saved-edit-target', '28');
    await clickWhenClickable(app.driver, '.saved-roll-dialog button[type="submit"]', { what: 'Save' });
    await list.waitNames(['Fireball']);
    assert.deepEqual(stored().map((r) => [r.name, r.expr, r.target]), [['Fireball', '8d6', 28]]);

    // A bad notation is refused with its column, and nothing is saved.
    await list.saveNotation('4d6k3');
    let error = null;
    await app.driver.wait(async () => {
      error = await app.driver.findElement(By.css('#saved-error')).getText();
      return /column 4/.test(error);
    }, WAIT_MS, 'the refusal never showed its column').catch((caught) => {
      caught.message += ` (last seen: ${JSON.stringify(error)})`;
      throw caught;
    });
    assert.match(error, /kh3/);
    await list.waitNames(['Fireball']);

    await list.saveNotation('d20+@bonus', 'bonus=5');
    await list.waitNames(['Fireball', 'd20+@bonus']);
    const second = await list.focusRow('d20+@bonus');
    await second.sendKeys(Key.chord(Key.ALT, Key.ARROW_UP));
    await list.waitNames(['d20+@bonus', 'Fireball']);
    await waitStored(['d20+@bonus', 'Fireball']);
    assert.equal(await list.focusedName(), 'd20+@bonus', 'the moved roll keeps the focus');
    assert.deepEqual(stored()[0].values, { bonus: 5 });
  }));

  test('a saved roll is rolled with one click and logged in its roster', () => withShot('rolled', async () => {
    const before = cli('log', '--roster', HEROES).rolls.length;
    await list.roll('Fireball');
    const told = await list.waitStatus(/^Fireball: \d+, (success|failure)$/);
    let rolls = [];
    await app.driver.wait(async () => {
      rolls = cli('log', '--roster', HEROES).rolls;
      return rolls.length === before + 1;
    }, WAIT_MS, 'the roll was never logged');
    const [entry] = rolls;
    assert.equal(entry.system, 'dice');
    assert.equal(entry.request.expr, '8d6');
    assert.equal(entry.request.target, 28);
    assert.equal(told, `Fireball: ${entry.outcome}, ${entry.success ? 'success' : 'failure'}`);
    // Quick roll's Last roll and its session history show it as any roll.
    const shown = await list.waitQuickRollShows('Fireball · Dice notation');
    assert.equal(shown.detail, entry.detail);
    assert.equal(shown.history.detail, entry.detail);
    assert.match(shown.history.outcome, new RegExp(`^${entry.success ? 'Success' : 'Failure'}`));

    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'saved-rolls.png'), await takeScreenshot(app.driver), 'base64');
  }));

  test('Ctrl+K finds a saved roll and shows it in the list', () => withShot('search', async () => {
    await app.driver.findElement(By.css('body')).sendKeys(Key.chord(Key.CONTROL, 'k'));
    const input = await app.driver.wait(until.elementLocated(By.css('#search-input')), WAIT_MS, 'the search did not open');
    await typeInto(app.driver, '#search-input', 'fire');
    await app.driver.wait(until.elementLocated(By.css('.search-hit.saved-hit[aria-selected="true"]')), WAIT_MS, 'the saved roll was not found');
    const hit = await app.driver.findElement(By.css('.search-hit.saved-hit .hit-name')).getText();
    assert.equal(hit, 'Fireball');
    await input.sendKeys(Key.ENTER);
    let focused = null;
    await app.driver.wait(async () => {
      focused = await list.focusedName();
      return focused === 'Fireball';
    }, WAIT_MS, 'the saved roll picked never got the focus').catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(focused)})`;
      throw error;
    });
  }));

  test('a saved roll survives Export… and Import… of its roster', () => withShot('export import', async () => {
    const path = join(app.root, 'heroes.json');
    await stubDialogs(app.driver, { save: path });
    await app.driver.findElement(By.css('#export-button')).click();
    await waitForToast(app.driver, /^Exported/);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    const heroes = file.rosters.find((r) => r.name === HEROES);
    assert.deepEqual(heroes.saved_rolls.map((r) => r.name), ['d20+@bonus', 'Fireball']);

    // Gone from the list (Delete on its row)…
    const button = await list.focusRow('Fireball');
    await button.sendKeys(Key.DELETE);
    await list.waitNames(['d20+@bonus']);
    await waitStored(['d20+@bonus']);

    // …and back with the file.
    const dialog = new ImportDialog(app.driver);
    await stubDialogs(app.driver, { open: path });
    await app.driver.findElement(By.css('#import-button')).click();
    await dialog.waitShown();
    await dialog.apply();
    await dialog.waitClosed();
    await list.waitNames(['d20+@bonus', 'Fireball']);
    const back = stored().find((r) => r.name === 'Fireball');
    assert.deepEqual([back.expr, back.target], ['8d6', 28]);
  }));
});
