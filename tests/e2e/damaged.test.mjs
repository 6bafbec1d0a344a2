// End-to-end test of damaged records in the real window (issue 28): with Vex's stored sheet
// broken and Pixel Vanguard's rules system unknown (raw SQL), the Rosters view lists what reads
// and names each damaged record above the character list in Rust's own words (the newest sound
// snapshot included), the other rosters and characters keep working, and the notice's Backups…
// opens the Backups dialog with that snapshot in it. The sidebar counts the characters that read;
// the Roll log lists the rolls that read and names a damaged entry the same way.
// Run with scripts/e2e.sh tests/e2e/damaged.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, reloadPage, screenshotOnFailure, showView, startApp } from './app.mjs';
import { BackupsDialog } from './backups-page.mjs';
import { DamagedNotice, damageLogEntry, damageRecords } from './damaged-page.mjs';
import { LogPage, shellReady } from './log-transfer-page.mjs';
import { RostersPage } from './rosters-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

let app;
let page;
let notice;
const withShot = screenshotOnFailure('damaged-', () => app.driver);

describe('damaged records', { timeout: 10 * 60_000 }, () => {
  let snapshot;
  let pixel;
  let vex;

  before(async () => {
    app = await startApp();
    await shellReady(app.driver);
    app.cli('--json', 'import', ALL_SYSTEMS);
    snapshot = app.cli('--json', 'backup', 'now').id;
    pixel = app.cli('--json', 'roster', 'list').find((r) => r.name === 'Pixel Vanguard').id;
    vex = app.cli('--json', 'character', 'list', '--roster', 'Friday Night Heroes').find((c) => c.name === 'Vex').id;
    page = new RostersPage(app.driver);
    notice = new DamagedNotice(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 120_000 });

  after(async () => {
    await app?.stop();
  });

  test('with nothing damaged there is no notice', () => withShot('sound', async () => {
    await reloadPage(app.driver);
    await showView(app.driver, 'rosters');
    await page.ready();
    await page.until((p) => p.rosters.length === 5 && p.characters.length === 4, 'the five rosters are not listed');
    assert.deepEqual(await notice.read(), { shown: false, heading: '', items: [] });
  }));

  test('the rosters that read are listed and the damaged one is named, with its snapshot', () => withShot('rosters', async () => {
    damageRecords(app);
    await reloadPage(app.driver);
    await showView(app.driver, 'rosters');
    await page.ready();
    const shown = await page.until((p) => p.rosters.length === 4, 'the four sound rosters are not listed');
    assert.deepEqual(shown.rosters.map((r) => r.name).sort(), ['Black Meridian Crew', 'Friday Night Heroes', 'Neon Genre Nights', 'The Uncanny Stunt Squad']);
    const said = await notice.until((n) => n.shown && n.items.some((i) => i.rosterId === pixel), 'no notice names Pixel Vanguard');
    const item = said.items.find((i) => i.rosterId === pixel);
    assert.equal(item.code, 'damaged_record');
    assert.equal(item.characterId, '');
    assert.match(item.message, /^roster "Pixel Vanguard" \(/);
    assert.match(item.message, /cannot be read \(its rules system: "chess"/);
    assert.ok(item.message.includes(`The newest snapshot that holds it sound is ${snapshot}`), item.message);
  }));

  test('a roster holding a damaged character lists the others and names it', () => withShot('characters', async () => {
    await page.selectRoster('Friday Night Heroes');
    // The sidebar counts the characters that read: Vex is in the notice, not in the count.
    const shown = await page.until((p) => p.characters.length === 3 && p.rosters.find((r) => r.name === 'Friday Night Heroes')?.count === '3 characters', 'the three sound characters are not listed and counted');
    assert.deepEqual(shown.characters.map((c) => c.name).sort(), ['Brick', 'Juno Park', 'Overseer Kaan']);
    const said = await notice.until((n) => n.items.some((i) => i.characterId === vex), 'no notice names Vex');
    assert.equal(said.heading, '1 roster and 1 character cannot be read');
    const item = said.items.find((i) => i.characterId === vex);
    assert.equal(item.code, 'damaged_record');
    assert.match(item.message, /^the character "Vex" \(/);
    assert.match(item.message, /\) in roster "Friday Night Heroes" \(/);
    assert.ok(item.message.includes(`The newest snapshot that holds it sound is ${snapshot}`), item.message);
    // A sound character of it opens.
    await page.click(`.character-row[data-id="${shown.characters.find((c) => c.name === 'Brick').id}"]`);
    await page.until((p) => p.sheet === shown.characters.find((c) => c.name === 'Brick').id, 'Brick\'s sheet did not open');
  }));

  test('another roster works as usual, and the notice then names only the damaged roster', () => withShot('other', async () => {
    await page.selectRoster('The Uncanny Stunt Squad');
    const shown = await page.until((p) => p.characters.length === 4, 'the stunt roster\'s characters are not listed');
    const said = await notice.until((n) => n.items.length === 1, 'the notice still names a character of another roster');
    assert.equal(said.heading, '1 roster cannot be read');
    assert.equal(said.items[0].rosterId, pixel);
    const marla = shown.characters.find((c) => c.name === 'Marla Quick');
    await page.click(`.character-row[data-id="${marla.id}"]`);
    await page.until((p) => p.sheet === marla.id, 'Marla Quick\'s sheet did not open');
  }));

  test('the roll log lists the rolls that read and names a damaged entry', () => withShot('log', async () => {
    for (const seed of ['1', '2', '3']) app.cli('roll', '{"system":"stunt","roll":"check"}', '--seed', seed, '--roster', 'The Uncanny Stunt Squad');
    const broken = damageLogEntry(app, '2');
    const log = new LogPage(app.driver);
    await log.open();
    await log.waitForRows(2, 'the two sound rolls are not listed');
    const logNotice = new DamagedNotice(app.driver, 'log-damaged-notice');
    const said = await logNotice.until((n) => n.shown && n.items.length === 1, 'no notice names the damaged entry');
    assert.equal(said.heading, '1 roll-log entry cannot be read');
    assert.equal(said.items[0].code, 'damaged_record');
    assert.match(said.items[0].message, new RegExp(`^the roll-log entry ${broken} in roster "The Uncanny Stunt Squad" \\(`));
    await showView(app.driver, 'rosters');
  }));

  test('the notice\'s Backups… opens the Backups dialog, the sound snapshot in it', () => withShot('backups', async () => {
    await notice.openBackups();
    const backups = new BackupsDialog(app.driver);
    await backups.waitRead();
    const rows = await backups.rows();
    assert.ok(rows.some((r) => r.id === snapshot && r.restorable), JSON.stringify(rows));
    await backups.close();
  }));
});
