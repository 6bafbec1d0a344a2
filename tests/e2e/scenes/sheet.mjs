// Sheet editor scenes: the example rosters imported, one character's sheet open.
// `sheet` (d12, Vex), `sheet:stunt`, `sheet:genre`, `sheet:universe`, `sheet:marks`, `sheet:d12`,
// `sheet:fileSystem` (a character of the shipped d20-heroes system from a file),
// `sheet:problem` (an over-limit rank typed: refused at its field, not saved), and
// `sheet:universeSmall` / `sheet:universeWide` (the universe sheet's saves in a 1024×700 and a
// 1280×800 window), `sheet:npcSmall` (an NPC's sheet head at 1024×700, a roll panel open),
// `sheet:sixtyFields` (the 60-declaration system scripts/measure-sheet-form.sh measures, a new
// character's sheet; SHOT_SCROLL=sheet.r1 scrolls to that part first).

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { RostersPage } from '../rosters-page.mjs';
import { SheetPage } from '../sheet-page.mjs';
import { SIXTY_FIELDS, sixtyFieldsFile } from '../sixty-fields.mjs';
import { SystemsDialog } from '../systems-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

const OPEN = {
  stunt: ['The Uncanny Stunt Squad', 'Marla Quick'],
  genre: ['Neon Genre Nights', 'Rex Valor'],
  universe: ['Black Meridian Crew', 'Captain Ines Moreau'],
  marks: ['Pixel Vanguard', 'Byte Knight'],
  d12: ['Friday Night Heroes', 'Vex'],
  universeNpc: ['Black Meridian Crew', 'Warden Ashby'],
};

/** Imports the examples and opens the sheet of the example character of `system`. */
export async function openExample(driver, helpers, system) {
  helpers.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  await helpers.reload();
  await helpers.showView('rosters');
  const rosters = new RostersPage(driver);
  await rosters.ready();
  const [roster, name] = OPEN[system];
  await rosters.selectRoster(roster);
  await rosters.click(await rosters.rowSelector(name, '.row-open'));
  const sheet = new SheetPage(driver);
  await sheet.waitFor(async () => {
    const page = await sheet.read();
    return page?.title === name && page.state === 'saved' && page.derived.length > 0;
  }, `the sheet of ${name} did not open`);
  // The 🎲 buttons come with the rolls the sheet offers.
  await sheet.waitFor(async () => (await sheet.read()).rolls.length > 0, `no rolls on the sheet of ${name}`);
  return sheet;
}

export const scene = (driver, helpers) => openExample(driver, helpers, 'd12');
export const d12 = scene;
export const stunt = (driver, helpers) => openExample(driver, helpers, 'stunt');
export const genre = (driver, helpers) => openExample(driver, helpers, 'genre');
export const universe = (driver, helpers) => openExample(driver, helpers, 'universe');
export const marks = (driver, helpers) => openExample(driver, helpers, 'marks');

/** The universe sheet in a `width`×`height` window, scrolled to its saves. */
async function universeSaves(driver, helpers, width, height) {
  await driver.manage().window().setRect({ width, height });
  await driver.wait(async () => driver.executeScript((w, h) => innerWidth === w && innerHeight === h, width, height), helpers.WAIT_MS);
  const sheet = await openExample(driver, helpers, 'universe');
  await driver.executeScript(() => document.querySelector('#sheet-slot [data-path="sheet.saves"]').scrollIntoView({ block: 'start' }));
  return sheet;
}
export const universeSmall = (driver, helpers) => universeSaves(driver, helpers, 1024, 700);

/** An NPC's sheet in a 1024×700 window with a roll panel open beside it, at its head (the Kind choice shows whole). */
export async function npcSmall(driver, helpers) {
  await driver.manage().window().setRect({ width: 1024, height: 700 });
  await driver.wait(async () => driver.executeScript(() => innerWidth === 1024 && innerHeight === 700), helpers.WAIT_MS);
  const sheet = await openExample(driver, helpers, 'universeNpc');
  await sheet.openRoll((await sheet.read()).rolls[0].path);
  await driver.executeScript(() => document.querySelector('#sheet-slot [data-path="kind"]').scrollIntoView({ block: 'center' }));
  return sheet;
}
export const universeWide = (driver, helpers) => universeSaves(driver, helpers, 1280, 800);

export async function problem(driver, helpers) {
  const sheet = await openExample(driver, helpers, 'd12');
  await sheet.type(['sheet', 'abilities', 0, 'ranks'], 5);
  await sheet.waitProblem('sheet.abilities[0].ranks', /over the limit of 4/);
  return { keepFocus: true };
}

/** A character of the shipped system from a file `d20-heroes`: its form built from the file. */
export async function fileSystem(driver, helpers) {
  const file = join(tmpdir(), `rollbook-scene-file-system-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({
    format: 'rollbook-roster',
    version: 1,
    rosters: [{
      name: 'D20 Table',
      system: 'd20-heroes',
      system_version: 1,
      characters: [{
        name: 'Ayla',
        sheet: { strength: 14, dexterity: 12, skills: [{ name: 'athletics', value: 3 }, { name: 'stealth', value: 2 }], hp: 9 },
      }],
    }],
  }));
  helpers.cli('--json', 'import', file, '--mode', 'merge');
  await helpers.reload();
  await helpers.showView('rosters');
  const rosters = new RostersPage(driver);
  await rosters.ready();
  await rosters.selectRoster('D20 Table');
  await rosters.click(await rosters.rowSelector('Ayla', '.row-open'));
  const sheet = new SheetPage(driver);
  await sheet.waitFor(async () => {
    const page = await sheet.read();
    return page?.title === 'Ayla' && page.state === 'saved' && page.derived.length > 0 && page.rolls.length > 0;
  }, 'the sheet of Ayla (d20-heroes) did not open with its derived values and rolls');
  return sheet;
}

/** A new character of the 60-declaration system the sheet form is measured with. */
export async function sixtyFields(driver, helpers) {
  const file = join(tmpdir(), `rollbook-scene-sixty-fields-${process.pid}.toml`);
  writeFileSync(file, sixtyFieldsFile());
  await helpers.showView('rosters');
  const rosters = new RostersPage(driver);
  await rosters.ready();
  // Added in the window (Systems…), which then knows it; the command line's add is read at start.
  const systems = new SystemsDialog(driver);
  await systems.open();
  await systems.addFromFile(file);
  await systems.confirmAdd(SIXTY_FIELDS);
  await systems.close();
  await rosters.createRoster('Sixty fields', SIXTY_FIELDS);
  await rosters.createCharacter('Ada');
  const sheet = new SheetPage(driver);
  await sheet.waitFor(async () => {
    const page = await sheet.read();
    return page?.title === 'Ada' && page.state === 'saved' && page.derived.length > 0;
  }, 'the sheet of Ada (sixty-fields) did not open');
  const at = process.env.SHOT_SCROLL;
  if (at) await driver.executeScript((path) => document.querySelector(`#sheet-slot [data-path="${path}"]`).scrollIntoView({ block: 'start' }), at);
  return sheet;
}
