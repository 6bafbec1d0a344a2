// End-to-end test of the two other shipped example games from files (issue 31: "the three
// examples play from a file in the window"), `six-pool` (a d6 success pool and its push) and
// `two-dice-moves` (2d6 + stat read in three bands), as a GM plays them: a roster and a character
// whose sheet form is the file's, a roll from the sheet with the odds `rollbook odds` gives and
// the dice `rollbook roll --seed` gives, one table round with an NPC where the file's public
// tracker is changed in place and undone and a kind is rolled from the panel's Roll form and
// logged as shown, and the sheet printed to PDF. Then a kind with a list field (universe-as-file's
// group_stealth) rolled from the Roll form with the teammates typed: an entry the table refuses
// shown at that entry, then the request logged as shown. The D20 game, a file added in Systems…
// and the players' view are file-system.test.mjs's.
// Run with scripts/e2e.sh tests/e2e/file-examples.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Key } from 'selenium-webdriver';
import { BINARY, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { printToPdfText } from './chromium.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { FileTablePage } from './encounter-file-page.mjs';
import { expectedOdds } from './odds-expect.mjs';
import { RostersPage } from './rosters-page.mjs';
import { SheetPage } from './sheet-page.mjs';

const SEED = 11;

/**
 * Each example as a GM plays it: the sheet's number and rating typed, the sheet roll opened at
 * `rollPath` with the fields it fills from the sheet, the table's tracker and a kind rolled from
 * the Roll form with fields typed, and words the printed sheet must carry.
 */
const EXAMPLES = [
  {
    id: 'six-pool',
    name: 'Six Pool',
    roster: 'Salt Mine Crew',
    hero: 'Rook Tally',
    npc: 'Guard',
    number: { name: 'body', value: 3 },
    rating: { list: 'skills', name: 'sneak', value: 2 },
    // The 🎲 of the rating: the attribute from the sheet's body, the skill its own value.
    sheetRoll: { kind: 'roll', path: (at) => `skills[${at}]`, filled: { attribute: 3, skill: 2 } },
    tracker: { label: 'Stress', max: 10 },
    // A push of five dice with one 6 standing: the 6s counted, each pushed 1 a stress.
    tableRoll: { kind: 'push', fields: { dice: 5, kept: 1 }, line: 'Push' },
    printed: ['Six Pool', 'Body', 'Mind', 'Skills', 'sneak', 'Stress'],
  },
  {
    id: 'two-dice-moves',
    name: 'Two Dice Moves',
    roster: 'Neon Alley',
    hero: 'Vesper Quill',
    npc: 'Enforcer',
    number: { name: 'cool', value: 2 },
    rating: null,
    sheetRoll: { kind: 'move', path: () => 'rolls.move', button: 'Roll Move', filled: { stat: 2 }, typed: { forward: 1 } },
    tracker: { label: 'Harm', max: 6 },
    // A move with +1 ongoing: 2d6 + cool + 1 read as miss, weak hit or strong hit.
    tableRoll: { kind: 'move', fields: { ongoing: 1 }, line: 'Move' },
    printed: ['Two Dice Moves', 'Cool', 'Hard', 'Sharp', 'Harm', 'Look'],
  },
];

let app;
let dir;
let rosters;
let sheet;
const withShot = screenshotOnFailure('file-examples-', () => app.driver);

/** `rollbook --json ARGS` on the app's own database. */
const cliJson = (...args) => JSON.parse(execFileSync(BINARY, ['--json', ...args], { env: app.env, encoding: 'utf8', timeout: 60_000 }));
/** `rollbook ARGS` as printed, for the odds in the engine's own order (odds-expect.mjs). */
const cliText = (...args) => execFileSync(BINARY, args, { env: app.env, encoding: 'utf8', timeout: 60_000 });
/** The odds `rollbook odds` gives for `request`, as the window's widgets show them. */
const cliOdds = (request, roster) => expectedOdds({
  text: cliText('odds', JSON.stringify(request), '--roster', roster),
  json: cliJson('odds', JSON.stringify(request), '--roster', roster),
});
/** The newest `n` rolls of the roll log, as the command line reads them. */
const loggedRolls = (n) => JSON.parse(cliText('log', '--limit', String(n), '--format', 'json')).rolls;

function storedSheet(example) {
  const shown = cliJson('character', 'show', example.hero, '--roster', example.roster);
  return (shown.character ?? shown).sheet;
}

function storedState(example) {
  const shown = cliJson('encounter', 'show', 'Round one', '--roster', example.roster);
  return shown.encounter?.state ?? shown.state;
}

describe('the shipped example games from files, played in the window', { timeout: 20 * 60_000 }, () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rollbook-file-examples-e2e-'));
    app = await startApp();
    await shellReady(app.driver);
    rosters = new RostersPage(app.driver);
    sheet = new SheetPage(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const example of EXAMPLES) {
    test(`${example.name}: a character's sheet is the file's, and the number and rating typed are stored`, () => withShot(`${example.id}-sheet`, async () => {
      await showView(app.driver, 'rosters');
      await rosters.ready();
      await rosters.createRoster(example.roster, example.id);
      await rosters.createCharacter(example.hero);
      await sheet.waitState('saved');
      const { name, value } = example.number;
      await sheet.type(['sheet', name], value);
      await sheet.waitSaved(['sheet', name], value);
      if (example.rating) {
        const { list, name: rating, value: ranks } = example.rating;
        // The file suggests the rating: a blank sheet lists it at the file's default.
        const at = storedSheet(example)[list].findIndex((r) => r.name === rating);
        assert.ok(at >= 0, `a blank sheet lists ${rating}: ${JSON.stringify(storedSheet(example)[list])}`);
        await sheet.type(['sheet', list, at, 'value'], ranks);
        await sheet.waitSaved(['sheet', list, at, 'value'], ranks);
      }
      const stored = storedSheet(example);
      assert.equal(stored[name], value);
      if (example.rating) assert.equal(stored[example.rating.list].find((r) => r.name === example.rating.name).value, example.rating.value);
    }));

    test(`${example.name}: a roll from the sheet is filled from it, shows the CLI's odds and rolls the CLI's dice`, () => withShot(`${example.id}-roll`, async () => {
      const { kind, path, filled, typed = {} } = example.sheetRoll;
      const at = example.rating ? storedSheet(example)[example.rating.list].findIndex((r) => r.name === example.rating.name) : null;
      const rollPath = path(at);
      const page = await sheet.read();
      const button = page.rolls.find((r) => r.path === rollPath);
      assert.ok(button, `the sheet offers a roll at ${rollPath}: ${JSON.stringify(page.rolls)}`);
      // Its name says the roll once ("Roll Move", not "Move: Roll Move (Move)").
      assert.doesNotMatch(button.label, /^(.+): Roll \1\b|Roll (.+) \(\2\)$/, `the 🎲's name repeats itself: ${button.label}`);
      if (example.sheetRoll.button) assert.equal(button.label, example.sheetRoll.button);
      await sheet.openRoll(rollPath);
      for (const [field, value] of Object.entries(typed)) await sheet.typeInPanel(field, value);
      const wanted = { ...filled, ...typed };
      const panel = await sheet.waitFor(async () => {
        const now = await sheet.readPanel();
        return now?.ready && Object.entries(wanted).every(([k, v]) => now.request?.[k] === v) ? now : false;
      }, `the roll panel's request did not become ${JSON.stringify(wanted)}`);
      assert.deepEqual({ system: panel.request.system, roll: panel.request.roll }, { system: example.id, roll: kind });
      const expected = cliOdds(panel.request, example.roster);
      const shown = await sheet.readPanelOdds();
      assert.equal(shown.success, expected.success, 'the chance of success rollbook odds gives');
      assert.deepEqual(shown.rows, expected.rows, 'every outcome with its chance');
      assert.deepEqual(shown.bars, expected.bars, 'one bar per outcome');

      await sheet.setSeed(SEED);
      const field = Object.keys(wanted)[0];
      await (await sheet.panelField(field)).sendKeys(Key.chord(Key.CONTROL, Key.ENTER));
      const rolledPanel = await sheet.waitFor(async () => {
        const now = await sheet.readPanel();
        return now?.seed === String(SEED) && now.logged ? now : false;
      }, 'no roll was shown');
      const rolled = cliJson('roll', JSON.stringify(rolledPanel.request), '--seed', String(SEED), '--roster', example.roster);
      assert.deepEqual(rolledPanel.faces, rolled.groups.flatMap((g) => g.dice.map((d) => d.face)), 'the dice rollbook roll gives');
      assert.equal(rolledPanel.outcome, String(rolled.outcome));
      const [entry] = loggedRolls(1);
      assert.deepEqual(entry.request, rolledPanel.request, 'the log keeps the request rolled');
      await (await sheet.panelField(field)).sendKeys(Key.ESCAPE);
      await sheet.waitFor(async () => (await sheet.readPanel()) === null, 'Esc did not close the panel');
    }));

    test(`${example.name}: at the table the file's tracker changes in place and back, and a kind rolled from the Roll form is logged as shown`, () => withShot(`${example.id}-table`, async () => {
      const table = new FileTablePage(app.driver);
      await table.open(example.roster);
      await table.create('Round one');
      await table.addCharacters([example.hero]);
      let p = await table.addNpcs(example.npc, 1);
      const npc = `${example.npc} 1`;
      assert.deepEqual(p.order.map((o) => o.name), [example.hero, npc]);
      const heroId = p.order.find((o) => o.name === example.hero).id;
      const { label, max } = example.tracker;
      const tracker = (value) => `${value} / ${max} ${label}`;
      const start = storedSheet(example)[label.toLowerCase()];
      assert.equal(start, 0, `the file starts ${label} empty`);

      // The tracker the file names in `[table] trackers`: + adds one, Undo takes it back.
      await table.untilTrack(example.hero, 'tracker', tracker(0), `the panel did not show ${label} 0`);
      await table.click(`#encounter-system-host [data-participant-id="${heroId}"] button[data-role="tracker-up"]`);
      await table.untilTrack(example.hero, 'tracker', tracker(1), 'the + button did not add one');
      const tableValue = () => storedState(example).system_state.parts[heroId].trackers[label.toLowerCase()];
      assert.deepEqual(tableValue(), { value: 1, max });
      await table.press('undo');
      await table.untilTrack(example.hero, 'tracker', tracker(0), `undo did not put ${label} back`);
      assert.deepEqual(tableValue(), { value: 0, max });

      // Next turn, then back to the hero: the Roll form follows the turn.
      p = await table.press('next-turn');
      assert.equal(p.order.find((o) => o.current)?.name, npc);
      p = await table.press('next-turn');
      assert.equal(p.round, 'Round 2');

      const { kind, fields, line } = example.tableRoll;
      let t = await table.setRoll({ who: example.hero, kind, fields });
      t = await table.untilTable((x) => !x.oddsBusy && x.request?.roll === kind && Object.entries(fields).every(([k, v]) => x.request?.[k] === v), `the odds did not follow ${JSON.stringify(fields)}`);
      const request = t.request;
      assert.equal(request.system, example.id);
      const expected = cliOdds(request, example.roster);
      assert.equal(t.success, expected.success, 'the chance rollbook odds gives');
      const { page, table: shown } = await table.roll((x) => x.log[0]?.lines[0]?.startsWith(`${example.hero} rolls ${line}`), `the ${line} was not logged`);
      const [entry] = loggedRolls(1);
      assert.deepEqual(entry.request, request, 'the request logged is the one whose odds were shown');
      assert.equal(entry.participant_id, heroId);
      assert.equal(shown.result.outcome, String(entry.result.outcome));
      assert.deepEqual(shown.result.faces, entry.result.groups.flatMap((g) => g.dice.map((d) => d.face)), 'the dice logged');
      assert.ok(shown.result.events.includes(page.log[0].lines[0]), `the panel shows the logged line: ${JSON.stringify(shown.result.events)}`);
    }));

    test(`${example.name}: the sheet printed to PDF carries the character and the file's sections`, () => withShot(`${example.id}-print`, async () => {
      const html = join(dir, `${example.id}.html`);
      const pdf = join(dir, `${example.id}.pdf`);
      cliText('sheet', '--roster', example.roster, '--character', example.hero, '--out', html);
      const text = printToPdfText(html, pdf);
      for (const words of [example.hero, ...example.printed]) {
        assert.ok(text.includes(words), `the PDF reads "${words}":\n${text}`);
      }
    }));
  }

  test('Universe from a file: group_stealth rolled from the Roll form with the teammates typed as a list', () => withShot('universe-list', async () => {
    const roster = 'Shadow Run';
    await showView(app.driver, 'rosters');
    await rosters.ready();
    await rosters.createRoster(roster, 'file-universe');
    const table = new FileTablePage(app.driver);
    await table.open(roster);
    await table.create('Round one');
    const p = await table.addNpcs('Scout', 1);
    const scout = 'Scout 1';
    const scoutId = p.order.find((o) => o.name === scout).id;

    // The kind is offered, its list drawn with the file's default entries.
    let t = await table.setRoll({ who: scout, kind: 'group_stealth' });
    const members = t.typed.find((f) => f.name === 'members');
    assert.deepEqual(members?.items.map((i) => i.value), ['0', '0'], 'the file\'s default: two teammates at 0');
    assert.deepEqual(t.typed.map((f) => f.name), ['leader', 'difficulty', 'members'], 'the list on a row of its own, after the numbers');

    // A teammate past the file's range (-20 to 40): the table's refusal shown at that entry, no odds.
    t = await table.setRoll({ fields: { leader: 2, difficulty: 9, members: [3, 99, 1] } });
    t = await table.untilTable((x) => x.typed.find((f) => f.name === 'members')?.error, 'the refused entry was not shown at the list');
    const refused = t.typed.find((f) => f.name === 'members');
    assert.deepEqual(refused.items.map((i) => i.invalid), [false, true, false], 'the second entry is the one marked');
    assert.equal(refused.error, "Entry 2: 99 is out of range: Teammates' Stealth takes -20 to 40", 'the entry by its place, the field named once');
    assert.equal(t.request, null, 'no odds while refused');
    assert.equal(t.success, '—');

    // Fixed: the odds follow the list typed, and the roll logs exactly that request.
    t = await table.setRoll({ fields: { members: [3, -1, 1, 4] } });
    t = await table.untilTable((x) => !x.oddsBusy && JSON.stringify(x.request?.members) === '[3,-1,1,4]' && x.request?.leader === 2, 'the odds did not follow the teammates typed');
    assert.equal(t.typed.find((f) => f.name === 'members').error, null, 'the error is gone once fixed');
    const request = t.request;
    assert.deepEqual({ system: request.system, roll: request.roll, leader: request.leader, difficulty: request.difficulty }, { system: 'file-universe', roll: 'group_stealth', leader: 2, difficulty: 9 });
    assert.equal(t.success, cliOdds(request, roster).success, 'the chance rollbook odds gives');
    const { table: shown } = await table.roll((x) => x.log[0]?.lines[0]?.startsWith(`${scout} rolls`), 'the group stealth roll was not logged');
    const [entry] = loggedRolls(1);
    assert.deepEqual(entry.request, request, 'the request logged is the one whose odds were shown');
    assert.deepEqual(entry.request.members, [3, -1, 1, 4]);
    assert.equal(entry.participant_id, scoutId);
    assert.equal(shown.result.outcome, String(entry.result.outcome));
  }));
});
