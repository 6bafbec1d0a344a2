// End-to-end test of the marks table panel in the real window: a task started from Byte
// Knight's sheet shows the odds of its next attempt, a failed attempt takes a die (the odds and
// facts follow), an NPC's extended task steps to its plateau, and Close puts a task away.
// Run with scripts/e2e.sh tests/e2e/encounter-marks.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STARTUP_TIMEOUT_MS, screenshotOnFailure, startApp } from './app.mjs';
import { MarksPanelPage } from './encounter-genre-page.mjs';

let app;
let page;
const withShot = screenshotOnFailure('encounter-marks ', () => app.driver);
const percent = (text) => Number.parseFloat(text);

describe('the marks table panel', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    page = new MarksPanelPage(app.driver);
    await page.open(app, { roster: 'Pixel Vanguard', encounter: 'Server room', characters: ['Byte Knight'], npcs: 1 });
  }, { timeout: STARTUP_TIMEOUT_MS + 120_000 });

  after(async () => {
    await app?.stop();
  });

  test("a task from the sheet loses a die per failed attempt; the next attempt is previewed with it", () => withShot('task', async () => {
    // 20 Marks from Athletics' 5 dice is out of reach: every attempt fails.
    const started = await page.start({ kind: 'task', who: 'Byte Knight', label: 'Lift the server', roll: 'Athletics', difficulty: 0, needed: 20 });
    const task = await page.withOdds(started.id);
    assert.equal(task.name, 'Byte Knight · Lift the server');
    assert.deepEqual([task.request.attribute_dice, task.request.skill_dice, task.request.penalty], [3, 2, 0]);
    assert.match(task.facts[0], /Dice left: 5d6 keep 3/);
    const easier = await page.start({ kind: 'task', who: 'Byte Knight', label: 'Spot the camera', roll: 'Athletics', difficulty: 0, needed: 1 });
    const before = percent((await page.withOdds(easier.id)).success);
    // The easy task's odds after a failure of the hard one are untouched; the hard one's drop.
    const failed = await page.rollTask(started.id);
    assert.match(failed.facts.join(' | '), /Dice left: 4d6 keep 3.*−1 dice \(difficulty 0 \+ 1 failed\).*1 attempt/);
    await page.nextOdds(started.id);
    const after1 = await page.withOdds(started.id, (t) => t.request.penalty === 1);
    assert.equal(after1.request.penalty, 1);
    assert.equal(percent((await page.withOdds(easier.id)).success), before);
  }));

  test("a quick NPC's extended task steps to its plateau", () => withShot('extended', async () => {
    const started = await page.start({ kind: 'extended', who: 'Goon 1', label: 'Brute-force the lock', roll: '', dice: [6, 0, 0, 0], plateau: 1, minSteps: 2, maxSteps: 20 });
    assert.match(started.facts.join(' | '), /Marks 0 of 1.*Step 0 · 2 to 20 steps.*Running/);
    let task = started;
    for (let i = 0; i < 20 && task.rollable; i += 1) task = await page.rollTask(started.id);
    assert.match(task.facts.join(' | '), /Completed on step \d+/);
    const step = Number(/Completed on step (\d+)/.exec(task.facts.join(' '))[1]);
    assert.ok(step >= 2, 'never before the minimum');
    assert.equal(task.rollable, false);
  }));

  test('Close puts a task away', () => withShot('close', async () => {
    const count = (await page.tasks()).length;
    const first = (await page.tasks())[0];
    await page.click(`.tp-task[data-task-id="${first.id}"] [data-role="task-close"]`);
    await page.waitValue(() => page.tasks(), (tasks) => tasks.length === count - 1, 'the task was not closed');
    assert.ok(!(await page.tasks()).some((t) => t.id === first.id));
  }));

  test('the start form follows the turn: whose it is starts, the other side defends', () => withShot('follows', async () => {
    // Byte Knight (a PC) and Goon 1 (a quick NPC): each is the other's opponent.
    const picks = async () => page.driver.executeScript(() => ['participant', 'defender']
      .map((name) => document.querySelector(`#encounter-system-host .tp-start select[name="${name}"]`)?.selectedOptions[0]?.textContent ?? null));
    const turn = async () => page.driver.executeScript(() => document.querySelector('#turn-order .turn-row[aria-current="true"] .turn-name')?.textContent.trim());
    for (const [now, other] of [['Goon 1', 'Byte Knight'], ['Byte Knight', 'Goon 1']]) {
      await page.logged(() => page.click('#encounter-next-turn'), `Next turn to ${now} was not played`);
      await page.waitValue(async () => [await turn(), ...await picks()], (seen) => JSON.stringify(seen) === JSON.stringify([now, now, other]), `${now}'s turn: the start form should pick ${now} against ${other}`);
    }
  }));
});
