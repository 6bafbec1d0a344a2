// End-to-end test of the long lists (issue 15): a roster of 3,000 characters, its search hits
// and a roll log of 1,000 rolls. Only the rows in sight exist in the page, yet the scrollbar,
// the keys (arrows, Home/End, PageDown, Shift for a range), the focus, the filter and what a
// screen reader is told (aria-setsize/posinset, aria-rowcount/rowindex) cover every row.
// Run with scripts/e2e.sh tests/e2e/long-lists.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Key } from 'selenium-webdriver';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { readSearchMore } from './game-night-page.mjs';
import { LogPage, shellReady } from './log-transfer-page.mjs';
import { RostersPage } from './rosters-page.mjs';
import { WindowPage } from './window-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const COUNT = 3000;
const ROLLS = 1000;
const SQUADS = 40;
/** More rows than this in the page means the list is not virtual (a screenful and the overscan fit well under it). */
const BOUND = 60;
const name = (i) => `Extra ${String(i).padStart(4, '0')}`;

let app;
let page;

/** Waits until the row at `place` has the focus; a timeout says which row had it. */
async function waitFocused(place, message) {
  let focused = null;
  await page.waitFor(async () => {
    focused = (await page.listPage()).focused;
    return focused?.place === place;
  }, message).catch((error) => {
    error.message += ` (the focus: ${JSON.stringify(focused)})`;
    throw error;
  });
}

const withShot = screenshotOnFailure('long-lists-', () => app.driver);

