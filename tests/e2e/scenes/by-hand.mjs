// Dice rolled at the table, typed in: `by-hand` is Quick roll's d12 roll halfway (a 12 typed,
// its extra die asked for); `by-hand:table` the d12 table's dialog for an attack with the
// attacker's 12 typed; `by-hand:cards` the universe deal from a real deck.

import { join } from 'node:path';
import { By } from 'selenium-webdriver';
import { REPO_ROOT } from '../app.mjs';
import { typeFace, untilDice } from '../by-hand-page.mjs';
import { D12EncounterPage } from '../encounter-d12-page.mjs';
import { clickInView, typeOver, waitUntil } from '../encounter-page.mjs';
import { QuickRollPage } from '../quick-roll-page.mjs';
import { UniverseEncounterPage } from '../encounter-universe-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

export async function scene(driver, helpers) {
  await helpers.showView('quick-roll');
  const page = new QuickRollPage(driver);
  await page.ready();
  await page.choose('d12', 'straight');
  await page.fill({ ranks: 2, difficulty: 12 });
  await page.waitForOdds({ ranks: 2, difficulty: 12 });
  await driver.findElement(By.css('#quick-roll-by-hand')).sendKeys(' ');
  await untilDice(driver, '#by-hand-slot', (d) => d.dice.length === 3, 'no dice asked for');
  await typeFace(driver, '#by-hand-slot', 5);
  await typeFace(driver, '#by-hand-slot', 12);
  await untilDice(driver, '#by-hand-slot', (d) => d.dice.length === 4, 'the 12 earned no die');
  return {};
}

export async function table(driver, helpers) {
  helpers.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  helpers.cli('--json', 'encounter', 'new', '--roster', 'Friday Night Heroes', 'Rooftop');
  helpers.cli('--json', 'encounter', 'add', '--roster', 'Friday Night Heroes', 'Rooftop', '--character', 'Overseer Kaan', '--character', 'Juno Park');
  await helpers.reload();
  const page = new D12EncounterPage(driver);
  await page.open('Friday Night Heroes');
  await page.untilD12((p) => p.parts.length === 2, 'the d12 panel did not list both');
  await clickInView(driver, 'label[for="encounter-by-hand"]');
  await waitUntil(driver, () => driver.executeScript(() => document.getElementById('encounter-by-hand')?.checked), (on) => on === true, '"Rolled by hand" did not turn on');
  await page.startAttack({ attacker: 'Overseer Kaan', defender: 'Juno Park', ability: 'Guns', weapon: 'Laser Rifle' });
  await page.press('.d12-steps [data-role="attack-step"]');
  await untilDice(driver, 'dialog.dice-dialog', (d) => d.dice.length > 0, 'no dice asked for');
  await typeFace(driver, 'dialog.dice-dialog', 12);
  await typeFace(driver, 'dialog.dice-dialog', 4);
  return {};
}

export async function cards(driver, helpers) {
  helpers.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  helpers.cli('--json', 'encounter', 'new', '--roster', 'Black Meridian Crew', 'Airlock');
  helpers.cli('--json', 'encounter', 'add', '--roster', 'Black Meridian Crew', 'Airlock', '--character', 'Captain Ines Moreau', '--character', 'Tobias Kell', '--npcs', '2');
  await helpers.reload();
  const page = new UniverseEncounterPage(driver);
  await page.open('Black Meridian Crew');
  await page.untilUniverse((p) => p.universe.rows.length === 4, 'the universe panel did not list all four');
  await clickInView(driver, 'label[for="encounter-by-hand"]');
  await waitUntil(driver, () => driver.executeScript(() => document.getElementById('encounter-by-hand')?.checked), (on) => on === true, '"Rolled by hand" did not turn on');
  await clickInView(driver, '.uv-deal');
  const inputs = await waitUntil(driver, () => driver.findElements(By.css('dialog.dice-dialog .card-code')), (found) => found.length === 4, 'the deal did not ask for four cards');
  const codes = ['KH', '7S', 'JK'];
  for (let i = 0; i < codes.length; i += 1) await typeOver(driver, inputs[i], codes[i]);
  return {};
}
