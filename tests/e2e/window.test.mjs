// End-to-end test of the window as a whole (issue 17): every dialog closes on Esc and on a click
// outside (the global search too, which also has a close button and says when Enter has
// nothing to open), focus goes back to what opened it; the shell never scrolls, whatever the
// mouse wheel is turned over, with a sheet open and with a dialog open; and a universe sheet's
// saves are readable and overlap nothing at 1024, 1200 and 1280 px; at 1280×800 the roster
// sidebar stays beside an open roll panel (tests/e2e/artifacts/rosters-roll-1280x800.png); WebKit
// draws it without accelerated compositing.
// Run with scripts/e2e.sh tests/e2e/window.test.mjs.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure, takeScreenshot } from './app.mjs';
import { waitUntil } from './encounter-page.mjs';
import { LogPage, shellReady } from './log-transfer-page.mjs';
import { RostersPage } from './rosters-page.mjs';
import { SheetPage } from './sheet-page.mjs';
import { WindowPage } from './window-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const UNIVERSE = ['Black Meridian Crew', 'Captain Ines Moreau'];

let app;
let win;
let rosters;
let sheet;

const withShot = screenshotOnFailure('window-', () => app.driver);

/** Opens the sheet of `name` in `roster` on the Rosters tab. */
async function openSheet([roster, name]) {
  await showView(app.driver, 'rosters');
  await rosters.ready();
  if ((await rosters.read()).heading !== roster) await rosters.selectRoster(roster);
  if ((await sheet.read())?.title !== name) await rosters.click(await rosters.rowSelector(name, '.row-open'));
  await sheet.waitFor(async () => {
    const page = await sheet.read();
    return page?.title === name && page.state === 'saved' && page.rolls.length > 0;
  }, `the sheet of ${name} did not open with its rolls`);
}

/** Waits until the search's note matches `pattern`; answers it. */
async function waitSearchNote(pattern, message) {
  let note = null;
  await win.waitFor(async () => {
    note = (await win.readSearch())?.note ?? null;
    return pattern.test(note ?? '');
  }, message).catch((error) => {
    error.message += ` (the note: ${JSON.stringify(note)})`;
    throw error;
  });
  return note;
}

/** The shell is where it was: nothing scrolled, the page exactly the window's height. */
async function assertShellStill(where) {
  const shell = await win.shell();
  assert.deepEqual(
    { scrollTop: shell.scrollTop, scrollLeft: shell.scrollLeft, bodyScrollTop: shell.bodyScrollTop, barTop: shell.barTop },
    { scrollTop: 0, scrollLeft: 0, bodyScrollTop: 0, barTop: 0 },
    `the shell scrolled (${where})`,
  );
  assert.equal(shell.documentHeight, shell.windowHeight, `the page is taller than the window (${where})`);
  assert.equal(shell.bodyHeight, shell.windowHeight, `the body holds more than the window (${where})`);
}

