// End-to-end test of dice rolled at the table and typed in, in the real window (issue 13): a
// Quick roll by hand (a 12 that explodes asks for its extra die once typed; Enter rolls), a
// sheet's roll by hand, and a d12 attack chain by hand at the table with an explosion — each
// landing in the roll log as by hand, with the outcome `rollbook roll --dice` gives the same faces.
// Run with scripts/e2e.sh tests/e2e/by-hand.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { By, Key } from 'selenium-webdriver';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure, sceneHelpers } from './app.mjs';
import { enterOnLast, readDice, typeFace, untilDice, WAIT_MS } from './by-hand-page.mjs';
import { D12EncounterPage } from './encounter-d12-page.mjs';
import { UniverseEncounterPage } from './encounter-universe-page.mjs';
import { LogPage, shellReady } from './log-transfer-page.mjs';
import { QuickRollPage } from './quick-roll-page.mjs';
import { openExample } from './scenes/sheet.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

let app;
const withShot = screenshotOnFailure('by-hand', () => app.driver);

/**
 * A new universe encounter `name` of Black Meridian Crew with `characters`, dice by hand on,
 * Deal pressed: answers once the dice dialog asks a card of each.
 */
async function dealByHand(name, characters) {
  const { driver } = app;
  const page = new UniverseEncounterPage(driver);
  await page.open('Black Meridian Crew');
  await page.create(name);
  await page.addCharacters(characters);
  await page.untilUniverse((p) => p.universe.rows.length === characters.length, `the universe panel did not list ${characters.join(', ')}`);
  if (!(await driver.findElement(By.css('#encounter-by-hand')).isSelected())) await driver.findElement(By.css('label[for="encounter-by-hand"]')).click();
  await driver.wait(async () => driver.findElement(By.css('#encounter-by-hand')).isSelected(), WAIT_MS, 'dice by hand did not turn on');
  await driver.findElement(By.css('.uv-deal')).click();
  const scope = 'dialog.dice-dialog[open]';
  await driver.wait(async () => (await driver.findElements(By.css(`${scope} .card-code`))).length === characters.length, WAIT_MS, 'no card asked for each combatant');
  return { driver, page, scope };
}

/** The newest roll of the log. */
const newestRoll = () => app.cli('--json', 'log').rolls[0];

before(async () => {
  app = await startApp();
}, { timeout: STARTUP_TIMEOUT_MS });

after(async () => {
  await app?.stop();
});

