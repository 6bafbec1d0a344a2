// End-to-end test of the roll log view in the real window: a roll made in the window appears
// at the top, every row reads as the CLI's log says, filters by roster and character, CSV
// export of what the filter shows (equal to `rollbook log --format csv`), "Show more", and Clear
// with a confirmation that counts the rolls. Run with scripts/e2e.sh tests/e2e/log.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { answerConfirm, dialogAsked, LogPage, shellReady, stubDialogs, waitForToast } from './log-transfer-page.mjs';
import { QuickRollPage } from './quick-roll-page.mjs';
import { outcomeLabel } from '../../ui/js/format.js';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const STRAIGHT = { system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 };

let app;
let log;

/** `rollbook ARGS` on the app's own database, as text. */
function cliText(...args) {
  return execFileSync(BINARY, args, { env: app.env, encoding: 'utf8', timeout: 60_000 });
}
const cliJson = (...args) => JSON.parse(cliText('--json', ...args));

const withShot = screenshotOnFailure('', () => app.driver);

/** The page again (after the CLI wrote to the database under it), back on the log. */
async function reload() {
  await app.driver.navigate().refresh();
  await shellReady(app.driver);
  await log.open();
}

describe('the roll log', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    log = new LogPage(app.driver);
    await shellReady(app.driver);
    cliText('import', ALL_SYSTEMS);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('an empty log says so in words', () => withShot('log empty', async () => {
    await log.open();
    // Said once the first refresh is in (it also turns the buttons off).
    assert.match(await log.waitForText('log-empty', /^No rolls yet\./), /^No rolls yet\./);
    assert.equal((await log.rows()).length, 0);
    for (const id of ['log-export-csv', 'log-export-json', 'log-clear']) {
      assert.equal(await app.driver.findElement({ css: `#${id}` }).isEnabled(), false, `${id} is off with nothing to act on`);
    }
  }));

  test('a roll made in the window is at the top of the log, as the CLI logged it', () => withShot('log quick roll', async () => {
    cliText('roll', JSON.stringify(STRAIGHT), '--seed', '7', '--character', 'Vex');
    cliText('roll', JSON.stringify({ system: 'marks', roll: 'pool', attribute_dice: 3, skill_dice: 2 }), '--seed', '3', '--character', 'Byte Knight');
    await reload();
    await log.waitForRows(2);

    await showView(app.driver, 'quick-roll');
    const quick = new QuickRollPage(app.driver);
    await quick.ready();
    await quick.choose('universe', 'attack');
    await quick.fill({ ac: 14 });
    await quick.waitForOdds({ ac: 14 });
    await quick.setSeed(11);
    await quick.pressRoll();
    await quick.waitForRoll(1);

    await log.open();
    await log.waitForRows(3, 'the Quick roll did not reach the log');
    const rows = await log.rows();
    const logged = cliJson('log');
    assert.deepEqual(rows.map((r) => r.id), logged.rolls.map((e) => e.id), 'newest first, as the store has them');

    const [quickRow, marksRow, vexRow] = rows;
    assert.equal(quickRow.roll, 'Attack');
    assert.equal(quickRow.system, 'Universe Deck d20');
    assert.equal(quickRow.roster, 'Quick roll');
    assert.equal(quickRow.seed, '11');
    assert.equal(marksRow.character, 'Byte Knight');

    const vex = logged.rolls.find((e) => e.character_name === 'Vex');
    const [expectedDay, expectedTime] = await app.driver.executeScript((at) => [
      new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(new Date(at)),
      new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(new Date(at)),
    ], vex.at);
    assert.deepEqual(await log.days(), [expectedDay], 'one heading for the day of these rolls');
    assert.deepEqual(vexRow, {
      id: vex.id,
      time: expectedTime,
      at: vex.at,
      roster: 'Friday Night Heroes',
      character: 'Vex',
      roll: 'Straight roll',
      system: 'd12 Ranks',
      outcome: outcomeLabel(vex.outcome),
      result: vex.success ? '✓ Success' : '✗ Failure',
      dice: vex.dice.join(' '),
      detail: vex.detail,
      seed: '7',
    });
  }));

  test("a row's Copy button puts its seed on the clipboard", () => withShot('log copy seed', async () => {
    const vex = (await log.rows()).find((r) => r.seed === '7');
    await app.driver.findElement({ css: `#log-table tr[data-id="${vex.id}"] .log-copy` }).click();
    assert.match(await waitForToast(app.driver, /^Seed 7/), /^Seed 7 copied\./);
  }));

  test('the filters narrow the log to a roster, then to one of its characters', () => withShot('log filter', async () => {
    cliText('roll', JSON.stringify(STRAIGHT), '--seed', '8', '--character', 'Brick');
    cliText('roll', JSON.stringify(STRAIGHT), '--seed', '9', '--character', 'Vex');
    await reload();
    await log.waitForRows(5);
    assert.equal(await app.driver.findElement({ css: '#log-character' }).isEnabled(), false, 'no character filter without a roster');

    await log.choose('log-roster', 'Friday Night Heroes');
    await log.waitForRows(3);
    assert.ok((await log.rows()).every((r) => r.roster === 'Friday Night Heroes'));
    const characters = (await log.options('log-character')).map((o) => o.text);
    assert.deepEqual(characters, ['All characters', ...cliJson('character', 'list', '--roster', 'Friday Night Heroes').map((c) => c.name)]);

    await log.choose('log-character', 'Vex');
    await log.waitForRows(2);
    assert.deepEqual((await log.rows()).map((r) => r.seed), ['9', '7']);
    assert.equal(await log.text('log-count'), '2 rolls.');

    // Another roster: the character list follows it and the character filter is dropped.
    await log.choose('log-roster', 'Pixel Vanguard');
    await log.waitForRows(1);
    assert.ok((await log.options('log-character')).some((o) => o.text === 'Byte Knight'));
    assert.equal(await app.driver.findElement({ css: '#log-character' }).getAttribute('value'), '');
  }));

  test('Export CSV… writes what the filter shows, as `rollbook log --format csv` does', () => withShot('log export', async () => {
    await log.choose('log-roster', 'Friday Night Heroes');
    await log.choose('log-character', 'Vex');
    const chosen = join(app.root, 'vex-rolls.csv');
    await stubDialogs(app.driver, { save: chosen });
    await log.click('log-export-csv');
    assert.match(await waitForToast(app.driver, /vex-rolls\.csv/), /Exported 2 rolls to vex-rolls\.csv\./);
    const asked = (await dialogAsked(app.driver)).at(-1);
    assert.equal(asked.options.defaultPath, 'roll-log-vex.csv');
    assert.deepEqual(asked.options.filters[0].extensions, ['csv']);
    const expected = cliText('log', '--roster', 'Friday Night Heroes', '--character', 'Vex', '--format', 'csv');
    assert.equal(readFileSync(chosen, 'utf8'), expected);

    const json = join(app.root, 'vex-rolls');
    await stubDialogs(app.driver, { save: json });
    await log.click('log-export-json');
    await waitForToast(app.driver, /vex-rolls\.json/);
    const file = JSON.parse(readFileSync(`${json}.json`, 'utf8'));
    assert.deepEqual(file.rolls.map((r) => r.seed), [9, 7]);
  }));

  test('Clear asks first, saying how many rolls of whom, and removes only those', () => withShot('log clear', async () => {
    await log.choose('log-roster', 'Friday Night Heroes');
    await log.choose('log-character', 'Vex');
    await log.click('log-clear');
    const asked = await answerConfirm(app.driver, false);
    assert.match(asked, /This removes 2 rolls of Vex \(Friday Night Heroes\)\./);
    assert.equal((await log.rows()).length, 2, 'Cancel keeps them');

    await log.click('log-clear');
    await answerConfirm(app.driver, true);
    await log.waitForRows(0);
    assert.match(await waitForToast(app.driver, /^Cleared/), /Cleared 2 rolls from the log\./);
    assert.match(await log.text('log-empty'), /^No rolls for Vex \(Friday Night Heroes\) yet\./);
    const left = cliJson('log').rolls;
    assert.equal(left.length, 3);
    assert.ok(left.every((e) => e.character_name !== 'Vex'));
  }));

  test('the latest 200 are shown first; Show more shows the rest', () => withShot('log more', async () => {
    cliText('roll', JSON.stringify(Array.from({ length: 210 }, () => STRAIGHT)), '--character', 'Juno Park');
    await reload();
    await log.choose('log-roster', 'All rosters');
    await log.waitForRows(200);
    assert.equal(await log.text('log-count'), 'Showing the latest 200 rolls.');
    await log.click('log-more');
    await log.waitForRows(213);
    assert.equal(await log.text('log-count'), '213 rolls.');
    assert.equal(await app.driver.findElement({ css: '#log-more' }).isDisplayed(), false);

    // Clearing everything counts every roll, not only the ones shown.
    await log.click('log-clear');
    assert.match(await answerConfirm(app.driver, false), /This removes all 213 rolls in the log\./);
  }));
});
