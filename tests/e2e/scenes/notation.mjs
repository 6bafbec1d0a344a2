// Quick roll's Notation field: `notation` (an expression typed with its chart, the picture in
// docs/dice.md) and `notation:problem` (a problem underlined at its column).

import { NotationPage } from '../notation-page.mjs';

async function typed(driver, helpers, text) {
  await helpers.showView('quick-roll');
  const page = new NotationPage(driver);
  await page.openNotation();
  await page.clear();
  await page.press(text, text);
  await page.waitForChecked(text);
  return page;
}

/** 4d6kh3 against a target of 15: the chart, its target line, the chance and the mean. */
export const scene = async (driver, helpers) => {
  const page = await typed(driver, helpers, '4d6kh3');
  await page.type('target', 15);
  await page.leaveField();
  await page.waitForOdds({ expr: '4d6kh3', target: 15 });
};

/** `4d6k3+@bonus`: k3 underlined, the engine's suggestion beside the field, no odds. */
export const problem = async (driver, helpers) => {
  const page = await typed(driver, helpers, '4d6k3+@bonus');
  await page.waitForNoOdds();
};

/** `8d10x` against 60: a long tail, its far end summed in the table and named under the chart. */
export const longTail = async (driver, helpers) => {
  const page = await typed(driver, helpers, '8d10x');
  await page.type('target', 60);
  await page.leaveField();
  await page.waitForOdds({ expr: '8d10x', target: 60 });
};

/** `d1000`: too flat to clip, grouped 20 outcomes a bar and a row. */
export const flat = async (driver, helpers) => {
  const page = await typed(driver, helpers, 'd1000');
  await page.waitForOdds({ expr: 'd1000' });
};