describe('dice rolled by hand', { timeout: 10 * 60_000 }, () => {
  test('Quick roll: a 12 asks for its extra die, Enter rolls, the log says by hand', () => withShot('quick', async () => {
    const { driver } = app;
    await showView(driver, 'quick-roll');
    const page = new QuickRollPage(driver);
    await page.ready();
    await page.choose('d12', 'straight');
    await page.fill({ ranks: 2, difficulty: 12 });
    // Leave the field first (its change event asks for the odds once more), so the switch is
    // turned on with no odds update under way. One that lands after the switch asks the engine
    // again for the dice, and the switch's own ask, answered as superseded, focuses nothing:
    // the first die is left without the focus (ui/js/by-hand/hand-roll.js).
    await page.leaveField();
    const request = await page.waitForOdds({ ranks: 2, difficulty: 12 });

    await driver.findElement(By.css('#quick-roll-by-hand')).sendKeys(' ');
    const scope = '#by-hand-slot';
    // The switch draws the dice the engine asks for, then focuses the first.
    let dice = await untilDice(driver, scope, (d) => d.dice.length === 3 && d.dice[0].focused, 'the three dice of ranks 2 were not asked for, the first focused');
    assert.deepEqual(dice.dice.map((d) => d.label), ['Ability d12 #1', 'Ability d12 #2', 'Ability d12 #3']);
    assert.ok(dice.dice[0].focused, 'the first die has the focus');
    assert.equal(await driver.findElement(By.css('#seed')).getAttribute('disabled'), 'true', 'no seed for dice by hand');

    dice = await typeFace(driver, scope, 5);
    await untilDice(driver, scope, (d) => d.dice[1].focused, 'a whole face did not move on to the next die');
    // A face the die does not have is not taken.
    const second = (await driver.findElements(By.css(`${scope} .dice-entry input`)))[1];
    await second.sendKeys('9');
    await second.sendKeys('9');
    dice = await untilDice(driver, scope, (d) => d.dice[1].value === '9', 'the 9 was not taken');
    await driver.executeScript((s) => {
      const input = document.querySelectorAll(`${s} .dice-entry input`)[1];
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, scope);
    // Emptied, and the engine has answered for it (one die in again): no answer for the 9 is left to come.
    await untilDice(driver, scope, (d) => d.dice[1].value === '' && d.status.startsWith('1 of 3 dice in.'), 'the die was not emptied');

    dice = await typeFace(driver, scope, 12);
    dice = await untilDice(driver, scope, (d) => d.dice.length === 4, 'the 12 did not ask for its extra die');
    const { label, sides, earned } = dice.dice[2];
    assert.deepEqual({ label, sides, earned }, { label: 'Ability: the 12 explodes, roll it once more', sides: 12, earned: true });
    assert.match(dice.status, /^2 of 4 dice in\. Next: Ability: the 12 explodes/);
    await typeFace(driver, scope, 3);
    dice = await typeFace(driver, scope, 7);
    assert.equal(dice.status, 'All 4 dice in.');
    const cli = app.cli('roll', JSON.stringify(request), '--dice', '5,12,3,7');
    assert.ok(dice.outcome.includes(cli.detail), `the running result shows the roll: ${dice.outcome}`);

    await enterOnLast(driver, scope);
    await driver.wait(async () => (await driver.findElement(By.css('#result')).getAttribute('data-by-hand')) === 'true', WAIT_MS, 'the roll did not land');
    const shown = await driver.findElement(By.css('#result')).getText();
    assert.ok(shown.includes('Rolled by hand at the table'), shown);
    const logged = newestRoll();
    assert.equal(logged.by_hand, true);
    assert.deepEqual(logged.dice, [5, 12, 3, 7]);
    assert.equal(logged.outcome, cli.outcome);
    assert.equal(logged.detail, cli.detail);
    // Ready for the next roll: the dice are empty again.
    await untilDice(driver, scope, (d) => d.dice.length === 3 && d.dice.every((x) => x.value === ''), 'the dice were not cleared');

    // The roll log says "by hand" where the seed goes, with no seed to copy.
    const log = new LogPage(driver);
    await log.open();
    await log.waitForRows(1, 'the roll by hand is not in the log');
    const [row] = await log.rows();
    assert.equal(row.id, logged.id);
    assert.equal(row.seed, 'by hand');
    const copies = await driver.findElements(By.css(`#log-table tr[data-id="${row.id}"] .log-copy`));
    assert.equal(copies.length, 0, 'no Copy button for a roll by hand');
  }));

  test('a sheet\'s roll by hand is logged with the character', () => withShot('sheet', async () => {
    const helpers = sceneHelpers(app, WAIT_MS);
    const sheet = await openExample(app.driver, helpers, 'genre');
    const roll = (await sheet.read()).rolls[0];
    await sheet.openRoll(roll.path);
    const { driver } = app;
    // From the keyboard: Space on the switch.
    await driver.findElement(By.css('.roll-panel .by-hand-box')).sendKeys(' ');
    await driver.wait(async () => driver.executeScript(() => document.querySelector('.roll-panel .by-hand-box').checked), WAIT_MS, 'the switch did not turn on');
    const scope = '.roll-panel';
    const asked = await untilDice(driver, scope, (d) => d.dice.length > 0, 'the roll panel asked for no dice');
    for (const die of asked.dice) await typeFace(driver, scope, Math.min(4, die.sides));
    const dice = await readDice(driver, scope);
    assert.ok(dice.outcome.endsWith('Roll to log it.'), dice.outcome);
    await driver.findElement(By.css('.roll-panel .roll-button')).click();
    await driver.wait(async () => (await driver.findElement(By.css('.roll-panel .rp-logged')).getText()).includes('rolled by hand'), WAIT_MS, 'the sheet\'s roll did not land');
    const logged = newestRoll();
    assert.equal(logged.by_hand, true);
    assert.equal(logged.seed, 0);
    assert.ok(logged.character_name, 'logged with the character');
    assert.deepEqual(logged.dice, asked.dice.map((d) => Math.min(4, d.sides)));
  }));

  test('a d12 attack chain by hand: the explosion asked for, both rolls logged by hand', () => withShot('d12', async () => {
    const { driver } = app;
    app.cli('--json', 'import', ALL_SYSTEMS);
    await driver.navigate().refresh();
    await shellReady(driver);
    const page = new D12EncounterPage(driver);
    await page.open('Friday Night Heroes');
    await page.create('Docks by hand');
    await page.addCharacters(['Overseer Kaan', 'Juno Park']);
    await page.untilD12((x) => x.parts.length === 2, 'the d12 panel did not list both');
    await driver.findElement(By.css('label[for="encounter-by-hand"]')).click();
    await driver.wait(async () => driver.findElement(By.css('#encounter-by-hand')).isSelected(), WAIT_MS, 'dice by hand did not turn on');
    // Setting the attack up rolls no dice: it is played at once.
    await page.startAttack({ attacker: 'Overseer Kaan', defender: 'Juno Park', ability: 'Guns', weapon: 'Laser Rifle' });

    // Guns 3 (four dice) against Dodge 2: a 12 first, so its extra die comes second; the
    // attacker's other dice 6s, the defender's 2s.
    await page.press('.d12-steps [data-role="attack-step"]');
    // The open dialog: a closed one leaves the page only on its close event.
    const scope = 'dialog.dice-dialog[open]';
    let dice = await untilDice(driver, scope, (d) => d.dice.length > 0, 'the attack asked for no dice');
    const asked = dice.dice.length;
    assert.deepEqual(dice.dice.slice(0, 4).map((d) => d.label), [1, 2, 3, 4].map((n) => `Attacker d12 #${n}`));
    dice = await typeFace(driver, scope, 12);
    dice = await untilDice(driver, scope, (d) => d.dice.length === asked + 1, 'the 12 did not earn its die');
    assert.equal(dice.dice[1].label, 'Attacker: the 12 explodes, roll it once more');
    assert.ok(dice.dice[1].earned && dice.dice[1].focused, 'the earned die is next');
    const typed = [12];
    for (const die of dice.dice.slice(1)) {
      const face = die.label.startsWith('Defender') ? 2 : 6;
      dice = await typeFace(driver, scope, face);
      typed.push(face);
    }
    assert.equal(dice.status, `All ${asked + 1} dice in.`);
    assert.ok(dice.said.some((line) => line.includes('Attack vs Dodge: margin ')), `what the move will say: ${dice.said}`);
    await enterOnLast(driver, scope);
    let panel = await page.untilD12((p) => p.stage?.includes('roll the damage'), 'the attack did not hit');
    const attack = newestRoll();
    assert.equal(attack.by_hand, true);
    assert.deepEqual(attack.dice, typed);

    // The damage: every die the dialog asks for, a 5 (nothing explodes, no defence of all 1s).
    await page.untilD12((p) => p.stepButton === 'Damage odds', 'the attack\'s odds were not kept');
    await page.press('.d12-steps [data-role="attack-step"]');
    await page.untilD12((p) => p.oddsReady && p.odds.request.roll === 'damage', 'the damage odds did not show');
    await page.press('.d12-steps [data-role="attack-step"]');
    dice = await untilDice(driver, scope, (d) => d.dice.length > 0, 'the damage asked for no dice');
    const count = dice.dice.length;
    for (let i = 0; i < count; i += 1) dice = await typeFace(driver, scope, 5);
    assert.equal(dice.dice.length, count, 'no die earned another');
    await driver.findElement(By.css(`${scope} button[type="submit"]`)).click();
    panel = await page.untilD12((p) => p.stage !== null && !p.stage.includes('roll the damage'), 'the damage did not land');
    const damage = newestRoll();
    assert.equal(damage.by_hand, true);
    assert.equal(damage.dice.length, count);
    assert.ok(panel.rows.length > 0, 'a row to choose');
    const log = app.cli('--json', 'log', '--character', 'Overseer Kaan').rolls;
    assert.deepEqual(log.slice(0, 2).map((r) => r.by_hand), [true, true], 'both rolls in the log as by hand');
  }));

  test('a universe deal from a real deck: the typed cards, checked against the deck', () => withShot('universe', async () => {
    const { driver, page, scope } = await dealByHand('Cards by hand', ['Captain Ines Moreau', 'Tobias Kell']);
    const inputs = await driver.findElements(By.css(`${scope} .card-code`));
    const names = await driver.executeScript((s) => [...document.querySelectorAll(`${s} .card-entry label`)].map((l) => l.textContent), scope);
    // The captain is dealt the 2 of clubs, Tobias the ace of spades: Tobias acts first.
    const cardOf = { 'Captain Ines Moreau': '2c', 'Tobias Kell': 'as' };
    // The same card typed twice: refused at the second box, which is marked, naming who holds it.
    for (const input of inputs) await input.sendKeys('as');
    const expected = `AS is dealt already this round (to ${names[0]})`;
    const boxes = () => driver.executeScript((s) => {
      const refusal = document.querySelector(`${s} .form-error`);
      return {
        invalid: [...document.querySelectorAll(`${s} .card-code`)].map((i) => i.getAttribute('aria-invalid') === 'true'),
        refusal: refusal.hidden ? '' : refusal.textContent,
      };
    }, scope);
    let seen = null;
    await driver.wait(async () => {
      seen = await boxes();
      return seen.refusal.includes(expected) && seen.invalid.join() === 'false,true';
    }, WAIT_MS).catch((error) => {
      error.message += ` (the second AS was not refused at its box; last seen: ${JSON.stringify(seen)})`;
      throw error;
    });
    for (const input of inputs) await input.sendKeys(Key.END, Key.BACK_SPACE, Key.BACK_SPACE);
    for (const [i, input] of inputs.entries()) await input.sendKeys(cardOf[names[i]]);
    // Who acts first is said only once both cards are in.
    const said = await untilDice(driver, scope, (d) => d.said.some((line) => line.includes('acts first')), 'the deal did not say who acts first');
    assert.ok(said.said.some((line) => line.includes('Tobias Kell acts first')), said.said.join(' | '));
    assert.deepEqual((await boxes()).invalid, [false, false], 'no box marked once the cards are right');
    await driver.findElement(By.css(`${scope} button[type="submit"]`)).click();
    const dealt = await page.untilUniverse((p) => p.universe.rows.every((r) => r.card), 'the typed cards were not dealt');
    assert.deepEqual(dealt.universe.rows.map((r) => [r.name, r.card]), [['Tobias Kell', 'AS'], ['Captain Ines Moreau', '2C']]);
  }));

  test('a joker dealt from a real deck asks for the fate card it draws, typed too', () => withShot('joker', async () => {
    const { driver, page, scope } = await dealByHand('Joker by hand', ['Tobias Kell', 'Warden Ashby']);
    const names = await driver.executeScript((s) => [...document.querySelectorAll(`${s} .card-entry label`)].map((l) => l.textContent), scope);
    // The Warden, a hostile NPC, is dealt a joker: the GM draws a negative fate card.
    const cardOf = { 'Warden Ashby': 'jk', 'Tobias Kell': '5c' };
    const inputs = await driver.findElements(By.css(`${scope} .card-code`));
    for (const [i, input] of inputs.entries()) await input.sendKeys(cardOf[names[i]]);
    let boxes = null;
    await driver.wait(async () => {
      boxes = await driver.executeScript((s) => [...document.querySelectorAll(`${s} .card-entry li`)].map((li) => ({ label: li.querySelector('label').textContent, fate: li.querySelector('input').dataset.fate === 'true' })), scope);
      return boxes.length === 3;
    }, WAIT_MS).catch((error) => {
      error.message += ` (no box for the fate card; last seen: ${JSON.stringify(boxes)})`;
      throw error;
    });
    assert.deepEqual(boxes[2], { label: 'Fate card for the GM', fate: true });
    await driver.findElement(By.css(`${scope} .card-code[data-fate="true"]`)).sendKeys('9d');
    const full = await untilDice(driver, scope, (d) => d.said.some((line) => line.includes('9 of diamonds') || line.includes('9D')), 'the deal did not say the GM drew the card typed');
    assert.ok(full.said.some((line) => line.includes('acts first')), full.said.join(' | '));
    await driver.findElement(By.css(`${scope} button[type="submit"]`)).click();
    await page.untilUniverse((p) => p.universe.rows.every((r) => r.card), 'the typed cards were not dealt');
    const shown = app.cli('--json', 'encounter', 'show', '--roster', 'Black Meridian Crew', 'Joker by hand');
    assert.deepEqual(shown.state.system_state.table.gm, ['9D'], 'the GM holds the card typed, not one the app drew');
  }));
});
