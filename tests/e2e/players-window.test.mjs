// End-to-end test of the players' window (issue 14) in the real app: the GM presses Players' view
// and the app opens its second window (label `players`, ui/players/index.html); it follows a
// universe round (the deal's cards, the turn order, "Cards dealt for round 1", Next turn within
// a couple of seconds), refuses a GM command, then switches to a d12 encounter opened with the
// shortcut P and follows an attack chain (its rolls in "Last rolls", the defender's health).
//
// Reliability (an earlier version once hung CI for ten minutes on the second window). The
// players' window is read through its own WebDriver window handle: that proved reliable here
// (switches 1–400 ms, one read 10–1000 ms, idle and on a loaded 2-core machine). What does hang
// is a screenshot of it while it is not shown: WebKit's driver answers a screenshot after the
// page's next paint, and an unmapped window never paints (tried with xdotool windowunmap: no
// answer, ever; scripts still answer, with visibilityState "hidden"). And a hung command used to
// hang the rest too: the failure screenshot was then taken of the same window. So:
// - every command on the players' window (and each switch to and from it) runs under a timer
//   of its own (players-window-page.mjs, CALL_MS) and fails the test at once, naming the
//   command; after one hangs, nothing more is sent to that session (the next test fails at once)
//   and the failure pictures come from the X server (import), never from WebDriver;
// - the window is entered only once its X window is mapped (xdotool) and its handle listed, read
//   only once the page is complete and shows an encounter, with one script per read, and
//   pictured only once the page says it is visible, and kept painting until the picture is
//   taken (a shown window where nothing changes does not paint either, and its screenshot hung
//   the same way);
// - the test is back on the GM's window before the GM acts;
// - the session's page-load and script timeouts are lowered to the same bound once the app is
//   up, so WebKit's driver gives up on its side too.
// The timings of the calls on the players' window are printed at the end.
// Run with scripts/e2e.sh tests/e2e/players-window.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, REPO_ROOT, STARTUP_TIMEOUT_MS, startApp } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { UniverseEncounterPage } from './encounter-universe-page.mjs';
import { D12EncounterPage } from './encounter-d12-page.mjs';
import { CALL_MS, PlayersWindow, mappedWindows, shotsOnFailure } from './players-window-page.mjs';
import { MAX_DICE, chanceText } from '../../ui/players/model.js';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const SHOT = join(ARTIFACTS, 'players-window.png');
/** "Within a couple of seconds" of the GM's Next turn (it takes some 200–600 ms here). */
const FOLLOW_MS = 3_000;
/**
 * Guns 3 against Dodge 2 gives 2 Damage Dice (the Laser Rifle's cap) with P ≈ 0.580 and 1 with
 * P ≈ 0.096; against Toughness 1 those reach row 2 or more with P ≈ 0.513 and 0.227 (the CLI's
 * exact odds): ≈ 0.32 a chain, so 40 chains all falling short has a chance of about 2e-7.
 */
const TRIES = 40;

let app;
let players;
const withShot = (name, body) => shotsOnFailure('players-window-failed-', players)(name, body);

/** The GM's turn order as the players' window should list it: names, and whose turn it is. */
const orderOf = (gmPage) => ({ names: gmPage.order.map((o) => o.name), now: gmPage.order.find((o) => o.current)?.name ?? null });
const shownOrder = (page) => ({ names: page.rows.map((r) => r.name), now: page.rows.find((r) => r.current)?.name ?? null });
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

