// End-to-end test of Quick roll's Notation field in the real window (issue 29): the chart follows
// every key typed, the same as `rollbook odds` gives for that text; a problem underlines its
// column with the engine's words beside the field; each @name gets a value field, and Compare
// varies the target and a value as `rollbook odds --vary` does; an exploding pool rolled by hand
// asks for the die it earns once the face that earns it is typed, and the roll log keeps the
// notation as typed and the total. Run with scripts/e2e.sh tests/e2e/notation.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { By } from 'selenium-webdriver';
import { STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { enterOnLast, typeFace, untilDice } from './by-hand-page.mjs';
import { ComparePage, IN_QUICK_ROLL } from './compare-page.mjs';
import { NotationPage } from './notation-page.mjs';
import { formatPercent } from '../../ui/js/format.js';

let app;
const withShot = screenshotOnFailure('notation', () => app.driver);

/** What `rollbook odds` answers for a typed expression. */
function cliOdds(expr, values = {}, target = 1) {
  return app.cli('--json', 'odds', JSON.stringify({ system: 'dice', roll: 'expr', expr, values, target }));
}

/** The outcome keys of an odds answer in the chart's order (ascending values). */
const keysOf = (odds) => Object.keys(odds.outcomes).sort((a, b) => Number(a) - Number(b));

before(async () => {
  app = await startApp();
}, { timeout: STARTUP_TIMEOUT_MS });

after(async () => {
  await app?.stop();
});

describe('Quick roll: Notation', { timeout: 10 * 60_000 }, () => {
  test('the chart follows every key typed, as rollbook odds gives it', () => withShot('per-key', async () => {
    const { driver } = app;
    await showView(driver, 'quick-roll');
    const page = new NotationPage(driver);
    await page.openNotation();
    await page.clear();
    let typed = '';
    let charts = 0;
    for (const key of '4d6kh3') {
      typed += key;
      await page.press(key, typed);
      const shown = await page.waitForChecked(typed);
      if (shown.problems.length) {
        // "4d" is no roll yet: no odds, and the field says why.
        await page.waitForNoOdds();
        continue;
      }
      const request = await page.waitForOdds({ expr: typed });
      assert.deepEqual(request.values, {});
      const expected = cliOdds(typed);
      const chart = await page.readChart();
      assert.deepEqual(chart.bars, keysOf(expected), `the chart's bars for ${typed}`);
      assert.equal(chart.success, formatPercent(expected.success), `the chance for ${typed}`);
      assert.match(chart.meta, /avg|mean|average/i, `the mean is shown for ${typed}`);
      // The rows in sight are refilled with each answer in place: every one reads the new answer.
      const table = await page.readTable();
      assert.deepEqual(table.map((r) => [r.key, r.chance]), keysOf(expected).map((key) => [key, formatPercent(expected.outcomes[key])]), `the outcome table for ${typed}`);
      charts += 1;
    }
    // "4", "4d6", "4d6k"? (no), "4d6kh", "4d6kh3": every text that reads drew its own chart.
    assert.ok(charts >= 3, `only ${charts} charts were drawn`);
    // From odds straight to odds (no refusal between): the rows in sight are refilled, the
    // rest made; each table reads its own answer.
    await page.clear();
    typed = 'd';
    await page.press('d', typed);
    for (const key of '20') {
      typed += key;
      await page.press(key, typed);
      await page.waitForOdds({ expr: typed });
      const expected = cliOdds(typed);
      const table = await page.readTable();
      assert.deepEqual(table.map((r) => [r.key, r.chance]), keysOf(expected).map((key) => [key, formatPercent(expected.outcomes[key])]), `the outcome table for ${typed}`);
    }
    await page.clear();
    typed = '';
    for (const key of '4d6kh3') {
      typed += key;
      await page.press(key, typed);
      if ((await page.waitForChecked(typed)).problems.length === 0) await page.waitForOdds({ expr: typed });
    }

    // The target moves the line and the chance.
    await page.type('target', 15);
    await page.leaveField();
    await page.waitForOdds({ expr: '4d6kh3', target: 15 });
    const expected = cliOdds('4d6kh3', {}, 15);
    const chart = await page.readChart();
    assert.equal(chart.success, formatPercent(expected.success));
    assert.equal(chart.target, 'Target 15');
    assert.deepEqual(chart.succeeds, keysOf(expected).map((key) => Number(key) >= 15));
  }));

  test('a long-tailed explosion shows the outcomes that carry the chance, its far tail summed in one row', () => withShot('long-tail', async () => {
    const { driver } = app;
    await showView(driver, 'quick-roll');
    const page = new NotationPage(driver);
    await page.openNotation();
    await page.clear();
    await page.press('8d10x', '8d10x');
    await page.waitForChecked('8d10x');
    await page.waitForOdds({ expr: '8d10x' });
    const expected = cliOdds('8d10x');
    const keys = keysOf(expected);
    assert.ok(keys.length > 1000, `8d10x has ${keys.length} outcomes`);
    const chart = await page.readChart();
    const rows = await page.readTable();
    const listed = rows.filter((r) => r.key !== null).map((r) => r.key);
    assert.deepEqual(chart.bars, listed, 'the chart draws the outcomes the table lists one by one');
    assert.equal(listed.length, 100);
    // Consecutive outcomes, the likeliest among them, each with its own chance.
    const from = keys.indexOf(listed[0]);
    assert.deepEqual(listed, keys.slice(from, from + 100));
    const likeliest = keys.reduce((a, b) => (expected.outcomes[b] > expected.outcomes[a] ? b : a));
    assert.ok(listed.includes(likeliest), `the likeliest, ${likeliest}, is listed`);
    for (const row of rows.filter((r) => r.key !== null)) assert.equal(row.chance, formatPercent(expected.outcomes[row.key]), `the chance of ${row.key}`);
    // The rest, in one row per end, summed as the CLI's outcomes add up.
    const above = rows.find((r) => r.tail === 'above');
    assert.ok(above, 'the far tail has its row');
    const past = keys.slice(from + 100);
    assert.equal(above.label, `${past[0]} or more`);
    assert.equal(above.chance, formatPercent(past.reduce((sum, key) => sum + expected.outcomes[key], 0)));
    assert.equal(rows.at(-1), above, 'after every outcome listed');
    assert.match(chart.notDrawn, new RegExp(`^Not drawn: .*≥${past[0]} \\(`), 'the chart says what it leaves out');
  }));

  test('a problem underlines its column, with the engine\'s words beside the field', () => withShot('problem', async () => {
    const { driver } = app;
    const page = new NotationPage(driver);
    await page.clear();
    await page.press('4d6k3', '4d6k3');
    const shown = await page.waitForChecked('4d6k3');
    await page.waitForNoOdds();
    // The words and the column are the command line's (`rollbook dice check`).
    let refused = null;
    try {
      app.cli('--json', 'dice', 'check', '4d6k3');
    } catch (error) {
      refused = JSON.parse(String(error.stderr).trim().split('\n').pop());
    }
    assert.ok(refused, 'rollbook dice check refused 4d6k3');
    const [problem] = refused.error.problems;
    assert.equal(problem.column, 4);
    assert.deepEqual(shown.problems, [{ text: `Column ${problem.column}: ${problem.message}`, column: 4 }]);
    assert.match(problem.message, /did you mean kh3/);
    assert.deepEqual(shown.marks, ['k3'], 'the word at column 4 is marked');
    assert.ok(shown.invalid, 'the field is marked invalid');
    assert.ok(shown.describedBy.includes(shown.problemsId), 'the problem describes the field');
    const placed = await page.markPlacement('4d6k3', 4);
    assert.ok(Math.abs(placed.mark - placed.text) <= 1, `the mark sits under column 4 of the text (${JSON.stringify(placed)})`);

    // Fixed, the mark goes and the chart comes back.
    await page.press('\uE003\uE003kh3', '4d6kh3');
    const fixed = await page.waitForChecked('4d6kh3');
    assert.deepEqual(fixed.marks, []);
    assert.deepEqual(fixed.problems, []);
    assert.ok(!fixed.invalid);
    await page.waitForOdds({ expr: '4d6kh3' });
  }));

  test('each @name gets a value; Compare varies the target and a value as rollbook odds --vary does', () => withShot('values', async () => {
    const { driver } = app;
    const page = new NotationPage(driver);
    await page.clear();
    await page.press('d20+@bonus', 'd20+@bonus');
    let shown = await page.waitForChecked('d20+@bonus');
    assert.deepEqual(shown.values.map((v) => [v.name, v.label]), [['bonus', '@bonus']]);
    await page.driver.wait(async () => (await page.waitForOdds({ expr: 'd20+@bonus' })).values.bonus === 0, 30_000, 'the value never started at 0');
    const input = await page.valueInput('bonus');
    await input.sendKeys('\uE009a');
    await input.sendKeys('3');
    await page.waitForOdds({ expr: 'd20+@bonus', values: { bonus: 3 } });
    await page.type('target', 15);
    await page.leaveField();
    const request = await page.waitForOdds({ expr: 'd20+@bonus', values: { bonus: 3 }, target: 15 });

    const compare = new ComparePage(driver, IN_QUICK_ROLL);
    await compare.open();
    const choices = await compare.choices();
    assert.deepEqual(choices.map((c) => c.id), ['target', 'values.bonus']);
    for (const field of ['target', 'values.bonus']) {
      await compare.pick(field);
      const seen = await compare.waitFor(field, { expr: 'd20+@bonus', target: 15 });
      const values = seen.rows.map((row) => row.value);
      const varied = app.cli('--json', 'odds', JSON.stringify(request), '--vary', `${field}=${values.join(',')}`);
      assert.deepEqual(seen.rows.map((row) => row.chance), varied.map((odds) => formatPercent(odds.success)), `Compare on ${field}`);
      assert.equal(seen.rows.filter((row) => row.current).length, 1);
    }

    // A name erased keeps its value for when it comes back.
    await page.press('\uE003'.repeat('@bonus'.length), 'd20+');
    await page.press('1', 'd20+1');
    shown = await page.waitForChecked('d20+1');
    assert.deepEqual(shown.values, []);
    await page.press('\uE003@bonus', 'd20+@bonus');
    await page.waitForOdds({ expr: 'd20+@bonus', values: { bonus: 3 } });
  }));

  test('3d6x rolled by hand asks for the die a 6 earns, and the log keeps 3d6x and its total', () => withShot('by-hand', async () => {
    const { driver } = app;
    const page = new NotationPage(driver);
    await page.clear();
    await page.press('3d6x', '3d6x');
    await page.waitForChecked('3d6x');
    await page.type('target', 1);
    await page.leaveField();
    await page.waitForOdds({ expr: '3d6x', target: 1 });
    await driver.findElement(By.css('#quick-roll-by-hand')).sendKeys(' ');
    const scope = '#by-hand-slot';
    let dice = await untilDice(driver, scope, (d) => d.dice.length === 3 && d.dice[0].focused, 'the three dice of 3d6x were not asked for');
    dice.dice.forEach((die, i) => {
      assert.match(die.label, new RegExp(`^Pool 1 \\(3d6x\\) die #${i + 1}`), 'each die says what it is');
      assert.equal(die.sides, 6);
      assert.ok(!die.earned);
    });
    await typeFace(driver, scope, 2);
    dice = await typeFace(driver, scope, 6);
    // The pool's three dice come first (the explosion acts on what they show): no fourth die yet.
    assert.equal(dice.dice.length, 3);
    // With the three in, the 6 explodes: one more die is asked for, named for what earned it.
    await typeFace(driver, scope, 3);
    dice = await untilDice(driver, scope, (d) => d.dice.length === 4, 'the 6 did not earn a die');
    assert.ok(dice.dice[3].earned, 'the fourth die is earned');
    assert.match(dice.dice[3].label, /^Pool 1 \(3d6x\): die #2 shows 6 and explodes, roll one more/);
    assert.ok(!dice.status.startsWith('All'), 'the earned die is still to type');
    dice = await typeFace(driver, scope, 4);
    assert.equal(dice.dice.length, 4, 'a 4 earns nothing');
    await enterOnLast(driver, scope);
    const result = await page.waitForRoll(1);
    assert.match(result.detail, /^3d6x = 15/);

    const logged = app.cli('--json', 'log').rolls[0];
    assert.equal(logged.request.expr, '3d6x');
    assert.equal(logged.outcome, '15');
    assert.ok(logged.by_hand);
    assert.deepEqual(logged.dice, [2, 6, 3, 4]);

    // The roll log shows it by the notation typed.
    await showView(driver, 'log');
    let last = null;
    await driver.wait(async () => {
      last = await driver.executeScript(() => [...document.querySelectorAll('#log-body tr, .log-table tbody tr')].map((row) => row.textContent));
      return last.some((text) => text.includes('3d6x') && text.includes('15'));
    }, 30_000, 'the roll log never showed 3d6x').catch((error) => {
      error.message += ` (rows: ${JSON.stringify(last)})`;
      throw error;
    });

    // The same faces typed on the command line make the same roll.
    const again = app.cli('--json', 'roll', JSON.stringify(logged.request), '--dice', '2,6,3,4');
    assert.equal(again.outcome, '15');
  }));
});
