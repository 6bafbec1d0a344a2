// End-to-end test of "Compare" (choices side by side, issue 13) in the real window: in Quick roll
// and in a sheet's roll panel, the chances shown for each alternative are exactly those
// `rollbook --json odds REQUEST --vary FIELD=...` prints, formatted by the app's format.js, and
// the best one is marked. Run with scripts/e2e.sh.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { showView, startApp, STARTUP_TIMEOUT_MS, screenshotOnFailure, sceneHelpers } from './app.mjs';
import { ComparePage, IN_QUICK_ROLL, IN_ROLL_PANEL } from './compare-page.mjs';
import { QuickRollPage, WAIT_MS } from './quick-roll-page.mjs';
import { openExample } from './scenes/sheet.mjs';
import { formatPercent } from '../../ui/js/format.js';

let app;
const withShot = screenshotOnFailure('compare-', () => app.driver);

/** What the command line answers for the request the window compared, with the same values. */
function cliVaried(shown) {
  const values = shown.rows.map((row) => (typeof row.value === 'string' ? row.value : JSON.stringify(row.value)));
  return app.cli('--json', 'odds', JSON.stringify(shown.request), '--vary', `${shown.field}=${values.join(',')}`);
}

/** The window's columns are the CLI's answers; the best (highest success) is marked, and only it. */
function assertMatchesCli(shown) {
  const answers = cliVaried(shown);
  assert.equal(answers.length, shown.rows.length, 'one answer per choice');
  shown.rows.forEach((row, i) => {
    assert.equal(row.success, answers[i].success, `${row.label}: the exact chance`);
    assert.equal(row.chance, formatPercent(answers[i].success), `${row.label}: the chance shown`);
  });
  const top = Math.max(...answers.map((a) => a.success));
  const best = answers.map((a) => top - a.success <= 1e-9);
  if (best.every(Boolean)) assert.ok(shown.rows.every((r) => !r.best), 'no best when all are the same');
  else assert.deepEqual(shown.rows.map((r) => r.best), best, 'the best choice is marked');
  assert.equal(shown.bars.length, shown.rows.length, 'one column per choice');
  assert.deepEqual(shown.bars.map((b) => b.best), shown.rows.map((r) => r.best), 'the best column is marked in the chart');
  for (const row of shown.rows) assert.ok(shown.chartLabel.includes(`${row.label}: ${row.chance} chance of success`), `the chart names ${row.label}`);
  return answers;
}

before(async () => {
  app = await startApp();
}, { timeout: STARTUP_TIMEOUT_MS });

after(async () => {
  await app?.stop();
});

describe('Compare in Quick roll', () => {
  test('Grunt 0 to 3 on a genre action equals rollbook odds --vary', { timeout: 180_000 }, () => withShot('grunt', async () => {
    await showView(app.driver, 'quick-roll');
    const page = new QuickRollPage(app.driver);
    await page.ready();
    await page.choose('genre', 'action');
    await page.fill({ dice: 3, difficulty: 4, grunt: 1 });
    await page.waitForOdds({ dice: 3, difficulty: 4, grunt: 1 });
    const compare = new ComparePage(app.driver, IN_QUICK_ROLL);
    await compare.open();
    const offered = await compare.choices();
    assert.deepEqual(offered.map((c) => c.id), ['grunt', 'glory', 'opposing_glory', 'bust_a_nut'], 'the catalog\'s comparisons of a genre action');
    const shown = await compare.waitFor('grunt', { dice: 3, difficulty: 4, grunt: 1 });
    assert.deepEqual(shown.rows.map((r) => r.value), [0, 1, 2, 3]);
    assert.deepEqual(shown.rows.map((r) => r.current), [false, true, false, false], 'the roll as set now is marked');
    assertMatchesCli(shown);
    assert.ok(shown.rows[3].best, 'Grunt +3 is best');
    assert.match(shown.verdict, /^Best: Grunt \+3, [\d.]+% chance of success\.$/);

    // The comparison follows the form.
    await page.fill({ difficulty: 2 });
    assertMatchesCli(await compare.waitFor('grunt', { difficulty: 2 }));
  }));

  test('a fate card on a universe attack: the bonus plus each card', { timeout: 180_000 }, () => withShot('fate', async () => {
    const page = new QuickRollPage(app.driver);
    await page.choose('universe', 'attack');
    await page.fill({ bonus: 3, ac: 16 });
    await page.waitForOdds({ bonus: 3, ac: 16 });
    const compare = new ComparePage(app.driver, IN_QUICK_ROLL);
    await compare.open();
    await compare.pick('fate');
    const shown = await compare.waitFor('bonus', { bonus: 3, ac: 16 });
    assert.deepEqual(shown.rows.map((r) => r.value), [3, 5, 8, 11, 13], 'no card, then a 2, 5, 8 and a face card added to the bonus');
    assertMatchesCli(shown);
    await compare.pick('advantage');
    const advantage = await compare.waitFor('advantage', { bonus: 3, ac: 16 });
    assert.deepEqual(advantage.rows.map((r) => r.value), [false, true]);
    assertMatchesCli(advantage);
  }));
});

describe('Compare in a sheet\'s roll panel', () => {
  test('Rex Valor\'s roll: Grunt and Glory equal rollbook odds --vary', { timeout: 240_000 }, () => withShot('sheet', async () => {
    const helpers = sceneHelpers(app, WAIT_MS);
    const sheet = await openExample(app.driver, helpers, 'genre');
    const roll = (await sheet.read()).rolls[0];
    await sheet.openRoll(roll.path);
    const compare = new ComparePage(app.driver, IN_ROLL_PANEL);
    await compare.open();
    const shown = await compare.waitFor('grunt');
    assertMatchesCli(shown);
    await compare.pick('glory');
    const glory = await compare.waitFor('glory');
    assert.deepEqual(glory.rows.map((r) => r.value), [0, 1, 2, 3]);
    assertMatchesCli(glory);
    assert.ok(glory.rows[3].best, 'three Glory is best');
  }));
});
