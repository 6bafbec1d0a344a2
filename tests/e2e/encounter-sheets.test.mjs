// End-to-end test of "Save to sheets…" in the real window: Glory awarded at the table (through
// the CLI, on the same database) is written onto Rex Valor's sheet after the GM confirms, a
// Cancel writes nothing, and an encounter of quick NPCs only says there is nothing to save.
// Run with scripts/e2e.sh tests/e2e/encounter-sheets.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure } from './app.mjs';
import { answerConfirm, shellReady } from './log-transfer-page.mjs';
import { EncounterPage } from './encounter-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Neon Genre Nights';

let app;
let page;
const withShot = screenshotOnFailure('encounter-sheets', () => app.driver);
const glory = (name) => app.cli('--json', 'character', 'show', name, '--roster', ROSTER).sheet.glory;

describe('Save to sheets', { timeout: 5 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    app.cli('--json', 'encounter', 'new', '--roster', ROSTER, 'Rooftop');
    app.cli('--json', 'encounter', 'add', '--roster', ROSTER, 'Rooftop', '--character', 'Rex Valor', '--npcs', '1');
    const shown = app.cli('--json', 'encounter', 'show', '--roster', ROSTER, 'Rooftop');
    const rex = shown.state.order.find((p) => p.name === 'Rex Valor').id;
    app.cli('--json', 'encounter', 'play', '--roster', ROSTER, 'Rooftop',
      JSON.stringify({ system: 'genre', move: 'gain_glory', participant_id: rex, points: 3 }));
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    page = new EncounterPage(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('Glory from the table reaches the sheet only after the GM confirms', () => withShot('save', async () => {
    const start = glory('Rex Valor');
    await page.open(ROSTER);
    await page.until((p) => p.open && p.name === 'Rooftop', 'Rooftop did not open');

    await page.click('#encounter-save-sheets');
    const asked = await answerConfirm(app.driver, false);
    assert.match(asked, /Save to sheets\?/);
    assert.match(asked, /if one is refused, none is changed/);
    assert.equal(glory('Rex Valor'), start, 'Cancel wrote nothing');

    await page.click('#encounter-save-sheets');
    await answerConfirm(app.driver, true);
    await page.until((p) => p.toasts.includes('Saved to Rex Valor.'), 'no toast said what was saved');
    assert.equal(glory('Rex Valor'), start + 3);

    await page.click('#encounter-save-sheets');
    await answerConfirm(app.driver, true);
    await page.until((p) => p.toasts.some((t) => /nothing to save/.test(t)), 'a second save did not say the sheets agree');
  }));

  test('an encounter of quick NPCs only has no sheets to save to', () => withShot('npcs', async () => {
    // The GM dismisses the toasts that cover the sidebar's New encounter form (each with its ×,
    // found afresh: a toast may leave on its own meanwhile).
    await page.dismissToasts();
    await page.until((p) => p.toasts.length === 0, 'the toasts stayed');
    await page.create('Alley');
    await page.addNpcs('Goon', 2);
    await page.click('#encounter-save-sheets');
    const p = await page.until((x) => x.toasts.some((t) => /no sheets to save to/.test(t)), 'the GM was not told why nothing happens');
    assert.equal(p.dialogs, 0, 'nothing was asked');
  }));
});
