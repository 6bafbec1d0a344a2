// End-to-end test of the Encounters view in the real window, on a genre roster: create an
// encounter, add two characters and 2 Goons, reorder by keyboard, next turn wraps into round 2
// (by button and by the N shortcut), Ctrl+Z undoes it, the log lists every action newest first
// (the undone one marked), a refused action says why and changes nothing, a dragged row lands
// where it is dropped, a character in the trash is greyed and removed with Delete, renaming in
// place and Shift+N, and a deleted encounter comes back with Undo. What the page shows is
// checked against the CLI's reading of the same database.
// Run with scripts/e2e.sh tests/e2e/encounter.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { EncounterPage, Key } from './encounter-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Neon Genre Nights';

let app;
let page;
const withShot = screenshotOnFailure('encounter', () => app.driver);
const names = (p) => p.order.map((o) => o.name);
const current = (p) => p.order.find((o) => o.current)?.name ?? null;

describe('the Encounters view', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    page = new EncounterPage(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('an encounter is created, filled, reordered by keyboard, played into round 2 and undone', () => withShot('play', async () => {
    await page.open(ROSTER);
    assert.match((await page.read()).none, /No encounters in Neon Genre Nights yet/);
    await page.create('Warehouse brawl');

    await page.addCharacters(['Rex Valor', 'Sable']);
    let p = await page.addNpcs('Goon', 2);
    assert.deepEqual(names(p), ['Rex Valor', 'Sable', 'Goon 1', 'Goon 2']);
    assert.deepEqual(p.order.map((o) => o.npc), [false, false, true, true]);
    assert.equal(current(p), 'Rex Valor', 'the first to join has the turn');
    assert.equal(p.round, 'Round 1');

    // Alt+↓ on Rex, Alt+↑ on Goon 2; the focus stays on the row that moved.
    p = await page.keysOnRow('Rex Valor', Key.chord(Key.ALT, Key.ARROW_DOWN), (x) => names(x)[1] === 'Rex Valor', 'Alt+Down did not move Rex Valor');
    assert.deepEqual(names(p), ['Sable', 'Rex Valor', 'Goon 1', 'Goon 2']);
    assert.equal(p.order.find((o) => o.id === p.focused)?.name, 'Rex Valor', 'the focus followed the row');
    p = await page.keysOnRow('Goon 2', Key.chord(Key.ALT, Key.ARROW_UP), (x) => names(x)[2] === 'Goon 2', 'Alt+Up did not move Goon 2');
    assert.deepEqual(names(p), ['Sable', 'Rex Valor', 'Goon 2', 'Goon 1']);
    assert.equal(current(p), 'Rex Valor', 'reordering keeps whose turn it is');

    p = await page.press('next-turn');
    assert.equal(current(p), 'Goon 2');
    // The N shortcut, from the focused row (not a text field).
    await page.pressKeys('n');
    p = await page.until((x) => current(x) === 'Goon 1' && x.log[0]?.lines[0] === "Goon 1's turn", 'N did not pass the turn');
    p = await page.press('next-turn');
    assert.equal(p.round, 'Round 2', 'after the last, a new round');
    assert.equal(current(p), 'Sable');
    assert.equal(p.status, "Round 2 · Sable's turn", 'the turn is announced');
    assert.match(p.encounters.find((e) => e.open).meta, /^Round 2 · 4 taking part$/);

    // What the store holds is what the page shows.
    const stored = app.cli('--json', 'encounter', 'show', 'Warehouse brawl', '--roster', ROSTER);
    const state = stored.encounter?.state ?? stored.state;
    assert.deepEqual(state.order.map((o) => o.name), names(p));
    assert.equal(state.round, 2);

    // Ctrl+Z with the focus in the view undoes the last action.
    const row = await app.driver.findElement({ css: '#turn-order .turn-row' });
    await app.driver.executeScript((node) => node.focus(), row);
    await page.waitValue(() => app.driver.executeScript((node) => document.activeElement === node, row), (yes) => yes, 'the row did not take the focus');
    await row.sendKeys(Key.chord(Key.CONTROL, 'z'));
    p = await page.until((x) => x.round === 'Round 1' && x.log[0]?.undone, 'Ctrl+Z did not undo the new round');
    assert.equal(current(p), 'Goon 1');

    assert.deepEqual(p.log.map((e) => [e.lines[0], e.undone]), [
      ["Round 2, Sable's turn", true],
      ["Goon 1's turn", false],
      ["Goon 2's turn", false],
      ['Moved Goon 2 up to place 3', false],
      ['Moved Rex Valor down to place 2', false],
      ['Added Goon 1, Goon 2', false],
      ['Added Rex Valor, Sable', false],
    ]);
  }));

  test('a refused action says why and changes nothing', () => withShot('refused', async () => {
    const before = await page.settled();
    const refusal = /add 1 to 50 NPCs at a time, not 0/i;
    const p = await page.addNpcs('Goon', 0, { refused: refusal });
    assert.ok(p.toasts.some((t) => refusal.test(t)), p.toasts.join(' | '));
    // No pause to "let something happen": the refusal's toast is shown inside the action, and
    // the view is not busy any more (addNpcs waited for both), so the action is over.
    const after = await page.settled();
    assert.deepEqual(after.order, before.order);
    assert.deepEqual(after.log, before.log);
    assert.equal(after.round, before.round);
  }));

  test('the shortcuts are listed by ?', () => withShot('help', async () => {
    await app.driver.executeScript(() => document.activeElement?.blur());
    await page.waitValue(() => app.driver.executeScript(() => document.activeElement === document.body), (yes) => yes, 'the focus did not leave the field');
    await app.driver.findElement({ css: 'body' }).sendKeys('?');
    // The shortcuts dialog itself (built whole before it opens), not just any dialog.
    await page.until((x) => x.dialogs === 1, 'the ? dialog did not open');
    const help = await page.waitValue(async () => (await app.driver.findElements({ css: 'dialog.help-dialog[open]' }))[0] ?? null, (dialog) => dialog !== null, 'the open dialog is not the shortcuts list');
    const text = await help.getText();
    for (const label of ['Next turn', 'Next round', 'Undo the last table action', 'Move the focused participant up or down the turn order']) {
      assert.ok(text.includes(label), `the help lists "${label}"`);
    }
    await page.click('dialog.help-dialog[open] .button.primary');
    await page.until((x) => x.dialogs === 0, 'the help did not close');
  }));

  test('a row dragged onto another lands there', () => withShot('drag', async () => {
    // WebDriver cannot drive HTML5 drag and drop in WebKit: the events are dispatched as the
    // engine would, Goon 1 dropped on the upper half of Sable's row.
    const before = await page.settled();
    assert.deepEqual(names(before), ['Sable', 'Rex Valor', 'Goon 2', 'Goon 1']);
    await app.driver.executeScript((from, to) => {
      const row = (id) => document.querySelector(`.turn-row[data-participant-id="${id}"]`);
      const target = row(to);
      const box = target.getBoundingClientRect();
      const fire = (node, type) => node.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, clientX: box.left + 20, clientY: box.top + 2 }));
      fire(row(from), 'dragstart');
      fire(target, 'dragover');
      fire(target, 'drop');
      fire(row(from), 'dragend');
    }, before.order[3].id, before.order[0].id);
    const p = await page.until((x) => x.log.length === before.log.length + 1, 'the drop changed nothing');
    assert.deepEqual(names(p), ['Goon 1', 'Sable', 'Rex Valor', 'Goon 2']);
    assert.equal(p.log[0].lines[0], 'Set the turn order');
  }));

  test('a character moved to the trash is greyed, and Delete on its row removes it', () => withShot('absent', async () => {
    app.cli('--json', 'character', 'delete', 'Sable', '--roster', ROSTER);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    await page.open(ROSTER);
    let p = await page.until((x) => x.open && x.order.some((o) => o.name === 'Sable' && o.absent), 'Sable is not shown as absent');
    assert.deepEqual(p.order.filter((o) => o.absent).map((o) => o.name), ['Sable']);
    p = await page.keysOnRow('Sable', Key.DELETE, (x) => !x.order.some((o) => o.name === 'Sable') && x.log[0]?.lines[0] === 'Removed Sable', 'Delete did not remove Sable');
    assert.deepEqual(names(p), ['Goon 1', 'Rex Valor', 'Goon 2']);
  }));

  test('the name is changed in place and Shift+N starts a new round', () => withShot('rename', async () => {
    const before = await page.settled();
    const input = await page.typeOver('#encounter-name', 'Warehouse brawl, take two');
    await input.sendKeys(Key.ENTER);
    let p = await page.until((x) => x.log[0]?.lines[0] === 'Renamed to Warehouse brawl, take two', 'the encounter was not renamed');
    assert.equal(p.encounters.find((e) => e.open).name, 'Warehouse brawl, take two');
    const round = Number(before.round.replace('Round ', ''));
    await app.driver.executeScript(() => document.querySelector('#turn-order .turn-row')?.focus());
    await page.waitValue(() => app.driver.executeScript(() => Boolean(document.activeElement?.matches('#turn-order .turn-row'))), (yes) => yes, 'no row took the focus');
    await page.pressKeys(Key.chord(Key.SHIFT, 'n'));
    p = await page.until((x) => x.round === `Round ${round + 1}` && x.log[0]?.lines[0] === `Round ${round + 1}`, 'Shift+N did not start a new round');
    assert.equal(current(p), p.order[0].name, 'a new round starts with the first in order');
  }));

  test('a deleted encounter comes back with Undo', () => withShot('delete', async () => {
    const before = await page.settled();
    await page.click('#encounter-list .encounter-item.open .encounter-delete');
    let p = await page.until((x) => x.encounters.length === 0 && !x.open && x.toasts.some((t) => t.includes(`Deleted ${before.name}`)), 'the encounter was not deleted');
    assert.ok(p.toasts.some((t) => t.includes(`Deleted ${before.name}`)), p.toasts.join(' | '));
    await page.toastAction(`Deleted ${before.name}`);
    p = await page.until((x) => x.open && x.name === before.name, 'Undo did not bring the encounter back');
    assert.deepEqual(p.order, before.order, 'it comes back as it was');
    assert.equal(p.round, before.round);
  }));
});
