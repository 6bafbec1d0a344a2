// End-to-end test of "Compare choices" on the encounter table's own forms (issue 13): the genre
// Act form's odds block compares the previewed action, and the chances it shows for each
// alternative are exactly those `rollbook --json odds REQUEST --vary FIELD=... --roster R`
// prints, formatted by the app's format.js, the best one marked; and the universe Attack form's
// plan "a fate card on the attack or kept for AC" shows, for each choice, the odds `rollbook odds`
// gives its requests and `rollbook odds --plan fate_card` gives the plan. Run with
// scripts/e2e.sh tests/e2e/encounter-compare.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STARTUP_TIMEOUT_MS, screenshotOnFailure, startApp } from './app.mjs';
import { ComparePage } from './compare-page.mjs';
import { GenrePanelPage } from './encounter-genre-page.mjs';
import { UniverseEncounterPage } from './encounter-universe-page.mjs';
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

  test('a fate card on the attack or kept for AC: each roll is its own odds, as --plan prints', () => withShot('plan', async () => {
    const uv = new UniverseEncounterPage(app.driver);
    await uv.open('Black Meridian Crew');
    await uv.create('Plan night');
    await uv.addCharacters(['Captain Ines Moreau', 'Warden Ashby']);
    const preview = await uv.previewMove('Attack', { Attacker: 'Captain Ines Moreau', Target: 'Warden Ashby' });
    const compare = new ComparePage(app.driver, '.uv-panel details.uv-move[open] .tp-odds');
    await compare.open();
    assert.ok((await compare.choices()).some((c) => c.id === 'plan:fate_card'), 'the plan is offered where the card is known');
    await compare.pick('plan:fate_card');
    const shown = await compare.waitFor('plan:fate_card');
    assert.deepEqual(shown.request, preview.request, 'the plan is of the previewed attack');
    const rolls = await app.driver.executeScript(() => [...document.querySelectorAll('.uv-panel details.uv-move[open] .compare-table tbody tr')]
      .map((tr) => ({ requests: JSON.parse(tr.dataset.rolls), later: tr.querySelector('.later')?.textContent ?? null })));
    assert.equal(rolls.length, 2, 'played, kept');
    const card = shown.rows[0].label.split(' ')[0];
    const [played, kept] = rolls;
    // Each figure is the single odds of its request.
    shown.rows.forEach((row, i) => {
      const [now, later] = rolls[i].requests.map((r) => app.cli('--json', 'odds', JSON.stringify(r), '--roster', 'Black Meridian Crew'));
      assert.equal(row.success, now.success, `${row.label}: this attack`);
      assert.equal(row.chance, formatPercent(now.success));
      assert.equal(rolls[i].later, formatPercent(later.success), `${row.label}: their attack later`);
    });
    // And the plan is the command line's, for the same attack, later attack and card.
    const byCli = app.cli('--json', 'odds', JSON.stringify(shown.request), '--roster', 'Black Meridian Crew', '--plan', 'fate_card',
      '--later', JSON.stringify(played.requests[1]), '--card', card);
    assert.deepEqual(byCli.alternatives.map((a) => a.rolls.map((r) => r.request)), [played.requests, kept.requests]);
    assert.deepEqual(shown.rows.map((r) => r.best), [0, 1].map((i) => byCli.best.includes(i)), 'the best as the rules judge it');
  }));
});
