// Print scene: the filled "Friday Night Heroes" roster (see rosters.mjs) with two characters
// selected and the print dialog open on them (the preview window opens beside it).

import { scene as rosters } from './rosters.mjs';

export async function scene(driver, helpers) {
  await rosters(driver, helpers);
  await driver.findElement(helpers.By.css('.bulk-bar [data-action="print"]')).click();
  await driver.wait(async () => driver.executeScript(() => {
    const status = document.querySelector('.print-dialog .print-status');
    return status !== null && /^2 sheets of Friday Night Heroes/.test(status.textContent);
  }), helpers.WAIT_MS, 'the print dialog did not lay the sheets out');
}
