// End-to-end test of "Compare choices" on the encounter table's own forms (issue 13): the genre
// Act form's odds block compares the previewed action, and the chances it shows for each
// alternative are exactly those `rollbook --json odds REQUEST --vary FIELD=... --roster R`
// prints, formatted by the app's format.js, the best one marked. Run with
// scripts/e2e.sh tests/e2e/encounter-compare.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STARTUP_TIMEOUT_MS, screenshotOnFailure, startApp } from './app.mjs';
import { ComparePage } from './compare-page.mjs';
import { GenrePanelPage } from './encounter-genre-page.mjs';
import { formatPercent } from '../../ui/js/format.js';

const ROSTER = 'Neon Genre Nights';
const ACT_ODDS = '#encounter-system-host .tp-act .tp-odds';

let app;
let page;
const withShot = screenshotOnFailure('encounter-compare ', () => app.driver);

describe('Compare on the genre table form', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    page = new GenrePanelPage(app.driver);
    await page.open(app, { roster: ROSTER, encounter: 'Compare night', characters: ['Sable', 'Rex Valor'] });
  }, { timeout: STARTUP_TIMEOUT_MS + 120_000 });

  after(async () => {
    await app?.stop();
  });

  test('Grunt 0 to 3 on the previewed action equals rollbook odds --vary under the roster', () => withShot('grunt', async () => {
    await page.setAct({ who: 'Sable', roll: 'Strength', grunt: 1 });
    const preview = await page.waitPreview((r) => r.grunt === 1, 'the Grunt did not reach the preview');
    const compare = new ComparePage(app.driver, ACT_ODDS);
    await compare.open();
    const offered = await compare.choices();
    assert.deepEqual(offered.map((c) => c.id), ['grunt', 'glory', 'opposing_glory', 'bust_a_nut'], 'the catalog\'s comparisons of a genre action');
    const shown = await compare.waitFor('grunt', { grunt: 1, dice: preview.request.dice });
    assert.deepEqual(shown.request, preview.request, 'the comparison is of the previewed request');
    assert.deepEqual(shown.rows.map((r) => r.value), [0, 1, 2, 3]);
    assert.deepEqual(shown.rows.map((r) => r.current), [false, true, false, false], 'the action as set now is marked');
    const answers = app.cli('--json', 'odds', JSON.stringify(shown.request), '--roster', ROSTER, '--vary', 'grunt=0,1,2,3');
    assert.equal(answers.length, 4);
    shown.rows.forEach((row, i) => {
      assert.equal(row.success, answers[i].success, `${row.label}: the exact chance`);
      assert.equal(row.chance, formatPercent(answers[i].success), `${row.label}: the chance shown`);
    });
    const top = Math.max(...answers.map((a) => a.success));
    assert.deepEqual(shown.rows.map((r) => r.best), answers.map((a) => top - a.success <= 1e-9), 'the best is marked');
    assert.deepEqual(shown.bars.map((b) => b.best), shown.rows.map((r) => r.best), 'and its column in the chart');

    // The comparison follows the form: Glory spent, with the new preview.
    await compare.pick('glory');
    await page.setAct({ glory: 1 });
    const again = await page.waitPreview((r) => r.glory === 1, 'the Glory did not reach the preview');
    const glory = await compare.waitFor('glory', { glory: 1 });
    assert.deepEqual(glory.request, again.request);
    const values = glory.rows.map((r) => JSON.stringify(r.value)).join(',');
    const byCli = app.cli('--json', 'odds', JSON.stringify(glory.request), '--roster', ROSTER, '--vary', `glory=${values}`);
    assert.deepEqual(glory.rows.map((r) => r.success), byCli.map((a) => a.success));
  }));
});
