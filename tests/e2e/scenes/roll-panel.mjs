// Roll panel scene: Vex's sheet (d12) with the roll panel of an ability beside it, difficulty
// Hard (12), after a seeded roll.

import { openExample } from './sheet.mjs';

export async function scene(driver, helpers) {
  const sheet = await openExample(driver, helpers, 'd12');
  await sheet.openRoll('abilities[0]');
  await sheet.typeInPanel('difficulty', 12);
  await sheet.waitFor(async () => (await sheet.readPanel()).request?.difficulty === 12, 'the odds did not follow');
  await sheet.setSeed(8);
  await (await driver.findElement({ css: '.roll-panel .roll-button' })).click();
  await sheet.waitFor(async () => (await sheet.readPanel()).seed === '8', 'the roll did not show');
}

/** Rex Valor's roll panel (genre) with Compare open on Grunt. */
export async function compare(driver, helpers) {
  const { ComparePage, IN_ROLL_PANEL } = await import('../compare-page.mjs');
  const sheet = await openExample(driver, helpers, 'genre');
  await sheet.openRoll((await sheet.read()).rolls[0].path);
  const block = new ComparePage(driver, IN_ROLL_PANEL);
  await block.open();
  await block.waitFor('grunt');
}
