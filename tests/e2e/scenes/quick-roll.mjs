// Quick roll scenes: `quick-roll` (the README picture) and one per system as named exports
// (`quick-roll:marks`, `quick-roll:d12`, …). Each plays rolls in order; the last one is shown.

import { QuickRollPage } from '../quick-roll-page.mjs';

const MARKS_POOL = { system: 'marks', kind: 'pool', values: { attribute_dice: 4, skill_dice: 2, super_dice: 2, super_skill_dice: 1 }, seed: 19 };
const D12_OPPOSED = { system: 'd12', kind: 'opposed', values: { attacker_ranks: 4, defender_ranks: 2 }, seed: 11 };

async function play(driver, helpers, steps) {
  await helpers.showView('quick-roll');
  const page = new QuickRollPage(driver);
  await page.ready();
  for (const step of steps) {
    await page.choose(step.system, step.kind);
    await page.fill(step.values);
    if (step.roll === false) {
      // The error for the value typed (it quotes it), not one shown while the field was typed over.
      const [name, value] = Object.entries(step.values)[0];
      await driver.wait(async () => new RegExp(`\\b${value}\\b`).test((await page.fieldError(name))?.text ?? ''), helpers.WAIT_MS, `no error for ${name} = ${value}`);
      continue;
    }
    await page.waitForOdds(step.values);
    const count = await page.rollCount();
    await page.setSeed(step.seed ?? null);
    await page.pressRoll();
    await page.waitForRoll(count + 1);
    await page.waitForOdds(step.values);
  }
}

/** A marks pool showing every die state, after two earlier rolls of other systems. */
export const scene = (driver, helpers) => play(driver, helpers, [
  { system: 'stunt', kind: 'check', values: { active: 'Talented', defending: 'Skilled' }, seed: 4 },
  D12_OPPOSED,
  MARKS_POOL,
]);

export const marks = (driver, helpers) => play(driver, helpers, [MARKS_POOL]);
export const d12 = (driver, helpers) => play(driver, helpers, [{ system: 'd12', kind: 'straight', values: { ranks: 3, difficulty: 30 }, seed: 8 }]);
export const d12Opposed = (driver, helpers) => play(driver, helpers, [D12_OPPOSED]);
export const genre = (driver, helpers) => play(driver, helpers, [{ system: 'genre', kind: 'action', values: { dice: 2, difficulty: 3 }, seed: 3 }]);
export const stunt = (driver, helpers) => play(driver, helpers, [{ system: 'stunt', kind: 'doubles', values: { needed: 6 }, seed: 5 }]);
export const universe = (driver, helpers) => play(driver, helpers, [{ system: 'universe', kind: 'group_stealth', values: {}, seed: 3 }]);
export const fileSystem = (driver, helpers) => play(driver, helpers, [{ system: 'd20-heroes', kind: 'check', values: { mod: 3, dc: 15, mode: 'advantage' }, seed: 11 }]);
export const error = (driver, helpers) => play(driver, helpers, [{ system: 'marks', kind: 'pool', values: { attribute_dice: 61 }, roll: false }]);

/** Compare open on a genre action: Grunt 0 to 3 side by side, the best marked. */
export async function compare(driver, helpers) {
  await play(driver, helpers, [{ system: 'genre', kind: 'action', values: { dice: 3, difficulty: 4 }, seed: 3 }]);
  const { ComparePage, IN_QUICK_ROLL } = await import('../compare-page.mjs');
  const block = new ComparePage(driver, IN_QUICK_ROLL);
  await block.open();
  await block.waitFor('grunt', { dice: 3, difficulty: 4 });
}
