// End-to-end test of the real Rollbook window: the Quick roll panel shows the engine's exact
// odds (the same numbers `rollbook odds` prints, formatted by the app's own format.js), errors
// at the field at fault, and the dice `rollbook roll --seed N` prints.
// Run with scripts/e2e.sh (Xvfb, tauri-driver, WebKitWebDriver; ROLLBOOK_BIN picks the binary).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { showView, startApp, BINARY, APP_BINARY, STARTUP_TIMEOUT_MS, screenshotOnFailure } from './app.mjs';
import { QuickRollPage, WAIT_MS } from './quick-roll-page.mjs';
import { describeDie, formatPercent } from '../../ui/js/format.js';
import { expectedOdds } from './odds-expect.mjs';
import { verdictText } from '../../ui/js/result.js';


let app;
let page;

/** Runs `body`; on failure saves a screenshot of the window to tests/e2e/artifacts/. */
const withShot = screenshotOnFailure('', () => app.driver);

/** `rollbook odds|roll …` as raw text (stdout) and parsed. */
function cli(...args) {
  const text = execFileSync(BINARY, args, { env: app.env, encoding: 'utf8', timeout: 60_000 });
  return { text, json: JSON.parse(text) };
}

async function checkOddsMatchCli(system, kind, values) {
  await page.choose(system, kind);
  await page.fill(values);
  const request = await page.waitForOdds({ system, roll: kind, ...values });
  const expected = expectedOdds(cli('odds', JSON.stringify(request)));
  const shown = await page.readOdds();
  assert.equal(shown.success, expected.success, 'chance of success');
  assert.deepEqual(shown.rows.map(({ key, label, chance }) => ({ key, label, chance })), expected.rows, 'every outcome row');
  assert.deepEqual(shown.bars, expected.bars, 'one chart bar per outcome, in order');
  return { request, shown };
}

/** A seed whose roll of `request` shows at least `minStates` different die states (cheap: the CLI). */
function seedWithStates(request, minStates) {
  for (let seed = 1; seed <= 500; seed += 1) {
    const { json } = cli('roll', JSON.stringify(request), '--seed', String(seed));
    const states = new Set(json.groups.flatMap((g) => g.dice.map((d) => d.state)));
    if (states.size >= minStates) return seed;
  }
  throw new Error(`no seed up to 500 rolls ${minStates} die states for ${JSON.stringify(request)}`);
}

/** The roll on screen is exactly `rollbook roll <request> --seed <seed>`. */
function assertRollMatchesCli(shown, request, seed) {
  const { json } = cli('roll', JSON.stringify(request), '--seed', String(seed));
  assert.equal(shown.seed, String(seed), 'the seed shown');
  const dice = shown.groups.flatMap((g) => g.dice);
  assert.deepEqual(dice.map((d) => Number(d.face)), json.dice, 'the dice, in the order rolled');
  assert.deepEqual(shown.groups.map((g) => g.label), json.groups.map((g) => g.label), 'the dice groups');
  assert.deepEqual(shown.groups.map((g) => g.listLabel), json.groups.map((g) => g.label), 'each list of dice is named for screen readers');
  const cliDice = json.groups.flatMap((g) => g.dice);
  assert.deepEqual(dice.map((d) => d.state), cliDice.map((d) => d.state), 'what happened to each die');
  assert.deepEqual(dice.map((d) => d.label), cliDice.map(describeDie), 'each die is described in words');
  assert.equal(shown.verdict, verdictText(json), 'the outcome');
  assert.equal(shown.detail, json.detail, 'the detail line');
  return json;
}

