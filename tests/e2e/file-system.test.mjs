// End-to-end test of a game from a file in the real window (issue 31), from the file to paper:
// a shipped system file (systems/d20-heroes.toml under an id of its own) added in the Systems…
// dialog, a roster of it from New roster and a character whose sheet form is built from the
// file (numbers, a ratings list, a tracker whose maximum is worked out from the sheet), a limit
// refused at its field as it is typed, the derived values shown; a roll from the sheet with the
// odds `rollbook odds` gives, rolled and found in the roll log; one table round with the
// character and an NPC, undone and played again, what the players' view shows of the file's
// public tracker; the hero's hit points changed in place with the file's table panel (typed,
// then +), undone back; Roll initiative (the order shown is the stored one) and a check against a
// DC from the panel's Roll form, logged as shown, both undone; its sheet printed to PDF and read back. A bad file's problems at their
// lines are systems.test.mjs's.
// Run with scripts/e2e.sh tests/e2e/file-system.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Key } from 'selenium-webdriver';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { printToPdfText, startChromium } from './chromium.mjs';
import { LogPage, shellReady, waitForToast } from './log-transfer-page.mjs';
import { FileTablePage } from './encounter-file-page.mjs';
import { expectedOdds } from './odds-expect.mjs';
import { GmPlayersPage, PlayersPage } from './players-page.mjs';
import { RostersPage } from './rosters-page.mjs';
import { SheetPage } from './sheet-page.mjs';
import { SystemsDialog } from './systems-page.mjs';

const ID = 'e2e-d20-heroes';
const SOURCE = join(REPO_ROOT, 'systems', 'd20-heroes.toml');
const ROSTER = 'Harbour Watch';
const HERO = 'Mira Vance';
const SEED = 7;

let app;
let dir;
let rosters;
let sheet;
const withShot = screenshotOnFailure('file-system-', () => app.driver);
const loc = (...path) => ['sheet', ...path];

/** `rollbook --json ARGS` on the app's own database. */
const cliJson = (...args) => JSON.parse(execFileSync(BINARY, ['--json', ...args], { env: app.env, encoding: 'utf8', timeout: 60_000 }));
/** `rollbook ARGS` as printed, for the odds in the engine's own order (odds-expect.mjs). */
const cliText = (...args) => execFileSync(BINARY, args, { env: app.env, encoding: 'utf8', timeout: 60_000 });

/** The stored sheet of the hero, as the command line reads it. */
function storedSheet() {
  const shown = cliJson('character', 'show', HERO, '--roster', ROSTER);
  return (shown.character ?? shown).sheet;
}

/** Waits until the sheet shows `label` (a derived value or a tracker's maximum) as `value`; answers the page. */
async function waitDerived(label, value) {
  let last = null;
  return sheet.waitFor(async () => {
    const page = await sheet.read();
    last = page?.derived;
    return page?.derived.some((d) => d.label === label && d.value === value) ? page : false;
  }, `the sheet never showed ${label} = ${value}`).catch((error) => {
    error.message += ` (derived: ${JSON.stringify(last)})`;
    throw error;
  });
}

