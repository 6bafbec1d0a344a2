// House rules scene: the stunt example roster's dialog, a cell of the chart being edited.

import { Key } from 'selenium-webdriver';
import { readHouseRules } from '../sheet-page.mjs';
import { openExample } from './sheet.mjs';

export async function scene(driver, helpers) {
  const sheet = await openExample(driver, helpers, 'stunt');
  await (await driver.findElement({ css: '.roster-houseRules' })).click();
  await sheet.waitFor(async () => (await readHouseRules(driver))?.chart.length > 0, 'the house rules dialog did not open');
  const cell = await driver.findElement({ css: '.hr-grid input[data-row="3"][data-col="1"]' });
  await cell.click();
  await cell.sendKeys(Key.ARROW_RIGHT);
  return { keepFocus: true };
}
