// End-to-end test of "Share with the table" (issue 14) in the real app: the GM shares a
// universe encounter, a phone (headless Chromium at 390×844) opens the link and follows the
// turn within a second of the GM's Next turn; hiding a participant and showing another under an
// alias reach the phone and never leak the hidden one, the players' names or the notes; Undo
// takes the alias back; Stop sharing tells the phone and closes the port. The server listens on
// loopback only ($ROLLBOOK_SHARE_LISTEN).
// Run with scripts/e2e.sh tests/e2e/players.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure } from './app.mjs';
import { startChromium } from './chromium.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { GmPlayersPage, PlayersPage } from './players-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ARTIFACTS = join(REPO_ROOT, 'tests', 'e2e', 'artifacts');
const ROSTER = 'Black Meridian Crew';
/** What never leaves the GM's side: the roster's players' names and notes. */
const PRIVATE = JSON.parse(readFileSync(ALL_SYSTEMS, 'utf8')).rosters
  .find((r) => r.name === ROSTER).characters
  .flatMap((c) => [c.player, c.notes])
  .filter((text) => typeof text === 'string' && text.trim().length > 0);

let app;
let phone;
let gm;
let players;
const withShot = screenshotOnFailure('players', () => app.driver);

describe('sharing an encounter with the players\' phones', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp({ env: { ROLLBOOK_SHARE_LISTEN: '127.0.0.1:0' } });
    app.cli('--json', 'import', ALL_SYSTEMS);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    gm = new GmPlayersPage(app.driver);
    phone = await startChromium({ width: 390, height: 844 });
    players = new PlayersPage(phone.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await phone?.stop();
    await app?.stop();
  });

  test('the phone follows the turn, sees only what the GM shows, and hears Stop', () => withShot('share', async () => {
    assert.ok(PRIVATE.length >= 3, 'the fixture has players\' names and notes to keep back');
    await gm.open(ROSTER);
    await gm.create('Salvage Rights');
    await gm.addCharacters(['Captain Ines Moreau', 'Tobias Kell', 'Warden Ashby']);
    await gm.addNpcs('Drone', 2);

    const link = await gm.share();
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/p\/[0-9a-f]{32}\/$/);
    await gm.waitQr();
    assert.ok(await gm.qrShown(), 'the QR code is shown');
    await gm.closeShare();
    assert.equal((await gm.read()).dialogs, 0);
    await gm.waitShareButton(/Sharing/);
    assert.match(await app.driver.findElement({ css: '#encounter-share' }).getText(), /Sharing/);

    await phone.driver.get(link);
    const names = ['Captain Ines Moreau', 'Tobias Kell', 'Warden Ashby', 'Drone 1', 'Drone 2'];
    let seen = await players.until(
      (p) => p.encounter === 'Salvage Rights' && JSON.stringify(p.rows.map((r) => r.name)) === JSON.stringify(names) && p.now === 'Captain Ines Moreau',
      'the phone did not show the turn order',
    );
    assert.equal(seen.encounter, 'Salvage Rights');
    assert.deepEqual(seen.rows.map((r) => r.name), names);
    assert.equal(seen.now, 'Captain Ines Moreau');
    for (const secret of PRIVATE) assert.ok(!seen.html.includes(secret), `the page holds "${secret}"`);

    // The GM's Next turn reaches the phone within a second.
    await gm.click('#encounter-next-turn');
    const clicked = Date.now();
    await players.until((p) => p.now === 'Tobias Kell', 'the phone did not follow Next turn', 5_000);
    const took = Date.now() - clicked;
    assert.ok(took < 1000, `the turn change took ${took} ms to reach the phone`);
    await gm.until((p) => p.order.find((o) => o.current)?.name === 'Tobias Kell', 'the GM view did not move on');

    // Hidden: gone from the phone entirely. An alias: shown under it, health hidden.
    await gm.setVisibility('Drone 2', { hidden: true });
    await gm.setVisibility('Drone 1', { alias: 'Masked figure', health: 'hidden' });
    const notes = await gm.waitSeenNotes({ 'Drone 2': 'Hidden from the players', 'Drone 1': 'Shown as “Masked figure”, health hidden' });
    assert.equal(notes['Drone 2'], 'Hidden from the players');
    assert.equal(notes['Drone 1'], 'Shown as “Masked figure”, health hidden');
    seen = await players.until(
      (p) => JSON.stringify(p.rows.map((r) => r.name)) === JSON.stringify(['Captain Ines Moreau', 'Tobias Kell', 'Warden Ashby', 'Masked figure']) && p.rows[3].health === null,
      'the phone did not follow the GM\'s choices',
    );
    assert.deepEqual(seen.rows.map((r) => r.name), ['Captain Ines Moreau', 'Tobias Kell', 'Warden Ashby', 'Masked figure']);
    assert.equal(seen.rows[3].health, null, 'the masked figure\'s health is not shown');
    assert.ok(!seen.html.includes('Drone 2') && !seen.html.includes('Drone 1'), 'a hidden or aliased name leaked');
    const shot = await phone.driver.takeScreenshot();
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'players-phone.png'), shot, 'base64');

    // Undo takes the alias back, and H on a row shows Drone 2 again.
    await gm.press('undo');
    await players.until((p) => p.rows.some((r) => r.name === 'Drone 1'), 'Undo did not reach the phone');
    await gm.toggleHiddenByKey('Drone 2');
    seen = await players.until((p) => p.rows.length === 5, 'H did not show Drone 2 again');

    // A hidden participant's turn shows the players nothing new (issue 27: "HIDDEN TURN ·
    // Waiting for the next turn" told them an unseen enemy was there): the shared JSON stays
    // byte for byte what it was on Drone 1's turn, and the phone still shows Drone 1's turn.
    await gm.toggleHiddenByKey('Drone 2');
    await players.until((p) => p.rows.length === 4, 'H did not hide Drone 2 again');
    for (const name of ['Warden Ashby', 'Drone 1']) {
      await gm.click('#encounter-next-turn');
      await gm.until((p) => p.order.find((o) => o.current)?.name === name, `the GM view did not move on to ${name}`);
      await players.until((p) => p.now === name, `the phone did not follow the turn to ${name}`);
    }
    const state = async () => (await fetch(`${link}state`, { signal: AbortSignal.timeout(5000) })).text();
    const onDrone1 = await state();
    await gm.click('#encounter-next-turn');
    await gm.until((p) => p.order.find((o) => o.current)?.name === 'Drone 2', 'the GM view did not move on to the hidden Drone 2');
    assert.equal(await state(), onDrone1, 'the shared view changed on a hidden participant\'s turn');
    seen = await players.read();
    assert.equal(seen.now, 'Drone 1');
    assert.ok(!/hidden turn|waiting for the next turn/i.test(seen.html), 'the phone tells of a hidden turn');
    assert.ok(!seen.html.includes('Drone 2'), 'the hidden name leaked');
    // Shown again during its turn, Drone 2 has the turn on the phone too.
    await gm.toggleHiddenByKey('Drone 2');
    await players.until((p) => p.rows.length === 5 && p.now === 'Drone 2', 'the phone did not show Drone 2\'s turn once shown');

    // Stop sharing: the phone says so, and the port is closed.
    await gm.share();
    await gm.stopSharing();
    await players.until((p) => p.message === 'The GM stopped sharing' || p.status === 'The GM stopped sharing', 'the phone was not told sharing stopped');
    // The port closes as sharing stops: wait until a request finds nobody listening.
    let answered = null;
    await app.driver.wait(async () => {
      try {
        answered = (await fetch(`${link}state`, { signal: AbortSignal.timeout(5000) })).status;
        return false;
      } catch {
        return true;
      }
    }, 30_000, 'the server kept answering after Stop sharing').catch((error) => {
      error.message += ` (last answer: HTTP ${answered})`;
      throw error;
    });
    await assert.rejects(fetch(`${link}state`, { signal: AbortSignal.timeout(5000) }), 'the server still answers after Stop sharing');
    await gm.waitShareButton(/^Share/);
    assert.match(await app.driver.findElement({ css: '#encounter-share' }).getText(), /^Share/);
  }));
});