describe('a game from a file, from the file to paper', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rollbook-file-system-e2e-'));
    app = await startApp({ env: { ROLLBOOK_SHARE_LISTEN: '127.0.0.1:0' } });
    await shellReady(app.driver);
    rosters = new RostersPage(app.driver);
    sheet = new SheetPage(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the file is added, New roster offers it, and the sheet form is the file\'s', () => withShot('sheet', async () => {
    const file = join(dir, `${ID}.toml`);
    const text = readFileSync(SOURCE, 'utf8');
    assert.ok(text.includes('id = "d20-heroes"'), 'the shipped file names its id as expected');
    writeFileSync(file, text.replace('id = "d20-heroes"', `id = "${ID}"`));
    const systems = new SystemsDialog(app.driver);
    await systems.open();
    await systems.addFromFile(file);
    const preview = await systems.preview();
    assert.deepEqual(preview.problems, []);
    await systems.confirmAdd(ID);
    await waitForToast(app.driver, new RegExp(`^Added D20 Heroes \\(${ID}, version 1\\)`));
    await systems.close();

    await showView(app.driver, 'rosters');
    await rosters.ready();
    await rosters.createRoster(ROSTER, ID);
    await rosters.createCharacter(HERO, { player: 'Jo' });
    let page = await sheet.waitState('saved');
    assert.equal(page.title, HERO);
    const blank = storedSheet();
    // A blank sheet: the file's defaults, its suggested ratings, the tracker full at 8 + 0.
    assert.equal(sheet.value(page, loc('strength')), String(blank.strength));
    await waitDerived('Strength modifier', '0');
    await waitDerived('Hit points maximum', '8');

    // Numbers: Strength 14 gives the derived modifier +2 and raises the tracker's maximum.
    await sheet.type(loc('strength'), 14);
    await sheet.waitSaved(loc('strength'), 14);
    await waitDerived('Strength modifier', '2');
    await waitDerived('Hit points maximum', '10');
    await sheet.type(loc('dexterity'), 13);
    await sheet.waitSaved(loc('dexterity'), 13);
    await waitDerived('Dexterity modifier', '1');

    // A limit refused beside its field as it is typed, and nothing of it stored.
    await sheet.blur();
    await sheet.type(loc('strength'), 21);
    page = await sheet.waitProblem('sheet.strength', /21/);
    // The file gives strength no label: the message names it by its name, capitalised.
    assert.equal(page.problems['sheet.strength'], 'Strength is 21; it takes 1 to 20');
    assert.equal(page.state, 'invalid');
    assert.deepEqual(page.invalid, [JSON.stringify(loc('strength'))]);
    assert.equal(storedSheet().strength, 14, 'the database kept 14');
    await sheet.type(loc('strength'), 14);
    await sheet.waitSaved(loc('strength'), 14);

    // The tracker: its maximum is the file's expression for this sheet (8 + 2), refused past it.
    await sheet.type(loc('hp'), 11);
    page = await sheet.waitProblem('sheet.hp', 'Hit points is 11; it takes 0 to 10');
    assert.equal(storedSheet().hp, blank.hp);
    await sheet.type(loc('hp'), 9);
    await sheet.waitSaved(loc('hp'), 9);

    // The ratings list: a new rating, named and valued, counted against the budget.
    const before = storedSheet().skills;
    await sheet.clickAction('add', loc('skills'));
    const at = before.length;
    await sheet.type(loc('skills', at, 'name'), 'sailing');
    await sheet.type(loc('skills', at, 'value'), 4);
    page = await sheet.waitSaved(loc('skills', at, 'value'), 4);
    const stored = storedSheet();
    assert.deepEqual(stored.skills.at(-1), { name: 'sailing', value: 4 });
    assert.deepEqual({ strength: stored.strength, dexterity: stored.dexterity, hp: stored.hp }, { strength: 14, dexterity: 13, hp: 9 });
    const total = stored.skills.reduce((sum, r) => sum + r.value, 0);
    await waitDerived('Skill bonuses total', `${total} of 20`);
  }));

  test('a roll from the sheet shows the CLI\'s odds, is rolled and is in the roll log', () => withShot('roll', async () => {
    const page = await sheet.read();
    const at = storedSheet().skills.findIndex((r) => r.name === 'sailing');
    const path = `skills[${at}]`;
    assert.ok(page.rolls.some((r) => r.path === path), `the sheet offers a roll of sailing (${JSON.stringify(page.rolls)})`);
    await sheet.openRoll(path);
    let panel = await sheet.readPanel();
    assert.equal(panel.fields.mod, '4', 'the modifier comes from the rating');
    await sheet.typeInPanel('dc', 14);
    panel = await sheet.waitFor(async () => {
      const now = await sheet.readPanel();
      return now?.ready && now.request?.dc === 14 ? now : false;
    }, 'the odds did not follow the DC');
    assert.equal(panel.request.system, ID);
    assert.equal(panel.request.mod, 4);
    const expected = expectedOdds({ text: cliText('odds', JSON.stringify(panel.request)), json: cliJson('odds', JSON.stringify(panel.request)) });
    const shown = await sheet.readPanelOdds();
    assert.equal(shown.success, expected.success, 'the chance of success rollbook odds gives');
    assert.deepEqual(shown.rows, expected.rows, 'every outcome with its chance');
    assert.deepEqual(shown.bars, expected.bars, 'one bar per outcome');

    await sheet.setSeed(SEED);
    await (await sheet.panelField('dc')).sendKeys(Key.chord(Key.CONTROL, Key.ENTER));
    panel = await sheet.waitFor(async () => {
      const now = await sheet.readPanel();
      return now?.seed === String(SEED) && now.logged ? now : false;
    }, 'no roll was shown');
    const rolled = cliJson('roll', JSON.stringify(panel.request), '--seed', String(SEED));
    assert.deepEqual(panel.faces, rolled.groups.flatMap((g) => g.dice.map((d) => d.face)), 'the dice rollbook roll gives');
    assert.equal(panel.outcome, String(rolled.outcome));
    assert.match(panel.logged, new RegExp(`In the roll log with ${HERO}`));
    await (await sheet.panelField('dc')).sendKeys(Key.ESCAPE);
    await sheet.waitFor(async () => (await sheet.readPanel()) === null, 'Esc did not close the panel');

    const log = new LogPage(app.driver);
    await log.open();
    await log.waitForRows(1);
    const [row] = await log.rows();
    assert.equal(row.roster, ROSTER);
    assert.equal(row.character, HERO);
    assert.equal(row.seed, String(SEED));
    const [entry] = JSON.parse(cliText('log', '--limit', '1', '--format', 'json')).rolls;
    assert.deepEqual(entry.request, panel.request, 'the log keeps the request rolled');
  }));

  test('one table round with the character and an NPC, undone and played again; the players see the public tracker', () => withShot('table', async () => {
    const gm = new GmPlayersPage(app.driver);
    await gm.open(ROSTER);
    await gm.create('Dockside');
    await gm.addCharacters([HERO]);
    let p = await gm.addNpcs('Smuggler', 1);
    assert.deepEqual(p.order.map((o) => o.name), [HERO, 'Smuggler 1']);
    assert.equal(p.order.find((o) => o.current)?.name, HERO);
    assert.equal(p.round, 'Round 1');

    p = await gm.press('next-turn');
    assert.equal(p.order.find((o) => o.current)?.name, 'Smuggler 1');
    p = await gm.press('undo');
    assert.equal(p.order.find((o) => o.current)?.name, HERO, 'undo gives the turn back');
    assert.ok(p.log[0].undone);
    p = await gm.press('next-turn');
    p = await gm.press('next-turn');
    assert.equal(p.round, 'Round 2', 'after the last, a new round');
    assert.equal(p.order.find((o) => o.current)?.name, HERO);
    const stored = cliJson('encounter', 'show', 'Dockside', '--roster', ROSTER);
    const state = stored.encounter?.state ?? stored.state;
    assert.equal(state.round, 2);
    assert.deepEqual(state.order.map((o) => o.name), [HERO, 'Smuggler 1']);

    // The players' view shows the file's public tracker (hp) as the hero's health.
    const link = await gm.share();
    await gm.closeShare();
    const phone = await startChromium();
    try {
      await phone.driver.get(link);
      const players = new PlayersPage(phone.driver);
      const seen = await players.until((x) => x.round === 'Round 2' && x.rows.length === 2, 'the players\' view did not show round 2');
      const hero = seen.rows.find((r) => r.name === HERO);
      assert.ok(hero, `the players see ${HERO}`);
      // The page shows the projection the server sends (its JSON at the link's `state`): the
      // file's first public tracker as health, at the sheet's value out of its worked-out maximum.
      const projection = await (await fetch(`${link}state`)).json();
      const health = projection.participants.find((x) => x.name === HERO).health;
      assert.deepEqual({ label: health.label, value: health.value, max: health.max }, { label: 'Hit points', value: storedSheet().hp, max: 10 });
      assert.match(hero.health, new RegExp(`^Health: ${health.value} of 10 Hit points, `));
    } finally {
      await phone.stop();
    }
  }));

  test('the file\'s table panel changes the hero\'s hit points in place, and Undo puts them back', () => withShot('trackers', async () => {
    const gm = new GmPlayersPage(app.driver);
    const hp = storedSheet().hp;
    // The panel shows the tracker the file names in `[table] trackers`, from the sheet.
    await gm.untilTrack(HERO, 'tracker', `${hp} / 10 Hit points`, 'the panel did not show the hero\'s hit points');
    const heroId = (await gm.settled()).order.find((o) => o.name === HERO).id;
    const tableHp = () => {
      const shown = cliJson('encounter', 'show', 'Dockside', '--roster', ROSTER);
      return (shown.encounter?.state ?? shown.state).system_state.parts[heroId].trackers.hp;
    };
    assert.deepEqual(tableHp(), { value: hp, max: 10 });

    // Typed: -4 takes away (the `adjust` move), then the + button adds one.
    const before = (await gm.settled()).log.length;
    await gm.typeTrack(HERO, 'tracker', '-4');
    await gm.untilTrack(HERO, 'tracker', `${hp - 4} / 10 Hit points`, 'typing -4 did not take 4 away');
    await gm.until((p) => p.log.length === before + 1, 'the change was not logged');
    await gm.click(`#encounter-system-host [data-participant-id="${heroId}"] button[data-role="tracker-up"]`);
    await gm.untilTrack(HERO, 'tracker', `${hp - 3} / 10 Hit points`, 'the + button did not add one');
    await gm.until((p) => p.log.length === before + 2, 'the + was not logged');
    assert.deepEqual(tableHp(), { value: hp - 3, max: 10 }, 'the encounter keeps the new value');

    // Undo, twice: the + and then the typed change, each seen going back.
    await gm.press('undo');
    await gm.untilTrack(HERO, 'tracker', `${hp - 4} / 10 Hit points`, 'undo did not take the + back');
    await gm.press('undo');
    await gm.untilTrack(HERO, 'tracker', `${hp} / 10 Hit points`, 'undo did not put the hit points back');
    assert.deepEqual(tableHp(), { value: hp, max: 10 });
  }));

  test('at the table, Roll initiative orders the turn as stored, a check against a DC is logged as shown, and Undo takes both back', () => withShot('table-rolls', async () => {
    const table = new FileTablePage(app.driver);
    const storedState = () => {
      const shown = cliJson('encounter', 'show', 'Dockside', '--roster', ROSTER);
      return shown.encounter?.state ?? shown.state;
    };
    /** The newest `n` rolls of the roll log, as the command line reads them. */
    const loggedRolls = (n) => JSON.parse(cliText('log', '--limit', String(n), '--format', 'json')).rolls;
    const first = storedState();
    const ids = (order) => order.map((o) => o.id);

    // The file declares `[table] initiative`: the panel offers it; everyone rolls it.
    let t = await table.untilTable((x) => x.initiative !== null && x.form, 'the panel did not offer Roll initiative and the Roll form');
    let p = await table.rollInitiative();
    const rolled = storedState();
    // The order shown is the stored encounter's, and that is the logged totals highest first.
    p = await table.until((x) => JSON.stringify(ids(x.order)) === JSON.stringify(ids(rolled.order)), 'the turn order shown is not the stored one after Roll initiative');
    assert.deepEqual(p.order.map((o) => o.name).sort(), [HERO, 'Smuggler 1'].sort());
    const initiative = loggedRolls(rolled.order.length);
    const totalOf = (id) => initiative.find((r) => r.participant_id === id).result.total;
    assert.deepEqual(initiative.map((r) => r.request.roll), rolled.order.map(() => 'initiative'));
    const totals = rolled.order.map((o) => totalOf(o.id));
    assert.deepEqual(totals, [...totals].sort((a, b) => b - a), `highest first: ${JSON.stringify(totals)}`);
    t = await table.untilTable((x) => x.initiativeEvents !== null, 'the panel did not say what the initiative rolled');
    assert.deepEqual(t.initiativeEvents, [p.log[0].lines[0]], 'the panel says what the log says');

    // A check of the hero's sailing against DC 12: the rating and the GM's fields only; the
    // range of the DC is the file's, as the catalog serves it.
    t = await table.setRoll({ who: HERO, kind: 'check', rating: 'sailing', fields: { dc: 12 } });
    assert.equal(t.against, null, 'a check reads nothing of an opponent');
    assert.deepEqual(t.typed.map((f) => f.name), ['dc', 'mode']);
    assert.deepEqual(t.typed.find((f) => f.name === 'dc'), { name: 'dc', type: 'number', value: '12', min: '1', max: '40' });
    t = await table.untilTable((x) => !x.oddsBusy && x.request?.dc === 12 && x.request?.mod === 4, 'the odds did not follow the DC and the rating');
    const request = t.request;
    assert.deepEqual({ system: request.system, roll: request.roll, mod: request.mod, dc: request.dc }, { system: ID, roll: 'check', mod: 4, dc: 12 });
    const expected = expectedOdds({ text: cliText('odds', JSON.stringify(request), '--roster', ROSTER), json: cliJson('odds', JSON.stringify(request), '--roster', ROSTER) });
    assert.equal(t.success, expected.success, 'the chance rollbook odds gives');

    // Rolled in secret (the encounter's switch, as for the five's panels).
    await table.click('#encounter-secret');
    await table.waitValue(() => app.driver.executeScript(() => document.getElementById('encounter-secret').checked), (on) => on, 'Roll in secret did not tick');
    const heroId = p.order.find((o) => o.name === HERO).id;
    const { page, table: shown } = await table.roll((x) => x.log[0]?.lines[0]?.startsWith(`${HERO} rolls Check`), 'the check was not logged');
    await table.click('#encounter-secret');
    await table.waitValue(() => app.driver.executeScript(() => document.getElementById('encounter-secret').checked), (on) => !on, 'Roll in secret did not untick');
    const [entry] = loggedRolls(1);
    assert.deepEqual(entry.request, request, 'the request logged is the one whose odds were shown');
    assert.equal(entry.participant_id, heroId);
    assert.equal(entry.secret, true);
    assert.equal(shown.result.outcome, String(entry.result.outcome));
    assert.deepEqual(shown.result.faces, entry.result.groups.flatMap((g) => g.dice.map((d) => d.face)), 'the dice logged');
    assert.equal(page.log[0].lines[0], `${HERO} rolls Check: ${entry.result.outcome} (${entry.result.total})`);
    assert.ok(shown.result.events.includes(page.log[0].lines[0]), `the panel shows the logged line: ${JSON.stringify(shown.result.events)}`);

    // Undo: the check, then the initiative; the order goes back to what it was.
    p = await table.press('undo');
    assert.ok(p.log[0].undone);
    p = await table.press('undo');
    const back = storedState();
    assert.deepEqual(ids(back.order), ids(first.order), 'the stored order is the one before the initiative');
    await table.until((x) => JSON.stringify(ids(x.order)) === JSON.stringify(ids(first.order)), 'undo did not put the turn order back');
  }));

  test('the sheet printed to PDF carries the character and the file\'s sections', () => withShot('print', async () => {
    await showView(app.driver, 'rosters');
    await rosters.ready();
    await rosters.selectRoster(ROSTER);
    await rosters.click(await rosters.rowSelector(HERO, '.row-open'));
    await sheet.waitState('saved');
    // Ctrl+P with the character open prints that sheet: laid out by the window first.
    await app.driver.actions().keyDown(Key.CONTROL).sendKeys('p').keyUp(Key.CONTROL).perform();
    let status = null;
    await app.driver.wait(async () => {
      status = await app.driver.executeScript(() => document.querySelector('.print-dialog .print-status')?.textContent ?? null);
      return /^1 sheet of /.test(status ?? '');
    }, 30_000, 'the print dialog did not lay the sheet out').catch((error) => {
      error.message += ` (the status: ${JSON.stringify(status)})`;
      throw error;
    });
    assert.match(status, new RegExp(`^1 sheet of ${ROSTER} on 1 page of (A4|Letter)\\.`));
    await app.driver.actions().sendKeys(Key.ESCAPE).perform();
    await app.driver.wait(async () => app.driver.executeScript(() => document.querySelector('.print-dialog') === null), 30_000, 'Esc did not close the print dialog');

    // The same print (`operations::print`) as the command line writes it, through Chromium's
    // "Save as PDF" (the window's print dialog is the system's, modal: no driver reaches it).
    const html = join(dir, 'sheet.html');
    const pdf = join(dir, 'sheet.pdf');
    cliText('sheet', '--roster', ROSTER, '--character', HERO, '--out', html);
    const text = printToPdfText(html, pdf);
    const stored = storedSheet();
    for (const words of [HERO, 'D20 Heroes', 'Skill bonuses', 'sailing', 'Hit points', `${stored.hp} of 10`, 'Strength modifier', 'Dexterity modifier']) {
      assert.ok(text.includes(words), `the PDF reads "${words}":\n${text}`);
    }
  }));
});
