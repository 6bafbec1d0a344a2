// End-to-end test of the Rosters view in the real app: rosters of every system, rename,
// delete and undo, characters, filter, multi-select with bulk delete/undo, move and tag, global
// search, and the last open roster and view back after a restart. What the window shows is
// checked against what the command line reads from the same database.
// Run with scripts/e2e.sh (Xvfb, tauri-driver, WebKitWebDriver; ROLLBOOK_BIN picks the binary).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Key } from 'selenium-webdriver';
import { STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { RostersPage, WAIT_MS } from './rosters-page.mjs';
import { WindowPage } from './window-page.mjs';

const SYSTEMS = [
  ['stunt', 'Mutant Cats'],
  ['genre', 'Neon Nights'],
  ['universe', 'Deck Runners'],
  ['marks', 'Pixel Squad'],
  ['d12', 'Friday Night'],
];

let app;
let page;

const withShot = screenshotOnFailure('rosters-', () => app.driver);

/** The rosters as the command line reads them from the app's database. */
const cliRosters = () => app.cli('--json', 'roster', 'list');
const cliCharacters = (roster) => app.cli('--json', 'character', 'list', '--roster', roster);
const byName = (list, name) => list.find((x) => x.name === name);

describe('the Rosters view in the real app', { timeout: 20 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    page = new RostersPage(app.driver);
    await withShot('startup', () => page.ready());
  }, { timeout: STARTUP_TIMEOUT_MS * 2 });

  after(async () => {
    if (!app) return;
    await app.stop();
    assert.deepEqual(app.processes(), [], 'tauri-driver, WebKitWebDriver and the app are gone');
  });

  test('a fresh database opens on the Rosters tab with nothing in it', () => withShot('fresh', async () => {
    const selected = await app.driver.executeScript(() => document.querySelector('[role="tab"][aria-selected="true"]')?.dataset.view);
    assert.equal(selected, 'rosters');
    const shown = await page.read();
    assert.deepEqual(shown.rosters, []);
    assert.deepEqual(cliRosters(), []);
  }));

  test('a roster of each of the five systems, each listed with its system and count', () => withShot('create', async () => {
    for (const [system, name] of SYSTEMS) await page.createRoster(name, system);
    const shown = await page.read();
    assert.deepEqual(shown.rosters.map((r) => [r.system, r.name]), SYSTEMS, 'in the order made');
    assert.ok(shown.rosters.every((r) => r.count === '0 characters'));
    assert.equal(shown.rosters[0].label, 'Mutant Cats, stunt (Uniform Stunt Chart), 0 characters', 'the option names what it shows and the whole system');
    const stored = cliRosters();
    assert.deepEqual(stored.map((r) => [r.system, r.name]), SYSTEMS, 'the database holds the same rosters');
  }));

  test('a roster with no name is refused at the name field, and nothing is made', () => withShot('create-empty', async () => {
    await page.click('#new-roster');
    await page.waitDialog('roster-dialog');
    await page.typeOver('#roster-name-input', '   ');
    await page.click('.roster-dialog .button.primary');
    let error = null;
    await app.driver.wait(async () => {
      error = await app.driver.executeScript(() => {
        const input = document.getElementById('roster-name-input');
        const note = document.getElementById(input.getAttribute('aria-describedby') ?? '');
        return input.getAttribute('aria-invalid') === 'true' && note && !note.hidden ? note.textContent : null;
      });
      return /name/i.test(error ?? '');
    }, WAIT_MS, 'no error about the name at the name field').catch((e) => {
      e.message += ` (the field says ${JSON.stringify(error)})`;
      throw e;
    });
    assert.match(error, /name/i);
    await app.driver.actions().sendKeys(Key.ESCAPE).perform();
    await page.waitNoDialog();
    assert.equal(cliRosters().length, SYSTEMS.length);
  }));

  test('renaming a roster renames it in the sidebar, the heading and the database', () => withShot('rename', async () => {
    await page.selectRoster('Neon Nights');
    await page.renameRoster('Neon Genre Nights');
    const shown = await page.read();
    assert.ok(byName(shown.rosters, 'Neon Genre Nights')?.selected);
    assert.ok(!byName(shown.rosters, 'Neon Nights'));
    assert.ok(byName(cliRosters(), 'Neon Genre Nights'));
  }));

  test('deleting a roster offers Undo, which brings it back', () => withShot('delete-undo', async () => {
    await page.selectRoster('Deck Runners');
    await page.click('.roster-remove');
    await page.waitFor(async () => !byName((await page.read()).rosters, 'Deck Runners'), 'the roster stayed in the sidebar');
    await page.waitToast(/Deleted the roster “Deck Runners”/);
    assert.ok(!byName(cliRosters(), 'Deck Runners'), 'the roster went to the trash');
    await page.undoFromToast();
    await page.waitFor(async () => byName((await page.read()).rosters, 'Deck Runners')?.selected === true, 'Undo did not bring the roster back');
    assert.ok(byName(cliRosters(), 'Deck Runners'), 'the roster is back in the database');
  }));

  test('characters are added with the dialog (and Ctrl+N), each opened in its sheet', () => withShot('characters', async () => {
    await page.selectRoster('Friday Night');
    await page.createCharacter('Vex', { player: 'Sam' });
    await page.createCharacter('Overseer Kaan', { kind: 'npc' });
    await page.createCharacter('Brick', { player: 'Dev' });
    await page.createCharacter('Juno Park', { player: 'Kim', viaKeyboard: true });
    const shown = await page.read();
    assert.deepEqual(shown.characters.map((c) => c.name), ['Brick', 'Juno Park', 'Overseer Kaan', 'Vex'], 'sorted by name');
    assert.deepEqual(shown.characters.map((c) => c.kind), ['PC', 'PC', 'NPC', 'PC'], 'the pc/npc badge reads as text');
    assert.equal(byName(shown.characters, 'Overseer Kaan').player, 'no player');
    assert.equal(byName(shown.rosters, 'Friday Night').count, '4 characters');
    const stored = cliCharacters('Friday Night');
    assert.deepEqual(stored.map((c) => c.name).sort(), ['Brick', 'Juno Park', 'Overseer Kaan', 'Vex']);
    assert.equal(byName(stored, 'Overseer Kaan').kind, 'npc');
    assert.equal(byName(stored, 'Vex').player, 'Sam');
  }));

  test('a name edited in the sheet is saved and shows in the list row', () => withShot('sheet-rename', async () => {
    await page.click(await page.rowSelector('Vex', '.row-open'));
    const vex = byName((await page.read()).characters, 'Vex');
    await page.waitFor(async () => (await page.read()).sheet === vex.id, 'the sheet of Vex did not open');
    const nameInput = '#sheet-slot [data-path="name"] input';
    await page.typeOver(nameInput, 'Vex Prime');
    await page.waitFor(async () => byName((await page.read()).characters, 'Vex Prime')?.open === true, 'the row did not take the new name');
    await page.waitFor(async () => byName(cliCharacters('Friday Night'), 'Vex Prime') !== undefined, 'the new name was not saved');
    await page.typeOver(nameInput, 'Vex');
    await page.waitFor(async () => byName(cliCharacters('Friday Night'), 'Vex') !== undefined, 'the name was not saved back');
    await page.waitFor(async () => JSON.stringify(await page.characterNames()) === '["Brick","Juno Park","Overseer Kaan","Vex"]', 'the list shows the saved names');
  }));

  test('Shift-click selects a range; Tag… adds a tag to all of them', () => withShot('tag', async () => {
    await page.check('Brick');
    await page.check('Overseer Kaan', { shift: true });
    await page.waitSelected(['Brick', 'Juno Park', 'Overseer Kaan']);
    assert.equal((await page.read()).bulk, '3 characters selected');
    await page.bulk('tag');
    await page.waitDialog('tag-dialog');
    await page.typeOver('#tag-input', 'party');
    await page.click('.tag-dialog .button.primary');
    await page.waitNoDialog();
    await page.waitFor(async () => (await page.read()).characters.filter((c) => c.tags.includes('party')).length === 3, 'the chips did not show the tag');
    const stored = cliCharacters('Friday Night');
    assert.deepEqual(stored.filter((c) => c.tags.includes('party')).map((c) => c.name).sort(), ['Brick', 'Juno Park', 'Overseer Kaan']);
    assert.deepEqual(byName(stored, 'Vex').tags, []);
  }));

  test('the filter box narrows the list by name, player or tag', () => withShot('filter', async () => {
    await page.clearSelection();
    await page.filter('tag:party');
    await page.waitFor(async () => (await page.characterNames()).length === 3, 'tag filter');
    await page.filter('sam');
    await page.waitFor(async () => JSON.stringify(await page.characterNames()) === '["Vex"]', 'player filter');
    await page.filter('nobody here');
    await page.waitFor(async () => (await page.characterNames()).length === 0, 'no match');
    // The words for the whole filter (a part of it typed, "nobody h", matched nothing as well).
    let empty = null;
    await page.waitFor(async () => {
      empty = await app.driver.executeScript(() => {
        const node = document.querySelector('.list-empty');
        return node && !node.hidden ? node.textContent : null;
      });
      return /No character matches “nobody here”/.test(empty ?? '');
    }, 'the list did not say nothing matches').catch((e) => {
      e.message += ` (it says ${JSON.stringify(empty)})`;
      throw e;
    });
    assert.match(empty, /No character matches “nobody here”/);
    await page.filter('');
    await page.waitFor(async () => (await page.characterNames()).length === 4, 'the filter cleared');
  }));

  test('sorting by PC / NPC puts the player characters first', () => withShot('sort', async () => {
    // The whole order each time: Brick comes first by name and by kind alike.
    await page.choose('#character-sort', 'kind');
    await page.until((p) => JSON.stringify(p.characters.map((c) => c.name)) === '["Brick","Juno Park","Vex","Overseer Kaan"]', 'the NPC did not go last', (p) => p.characters.map((c) => c.name));
    await page.choose('#character-sort', 'name');
    await page.until((p) => JSON.stringify(p.characters.map((c) => c.name)) === '["Brick","Juno Park","Overseer Kaan","Vex"]', 'back to names', (p) => p.characters.map((c) => c.name));
  }));

  test('bulk delete takes the selected characters away; Undo brings them all back', () => withShot('bulk-delete', async () => {
    await page.check('Juno Park');
    await page.check('Vex');
    await page.waitSelected(['Juno Park', 'Vex']);
    await page.bulk('remove');
    await page.waitFor(async () => JSON.stringify(await page.characterNames()) === '["Brick","Overseer Kaan"]', 'the characters stayed');
    await page.waitToast(/Deleted 2 characters/);
    assert.deepEqual(cliCharacters('Friday Night').map((c) => c.name).sort(), ['Brick', 'Overseer Kaan']);
    assert.equal(byName((await page.read()).rosters, 'Friday Night').count, '2 characters', 'the sidebar count follows');
    await page.undoFromToast();
    await page.waitFor(async () => (await page.characterNames()).length === 4, 'Undo did not bring them back');
    await page.waitSelected(['Juno Park', 'Vex']);
    assert.equal(cliCharacters('Friday Night').length, 4);
  }));

  test('Ctrl+A selects every character shown and Delete deletes; Ctrl+Z undoes it', () => withShot('keyboard-delete', async () => {
    await page.clearSelection();
    await page.filter('tag:party');
    await page.waitFor(async () => (await page.characterNames()).length === 3, 'filter');
    await page.click(await page.rowSelector('Brick', '.row-open'));
    await app.driver.actions().keyDown(Key.CONTROL).sendKeys('a').keyUp(Key.CONTROL).perform();
    await page.waitSelected(['Brick', 'Juno Park', 'Overseer Kaan']);
    await page.click(await page.rowSelector('Brick', '.row-check'));
    await page.waitSelected(['Juno Park', 'Overseer Kaan']);
    await (await app.driver.findElement({ css: await page.rowSelector('Juno Park', '.row-open') })).sendKeys(Key.DELETE);
    await page.waitFor(async () => JSON.stringify(await page.characterNames()) === '["Brick"]', 'Delete did not delete the selection');
    assert.equal(cliCharacters('Friday Night').length, 2);
    await app.driver.actions().keyDown(Key.CONTROL).sendKeys('z').keyUp(Key.CONTROL).perform();
    await page.waitFor(async () => (await page.characterNames()).length === 3, 'Ctrl+Z did not undo the delete');
    assert.equal(cliCharacters('Friday Night').length, 4);
    await page.filter('');
  }));

  test('Move… moves characters to another roster of the same system only', () => withShot('move', async () => {
    await page.clearSelection();
    await page.check('Vex');
    await page.waitSelected(['Vex']);
    await page.bulk('move');
    await page.waitDialog('move-dialog');
    const offered = await app.driver.executeScript(() => document.querySelectorAll('#move-target option').length);
    assert.equal(offered, 0, 'no other d12 roster yet: nothing to pick');
    await page.click('.move-dialog .button.primary');
    await page.waitNoDialog();

    await page.createRoster('Saturday Heroes', 'd12');
    await page.selectRoster('Friday Night');
    await page.check('Vex');
    await page.check('Brick');
    await page.waitSelected(['Brick', 'Vex']);
    await page.bulk('move');
    await page.waitDialog('move-dialog');
    const targets = await app.driver.executeScript(() => [...document.querySelectorAll('#move-target option')].map((o) => o.textContent));
    assert.deepEqual(targets, ['Saturday Heroes'], 'only d12 rosters, not this one');
    await page.click('.move-dialog .button.primary');
    await page.waitNoDialog();
    await page.waitFor(async () => JSON.stringify(await page.characterNames()) === '["Juno Park","Overseer Kaan"]', 'the moved characters stayed');
    await page.waitToast(/Moved 2 characters to “Saturday Heroes”/);
    assert.deepEqual(cliCharacters('Saturday Heroes').map((c) => c.name).sort(), ['Brick', 'Vex']);
    assert.equal(byName((await page.read()).rosters, 'Saturday Heroes').count, '2 characters');
  }));

  test('Duplicate makes a copy of each selected character', () => withShot('duplicate', async () => {
    await page.check('Juno Park');
    await page.waitSelected(['Juno Park']);
    await page.bulk('duplicate');
    await page.waitFor(async () => (await page.characterNames()).length === 3, 'no copy appeared');
    const names = cliCharacters('Friday Night').map((c) => c.name);
    assert.equal(names.filter((n) => n.startsWith('Juno Park')).length, 2, `a copy of Juno Park: ${names}`);
  }));

  test('search (Ctrl+K) finds a character in another roster and Enter opens it there', () => withShot('search', async () => {
    await showView(app.driver, 'quick-roll');
    await app.driver.actions().keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform();
    await page.waitDialog('search-dialog');
    await new WindowPage(app.driver).typeInSearch('player:sam'); // waits for the answer to the whole query
    await page.waitFor(async () => app.driver.executeScript(() => document.querySelectorAll('#search-results [role="option"]').length === 1), 'no hit for player:sam');
    const hit = await app.driver.executeScript(() => document.querySelector('#search-results [role="option"]').textContent);
    assert.match(hit, /Vex/);
    assert.match(hit, /Saturday Heroes/);
    await (await app.driver.findElement({ css: '#search-input' })).sendKeys(Key.ENTER);
    await page.waitNoDialog();
    const vex = byName(cliCharacters('Saturday Heroes'), 'Vex');
    await page.waitFor(async () => {
      const shown = await page.read();
      return shown.heading === 'Saturday Heroes' && shown.sheet === vex.id;
    }, 'the search hit did not open in its roster');
    const view = await app.driver.executeScript(() => document.querySelector('[role="tab"][aria-selected="true"]').dataset.view);
    assert.equal(view, 'rosters', 'back on the Rosters tab');
  }));

  test('arrow keys move through the rosters, opening each', () => withShot('sidebar-keys', async () => {
    await page.click(`#roster-${byName((await page.read()).rosters, 'Mutant Cats').id}`);
    await page.waitFor(async () => (await page.read()).heading === 'Mutant Cats', 'first roster');
    await app.driver.actions().sendKeys(Key.ARROW_DOWN).perform();
    await page.waitFor(async () => (await page.read()).heading === 'Neon Genre Nights', 'Down did not open the next roster');
    await app.driver.actions().sendKeys(Key.END).perform();
    await page.waitFor(async () => (await page.read()).heading === 'Saturday Heroes', 'End did not open the last roster');
    const focused = await app.driver.executeScript(() => document.activeElement?.getAttribute('aria-selected'));
    assert.equal(focused, 'true', 'focus follows the selected roster');
  }));

  test('the ? dialog lists the shortcuts and Esc closes it', () => withShot('help', async () => {
    await app.driver.actions().sendKeys('?').perform();
    await page.waitDialog('help-dialog');
    const rows = await app.driver.executeScript(() => [...document.querySelectorAll('.help-dialog tbody tr')].map((tr) => tr.textContent));
    for (const label of ['New character', 'New roster', 'Search characters', 'Undo the last delete', 'Show Quick roll']) {
      assert.ok(rows.some((r) => r.includes(label)), `the list has "${label}": ${rows}`);
    }
    await app.driver.actions().sendKeys(Key.ESCAPE).perform();
    await page.waitNoDialog();
  }));

  test('after a restart the last open roster and view are back', () => withShot('restart', async () => {
    const pixel = await page.selectRoster('Pixel Squad');
    await showView(app.driver, 'quick-roll');
    // The window saves its settings as they change: wait until the store has them.
    await page.waitFor(async () => {
      const stored = await app.driver.executeAsyncScript((done) => {
        window.__TAURI__.core.invoke('settings').then(done, () => done(null));
      });
      return stored?.last_roster_id === pixel.id && stored?.last_view === 'quick-roll';
    }, 'the settings were never saved');
    const root = app.root;
    await app.stop({ keep: true });
    app = await startApp({ root });
    page = new RostersPage(app.driver);
    try {
      await page.waitFor(async () => app.driver.executeScript(() => {
        const tab = document.querySelector('[role="tab"][aria-selected="true"]');
        return tab?.dataset.view === 'quick-roll' && !document.getElementById('view-quick-roll').hidden;
      }), 'the app did not open on the Quick roll tab it was left on');
      await showView(app.driver, 'rosters');
      await page.ready();
      await page.waitFor(async () => (await page.read()).heading === 'Pixel Squad', 'the last roster did not open again');
      const shown = await page.read();
      assert.ok(byName(shown.rosters, 'Pixel Squad').selected);
      assert.equal(shown.rosters.length, SYSTEMS.length + 1, 'every roster is still there');
    } finally {
      await app.stop({ keep: false });
    }
  }));
});