describe('Quick roll in the real app', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    page = new QuickRollPage(app.driver);
    // Quick roll is the second tab of the app bar; the window opens on Rosters.
    await withShot('startup', async () => {
      await showView(app.driver, 'quick-roll');
      await page.ready();
    });
  }, { timeout: STARTUP_TIMEOUT_MS * 2 });

  after(async () => {
    if (!app) return;
    await app.stop();
    assert.deepEqual(app.processes(), [], 'tauri-driver, WebKitWebDriver and the app are gone');
  });

  test('the app runs with its own private data directory', () => {
    const pids = app.processes();
    const appPid = pids.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] === APP_BINARY);
    assert.ok(appPid, `the app ${APP_BINARY} is running under this test`);
    const env = readFileSync(`/proc/${appPid}/environ`, 'utf8').split('\0');
    assert.ok(env.includes(`XDG_DATA_HOME=${app.dataDir}`), 'XDG_DATA_HOME is the test temp dir');
    assert.ok(env.includes(`HOME=${app.env.HOME}`), 'HOME is the test temp dir');
    assert.ok(app.dataDir.startsWith(app.root));
  });

  test('marks pool, attribute 3 / skill 3: the odds shown are the CLI odds', () => withShot('odds-marks', async () => {
    const { shown } = await checkOddsMatchCli('marks', 'pool', { attribute_dice: 3, skill_dice: 3 });
    assert.equal(shown.success, '90.81%', 'RULES.md: P(at least 1 Mark) = 0.9081');
  }));

  test('d12 opposed, 4 ranks against 2: the odds shown are the CLI odds', () => withShot('odds-d12', async () => {
    const { shown } = await checkOddsMatchCli('d12', 'opposed', { attacker_ranks: 4, defender_ranks: 2 });
    assert.deepEqual(shown.rows.map((r) => r.key), ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], 'Damage Dice 0 (miss) to 9');
  }));

  test('GENRE action, 2 dice against 3: negative results are listed in the engine order', () => withShot('odds-genre', async () => {
    const { shown } = await checkOddsMatchCli('genre', 'action', { dice: 2, difficulty: 3 });
    const numbers = shown.rows.map((r) => Number(r.key));
    assert.ok(numbers[0] < 0, 'critical failures first');
    assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  }));

  test('stunt check, chosen levels: the odds shown are the CLI odds', () => withShot('odds-stunt', async () => {
    const { shown } = await checkOddsMatchCli('stunt', 'check', { active: 'Skilled', defending: 'Average' });
    assert.equal(shown.success, '75.00%', 'RULES.md: Skilled vs Average succeeds 27/36');
  }));

  test('a system shipped as a file (d20-heroes, docs/system-files.md): its odds are the CLI odds and a seeded roll its dice', () => withShot('odds-file-system', async () => {
    const { request, shown } = await checkOddsMatchCli('d20-heroes', 'check', { mod: 3, dc: 15, mode: 'advantage' });
    // Hand-worked: the better of two d20 shows 12 or more, 1 - (11/20)^2.
    assert.equal(shown.success, formatPercent(279 / 400));
    const rolls = await page.rollCount();
    await page.setSeed(11);
    await page.pressRoll();
    assertRollMatchesCli(await page.waitForRoll(rolls + 1), request, 11);
  }));

  test('a kind at the same place in another system\'s list can be picked (WebKit change events)', () => withShot('kind-switch', async () => {
    await page.choose('d12', 'opposed'); // the second kind of d12
    await page.choose('stunt', 'doubles'); // the second kind of stunt: must not be swallowed
    assert.deepEqual(Object.keys(await page.waitForOdds({ system: 'stunt', roll: 'doubles' })), ['system', 'roll', 'needed']);
  }));

  test('an out-of-range value shows an error at its field that names the problem', () => withShot('field-error', async () => {
    await page.choose('marks', 'pool');
    await page.fill({ attribute_dice: 3, skill_dice: 3 });
    await page.waitForOdds({ attribute_dice: 3, skill_dice: 3 });
    const rolls = await page.rollCount();

    await page.type('attribute_dice', 61);
    // The error of 61 (the engine's, after the debounce), not one shown while the field was typed over.
    const error = await page.waitForFieldError('attribute_dice', /61/);
    assert.match(error.text, /61/, 'the message quotes the value');
    assert.match(error.text, /out of range/i, 'the message says what is wrong');
    assert.match(error.text, /0 to 60/, 'the message says what would be accepted');
    assert.ok(error.invalid, 'the input is marked aria-invalid');
    assert.ok(error.linked, 'the input is described by the message');
    assert.equal(await page.fieldError('skill_dice'), null, 'no other field is blamed');
    const odds = await page.readOdds();
    assert.equal(odds.success, '—', 'no odds are shown for a request that cannot be made');
    assert.deepEqual(odds.rows, []);

    // Roll reads the form (which clears the field's error at once) and asks the engine, whose
    // refusal shows the error again and focuses the field: wait for that answer, not only for
    // the focus (typing left it in the field already).
    await page.pressRoll();
    let seen = null;
    await app.driver.wait(async () => {
      seen = {
        focus: await app.driver.switchTo().activeElement().getAttribute('data-input'),
        error: (await page.fieldError('attribute_dice'))?.text ?? null,
      };
      return seen.focus === 'attribute_dice' && /61/.test(seen.error ?? '');
    }, WAIT_MS, 'Roll did not bring the field at fault into focus').catch((e) => {
      e.message += ` (last seen: ${JSON.stringify(seen)})`;
      throw e;
    });
    assert.equal(await page.rollCount(), rolls, 'nothing was rolled');

    await page.type('skill_dice', '');
    await page.waitForFieldError('skill_dice', /whole number/);
    assert.match((await page.fieldError('skill_dice')).text, /whole number/);

    await page.fill({ attribute_dice: 3, skill_dice: 3 });
    const request = await page.waitForOdds({ attribute_dice: 3, skill_dice: 3 });
    assert.equal(await page.fieldError('attribute_dice'), null, 'the error goes once the value is fixed');
    assert.equal(await page.fieldError('skill_dice'), null);
    assert.equal((await page.readOdds()).success, expectedOdds(cli('odds', JSON.stringify(request))).success);
  }));

  test('Roll with a seed shows exactly the dice of `rollbook roll --seed`, each state distinct', () => withShot('roll-seed', async () => {
    const values = { attribute_dice: 4, skill_dice: 2, super_dice: 2, super_skill_dice: 1 };
    await page.choose('marks', 'pool');
    await page.fill(values);
    const request = await page.waitForOdds(values);
    const seed = seedWithStates(request, 4);
    const rolls = await page.rollCount();
    await page.setSeed(seed);
    await page.pressRoll();
    const shown = await page.waitForRoll(rolls + 1);
    const json = assertRollMatchesCli(shown, request, seed);
    // The odds are those of the roll's request again (with its outcome marked) before they are read.
    await page.waitForOdds(request);

    // Kept, dropped, rolled-again and cancelled dice must look different, not only read so.
    const looks = new Map();
    for (const die of shown.groups.flatMap((g) => g.dice)) {
      looks.set(die.state, JSON.stringify([die.border, die.borderColor, die.background, die.decoration]));
    }
    assert.ok(looks.size >= 4);
    assert.equal(new Set(looks.values()).size, looks.size, `each state has its own look: ${JSON.stringify([...looks])}`);

    const odds = await page.readOdds();
    assert.deepEqual(odds.rows.filter((r) => r.hot).map((r) => r.key), [String(json.outcome)], 'the rolled outcome is marked in the odds');
    const history = await app.driver.findElement({ css: '#history li .history-outcome' }).getText();
    assert.ok(history.startsWith(verdictText(json)), `history shows the roll: ${history}`);

    // The same seed again gives the same dice.
    await page.pressRoll();
    assertRollMatchesCli(await page.waitForRoll(rolls + 2), request, seed);
  }));

  test('Enter rolls from a field, and a fresh roll can be replayed from the seed it shows', () => withShot('roll-enter', async () => {
    const values = { attacker_ranks: 4, defender_ranks: 2 };
    await page.choose('d12', 'opposed');
    await page.fill(values);
    const request = await page.waitForOdds(values);
    await page.setSeed(null);
    const rolls = await page.rollCount();
    await page.pressEnterIn('defender_ranks');
    const shown = await page.waitForRoll(rolls + 1);
    assert.match(shown.seed ?? '', /^\d+$/, 'a fresh roll shows its seed');
    assertRollMatchesCli(shown, request, shown.seed);

    await page.setSeed(5);
    await page.pressEnterIn('attacker_ranks');
    assertRollMatchesCli(await page.waitForRoll(rolls + 2), request, 5);
  }));
});

