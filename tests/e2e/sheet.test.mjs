// End-to-end test of the character sheet editor, the roll panel and the house rules dialog in
// the real app: rosters and characters made through the window, edits checked by the rules as
// they are typed, an over-limit value refused and not saved (the CLI reads the same database),
// undo/redo saving, a roll from the sheet with the CLI's odds and dice, found in the roll log.
// Run with scripts/e2e.sh tests/e2e/sheet.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Key } from 'selenium-webdriver';
import { clickWhenClickable, sceneHelpers, showView, startApp, screenshotOnFailure } from './app.mjs';
import { RostersPage } from './rosters-page.mjs';
import { SheetPage, readHouseRules, typeInto } from './sheet-page.mjs';
import { npcSmall } from './scenes/sheet.mjs';
import { formatPercent } from '../../ui/js/format.js';


let app;
let rosters;
let sheet;

const withShot = screenshotOnFailure('sheet-', () => app.driver);

/** The stored sheet of a character, as the command line reads it from the app's database. */
function storedSheet(roster, name) {
  const shown = app.cli('--json', 'character', 'show', name, '--roster', roster);
  return (shown.character ?? shown).sheet;
}

const loc = (...path) => ['sheet', ...path];

/** Waits until the open house rules dialog agrees with `check(rules)`; answers what it shows. */
async function waitRules(check, message) {
  let rules = null;
  await sheet.waitFor(async () => {
    rules = await readHouseRules(app.driver);
    return Boolean(rules && check(rules));
  }, message).catch((error) => {
    error.message += ` (last seen: ${JSON.stringify(rules)})`;
    throw error;
  });
  return rules;
}

