// End-to-end test of the window as a whole (issue 17): every dialog closes on Esc and on a click
// outside (the global search too, which also has a close button and says when Enter has
// nothing to open), and focus goes back to what opened it.
// Run with scripts/e2e.sh tests/e2e/window.test.mjs.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { LogPage, shellReady } from './log-transfer-page.mjs';
import { RostersPage } from './rosters-page.mjs';
import { WindowPage } from './window-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const UNIVERSE = ['Black Meridian Crew', 'Captain Ines Moreau'];

let app;
let win;
let rosters;

const withShot = screenshotOnFailure('window-', () => app.driver);

describe('the window: dialogs close', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    win = new WindowPage(app.driver, app);
    rosters = new RostersPage(app.driver);
    await shellReady(app.driver);
    app.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    await win.setSize(1200, 800);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  // Each test starts with no dialog open, whatever the one before left.
  beforeEach(async () => {
    await app?.driver.executeScript(() => document.querySelectorAll('dialog[open]').forEach((d) => d.close()));
  });

  after(async () => {
    await app?.stop();
  });

  test('search: Enter with no match says so; Esc clears the text, the next Esc closes; focus goes back', () => withShot('search-esc', async () => {
    await showView(app.driver, 'rosters');
    await rosters.ready();
    await rosters.selectRoster(UNIVERSE[0]);
    const before = (await win.read()).focus;
    assert.ok(before, 'a roster has the focus');
    await win.openSearch('ctrl-k');
    await win.typeInSearch('zzz nobody');
    await win.waitFor(async () => /No character matches/.test((await win.readSearch())?.note ?? ''), 'the search never answered');
    await win.press('\uE007'); // Enter
    await win.waitFor(async () => /Nothing to open/.test((await win.readSearch())?.note ?? ''), 'Enter with no match said nothing');
    assert.equal((await win.read()).dialogs.length, 1, 'Enter with no match leaves the search open');

    await win.pressEscape();
    await win.waitFor(async () => (await win.readSearch())?.value === '', 'the first Esc did not clear the text');
    assert.equal((await win.read()).dialogs.length, 1, 'the first Esc only clears the text');
    await win.pressEscape();
    await win.waitNoDialog('the second Esc did not close the search');
    assert.equal((await win.read()).focus, before, 'focus is back where it was');

    // Esc in an empty box closes at once.
    await win.openSearch('ctrl-k');
    await win.pressEscape();
    await win.waitNoDialog('Esc in the empty search did not close it');
  }));

  test('search: a click outside closes it, and so does its close button', () => withShot('search-outside', async () => {
    await win.openSearch('slash');
    await win.typeInSearch('vex');
    await win.clickOutside();
    await win.waitNoDialog('a click outside did not close the search');

    await win.openSearch('button');
    const shown = await win.readSearch();
    assert.equal(shown.value, '', 'a new search starts empty');
    assert.equal(shown.closeButton, 'Close', 'the search has a visible close button');
    await win.click('dialog.search-dialog .dialog-close');
    await win.waitNoDialog('the close button did not close the search');
    assert.equal((await win.read()).focus, '#search-button', 'focus is back on the search button');
  }));

  test('the shortcuts dialog and a form dialog close on Esc and on a click outside, not on a click inside', () => withShot('dialogs', async () => {
    await win.press('?');
    await win.waitDialog('help-dialog');
    await win.pressEscape();
    await win.waitNoDialog('Esc did not close the shortcuts');
    await win.click('#help-button');
    await win.waitDialog('help-dialog');
    await win.click('dialog.help-dialog .dialog-title');
    assert.equal((await win.read()).dialogs.length, 1, 'a click inside leaves the dialog open');
    await win.clickOutside();
    await win.waitNoDialog('a click outside did not close the shortcuts');
    assert.equal((await win.read()).focus, '#help-button', 'focus is back on the ? button');

    const rostersBefore = app.cli('--json', 'roster', 'list').length;
    await rosters.click('#new-roster');
    await win.waitDialog('roster-dialog');
    await rosters.typeOver('#roster-name-input', 'Never Made');
    await win.clickOutside();
    await win.waitNoDialog('a click outside did not close the New roster dialog');
    assert.equal((await win.read()).focus, '#new-roster', 'focus is back on + New');
    await rosters.click('#new-roster');
    await win.waitDialog('roster-dialog');
    await rosters.typeOver('#roster-name-input', 'Never Made');
    await win.pressEscape();
    await win.waitNoDialog('Esc did not close the New roster dialog');
    assert.equal(app.cli('--json', 'roster', 'list').length, rostersBefore, 'closing made no roster');
  }));

  test('a confirmation counts a click outside, or Esc, as Cancel', () => withShot('confirm', async () => {
    app.cli('roll', JSON.stringify({ system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 }), '--seed', '7', '--character', 'Vex');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    const log = new LogPage(app.driver);
    await log.open();
    await log.waitForRows(1);
    for (const close of [() => win.clickOutside(), () => win.pressEscape()]) {
      await log.click('log-clear');
      await win.waitDialog('confirm-dialog');
      await close();
      await win.waitNoDialog('the confirmation stayed open');
      await log.settled();
      assert.equal((await log.rows()).length, 1, 'nothing was cleared');
      assert.equal((await win.read()).focus, '#log-clear', 'focus is back on Clear');
    }
    assert.equal(app.cli('--json', 'log').rolls.length, 1, 'the log still holds the roll');
  }));
});
