// End-to-end test of backups in the real window: the app bar's Backups… lists the snapshots with
// what each holds and how it differs from now, "Back up now" adds one, and Restore… (after its
// confirm) puts one back: the window reloads and shows the restored rosters, as the CLI sees them.
// Run with scripts/e2e.sh tests/e2e/backups.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, screenshotOnFailure, showView, startApp } from './app.mjs';
import { BackupsDialog } from './backups-page.mjs';
import { shellReady, waitForToast } from './log-transfer-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

let app;
let backups;

const cli = (...args) => JSON.parse(execFileSync(BINARY, ['--json', ...args], { env: app.env, encoding: 'utf8', timeout: 60_000 }));
const storedRosters = () => cli('roster', 'list').map((r) => r.name).sort();
/** The roster names the window's sidebar shows. */
const shownRosters = () => app.driver.executeScript(() => [...document.querySelectorAll('#roster-list .roster-item .roster-name')].map((n) => n.textContent.trim()).sort());

const withShot = screenshotOnFailure('backups-', () => app.driver);

describe('backups', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    await shellReady(app.driver);
    backups = new BackupsDialog(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('opening the window took the daily snapshot, and the dialog says when', () => withShot('daily', async () => {
    await backups.open();
    const rows = await backups.rows();
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.equal(rows[0].reason, 'Daily');
    assert.match(await backups.status(), /^Last snapshot taken (just now|1 minute ago)\.$/);
    await backups.close();
  }));

  test('restore from the dialog: the window reloads and shows what the snapshot held', () => withShot('restore', async () => {
    cli('import', ALL_SYSTEMS);
    const held = storedRosters();
    assert.equal(held.length, 5);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    await backups.open();
    await backups.backUpNow();
    const [taken] = await backups.rows();
    assert.equal(taken.reason, 'Taken on demand');
    assert.equal(taken.holds, '5 rosters · 20 characters · 0 rolls · 0 encounters');
    assert.equal(taken.diff, 'Same counts as now');
    await backups.close();

    // After the snapshot: a roster goes for good and another comes.
    cli('roster', 'delete', 'Friday Night Heroes');
    cli('trash', 'empty', '--yes');
    cli('roster', 'create', 'After the snapshot', '--system', 'genre');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    await showView(app.driver, 'rosters');
    await app.driver.wait(async () => (await shownRosters()).includes('After the snapshot'), 30_000, 'the new roster is not shown');

    await backups.open();
    const rows = await backups.rows();
    // Emptying the trash took one too.
    assert.deepEqual(rows.map((r) => r.reason).slice(0, 2), ['Before emptying the trash', 'Taken on demand']);
    const mine = rows.find((r) => r.id === taken.id);
    assert.equal(mine.diff, '4 characters more than now');
    const words = await backups.restore(taken.id);
    assert.equal(words.title, 'Restore this snapshot?');
    assert.match(words.message, /A snapshot of the database as it is now is taken first/);

    await shellReady(app.driver);
    const restored = await waitForToast(app.driver, /^Restored the snapshot of /);
    // One full stop after the dialog's name ("Backups…." read as two dots).
    assert.match(restored, /What was there before is now the newest snapshot in Backups\.(?!\.)/);
    await showView(app.driver, 'rosters');
    await app.driver.wait(async () => JSON.stringify(await shownRosters()) === JSON.stringify(held), 30_000, 'the window does not show the restored rosters');
    assert.deepEqual(storedRosters(), held);
    // What was there before is the newest snapshot, and says so.
    await backups.open();
    const after = await backups.rows();
    assert.equal(after[0].reason, 'Before a restore');
    assert.equal(after[0].diff, '4 characters fewer than now');
    await backups.close();
  }));

  test('what rotation keeps is changed in the dialog; a policy keeping nothing is refused there', () => withShot('policy', async () => {
    await backups.open();
    assert.deepEqual(await backups.policyShown(), cli('backup', 'policy'));
    const refused = await backups.savePolicy({ keep_last: 0, days: 0, months: 0 });
    assert.match(refused, /keep_last is 0/, 'the store\'s refusal is shown beside the button');
    assert.deepEqual(cli('backup', 'policy'), { keep_last: 10, days: 30, months: 12 }, 'nothing changed');
    const saved = await backups.savePolicy({ keep_last: 5, days: 7, months: 3 });
    assert.equal(saved, 'Saved: the newest 5, 7 days, 3 months.');
    assert.deepEqual(cli('backup', 'policy'), { keep_last: 5, days: 7, months: 3 });
    await backups.close();
  }));
});
