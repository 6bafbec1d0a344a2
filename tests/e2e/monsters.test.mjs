// End-to-end test of monsters with numbers in the real window (issue 27), on the universe roster
// Black Meridian Crew: quick Drones added with numbers typed in the system's sheet form (a number
// past a sheet limit is marked there and nothing joins), attacked and attacking with those
// numbers (the odds' request read from the attack form), numbered copies of the Warden each
// with the sheet's hp, and a Drone kept as a roster character. What the window shows is checked
// against the CLI's reading of the same database.
// Run with scripts/e2e.sh tests/e2e/monsters.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure, takeScreenshot } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { MonstersPage } from './monsters-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Black Meridian Crew';
const FIGHT = 'Airlock';

let app;
let page;
const withShot = screenshotOnFailure('monsters', () => app.driver);
const shown = () => app.cli('--json', 'encounter', 'show', '--roster', ROSTER, FIGHT);

describe('monsters with numbers at the universe table', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    page = new MonstersPage(app.driver);
    await page.open(ROSTER);
    await page.create(FIGHT);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('numbers past a sheet limit are marked in the Numbers dialog and nothing is kept', () => withShot('refused', async () => {
    await page.setNumbers([[['ac'], 41]], { refused: 'sheet.ac' });
    await page.cancelNumbers();
    const p = await page.settled();
    assert.equal(p.order.length, 0);
  }));

  test('quick NPCs join with the numbers typed, and an attack reads them both ways', () => withShot('numbers', async () => {
    await page.setNumbers([[['ac'], 14], [['combat_skill'], 3], [['attack_bonus'], 1], [['hp', 'max'], 12]]);
    await page.addNpcs('Drone', 2);
    const order = shown().state.order;
    assert.deepEqual(order.map((o) => o.name), ['Drone 1', 'Drone 2']);
    assert.equal(order[0].sheet.ac, 14);
    assert.deepEqual(order[1].sheet.hp, { current: 12, max: 12 }, 'a tracker given its max starts full');
    await page.addCharacters(['Tobias Kell']);
    const on = await page.previewMove('Attack', { Attacker: 'Tobias Kell', Target: 'Drone 1' });
    assert.equal(on.request.ac, 14, 'the Drone\'s AC');
    const by = await page.previewMove('Attack', { Attacker: 'Drone 2', Target: 'Tobias Kell' });
    assert.equal(by.request.bonus, 4, 'the Drone\'s combat skill 3 + attack bonus 1');
    const rows = await page.rows();
    assert.deepEqual(rows.filter((r) => r.name.startsWith('Drone')).map((r) => [r.badge, r.keep]), [['NPC', true], ['NPC', true]]);
  }));

  test('a hit\'s damage is offered under the attack and applied in one step, then undone', () => withShot('hit', async () => {
    const hpOf = (name) => {
      const s = shown().state;
      return s.system_state.parts[s.order.find((o) => o.name === name).id].hp;
    };
    await page.previewMove('Attack', { Attacker: 'Tobias Kell', Target: 'Drone 1' });
    await page.attackUntilHit();
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'monsters-hit.png'), await takeScreenshot(app.driver), 'base64');
    const p = await page.applyDamage(7);
    assert.equal(p.log[0].lines[0], 'Drone 1 takes 7 damage: hp 12 → 5.');
    assert.equal(hpOf('Drone 1'), 5);
    await page.press('undo');
    assert.equal(hpOf('Drone 1'), 12);
  }));

  test('Add ×3 puts numbered copies of a roster character in, each with its own hp', () => withShot('copies', async () => {
    await page.addCopies('Warden Ashby', 3);
    const order = shown().state.order;
    const copies = order.filter((o) => o.name.startsWith('Warden Ashby '));
    assert.deepEqual(copies.map((o) => o.name), ['Warden Ashby 1', 'Warden Ashby 2', 'Warden Ashby 3']);
    assert.ok(copies.every((o) => o.copy_of && !o.character_id), JSON.stringify(copies));
    const rows = await page.rows();
    assert.deepEqual(rows.filter((r) => r.name.startsWith('Warden')).map((r) => r.badge), ['Copy', 'Copy', 'Copy']);
    const warden = app.cli('--json', 'character', 'show', '--roster', ROSTER, 'Warden Ashby');
    const by = await page.previewMove('Attack', { Attacker: 'Warden Ashby 2', Target: 'Tobias Kell' });
    assert.equal(by.request.bonus, warden.sheet.combat_skill + warden.sheet.attack_bonus, 'a copy attacks with the sheet\'s numbers');
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'monsters-turn-order.png'), await takeScreenshot(app.driver), 'base64');
  }));

  test('a quick NPC is kept as a roster character with its numbers', () => withShot('keep', async () => {
    await page.keep('Drone 2');
    const kept = app.cli('--json', 'character', 'show', '--roster', ROSTER, 'Drone');
    assert.equal(kept.kind, 'npc');
    assert.equal(kept.sheet.ac, 14);
    assert.deepEqual(kept.sheet.hp, { current: 12, max: 12 });
  }));

  test('a fight saved as a plan starts twice as saved, hidden ones hidden; Duplicate starts it afresh', () => withShot('plans', async () => {
    await page.keysOnRow('Drone 1', 'h', (p) => p.order.length > 0, 'Drone 1 was not hidden');
    await app.driver.wait(async () => shown().state.visibility?.[shown().state.order[0].id]?.hidden === true, 30_000, 'Drone 1 is not hidden in the store');
    await page.saveAsPlan('Airlock ambush', 'Sniper on the gantry');
    assert.deepEqual(await page.plans(), [{ name: 'Airlock ambush', meta: '6 taking part · Sniper on the gantry' }]);
    const want = shown().state.order.map((o) => o.name);
    for (let take = 1; take <= 2; take += 1) {
      const p = await page.startPlan('Airlock ambush');
      assert.equal(p.name, 'Airlock ambush');
      assert.deepEqual(p.order.map((o) => o.name), want);
      const started = app.cli('--json', 'encounter', 'show', p.encounters.at(-1).id);
      assert.equal(started.state.round, 1);
      assert.equal(started.state.visibility?.[started.state.order[0].id]?.hidden, true, 'Drone 1 stays hidden');
    }
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'monsters-plans.png'), await takeScreenshot(app.driver), 'base64');
    const copy = await page.duplicate();
    assert.deepEqual(copy.order.map((o) => o.name), want);
  }));
});