describe('the window: dialogs close, the shell stays put, the sheet fits', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    win = new WindowPage(app.driver, app);
    rosters = new RostersPage(app.driver);
    sheet = new SheetPage(app.driver);
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
    // The clicked roster keeps the focus as the sidebar is drawn again for it.
    const before = (await win.until((p) => /^#roster-/.test(p.focus ?? '') && p.focus !== '#roster-list', 'no roster took the focus')).focus;
    assert.ok(before, 'a roster has the focus');
    await win.openSearch('ctrl-k');
    await win.typeInSearch('zzz nobody');
    await waitSearchNote(/^No character or saved roll matches “zzz nobody”\.$/, 'the search never answered');
    await win.press('\uE007'); // Enter
    await waitSearchNote(/^Nothing to open: no character or saved roll matches “zzz nobody”/, 'Enter with no match said nothing');
    assert.equal((await win.read()).dialogs.length, 1, 'Enter with no match leaves the search open');

    await win.pressEscape();
    await win.waitFor(async () => (await win.readSearch())?.value === '', 'the first Esc did not clear the text');
    assert.equal((await win.read()).dialogs.length, 1, 'the first Esc only clears the text');
    await win.pressEscape();
    await win.waitNoDialog('the second Esc did not close the search');
    await win.waitFocus(before, 'focus did not go back where it was');
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
    await win.waitFocus('#search-button');
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
    // What does not happen: a click's handlers run before WebDriver answers it, and closing is
    // synchronous (dialog.close), so a dialog a click inside would close is closed by now.
    assert.equal((await win.read()).dialogs.length, 1, 'a click inside leaves the dialog open');
    await win.clickOutside();
    await win.waitNoDialog('a click outside did not close the shortcuts');
    await win.waitFocus('#help-button');
    assert.equal((await win.read()).focus, '#help-button', 'focus is back on the ? button');

    const rostersBefore = app.cli('--json', 'roster', 'list').length;
    await rosters.click('#new-roster');
    await win.waitDialog('roster-dialog');
    await rosters.typeOver('#roster-name-input', 'Never Made');
    await win.clickOutside();
    await win.waitNoDialog('a click outside did not close the New roster dialog');
    await win.waitFocus('#new-roster');
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
      await win.waitFocus('#log-clear');
      assert.equal((await win.read()).focus, '#log-clear', 'focus is back on Clear');
    }
    assert.equal(app.cli('--json', 'log').rolls.length, 1, 'the log still holds the roll');
  }));

  test('the shell never scrolls: the wheel over every pane, with a sheet open, a dialog open, the roll panel open', () => withShot('no-scroll', async () => {
    await win.setSize(1200, 800);
    await openSheet(UNIVERSE);
    const panes = ['.app-bar', '.rosters-sidebar', '.characters-pane', '#sheet-slot'];
    await assertShellStill('a sheet open');
    let wheel = null;
    for (const pane of panes) {
      wheel = await win.tryToScroll(pane);
      await assertShellStill(`the wheel over ${pane}`);
    }
    if (wheel === 'turned') {
      await win.waitFor(async () => await win.scrollTopOf('#sheet-slot .sheet') > 0, 'the wheel over the sheet did not scroll it');
      assert.ok(await win.scrollTopOf('#sheet-slot .sheet') > 0, 'the wheel over the sheet scrolls the sheet');
    } else {
      console.log(`# the real wheel was not turned: ${wheel}`);
    }
    // The end of the sheet can be scrolled to, and it is in the window.
    const end = await app.driver.executeScript(() => {
      const scroller = document.querySelector('#sheet-slot .sheet');
      scroller.scrollTop = scroller.scrollHeight;
      const last = scroller.lastElementChild.getBoundingClientRect();
      return { bottom: last.bottom, paneBottom: scroller.getBoundingClientRect().bottom, windowHeight: innerHeight };
    });
    assert.ok(end.bottom <= end.paneBottom + 1 && end.paneBottom <= end.windowHeight, `the end of the sheet shows: ${JSON.stringify(end)}`);
    await assertShellStill('the sheet scrolled to its end');

    await win.press('?');
    await win.waitDialog('help-dialog');
    for (const pane of panes) {
      await win.tryToScroll(pane);
      await assertShellStill(`the wheel over ${pane} with a dialog open`);
    }
    assert.equal((await win.read()).dialogs.length, 1, 'the wheel leaves the dialog open');
    await win.pressEscape();
    await win.waitNoDialog();

    await app.driver.executeScript(() => { document.querySelector('#sheet-slot .sheet').scrollTop = 0; });
    await sheet.openRoll('skills[0]');
    for (const pane of ['.characters-pane', '#sheet-slot', '.roll-slot']) {
      await win.tryToScroll(pane);
      await assertShellStill(`the wheel over ${pane} with the roll panel open`);
    }
    await win.pressEscape();
    await sheet.waitFor(async () => (await sheet.readPanel()) === null, 'the roll panel did not close');
  }));

  test('at 1280×800 the roster sidebar stays beside an open roll panel; at 1024×700 it steps aside', () => withShot('sidebar-roll', async () => {
    const panes = () => app.driver.executeScript(() => {
      const box = (selector) => {
        const e = document.querySelector(selector);
        const r = e?.getBoundingClientRect();
        return r && r.width > 0 ? { left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) } : null;
      };
      const sheetSlot = document.querySelector('#sheet-slot');
      return {
        width: innerWidth,
        sidebar: box('.rosters-sidebar'),
        list: box('.characters-pane'),
        sheet: box('#sheet-slot'),
        roll: box('.roll-slot .roll-panel'),
        // The sheet's rows fit their pane: nothing to scroll sideways.
        sheetFits: sheetSlot.scrollWidth <= sheetSlot.clientWidth + 1
          && [...sheetSlot.querySelectorAll('.sheet-row')].every((row) => row.scrollWidth <= row.clientWidth + 1),
      };
    });
    await win.setSize(1280, 800);
    await openSheet(UNIVERSE);
    await sheet.openRoll('skills[0]');
    const wide = await waitUntil(app.driver, panes, (p) => p.width === 1280 && p.roll && p.sidebar, 'at 1280×800 the roll panel did not open beside the sidebar');
    assert.ok(wide.sidebar.right <= wide.list.left + 1 && wide.list.right <= wide.sheet.left + 1 && wide.sheet.right <= wide.roll.left + 1, `side by side: ${JSON.stringify(wide)}`);
    assert.ok(wide.sheetFits, `the sheet's rows fit beside the roll panel: ${JSON.stringify(wide)}`);
    assert.ok(wide.sheet.width >= 500, `the sheet keeps its rows' room: ${JSON.stringify(wide)}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'rosters-roll-1280x800.png'), await takeScreenshot(app.driver), 'base64');

    await win.setSize(1024, 700);
    const narrow = await waitUntil(app.driver, panes, (p) => p.width === 1024 && p.roll && p.sidebar === null, 'at 1024×700 the sidebar did not step aside for the roll panel');
    assert.ok(narrow.sheetFits, `the sheet's rows fit at 1024: ${JSON.stringify(narrow)}`);
    await win.pressEscape();
    await sheet.waitFor(async () => (await sheet.readPanel()) === null, 'the roll panel did not close');
    await win.setSize(1200, 800);
  }));

  test('every view fits the window at 1280×800, 1024×700 and 880×600: nothing for the shell to scroll', () => withShot('views-fit', async () => {
    await openSheet(UNIVERSE);
    for (const [width, height] of [[1280, 800], [1024, 700], [880, 600]]) {
      await win.setSize(width, height);
      for (const view of ['rosters', 'quick-roll', 'log', 'encounters']) {
        await showView(app.driver, view);
        await app.driver.executeAsyncScript((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
        await assertShellStill(`${view} at ${width}×${height}`);
      }
    }
    await win.setSize(1200, 800);
  }));

  test('a universe sheet at 1024, 1200 and 1280 px: the saves are readable and nothing overlaps or leaves the pane', () => withShot('universe-layout', async () => {
    await openSheet(UNIVERSE);
    for (const [width, height] of [[1024, 700], [1200, 800], [1280, 800]]) {
      await win.setSize(width, height);
      assert.deepEqual(await sheet.layoutProblems(), [], `the sheet at ${width}×${height}`);
      const saves = await app.driver.executeScript(() => ['physical', 'mental', 'luck'].map((key) => {
        const input = document.querySelector(`#sheet-slot [data-path="sheet.saves.${key}"] input`);
        return { key, value: input.value, width: input.getBoundingClientRect().width };
      }));
      for (const save of saves) assert.ok(save.width >= 60, `the ${save.key} save box is ${save.width} px wide at ${width}×${height}`);
    }
    await win.setSize(1200, 800);
  }));

  // src-tauri/src/desktop/rendering.rs: without accelerated compositing the idle window takes
  // some 80 MiB less (README, Performance: Memory). WebKit reads the variable in the processes
  // the app starts, so that is where it is looked for.
  test('WebKit draws the window without accelerated compositing unless told otherwise', { skip: process.env.WEBKIT_DISABLE_COMPOSITING_MODE !== undefined && 'WEBKIT_DISABLE_COMPOSITING_MODE is set for this run' }, () => withShot('rendering', async () => {
    const read = (pid, file) => { try { return readFileSync(`/proc/${pid}/${file}`, 'latin1'); } catch { return ''; } };
    const web = app.processes().filter((pid) => read(pid, 'comm').startsWith('WebKitWebProc'));
    assert.ok(web.length > 0, 'no WebKit web process of this app was found');
    for (const pid of web) assert.ok(read(pid, 'environ').split('\0').includes('WEBKIT_DISABLE_COMPOSITING_MODE=1'), `web process ${pid} was started with compositing on`);
  }));
});