describe('a database file Rollbook refuses', { timeout: 5 * 60_000 }, () => {
  let refused;
  let file;
  after(async () => {
    await refused?.stop();
    if (file) rmSync(dirname(file), { recursive: true, force: true });
  });

  test('shows what happened, that nothing changed, and where the file is', async () => {
    // Its own temp folder: the repository's target/ may not exist (CARGO_TARGET_DIR elsewhere).
    file = join(mkdtempSync(join(tmpdir(), 'rollbook-refused-')), 'not-a-database.txt');
    const content = 'my session notes, not a database\n';
    writeFileSync(file, content);
    refused = await startApp({ env: { ROLLBOOK_DB: file } });
    // The screen is drawn whole in one go (and the tabs hidden with it): once it is there, all is.
    const screen = await refused.driver.wait(async () => refused.driver.executeScript(() => {
      const node = document.getElementById('store-failure');
      return node?.dataset.code ? { text: node.textContent, code: node.dataset.code, file: node.querySelector('.failure-file')?.textContent, tabs: document.getElementById('tabs').hidden } : null;
    }), WAIT_MS, 'no error screen');
    assert.equal(screen.code, 'not_a_rollbook_database');
    assert.match(screen.text, /not a Rollbook database/);
    assert.match(screen.text, /Nothing in the file was changed\./);
    assert.equal(screen.file, file, 'the path of the file is shown');
    assert.ok(screen.tabs, 'the tabs are hidden: nothing works without the database');
    assert.equal(readFileSync(file, 'utf8'), content, 'the file is as it was');
  });
});
