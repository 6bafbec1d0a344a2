// Drives the real app to a named state and saves a screenshot of the window (WebDriver's own
// capture of the page, 1200x800). Used by scripts/screenshot.sh SCENE; run under Xvfb.
// Usage: node tests/e2e/screenshot.mjs OUT.png SCENE   (GTK_THEME=Adwaita:dark for the dark theme)

import { writeFileSync } from 'node:fs';
import { startApp } from './app.mjs';
import { QuickRollPage } from './quick-roll-page.mjs';

/** Each scene: the rolls to make, in order (the last one is what the panel shows). */
export const SCENES = {
  // A marks pool showing every die state (kept, dropped, rolled again, re-roll, cancelled,
  // cancels), after two earlier rolls of other systems.
  'quick-roll': [
    { system: 'stunt', kind: 'check', values: { active: 'Talented', defending: 'Skilled' }, seed: 4 },
    { system: 'd12', kind: 'opposed', values: { attacker_ranks: 4, defender_ranks: 2 }, seed: 11 },
    { system: 'marks', kind: 'pool', values: { attribute_dice: 4, skill_dice: 2, super_dice: 2, super_skill_dice: 1 }, seed: 19 },
  ],
  marks: [{ system: 'marks', kind: 'pool', values: { attribute_dice: 4, skill_dice: 2, super_dice: 2, super_skill_dice: 1 }, seed: 19 }],
  d12: [{ system: 'd12', kind: 'straight', values: { ranks: 3, difficulty: 30 }, seed: 8 }],
  'd12-opposed': [{ system: 'd12', kind: 'opposed', values: { attacker_ranks: 4, defender_ranks: 2 }, seed: 11 }],
  genre: [{ system: 'genre', kind: 'action', values: { dice: 2, difficulty: 3 }, seed: 3 }],
  stunt: [{ system: 'stunt', kind: 'doubles', values: { needed: 6 }, seed: 5 }],
  universe: [{ system: 'universe', kind: 'group_stealth', values: {}, seed: 3 }],
  error: [{ system: 'marks', kind: 'pool', values: { attribute_dice: 61 }, roll: false }],
};

async function play(page, steps) {
  for (const step of steps) {
    await page.choose(step.system, step.kind);
    await page.fill(step.values);
    if (step.roll === false) {
      await page.driver.wait(async () => (await page.fieldError(Object.keys(step.values)[0])) !== null, 30_000);
      continue;
    }
    await page.waitForOdds(step.values);
    const count = await page.rollCount();
    await page.setSeed(step.seed ?? null);
    await page.pressRoll();
    await page.waitForRoll(count + 1);
    await page.waitForOdds(step.values);
  }
  // Nothing focused, so no focus ring or caret in the picture.
  await page.driver.executeScript(() => document.activeElement?.blur());
}

const [out, scene] = process.argv.slice(2);
if (!out || !SCENES[scene]) {
  console.error(`usage: screenshot.mjs OUT.png SCENE (one of ${Object.keys(SCENES).join(', ')})`);
  process.exit(2);
}
const app = await startApp();
try {
  const page = new QuickRollPage(app.driver);
  await page.ready();
  await play(page, SCENES[scene]);
  writeFileSync(out, await app.driver.takeScreenshot(), 'base64');
} finally {
  await app.stop();
}