describe('lists of thousands in the real app', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    page = new RostersPage(app.driver);
    const fixture = JSON.parse(readFileSync(ALL_SYSTEMS, 'utf8'));
    const heroes = fixture.rosters.find((r) => r.system === 'd12');
    const file = join(app.root, 'crowd.json');
    writeFileSync(file, JSON.stringify({
      format: 'rollbook-roster',
      version: 1,
      rosters: [{
        name: 'The Big Table',
        system: 'd12',
        // Shuffled, so the list's own sort is what puts them in order.
        characters: Array.from({ length: COUNT }, (_, i) => ((i * 7919) % COUNT) + 1).map((n) => ({ name: name(n), kind: 'npc', tags: [`squad-${n % SQUADS}`], sheet: heroes.characters[0].sheet })),
      }],
    }));
    app.cli('--json', 'import', file);
    const straight = { system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 };
    app.cli('--json', 'roll', JSON.stringify(Array.from({ length: ROLLS }, () => straight)), '--seed', '3', '--character', name(1));
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    await showView(app.driver, 'rosters');
    await page.ready();
    await page.selectRoster('The Big Table');
  }, { timeout: STARTUP_TIMEOUT_MS + 120_000 });

  after(async () => {
    await app?.stop();
  });

  test('only the rows in sight are in the page; the scroll height stands for all of them', () => withShot('bounded', async () => {
    const list = await page.listPage();
    assert.equal(list.count, `${COUNT} characters`);
    assert.equal(list.setSize, COUNT, 'each row tells a screen reader how long the list is');
    assert.ok(list.inPage <= BOUND, `${list.inPage} rows in the page`);
    assert.ok(list.inPage * 50 >= list.viewHeight, `the view is filled: ${list.inPage} rows for ${list.viewHeight} px`);
    assert.deepEqual(list.places, Array.from({ length: list.inPage }, (_, i) => i + 1), 'the first rows, in order, numbered from 1');
    assert.ok(list.scrollHeight >= COUNT * 30, `the list scrolls as far as ${COUNT} rows: ${list.scrollHeight} px`);
  }));

  test('End and Home reach the last and the first row, and the focus goes with them', () => withShot('home-end', async () => {
    await page.click('#character-filter');
    await page.press(Key.ARROW_DOWN);
    await page.waitFor(async () => (await page.listPage()).focused?.place === 1, 'Down from the filter did not focus the first row');
    await page.press(Key.END);
    await page.waitFor(async () => (await page.listPage()).focused?.place === COUNT, 'End did not reach the last row');
    let list = await page.listPage();
    assert.equal(list.focused.name, name(COUNT), 'the last row by name');
    assert.ok(list.inPage <= BOUND, `${list.inPage} rows in the page at the end`);
    await page.press(Key.PAGE_DOWN);
    // What does not happen: the list moves the focus in the key's own handler, before WebDriver
    // answers the key, so a PageDown that moved it would have moved it by now.
    assert.equal((await page.listPage()).focused.place, COUNT, 'PageDown stops at the last row');
    await page.press(Key.HOME);
    await page.waitFor(async () => (await page.listPage()).focused?.place === 1, 'Home did not reach the first row');
    assert.equal((await page.listPage()).focused.name, name(1));
    await page.press(Key.PAGE_DOWN);
    await page.waitFor(async () => (await page.listPage()).focused?.place > 2, 'PageDown did not move a page');
    list = await page.listPage();
    assert.ok(list.focused.place < 40, `a page, not the whole list: row ${list.focused.place}`);
    await page.press(Key.ARROW_UP);
    await waitFocused(list.focused.place - 1, 'Up did not move one row');
    assert.equal((await page.listPage()).focused.place, list.focused.place - 1, 'Up moves one row');
    await page.press(Key.HOME);
  }));

  test('Shift+End selects every row down to the last; Shift+Home from there every row up to the first', () => withShot('shift-range', async () => {
    await page.waitFor(async () => (await page.listPage()).focused?.place === 1, 'the first row has no focus');
    await page.press(Key.SHIFT, Key.END);
    await page.waitFor(async () => (await page.read()).bulk === `${COUNT} characters selected`, 'Shift+End did not select them all');
    assert.equal((await page.listPage()).focused.place, COUNT, 'the focus is on the last row');
    const box = await app.driver.executeScript(() => ({ checked: document.getElementById('select-all').checked, some: document.getElementById('select-all').indeterminate }));
    assert.deepEqual(box, { checked: true, some: false }, 'the select-all box says all');
    await page.press(Key.ESCAPE);
    await page.waitFor(async () => (await page.read()).bulk === null, 'Esc did not clear the selection');

    await page.press(Key.SHIFT, Key.HOME);
    await page.waitFor(async () => (await page.read()).bulk === `${COUNT} characters selected`, 'Shift+Home did not select them all');
    assert.equal((await page.listPage()).focused.place, 1, 'the focus is on the first row');
    const ticked = await app.driver.executeScript(() => [...document.querySelectorAll('.character-row')].every((r) => r.classList.contains('selected') && r.querySelector('.row-check').checked));
    assert.ok(ticked, 'the rows drawn are shown selected');
    await page.bulk('clear');
    await page.waitFor(async () => (await page.read()).bulk === null, 'the selection was not cleared');
  }));

  test('a row scrolled out of the page with the focus gets it back when it scrolls in', () => withShot('focus-scroll', async () => {
    await page.click(await page.rowSelector(name(2), '.row-open'));
    await page.waitFor(async () => (await page.listPage()).focused?.place === 2, 'the clicked row has no focus');
    await app.driver.executeScript(() => {
      const list = document.getElementById('character-list');
      list.scrollTop = list.scrollHeight / 2;
    });
    await page.waitFor(async () => (await page.listPage()).focusOnList, 'the focus did not wait on the list');
    assert.ok(!(await page.listPage()).places.includes(2), 'the row left the page');
    await page.press(Key.ARROW_DOWN);
    await page.waitFor(async () => (await page.listPage()).focused?.place === 3, 'Down went on from the row that scrolled out');
    await app.driver.executeScript(() => {
      const list = document.getElementById('character-list');
      list.scrollTop = list.scrollHeight / 2;
    });
    await page.waitFor(async () => (await page.listPage()).focusOnList, 'the focus did not wait on the list');
    await app.driver.executeScript(() => {
      document.getElementById('character-list').scrollTop = 0;
    });
    await page.waitFor(async () => (await page.listPage()).focused?.place === 3, 'the row did not get its focus back');
  }));

  test('the filter narrows the list; clearing it brings every row back', () => withShot('filter', async () => {
    await page.filter('tag:squad-7');
    const narrowed = COUNT / SQUADS;
    assert.equal((await page.listPage()).count, `${narrowed} of ${COUNT} characters`);
    const shown = (await page.read()).characters;
    assert.equal(shown.length, narrowed, 'every match, scrolled through');
    assert.ok(shown.every((c) => c.tags.includes('squad-7')));
    assert.deepEqual(shown.map((c) => c.name), [...shown.map((c) => c.name)].sort(), 'still in order');
    const list = await page.listPage();
    assert.equal(list.setSize, narrowed);
    assert.ok(list.inPage < narrowed, `${list.inPage} of ${narrowed} rows in the page`);
    await page.filter('');
    assert.equal((await page.listPage()).setSize, COUNT);
  }));

  test('the search lists hundreds of hits with only those in sight in the page; Up from the first picks the last', () => withShot('search', async () => {
    await app.driver.executeScript(() => document.activeElement?.blur());
    await page.press(Key.CONTROL, 'k');
    await page.waitDialog('search-dialog');
    // Waits for the answer to the whole word: its search, sent after a pause in typing, still on
    // its way when Show more is pressed would start the list again from 30.
    await new WindowPage(app.driver).typeInSearch('Extra');
    await page.waitFor(async () => (await readSearchMore(app.driver))?.more !== null, 'no Show more');
    for (let i = 0; i < 4; i += 1) {
      const before = (await readSearchMore(app.driver)).hits.length;
      await page.click('#search-more');
      await page.waitFor(async () => (await readSearchMore(app.driver)).hits.length === before + 30, 'Show more did not add 30');
    }
    const hits = (await readSearchMore(app.driver)).hits;
    assert.equal(hits.length, 150);
    const inPage = await app.driver.executeScript(() => document.querySelectorAll('#search-results [role="option"]').length);
    assert.ok(inPage < hits.length, `${inPage} of ${hits.length} hits in the page`);
    await (await app.driver.findElement({ css: '#search-input' })).sendKeys(Key.ARROW_UP);
    const active = () => app.driver.executeScript(() => {
      const id = document.getElementById('search-input').getAttribute('aria-activedescendant');
      const option = id && document.getElementById(id);
      return option ? { place: Number(option.getAttribute('aria-posinset')), size: Number(option.getAttribute('aria-setsize')), selected: option.getAttribute('aria-selected'), name: option.querySelector('.hit-name').textContent } : null;
    });
    await page.waitFor(async () => (await active())?.place === 150, 'Up from the first hit did not pick the last');
    assert.deepEqual(await active(), { place: 150, size: 150, selected: 'true', name: hits[149] });
    await page.press(Key.ESCAPE);
    await page.press(Key.ESCAPE);
    await page.waitNoDialog();
  }));

  test('the roll log draws only the rows in sight and tells how many rows its table has', () => withShot('log', async () => {
    const log = new LogPage(app.driver);
    await log.open();
    await log.click('log-more');
    await log.waitForRows(400);
    const table = await app.driver.executeScript(() => ({
      rowCount: Number(document.getElementById('log-table').getAttribute('aria-rowcount')),
      inPage: document.querySelectorAll('#log-table tbody tr[data-id]').length,
      last: Math.max(...[...document.querySelectorAll('#log-table tbody tr[aria-rowindex]')].map((tr) => Number(tr.getAttribute('aria-rowindex')))),
    }));
    const days = (await log.days()).length;
    assert.equal(table.rowCount, 1 + days + 400, 'the header, each day heading and every roll');
    assert.ok(table.inPage <= BOUND, `${table.inPage} rolls in the page`);
    await app.driver.executeScript(() => {
      const wrap = document.querySelector('.log-table-wrap');
      wrap.scrollTop = wrap.scrollHeight;
    });
    await log.settled();
    await page.waitFor(async () => app.driver.executeScript((count) => Boolean(document.querySelector(`#log-table tbody tr[aria-rowindex="${count}"]`)), table.rowCount), 'the last row was not drawn at the bottom');
  }));
});
