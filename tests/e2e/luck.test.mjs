// End-to-end test of the roll log's Luck tab in the real window: its verdict and numbers (the
// words, the rolls and mean rank per character and per evening, the chart's counts) are those of
// `rollbook --json log --luck` on the same database, a filter judges only what it picks, and
// each row shows its roll's percentile. Run with scripts/e2e.sh tests/e2e/luck.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { LuckPage } from './luck-page.mjs';
import { ordinal } from '../../ui/js/log/luck-model.js';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ATTACK = JSON.stringify({ system: 'universe', roll: 'attack', bonus: 5, ac: 15 });
const STRAIGHT = JSON.stringify({ system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 });

let app;
let luck;

function cliText(...args) {
  return execFileSync(BINARY, args, { env: app.env, encoding: 'utf8', timeout: 60_000 });
}
const cliJson = (...args) => JSON.parse(cliText('--json', ...args));
const withShot = screenshotOnFailure('', () => app.driver);
const VERDICT = { hot: 'Hot', cold: 'Cold', fair: 'Fair', too_few: 'Too few rolls to judge' };
/** The fewest rolls judged hot or cold (rollbook_rules::standing::MIN_ROLLS_JUDGED). */
const MIN_ROLLS_JUDGED = 8;

/** The panel's table rows as the CLI's report says they should read. */
function expectedRows(groups, label) {
  return groups.map((g) => ({
    label: label(g),
    rolls: g.luck.rolls,
    mean: ordinal(g.luck.mean),
    verdict: VERDICT[g.luck.verdict],
    words: g.luck.words,
  }));
}

describe('the Luck tab', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    luck = new LuckPage(app.driver);
    await shellReady(app.driver);
    cliText('import', ALL_SYSTEMS);
    // Criticals by hand for Tobias Kell, fumbles for Warden Ashby (enough of each to judge),
    // seeded d12 rolls for Vex (too few to judge).
    for (let i = 0; i < MIN_ROLLS_JUDGED; i++) {
      cliText('roll', ATTACK, '--dice', '20', '--character', 'Tobias Kell');
      cliText('roll', ATTACK, '--dice', '1', '--character', 'Warden Ashby');
    }
    for (let seed = 1; seed <= 6; seed++) cliText('roll', STRAIGHT, '--seed', String(seed), '--character', 'Vex');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('the verdict and numbers are those of rollbook log --luck', () => withShot('luck all', async () => {
    await luck.openLuck();
    const shown = await luck.read();
    const report = cliJson('log', '--luck');
    assert.equal(shown.words, report.overall.words);
    assert.equal(shown.verdict, report.overall.verdict);
    assert.match(shown.summary, new RegExp(`^${report.overall.rolls} rolls judged; their mean percentile is the ${ordinal(report.overall.mean)} `));
    assert.deepEqual(shown.characters, expectedRows(report.characters, (c) => c.name ?? 'No character'));
    assert.equal(shown.evenings.length, report.evenings.length);
    assert.deepEqual(shown.evenings.map(({ rolls, mean, verdict, words }) => ({ rolls, mean, verdict, words })),
      expectedRows(report.evenings, () => '').map(({ rolls, mean, verdict, words }) => ({ rolls, mean, verdict, words })));
    assert.deepEqual(shown.bars.map((title) => Number(/: (\d+) roll/.exec(title)[1])), report.overall.tenths);
    const kell = shown.characters.find((c) => c.label === 'Tobias Kell');
    assert.equal(kell.verdict, 'Hot');
    assert.equal(shown.characters.find((c) => c.label === 'Warden Ashby').verdict, 'Cold');
    const vex = shown.characters.find((c) => c.label === 'Vex');
    assert.deepEqual([vex.rolls, vex.verdict], [6, 'Too few rolls to judge'], 'six rolls are too few to judge');
    assert.match(vex.words, /^Too few rolls to judge: 6 rolls;/);
  }));

  test('each row shows its roll\'s percentile, as the report has it', () => withShot('luck rows', async () => {
    await luck.openRolls();
    const report = cliJson('log', '--luck');
    const ranks = await luck.ranks(report.rolls.length);
    for (const roll of report.rolls) assert.equal(ranks.get(roll.id), ordinal(roll.percentile), `roll ${roll.id}`);
    assert.equal(ranks.get(report.rolls.at(-1).id) !== undefined, true);
  }));

  test('a filter judges only the rolls it picks', () => withShot('luck filtered', async () => {
    await luck.choose('log-roster', 'Black Meridian Crew');
    await luck.waitForRows(2 * MIN_ROLLS_JUDGED);
    await luck.choose('log-character', 'Tobias Kell');
    await luck.waitForRows(MIN_ROLLS_JUDGED);
    await app.driver.findElement({ css: '#log-tab-luck' }).click();
    await luck.luckSettled();
    const shown = await luck.read();
    const report = cliJson('log', '--luck', '--character', 'Tobias Kell');
    assert.equal(shown.words, report.overall.words);
    assert.equal(shown.verdict, 'hot');
    assert.deepEqual(shown.characters, expectedRows(report.characters, (c) => c.name));
  }));

  test('one roll is too few rolls to judge, never Hot or Cold', () => withShot('luck one roll', async () => {
    cliText('roll', ATTACK, '--dice', '1', '--character', 'Captain Ines Moreau');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    await luck.open();
    await luck.choose('log-roster', 'Black Meridian Crew');
    await luck.waitForRows(2 * MIN_ROLLS_JUDGED + 1);
    await luck.choose('log-character', 'Captain Ines Moreau');
    await luck.waitForRows(1);
    await app.driver.findElement({ css: '#log-tab-luck' }).click();
    await luck.luckSettled();
    const shown = await luck.read();
    assert.equal(shown.verdict, 'too_few');
    assert.match(shown.words, /^Too few rolls to judge: 1 roll;/);
    assert.deepEqual(shown.characters.map((c) => [c.label, c.verdict]), [['Captain Ines Moreau', 'Too few rolls to judge']]);
  }));
});
