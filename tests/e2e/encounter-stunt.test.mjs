// End-to-end test of the stunt table panel in the real app: the example stunt roster's
// encounter made and filled through the window, HTK from the sheets, Minor Damage (6d6, named as
// a ruling) taking exactly the dice shown and logged under the character, points of damage and
// healing clamped, a Doubles Only task thrown with its exact odds and undone, a Double Six Only
// task thrown to its end. The dice are random (the window seeds them): every check reads the
// dice the window shows. Run with scripts/e2e.sh tests/e2e/encounter-stunt.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, screenshotOnFailure, startApp } from './app.mjs';
import { StuntEncounterPage } from './encounter-stunt-page.mjs';
import { formatPercent } from '../../ui/js/format.js';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'The Uncanny Stunt Squad';

let app;
let page;
const withShot = screenshotOnFailure('encounter-stunt-', () => app.driver);

const sum = (faces) => faces.reduce((a, b) => a + b, 0);
const part = (panel, name) => panel.parts.find((p) => p.name === name);

describe('the stunt table panel against the real app', () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
    await app.driver.navigate().refresh();
    page = new StuntEncounterPage(app.driver);
    await page.open(ROSTER);
    await page.create('Warehouse break-in');
    await page.addCharacters(['Marla Quick', 'Doc Ferrous']);
    await page.addNpcs('Goon', 1);
  });

  after(async () => {
    await app?.stop();
  });

  test('HTK comes from the sheets, a quick NPC starts at 20', () => withShot('htk', async () => {
    const panel = await page.untilStunt((p) => p.parts.length === 3 && p.parts.every((x) => x.htk), 'three HTK rows');
    assert.deepEqual(panel.parts.map((p) => [p.name, p.htk, p.level]), [
      ['Marla Quick', '30 / 30 HTK', 'ok'],
      ['Doc Ferrous', '34 / 40 HTK', 'ok'],
      ['Goon 1', '20 / 20 HTK', 'ok'],
    ]);
  }));

  test('Minor Damage takes the six dice shown, says its ruling and is logged under the character', () => withShot('minor', async () => {
    // Its own result: its log entry drawn, then the six dice it shows (no earlier roll's).
    const panel = await page.played(() => page.htkButton('Doc Ferrous', 'minor-damage'), (p) => p.dice.length === 6, 'Minor Damage did not land');
    const points = sum(panel.dice);
    // HTK stops at 0: 6d6 of 35 or more (about 1 roll in 6,700) leaves Doc at 0, not below.
    assert.equal(part(panel, 'Doc Ferrous').htk, `${Math.max(0, 34 - points)} / 40 HTK`);
    assert.ok(panel.events.some((e) => e.ruled && /Minor Damage is 6d6/.test(e.text)), JSON.stringify(panel.events));
    const log = app.cli('--json', 'log', '--roster', ROSTER, '--character', 'Doc Ferrous');
    // Doc's one roll: this damage.
    assert.equal(log.rolls.length, 1);
    assert.equal(log.rolls[0].roll, 'damage');
    assert.deepEqual(log.rolls[0].dice, panel.dice);
  }));

  test('points of damage and healing stop at 0 and at max', () => withShot('points', async () => {
    let panel = await page.played(() => page.htkButton('Goon 1', 'damage', 25), (p) => part(p, 'Goon 1').htk === '0 / 20 HTK', 'the Goon did not go down');
    assert.equal(part(panel, 'Goon 1').level, 'down');
    panel = await page.played(() => page.htkButton('Goon 1', 'heal', 50), (p) => part(p, 'Goon 1').htk === '20 / 20 HTK', 'the Goon did not heal to max');
    assert.ok(panel.events.some((e) => e.ruled && /never .* above its max/.test(e.text)), JSON.stringify(panel.events));
  }));

  test('a chart check offers the sheet\'s ratings, shows the engine\'s odds and is logged', () => withShot('check', async () => {
    const sheet = app.cli('--json', 'character', 'show', 'Marla Quick', '--roster', ROSTER);
    const [stat, level] = Object.entries((sheet.character ?? sheet).sheet.basestats)[0];
    await page.rollCheck('Marla Quick', `${stat} · ${level}`, 'Heroic');
    const request = { system: 'stunt', roll: 'check', active: level, defending: 'Heroic' };
    const odds = app.cli('odds', JSON.stringify(request));
    // The odds of this very check (every field of its request), not of an earlier pick.
    const same = (shown) => {
      try {
        assert.deepEqual(JSON.parse(shown), request);
        return true;
      } catch {
        return false;
      }
    };
    let panel = await page.untilStunt((p) => p.check.request && same(p.check.request) && /%/.test(p.check.odds ?? ''), 'no odds for the check');
    assert.deepEqual(JSON.parse(panel.check.request), request);
    assert.equal(panel.check.odds, formatPercent(odds.success));
    panel = await page.played(() => page.click('[data-role="check-roll"]'), (p) => p.dice.length === 2, 'the check was not rolled');
    const log = app.cli('--json', 'log', '--roster', ROSTER, '--character', 'Marla Quick');
    assert.deepEqual([log.rolls[0].roll, log.rolls[0].dice], ['check', panel.dice]);
  }));

  test('a Doubles Only task shows its odds, counts a throw and is undone', () => withShot('doubles', async () => {
    await page.played(() => page.startTask('Goon 1', 'Pick the lock', 'doubles_only', 2), (p) => part(p, 'Goon 1').tasks.length === 1, 'the task did not start');
    let panel = await page.untilStunt((p) => part(p, 'Goon 1').tasks.length === 1 && part(p, 'Goon 1').tasks[0].odds, 'the task shows no odds');
    const [task] = part(panel, 'Goon 1').tasks;
    assert.equal(task.progress, '0 of 2 doubles · 0 time steps');
    assert.equal(task.odds, `Chance: next double ${formatPercent(5 / 6)} · the whole task ${formatPercent(25 / 36)}`);

    // The throw's own dice: the check's are still shown until the throw's result replaces them.
    panel = await page.played(() => page.taskButton(task.id, 'task-throw'), (p) => p.dice.length > 0 && part(p, 'Goon 1').tasks[0].progress !== task.progress, 'the throw did not land');
    const steps = panel.dice.length / 2;
    const [a, b] = panel.dice.slice(-2);
    assert.equal(a, b, 'a throw ends on doubles');
    const thrown = part(panel, 'Goon 1').tasks[0];
    if (a === 1) {
      assert.equal(thrown.progress, `0 of 2 doubles · ${steps} time step${steps === 1 ? '' : 's'} · set back once by 1-1`);
      // The reset is said, and its ruling stated beside it (a ruled event of its own).
      assert.ok(panel.events.some((e) => /back to the start/.test(e.text)), JSON.stringify(panel.events));
      assert.ok(panel.events.some((e) => e.ruled && /starts again from 0 doubles/.test(e.text)), JSON.stringify(panel.events));
    } else {
      assert.equal(thrown.progress, `1 of 2 doubles · ${steps} time step${steps === 1 ? '' : 's'}`);
      assert.equal(thrown.pipsOn, 1);
    }

    await page.press('undo');
    panel = await page.untilStunt((p) => part(p, 'Goon 1').tasks[0]?.progress === '0 of 2 doubles · 0 time steps', 'undo did not put the task back');
  }));

  test('a Double Six Only task ends on 6-6 or 1-1, and one failed for good cannot start again', () => withShot('double-six', async () => {
    await page.played(() => page.startTask('Marla Quick', 'Rewire the alarm', 'double_six_only'), (p) => part(p, 'Marla Quick').tasks.length === 1, 'the task did not start');
    let panel = await page.untilStunt((p) => part(p, 'Marla Quick').tasks.length === 1 && part(p, 'Marla Quick').tasks[0].odds, 'the task shows no odds');
    const [task] = part(panel, 'Marla Quick').tasks;
    assert.equal(task.odds, `Chance: 6-6 before 1-1 ${formatPercent(0.5)}`);
    // The panel redraws before it shows the dice, and the last throw's dice stay until then:
    // wait for the throw's log entry and the view settled, when its own dice are shown.
    panel = await page.played(() => page.taskButton(task.id, 'task-throw'), (p) => part(p, 'Marla Quick').tasks[0].status !== 'Running' && p.dice.length > 0, 'the throw did not end the task');
    const last = panel.dice.slice(-2);
    const status = part(panel, 'Marla Quick').tasks[0].status;
    if (last[0] === 6) {
      assert.deepEqual([last, status], [[6, 6], 'Succeeded']);
    } else {
      assert.deepEqual([last, status], [[1, 1], 'Failed for good']);
      await page.settled();
      await page.startTask('Marla Quick', 'Rewire the alarm', 'double_six_only');
      panel = await page.untilStunt((p) => p.busy === 'false' && /never try it again/.test(p.error ?? ''), 'starting again was not refused');
      assert.match(panel.error, /never try it again/);
    }
    await page.taskButton(task.id, 'task-close');
    await page.untilStunt((p) => part(p, 'Marla Quick').tasks.length === 0, 'Close did not put the task away');
  }));

  test('the forms follow the turn: whose it is checks and tries, an opponent takes the damage', () => withShot('follows', async () => {
    const picks = async () => [
      ...await page.picked('.stunt-check select[name="checker"]'),
      ...await page.picked('.stunt-start select[name="participant"]'),
      ...await page.picked('.stunt-damage select[name="target"]'),
    ];
    const turn = async () => (await page.settled()).order.find((o) => o.current)?.name;
    // Marla and Doc are PCs, the Goon a quick NPC: each PC's opponent is the Goon, the Goon's the
    // first PC after it, going round.
    for (let i = 0; i < 3; i += 1) {
      const now = await turn();
      const opponent = now === 'Goon 1' ? 'Marla Quick' : 'Goon 1';
      await page.waitValue(picks, (got) => JSON.stringify(got) === JSON.stringify([now, now, opponent]), `${now}'s turn: not ${JSON.stringify([now, now, opponent])}`);
      await page.press('next-turn');
    }
  }));

  test('HTK typed in place is shown, logged and undone', () => withShot('typed', async () => {
    const before = (await page.readStunt()).parts.find((p) => p.name === 'Doc Ferrous').htk;
    const current = Number(before.split(' / ')[0]);
    await page.typeTrack('Doc Ferrous', 'htk-numbers', '+3');
    await page.until((x) => x.log[0]?.lines[0] === `Doc Ferrous's HTK: ${current} → ${current + 3} (+3), changed by hand.`, 'the change was not logged');
    assert.equal(await page.trackText('Doc Ferrous', 'htk-numbers'), `${current + 3} / 40 HTK`);
    await page.press('undo');
    await page.untilTrack('Doc Ferrous', 'htk-numbers', before, 'undo did not put the HTK back');
  }));
});