describe('the players\' window in the real app', { timeout: 5 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    // From here on nothing navigates; a command that waits on a page longer than this is stuck.
    await app.driver.manage().setTimeouts({ script: CALL_MS, pageLoad: CALL_MS, implicit: 0 });
    players = new PlayersWindow(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    if (players) console.log(`players' window WebDriver calls: ${players.timingSummary() || 'none'}`);
    await app?.stop();
  });

  test('follows a universe round and Next turn, and may not call the GM\'s commands', () => withShot('universe', async () => {
    const gm = new UniverseEncounterPage(app.driver);
    await gm.open('Black Meridian Crew');
    await gm.create('Salvage Rights');
    await gm.addCharacters(['Captain Ines Moreau', 'Tobias Kell']);
    await gm.addNpcs('Drone', 2);
    let table = await gm.untilUniverse((p) => p.universe.rows.length === 4, 'the panel did not list all four');
    assert.deepEqual(mappedWindows(), [], 'no players\' window before the GM asks for it');

    await gm.click('#encounter-players-view');
    const opened = await players.attach();
    // The view can arrive (pushed) a moment before the window says it is live.
    let { page: shown, ms } = await players.until(
      (p) => p.encounter === 'Salvage Rights' && p.rows.length === 4 && p.transport === 'live' && same(shownOrder(p), orderOf(table)),
      'the players\' window did not show the encounter',
    );
    console.log(`the players' window opened in ${opened} ms and showed the encounter ${ms} ms later`);
    assert.equal(shown.transport, 'live');
    assert.equal(shown.round, 'Round 1');
    assert.deepEqual(shownOrder(shown), orderOf(table));
    assert.equal(shown.now, 'Captain Ines Moreau');
    assert.deepEqual(shown.rows.map((r) => r.side), ['PC', 'PC', 'NPC', 'NPC']);
    assert.match(shown.rows[0].health, /^Health: \d+ of \d+ hp/, 'a PC\'s health as numbers');
    assert.equal(shown.rows[2].health, 'Health: unhurt', 'an NPC\'s health in words');
    assert.ok(shown.rows.every((r) => !r.stats.some((s) => s.label === 'Card')), 'no cards before the deal');
    assert.ok(!shown.table.some((s) => /^Cards dealt/.test(s.label)));

    // The deal: every shown participant gets its card, in the GM's order, and the table says how many.
    table = await gm.deal();
    const cards = Object.fromEntries(table.universe.rows.map((r) => [r.name, r.card]));
    const cardsShown = (p) => Object.fromEntries(p.rows.map((r) => [r.name, r.stats.find((s) => s.label === 'Card')?.value ?? null]));
    ({ page: shown, ms } = await players.until(
      (p) => p.rows.every((r) => r.stats.some((s) => s.label === 'Card')) && p.table.some((s) => s.label === 'Cards dealt for round 1')
        && same(shownOrder(p), orderOf(table)) && same(cardsShown(p), cards),
      'the players\' window did not show the deal',
    ));
    console.log(`the deal reached the players' window in ${ms} ms`);
    assert.deepEqual(shownOrder(shown), orderOf(table), 'the turn order follows the cards as the GM\'s does');
    assert.deepEqual(Object.fromEntries(shown.rows.map((r) => [r.name, r.stats.find((s) => s.label === 'Card').value])), cards, 'each shows the card the GM dealt');
    assert.equal(shown.table.find((s) => s.label === 'Cards dealt for round 1').value, '4');
    assert.equal(shown.now, table.order[0].name);

    // Next turn: the players' window moves on within a couple of seconds.
    const next = table.order[1].name;
    const clicked = Date.now();
    await gm.click('#encounter-next-turn');
    await players.until((p) => p.now === next, `the players' window did not follow Next turn to ${next}`, FOLLOW_MS + 5_000);
    const took = Date.now() - clicked;
    console.log(`Next turn reached the players' window in ${took} ms`);
    assert.ok(took < FOLLOW_MS, `Next turn took ${took} ms to reach the players' window`);
    table = await gm.until((p) => p.order.find((o) => o.current)?.name === next, 'the GM\'s view did not move on');
    ({ page: shown } = await players.until((p) => p.now === next && same(shownOrder(p), orderOf(table)), 'the players\' window lost the turn'));
    assert.deepEqual(shownOrder(shown), orderOf(table));
    assert.ok(shown.rows.find((r) => r.name === next).current);

    // Its only command answers; a GM command is refused by the window's capability.
    const own = await players.invoke('players_view');
    assert.equal(own.ok?.encounter, 'Salvage Rights', JSON.stringify(own));
    const refused = await players.invoke('rosters');
    assert.ok(refused.refused, `the players' window read the rosters: ${JSON.stringify(refused).slice(0, 200)}`);
    assert.match(refused.refused, /not allowed/);

    await players.screenshot(SHOT);
    assert.equal((await players.handles()).length, 2);
  }));

  test('switches to a d12 encounter opened with P and follows an attack chain', () => withShot('d12', async () => {
    players.usable();
    const gm = new D12EncounterPage(app.driver);
    await gm.open('Friday Night Heroes');
    await gm.create('Rooftop');
    await gm.addCharacters(['Overseer Kaan', 'Juno Park']);
    let panel = await gm.untilD12((x) => x.parts.length === 2, 'the d12 panel did not list both');
    const healthBefore = panel.parts.find((x) => x.name === 'Juno Park').health;

    // The shortcut P, pressed on the page (nothing typed into a field).
    await app.driver.executeScript(() => document.activeElement?.blur());
    await app.driver.findElement({ css: 'body' }).sendKeys('p');
    await players.attach(); // the same window, now on Rooftop (attach fails if a new one opened)
    const gmNames = (await gm.read()).order.map((o) => o.name);
    let { page: shown } = await players.until(
      (p) => p.encounter === 'Rooftop' && same(p.rows.map((r) => r.name), gmNames) && p.noRolls
        && p.rows.find((r) => r.name === 'Juno Park')?.healthShown === healthBefore,
      'the players\' window did not switch to Rooftop',
    );
    assert.equal(shown.system, 'd12');
    assert.deepEqual(shown.rows.map((r) => r.name), gmNames);
    assert.ok(shown.noRolls, 'no rolls yet');
    const juno = () => shown.rows.find((r) => r.name === 'Juno Park');
    assert.equal(juno().healthShown, healthBefore, 'Juno\'s health as the GM\'s panel shows it');
    assert.equal(juno().healthWord, 'hurt');
    assert.equal(mappedWindows().length, 1, 'one players\' window');

    // One attack chain that reaches row 2 or more (row 1 takes no health); a miss, a held
    // defence or a lower row is tried again.
    let reached = null;
    for (let i = 0; i < TRIES && reached === null; i += 1) {
      panel = await gm.startAttack({ attacker: 'Overseer Kaan', defender: 'Juno Park', ability: 'Guns', weapon: 'Laser Rifle' });
      panel = await gm.step();
      if (panel.stage === null) continue;
      panel = await gm.step();
      if (panel.stage === null) continue;
      if (panel.rows.at(-1).row < 2) {
        await gm.applyRow();
        continue;
      }
      reached = panel.rows.at(-1).row;
    }
    assert.ok(reached !== null, `no attack reached row 2 in ${TRIES} tries`);
    await gm.applyRow();
    await gm.untilD12((x) => x.events.some((e) => e.startsWith(`Overseer Kaan chooses row ${reached}`)), 'the applied row was not reported');

    const state = app.cli('--json', 'encounter', 'show', '--roster', 'Friday Night Heroes', 'Rooftop').state;
    const health = state.system_state.parts[state.order.find((x) => x.name === 'Juno Park').id].wounds.health;
    const [damage, attack] = app.cli('--json', 'log', '--character', 'Overseer Kaan').rolls;
    assert.deepEqual([damage.roll, attack.roll], ['damage', 'opposed']);
    const expected = `${health.current} / ${health.max} health`;
    ({ page: shown } = await players.until(
      (p) => p.rolls.length >= 2 && p.rolls[0].dice.join() === damage.dice.flat(Infinity).slice(0, MAX_DICE).join()
        && p.rolls[1].dice.join() === attack.dice.flat(Infinity).slice(0, MAX_DICE).join()
        && p.rows.find((r) => r.name === 'Juno Park')?.healthShown === expected,
      'the players\' window did not show the chain\'s rolls and Juno\'s health',
    ));
    assert.notEqual(juno().healthShown, healthBefore, 'the health changed');
    assert.equal(juno().healthWord, health.current === 0 ? 'down' : health.current * 2 <= health.max ? 'bloodied' : 'hurt');
    const [shownDamage, shownAttack] = shown.rolls;
    assert.deepEqual([shownDamage.who, shownAttack.who], ['Overseer Kaan', 'Overseer Kaan']);
    assert.deepEqual([shownDamage.roll, shownAttack.roll], ['Damage roll', 'Opposed roll']);
    assert.deepEqual([shownDamage.outcome, shownAttack.outcome], [String(reached), String(attack.outcome)], 'the row reached, and the Damage Dice won');
    assert.deepEqual(shownAttack.dice, attack.dice.flat(Infinity).slice(0, MAX_DICE), 'the attack\'s dice as logged');
    assert.deepEqual(shownDamage.dice, damage.dice.flat(Infinity).slice(0, MAX_DICE), 'the damage dice as logged');
    for (const [row, logged] of [[shownAttack, attack], [shownDamage, damage]]) {
      assert.equal(row.chance, chanceText(app.cli('odds', JSON.stringify(logged.request)).success), `${row.roll}: the exact chance, as the CLI works it out`);
    }
    assert.ok(shown.rolls.length <= 6, 'at most six rolls');

    await players.screenshot(join(ARTIFACTS, 'players-window-d12.png'));
  }));

  test('P loads the players\' page again in a window that lost it', () => withShot('lost', async () => {
    players.usable();
    const lost = await players.losePage();
    assert.equal(lost.view, null, 'the window shows no players\' page');
    // The GM is still on Rooftop (the test before); P, pressed on the page.
    await app.driver.executeScript(() => document.activeElement?.blur());
    await app.driver.findElement({ css: 'body' }).sendKeys('p');
    await players.attach(); // the same window, loaded again (attach fails if a new one opened)
    const { page: shown } = await players.until(
      (p) => p.encounter === 'Rooftop' && p.transport === 'live',
      'P did not load the players\' page again',
    );
    assert.match(shown.href, /\/players\/index\.html$/);
    assert.equal(mappedWindows().length, 1, 'one players\' window');
  }));
});
