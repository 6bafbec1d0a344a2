// End-to-end test of the d12 table in the real window: one full attack chain — Overseer Kaan's
// Guns against Juno Park's Dodge with his Laser Rifle, the exact odds shown before each roll equal
// to the CLI's, Roll attack → Damage Dice → Roll damage → the attacker's row applied — and the
// defender's health as the database holds it, both rolls in the roll log under Kaan. Health is
// typed in place, and shows that it can be (underline, pencil, hand cursor, title; stronger under
// the pointer: tests/e2e/artifacts/track-edit-hover.png).
// Run with scripts/e2e.sh tests/e2e/encounter-d12.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ARTIFACTS, REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure, takeScreenshot } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { D12EncounterPage } from './encounter-d12-page.mjs';
import { Key, typeOver } from './encounter-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Friday Night Heroes';
// A chain reaches the attacker's row with P ≈ 0.68 (Guns 3 vs Dodge 2) × ≈ 0.5 (the damage
// beats Toughness 1): 40 tries all falling short has a chance below 1e-8.
const TRIES = 40;

let app;
let page;
const withShot = screenshotOnFailure('encounter-d12', () => app.driver);

describe('the d12 table', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    page = new D12EncounterPage(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('one full attack chain wounds the defender, with the odds first and every roll logged', () => withShot('chain', async () => {
    await page.open(ROSTER);
    await page.create('Rooftop');
    await page.addCharacters(['Overseer Kaan', 'Juno Park']);
    let p = await page.untilD12((x) => x.parts.length === 2, 'the d12 panel did not list both');
    assert.equal(p.parts.find((x) => x.name === 'Juno Park').health, '9 / 12 health', 'health from the sheet');

    let reached = null;
    for (let i = 0; i < TRIES && !reached; i += 1) {
      p = await page.startAttack({ attacker: 'Overseer Kaan', defender: 'Juno Park', ability: 'Guns', weapon: 'Laser Rifle' });
      assert.deepEqual(
        [p.odds.request.roll, p.odds.request.attacker_ranks, p.odds.request.defender_ranks],
        ['opposed', 3, 2],
        'Guns 3 against Dodge 2',
      );
      const cli = app.cli('odds', JSON.stringify(p.odds.request));
      assert.equal(p.odds.success, `${(cli.success * 100).toFixed(2)}%`, 'the odds shown are the CLI\'s');
      p = await page.step();
      if (p.stage === null) continue; // a miss: the chain is over, try again
      assert.match(p.stage, /^\d+ Damage Dice( \(the weapon's cap: 2 rolled\))?: roll the damage$/);
      assert.deepEqual([p.odds.request.roll, p.odds.request.cap, p.odds.request.defender_ranks], ['damage', 2, 1]);
      p = await page.step();
      if (p.stage === null) continue; // the defence held
      reached = p.rows.at(-1).row;
    }
    assert.ok(reached !== null, `no attack reached a row in ${TRIES} tries`);
    assert.match(p.stage, new RegExp(`^Row ${reached} reached: choose the row`));
    assert.deepEqual(p.rows.map((r) => r.row), Array.from({ length: reached + 1 }, (_, i) => i), 'no row and every row up to the one reached');
    assert.ok(p.rows.at(-1).checked, 'the highest row is offered first');

    await page.applyRow();
    // The panel redraws from the encounter first, then shows what the move did.
    p = await page.untilD12((x) => x.events.some((e) => e.startsWith(`Overseer Kaan chooses row ${reached}`)), 'the applied row was not reported');
    const shown = app.cli('--json', 'encounter', 'show', '--roster', ROSTER, 'Rooftop');
    const juno = shown.state.order.find((x) => x.name === 'Juno Park').id;
    const health = shown.state.system_state.parts[juno].wounds.health;
    assert.equal(p.parts.find((x) => x.name === 'Juno Park').health, `${health.current} / 12 health${health.current === 0 ? ' · dead' : ''}`);

    const log = app.cli('--json', 'log', '--character', 'Overseer Kaan').rolls;
    assert.deepEqual(log.slice(0, 2).map((r) => r.roll), ['damage', 'opposed'], 'the chain\'s rolls, newest first, under Kaan');
  }));

  test('the attack form follows the turn: whose turn it is attacks, an opponent defends', () => withShot('follows', async () => {
    await page.create('Ambush');
    await page.addCharacters(['Vex', 'Juno Park', 'Overseer Kaan']);
    await page.untilD12((x) => x.parts.length === 3 && x.setup, 'the d12 panel did not list all three');
    const pair = async () => [...await page.picked('.d12-setup select[name="attacker"]'), ...await page.picked('.d12-setup select[name="defender"]')];
    const expect = async (wanted, message) => {
      await page.waitValue(pair, (got) => JSON.stringify(got) === JSON.stringify(wanted), `${message}: not ${JSON.stringify(wanted)}`);
    };
    const turn = async () => (await page.settled()).order.find((o) => o.current).name;
    // Vex (a PC) acts first; the NPC Kaan is the other side, not Juno beside him.
    assert.equal(await turn(), 'Vex');
    await expect(['Vex', 'Overseer Kaan'], 'Vex\'s turn');
    await page.pressHead('next-turn');
    await expect(['Juno Park', 'Overseer Kaan'], 'Juno\'s turn');
    await page.pressHead('next-turn');
    // Kaan's opponent is the first PC after him, going round.
    await expect(['Overseer Kaan', 'Vex'], 'Kaan\'s turn');
    // Picked by hand for the action in hand: kept while the turn stays, gone with the next one.
    const ids = Object.fromEntries((await page.readD12()).parts.map((x) => [x.name, x.id]));
    await page.pick('defender', ids['Juno Park']);
    await expect(['Overseer Kaan', 'Juno Park'], 'the pick by hand');
    await page.pressHead('next-turn');
    await expect(['Vex', 'Overseer Kaan'], 'round 2, Vex\'s turn again');
  }));

  test('health typed in place is shown, logged, refused out of range and undone', () => withShot('health', async () => {
    const logLength = async () => (await page.read()).log.length;
    assert.equal(await page.trackText('Juno Park', 'health'), '9 / 12 health', 'from the sheet');
    await page.typeTrack('Juno Park', 'health', '-4');
    let p = await page.until((x) => x.log[0]?.lines[0] === "Juno Park's health: 9 → 5 (-4), changed by hand.", 'the change was not logged');
    assert.equal(await page.trackText('Juno Park', 'health'), '5 / 12 health');
    // The keyboard stays on the number just changed (the panel drew a new button for it).
    await page.waitValue(
      () => app.driver.executeScript(() => ({ role: document.activeElement?.dataset?.role ?? null, text: document.activeElement?.textContent ?? null })),
      (focus) => focus.role === 'health' && focus.text === '5 / 12 health',
      'the focus did not come back to the health',
    );
    await page.typeTrack('Juno Park', 'health', '+2');
    await page.until((x) => x.log[0]?.lines[0] === "Juno Park's health: 5 → 7 (+2), changed by hand.", '+2 was not logged');
    assert.equal(await page.trackText('Juno Park', 'health'), '7 / 12 health');
    await page.typeTrack('Juno Park', 'health', '12');
    await page.until((x) => x.log[0]?.lines[0] === "Juno Park's health: 7 → 12 (+5), changed by hand.", 'setting 12 was not logged');

    // Out of range: said beside the box, nothing written.
    const before = await logLength();
    const trackError = () => app.driver.executeScript(() => document.querySelector('.d12-panel .tp-track-error:not([hidden])')?.textContent ?? null);
    const input = await page.typeTrack('Juno Park', 'health', '-20');
    // The refusal of -20 itself (the box is enabled again once it is said), not any text there.
    const refusal = await page.waitValue(trackError, (text) => /out of range/.test(text ?? ''), 'the refusal was not shown');
    assert.match(refusal, /^health: -8 is out of range: Juno Park's health is 0 to 12/);
    await page.settled();
    assert.equal(await logLength(), before);
    // A typing slip never reaches the table.
    await typeOver(app.driver, input, 'lots');
    await input.sendKeys(Key.ENTER);
    await page.waitValue(trackError, (text) => /Type -7 to take away/.test(text ?? ''), 'the slip was not explained');
    await input.sendKeys(Key.ESCAPE);
    // Esc closes the box (its number is shown again): only then is "nothing written" checked.
    await page.waitValue(() => app.driver.executeScript((box) => box.hidden, input), (hidden) => hidden, 'Esc did not close the box');
    assert.equal(await logLength(), before);

    p = await page.pressHead('undo');
    assert.ok(p.log[0].undone, 'the last change is marked undone');
    await page.untilTrack('Juno Park', 'health', '7 / 12 health', 'undo did not put 7 back');
    const shown = app.cli('--json', 'encounter', 'show', '--roster', ROSTER, 'Ambush');
    const juno = shown.state.order.find((x) => x.name === 'Juno Park').id;
    assert.equal(shown.state.system_state.parts[juno].wounds.health.current, 7, 'the database holds the undone state');
  }));

  test('a tracked number shows that it can be changed in place, more so under the pointer', () => withShot('track-look', async () => {
    await page.untilTrack('Juno Park', 'health', '7 / 12 health', 'the health is not shown');
    const rest = await page.trackLook('Juno Park', 'health');
    assert.equal(rest.cursor, 'pointer', 'a hand over it');
    assert.match(rest.title, /^Change Juno Park's health: type -7, \+3 or 12, then Enter$/);
    assert.equal(rest.underline, 'underline', 'underlined at rest');
    assert.equal(rest.underlineStyle, 'dotted');
    assert.equal(rest.pencil, '"✎"', 'a pencil after the number');
    assert.notEqual(rest.pencilColor, rest.accent, 'the pencil is quiet at rest');
    await page.hoverTrack('Juno Park', 'health');
    const hovered = await page.waitValue(
      () => page.trackLook('Juno Park', 'health'),
      (look) => look?.pencilColor === look?.accent && look?.underlineStyle === 'solid',
      'the pencil and underline did not stand out under the pointer',
    );
    assert.equal(hovered.underline, 'underline');
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'track-edit-hover.png'), await takeScreenshot(app.driver), 'base64');
  }));
});
