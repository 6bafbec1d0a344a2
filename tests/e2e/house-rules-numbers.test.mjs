// End-to-end: a d12 roster's miss margin set in the house rules dialog (the served range and
// help, refused out of range at its input, Reset to the ruling), and a sheet's roll panel whose
// attack odds follow it, equal to `rollbook odds --roster` under that roster.
// Run with scripts/e2e.sh tests/e2e/house-rules-numbers.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { showView, startApp, screenshotOnFailure } from './app.mjs';
import { RostersPage } from './rosters-page.mjs';
import { SheetPage } from './sheet-page.mjs';
import { HouseRulesNumbersPage } from './house-rules-numbers-page.mjs';
import { formatPercent } from '../../ui/js/format.js';

let app;
let rosters;
let sheet;
let dialog;

const withShot = screenshotOnFailure('house-rules-numbers-', () => app.driver);
const ROSTER = 'Margins';

/** Opens the sheet roll of Dodge against an attack (an opposed roll) and reads its panel. */
async function dodgePanel() {
  await sheet.waitFor(async () => (await sheet.read())?.rolls.some((r) => r.path === 'abilities[0]'), 'Dodge has no 🎲');
  for (let index = 0; index < 3; index += 1) {
    await sheet.openRoll('abilities[0]', index);
    const panel = await sheet.readPanel();
    if (panel.request?.roll === 'opposed') return panel;
  }
  throw new Error('no opposed roll for Dodge');
}

/**
 * Marks the open sheet: saved house rules open it again (with the new rules), and a sheet not
 * marked is that new one.
 */
function markSheet() {
  return app.driver.executeScript(() => {
    document.querySelector('#sheet-slot .sheet').dataset.e2eBefore = 'house-rules';
  });
}

/** Waits until the sheet was opened again after the house rules were saved, and is saved. */
async function reopenedSheet() {
  await sheet.waitFor(async () => app.driver.executeScript(() => {
    const open = document.querySelector('#sheet-slot .sheet');
    return Boolean(open) && !open.dataset.e2eBefore;
  }), 'the sheet was not opened again with the new house rules');
  await sheet.waitState('saved');
}

function cliSuccess(request) {
  return app.cli('odds', JSON.stringify(request), '--roster', ROSTER).success;
}

describe('house-rule numbers in the real app', () => {
  before(async () => {
    app = await startApp();
    await showView(app.driver, 'rosters');
    rosters = new RostersPage(app.driver);
    sheet = new SheetPage(app.driver);
    dialog = new HouseRulesNumbersPage(app.driver);
    await rosters.ready();
  });

  after(async () => {
    await app?.stop();
  });

  test('the d12 miss margin set in the dialog changes the attack odds of a sheet roll, as the CLI computes them', () => withShot('miss-margin', async () => {
    await rosters.createRoster(ROSTER, 'd12');
    await rosters.createCharacter('Vex');
    await sheet.waitState('saved');

    let panel = await dodgePanel();
    const ruled = panel.success;
    assert.equal(ruled, formatPercent(cliSuccess(panel.request)), 'RULES.md\'s 3: the CLI\'s odds');

    // A d12 roster has a house rules dialog now: the miss margin, with the served range.
    await rosters.click('.roster-houseRules');
    let read = await dialog.waitOpen('miss_margin');
    assert.equal(read.chart, false, 'no stunt chart on a d12 roster');
    assert.deepEqual(Object.keys(read.numbers), ['miss_margin'], 'no Minor Damage on a d12 roster');
    const served = app.cli('kinds').house_rule_numbers.find((n) => n.name === 'miss_margin');
    const margin = read.numbers.miss_margin;
    assert.deepEqual([margin.value, margin.min, margin.max], ['3', String(served.min), String(served.max)]);
    assert.equal(margin.help, served.help);
    assert.equal(margin.standing, 'ruling');
    assert.equal(margin.resetDisabled, true);

    // Out of range: refused at the input, nothing saved.
    await dialog.type('miss_margin', 11);
    await dialog.save();
    read = await dialog.waitNumber('miss_margin', (margin) => margin.invalid && /11 is out of range/.test(margin.problem),
      'the out-of-range margin was not marked');
    assert.match(read.numbers.miss_margin.problem, /11 is out of range/);
    assert.equal(app.cli('--json', 'roster', 'show', ROSTER).roster.house_rules.miss_margin, 3, 'nothing was saved');

    await dialog.type('miss_margin', 5);
    read = await dialog.waitNumber('miss_margin', (margin) => margin.standing === 'house', '5 did not read as a house rule');
    assert.equal(read.numbers.miss_margin.standing, 'house');
    assert.equal(read.numbers.miss_margin.resetDisabled, false);
    await markSheet();
    await dialog.save();
    await dialog.waitClosed();
    assert.equal(app.cli('--json', 'roster', 'show', ROSTER).roster.house_rules.miss_margin, 5);

    // The same roll's odds under the house rule: the CLI's under the roster, lower than before.
    await reopenedSheet();
    panel = await dodgePanel();
    const expected = cliSuccess(panel.request);
    assert.equal(panel.success, formatPercent(expected), 'the CLI\'s odds under the roster');
    assert.notEqual(panel.success, ruled, 'the odds followed the miss margin');
    assert.ok(expected < app.cli('odds', JSON.stringify(panel.request)).success);

    // Reset to the ruling: back to 3 and the ruled odds.
    await rosters.click('.roster-houseRules');
    await dialog.waitOpen('miss_margin');
    await dialog.reset('miss_margin');
    read = await dialog.waitNumber('miss_margin', (margin) => margin.value === '3', 'Reset did not put the ruling back');
    assert.deepEqual([read.numbers.miss_margin.value, read.numbers.miss_margin.standing], ['3', 'ruling']);
    await markSheet();
    await dialog.save();
    await dialog.waitClosed();
    assert.equal(app.cli('--json', 'roster', 'show', ROSTER).roster.house_rules.miss_margin, 3);
    await reopenedSheet();
    panel = await dodgePanel();
    assert.equal(panel.success, ruled);
  }));
});