describe('the sheet editor against the real app', () => {
  before(async () => {
    app = await startApp();
    await showView(app.driver, 'rosters');
    rosters = new RostersPage(app.driver);
    sheet = new SheetPage(app.driver);
    await rosters.ready();
  });

  after(async () => {
    await app?.stop();
  });

  test('a d12 character: edits are checked, saved, refused over a limit, undone and redone', () => withShot('d12', async () => {
    await rosters.createRoster('Friday Night', 'd12');
    await rosters.createCharacter('Vex', { player: 'Sam' });
    let page = await sheet.waitState('saved');
    assert.equal(page.title, 'Vex');
    // The blank d12 sheet: the four defensive abilities at 0 ranks, 0 of the 10 ranks used.
    // Derived values come from sheet_check, which answers a moment after the sheet opens.
    page = await sheet.waitFor(async () => {
      const now = await sheet.read();
      return now.derived.some((d) => d.label === 'Ranks') ? now : false;
    }, 'no Ranks budget');
    assert.deepEqual(page.derived.find((d) => d.label === 'Ranks'), { path: 'sheet.abilities', label: 'Ranks', value: '0 of 10' });
    assert.equal(sheet.value(page, loc('abilities', 0, 'name')), 'Dodge');

    // Dodge to 2 ranks: saved without a Save button, the budget follows.
    await sheet.type(loc('abilities', 0, 'ranks'), 2);
    page = await sheet.waitSaved(loc('abilities', 0, 'ranks'), 2);
    assert.equal(storedSheet('Friday Night', 'Vex').abilities[0].ranks, 2);
    await sheet.waitFor(async () => (await sheet.read()).derived.some((d) => d.label === 'Ranks' && d.value === '2 of 10'), 'the budget did not follow');

    // A new ability, Guns, 3 ranks. The row is added to its list's card alone: every other
    // card of the form is the one shown before (redrawn over the form, not built again).
    await sheet.noteCards();
    await sheet.clickAction('add', loc('abilities'));
    await sheet.waitFor(async () => (await sheet.read())?.values[JSON.stringify(loc('abilities', 4, 'ranks'))] !== undefined, 'no row for a fifth ability');
    const kept = await sheet.cardsKept();
    const abilities = await sheet.driver.executeScript(() => [...document.querySelector('#sheet-slot .sheet-form').children]
      .findIndex((card) => card.dataset.path === 'sheet.abilities'));
    assert.ok(kept.length > 1 && abilities >= 0, 'the d12 form has cards, the abilities among them');
    assert.deepEqual(kept, kept.map((_, i) => i !== abilities), 'only the abilities card is built anew');
    // Undone, the row goes (a change of shape: the form redrawn, not only its values); redone,
    // it is back.
    const fifth = JSON.stringify(loc('abilities', 4, 'ranks'));
    await sheet.pressInSheet(loc('abilities', 0, 'ranks'), Key.CONTROL, 'z');
    await sheet.waitFor(async () => (await sheet.read())?.values[fifth] === undefined, 'the undo left the fifth ability');
    await sheet.pressInSheet(loc('abilities', 0, 'ranks'), Key.CONTROL, Key.SHIFT, 'z');
    await sheet.waitFor(async () => (await sheet.read())?.values[fifth] !== undefined, 'the redo did not bring the fifth ability back');
    await sheet.type(loc('abilities', 4, 'name'), 'Guns');
    await sheet.type(loc('abilities', 4, 'ranks'), 3);
    page = await sheet.waitSaved(loc('abilities', 4, 'ranks'), 3);
    assert.deepEqual(storedSheet('Friday Night', 'Vex').abilities[4], { name: 'Guns', ranks: 3 });
    await sheet.waitFor(async () => (await sheet.read()).derived.some((d) => d.label === 'Ranks' && d.value === '5 of 10'), 'the budget did not count Guns');
    await sheet.blur();

    // Over the limit: shown at the field, in words, and not saved.
    await sheet.type(loc('abilities', 4, 'ranks'), 5);
    page = await sheet.waitProblem('sheet.abilities[4].ranks', '5 is over the limit of 4');
    assert.equal(page.status, 'Not saved: 1 problem');
    assert.equal(page.state, 'invalid');
    assert.deepEqual(page.invalid, [JSON.stringify(loc('abilities', 4, 'ranks'))]);
    assert.equal(sheet.value(page, loc('abilities', 4, 'ranks')), '5', 'the refused value stays in the form');
    assert.equal(storedSheet('Friday Night', 'Vex').abilities[4].ranks, 3, 'the database kept 3');

    // Undo (Ctrl+Z) goes back to 3, which is what is stored: saved, no problem left. Only a
    // number changed: every card of the form stays, the number put back in its box.
    await sheet.noteCards();
    await sheet.pressInSheet(loc('abilities', 4, 'ranks'), Key.CONTROL, 'z');
    page = await sheet.waitSaved(loc('abilities', 4, 'ranks'), 3);
    assert.deepEqual(page.invalid, []);
    assert.deepEqual(page.problems, {});
    assert.ok((await sheet.cardsKept()).every(Boolean), 'an undo of a number built a card anew');
    // Undo again: Guns back at 0 ranks, and that is saved too.
    await sheet.pressInSheet(loc('abilities', 4, 'ranks'), Key.CONTROL, 'z');
    page = await sheet.waitSaved(loc('abilities', 4, 'ranks'), 0);
    await sheet.waitFor(async () => storedSheet('Friday Night', 'Vex').abilities[4].ranks === 0, 'the undo was not saved');
    // Redo (Ctrl+Shift+Z): 3 again, saved.
    await sheet.pressInSheet(loc('abilities', 4, 'ranks'), Key.CONTROL, Key.SHIFT, 'z');
    await sheet.waitSaved(loc('abilities', 4, 'ranks'), 3);
    await sheet.waitFor(async () => storedSheet('Friday Night', 'Vex').abilities[4].ranks === 3, 'the redo was not saved');

    // A total over 10 ranks is refused at the list, with the budget showing the overrun.
    await sheet.type(loc('abilities', 1, 'ranks'), 4);
    await sheet.type(loc('abilities', 2, 'ranks'), 3);
    page = await sheet.waitProblem('sheet.abilities', '12 ranks in total is over the limit of 10');
    assert.ok(page.derived.some((d) => d.label === 'Ranks' && d.value === '12 of 10'));
    assert.equal(storedSheet('Friday Night', 'Vex').abilities[2].ranks, 0);
    await sheet.type(loc('abilities', 2, 'ranks'), 1);
    await sheet.waitSaved(loc('abilities', 2, 'ranks'), 1);
    assert.deepEqual(storedSheet('Friday Night', 'Vex').abilities.map((a) => a.ranks), [2, 4, 1, 0, 3]);
  }));

  test('a roll from the sheet: prefilled, the CLI\'s odds and dice, in the roll log', () => withShot('roll', async () => {
    let page = await sheet.waitFor(async () => {
      const now = await sheet.read();
      return now.rolls.some((r) => r.path === 'abilities[4]') ? now : false;
    }, 'Guns has no 🎲');
    await sheet.openRoll('abilities[4]');
    let panel = await sheet.readPanel();
    assert.equal(panel.title, 'Guns');
    assert.equal(panel.fields.ranks, '3', 'the ranks come from the sheet');
    await sheet.typeInPanel('difficulty', 12);
    // The odds shown are those of difficulty 12, and no newer request is on its way.
    panel = await sheet.waitFor(async () => {
      const now = await sheet.readPanel();
      return now?.ready && now.request?.difficulty === 12 ? now : false;
    }, 'the odds did not follow the difficulty');
    const odds = app.cli('odds', JSON.stringify(panel.request));
    assert.equal(panel.success, formatPercent(odds.success), 'the same chance as rollbook odds');

    await sheet.setSeed(42);
    await (await sheet.panelField('difficulty')).sendKeys(Key.chord(Key.CONTROL, Key.ENTER));
    await sheet.waitFor(async () => (await sheet.readPanel()).seed === '42', 'no roll was shown');
    panel = await sheet.readPanel();
    const rolled = app.cli('roll', JSON.stringify(panel.request), '--seed', '42');
    assert.deepEqual(panel.faces, rolled.groups.flatMap((g) => g.dice.map((d) => d.face)), 'the dice rollbook roll --seed 42 shows');
    assert.equal(panel.outcome, String(rolled.outcome));
    assert.match(panel.logged, /In the roll log with Vex/);

    const listed = await app.driver.executeAsyncScript((id, done) => {
      window.__TAURI__.core.invoke('roll_log', { query: { character_id: id } }).then(done, (e) => done({ error: String(e?.message ?? e) }));
    }, page.id);
    assert.ok(Array.isArray(listed.entries) && listed.damaged.length === 0, JSON.stringify(listed));
    const log = listed.entries;
    assert.equal(log[0].character_id, page.id);
    assert.equal(String(log[0].seed ?? log[0].result?.seed), '42');
    assert.deepEqual(log[0].request, panel.request);

    // Esc closes the panel; the sheet stays.
    await (await sheet.panelField('difficulty')).sendKeys(Key.ESCAPE);
    await sheet.waitFor(async () => (await sheet.readPanel()) === null, 'Esc did not close the panel');
    page = await sheet.read();
    assert.equal(page.title, 'Vex');
  }));

  test('one edit in each of the other systems', () => withShot('systems', async () => {
    // stunt: an ability on the roster's level list.
    await rosters.createRoster('Mutant Cats', 'stunt');
    await rosters.createCharacter('Whiskers');
    await sheet.waitState('saved');
    await sheet.clickAction('add', loc('abilities'));
    await sheet.type(loc('abilities', 0, 'name'), 'Locksmith');
    await sheet.choose(loc('abilities', 0, 'level'), 'Skilled');
    await sheet.waitSaved(loc('abilities', 0, 'level'), 'Skilled');
    await sheet.waitFor(async () => storedSheet('Mutant Cats', 'Whiskers').abilities[0]?.level === 'Skilled', 'the stunt ability was not saved');
    assert.deepEqual(storedSheet('Mutant Cats', 'Whiskers').abilities, [{ name: 'Locksmith', level: 'Skilled' }]);

    // genre: an attribute level; 11 is refused.
    await rosters.createRoster('Pulp', 'genre');
    await rosters.createCharacter('Doc');
    await sheet.waitState('saved');
    await sheet.type(loc('attributes', 0, 'value'), 11);
    let page = await sheet.waitProblem('sheet.attributes.Strength', '11 is over the limit of 10');
    assert.equal(page.status, 'Not saved: 1 problem');
    await sheet.type(loc('attributes', 0, 'value'), 4);
    await sheet.waitSaved(loc('attributes', 0, 'value'), 4);
    assert.equal(storedSheet('Pulp', 'Doc').attributes.Strength, 4);

    // universe: AC, and a fate card that is not a card.
    await rosters.createRoster('Deck', 'universe');
    await rosters.createCharacter('Ace');
    await sheet.waitState('saved');
    await sheet.type(loc('ac'), 14);
    await sheet.waitSaved(loc('ac'), 14);
    await sheet.clickAction('add', loc('fate'));
    await sheet.type(loc('fate', 0), 'ZZ');
    page = await sheet.waitProblem('sheet.fate[0]', /"ZZ" is not a card/);
    assert.equal(page.state, 'invalid');
    await sheet.type(loc('fate', 0), 'QH');
    await sheet.waitSaved(loc('fate', 0), 'QH');
    const ace = storedSheet('Deck', 'Ace');
    assert.equal(ace.ac, 14);
    assert.deepEqual(ace.fate, ['QH']);

    // marks: a human attribute of 1–6.
    await rosters.createRoster('Heroes', 'marks');
    await rosters.createCharacter('Byte');
    await sheet.waitState('saved');
    await sheet.type(loc('attributes', 0, 'value'), 7);
    await sheet.waitProblem('sheet.attributes.Agility', '7 is over the limit of 6');
    await sheet.type(loc('attributes', 0, 'value'), 5);
    await sheet.waitSaved(loc('attributes', 0, 'value'), 5);
    assert.equal(storedSheet('Heroes', 'Byte').attributes.Agility, 5);
    await sheet.waitFor(async () => (await sheet.read()).derived.some((d) => d.label === 'Physical defense'), 'no marks defenses shown');
  }));

  test('house rules: a renamed level reaches the sheets, a cell moved to by arrow keys is saved, a bad cell is refused at its place', () => withShot('house-rules', async () => {
    await rosters.selectRoster('Mutant Cats');
    await rosters.click('.roster-houseRules');
    await sheet.waitFor(async () => (await readHouseRules(app.driver))?.levels.length === 10, 'the house rules dialog did not open');
    await typeInto(app.driver, 'dialog input[data-level="3"]', 'Expert');
    let rules = await waitRules((r) => r.colHeads[3] === 'Expert', 'the chart heads did not follow the name');
    assert.equal(rules.colHeads[3], 'Expert', 'the chart heads follow the name as it is typed');

    // Arrow keys: from Poor vs Poor, two down and one right is Good vs Average.
    await clickWhenClickable(app.driver, '.hr-grid input[data-row="0"][data-col="0"]');
    await waitRules((r) => JSON.stringify(r.focused) === '[0,0]', 'the first cell did not take the focus');
    await (await app.driver.switchTo().activeElement()).sendKeys(Key.ARROW_DOWN);
    await waitRules((r) => JSON.stringify(r.focused) === '[1,0]', 'Down did not move to the next row');
    await (await app.driver.switchTo().activeElement()).sendKeys(Key.ARROW_DOWN);
    await waitRules((r) => JSON.stringify(r.focused) === '[2,0]', 'Down did not move to the next row');
    await (await app.driver.switchTo().activeElement()).sendKeys(Key.ARROW_RIGHT);
    rules = await waitRules((r) => JSON.stringify(r.focused) === '[2,1]', 'Right did not move to the next column');
    assert.deepEqual(rules.focused, [2, 1]);
    // The cell reached by the keys has its text selected: typing replaces it.
    await (await app.driver.switchTo().activeElement()).sendKeys('120');
    await waitRules((r) => r.chart[2][1] === '120', 'the cell did not take 120');
    await clickWhenClickable(app.driver, 'dialog .button.primary');
    rules = await waitRules((r) => r.invalid.includes('house_rules.stunt.chart[2][1]') && /120 is out of range/.test(r.problems), 'the bad cell was not marked');
    assert.match(rules.problems, /120 is out of range: a target takes 0 to 99/);
    const stored = app.cli('--json', 'roster', 'show', 'Mutant Cats').roster.house_rules.stunt;
    assert.equal(stored.levels[3], 'Skilled', 'nothing was saved');

    await typeInto(app.driver, '.hr-grid input[data-row="2"][data-col="1"]', '7');
    await clickWhenClickable(app.driver, 'dialog .button.primary');
    await sheet.waitFor(async () => (await readHouseRules(app.driver)) === null, 'the dialog did not close after Save');
    const saved = app.cli('--json', 'roster', 'show', 'Mutant Cats').roster.house_rules.stunt;
    assert.equal(saved.levels[3], 'Expert');
    assert.equal(saved.chart[2][1], 7);
    // The sheet using the renamed level follows it.
    assert.equal(storedSheet('Mutant Cats', 'Whiskers').abilities[0].level, 'Expert');
  }));

  test('the Kind choice shows its words whole at 1024×700, a roll panel open (issue 27: "Player character (pc")', () => withShot('kind', async () => {
    await npcSmall(app.driver, sceneHelpers(app, 30_000));
    // Each option as the choice would need it alone (a copy sized to its content) against the
    // choice's width.
    const fit = await app.driver.executeScript(() => {
      const select = document.querySelector('#sheet-slot [data-path="kind"] select');
      return [...select.options].map((option) => {
        const probe = select.cloneNode(false);
        probe.removeAttribute('id');
        probe.append(new Option(option.text));
        Object.assign(probe.style, { width: 'auto', minWidth: '0', flex: 'none', position: 'absolute', visibility: 'hidden' });
        select.parentElement.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        return { text: option.text, need, has: select.getBoundingClientRect().width };
      });
    });
    assert.equal(fit.length, 2);
    for (const f of fit) assert.ok(f.need <= f.has + 0.5, `"${f.text}" needs ${f.need}px; the choice is ${f.has}px wide`);
  }));
});
