// Universe table scene: Black Meridian Crew's encounter with both PCs, the Warden and two quick
// NPCs, round 1 dealt and a few rounds played until a joker is out, a fate card played
// (`encounter-universe:fate`: scrolled to the held fate cards; `encounter-universe:plan`: the
// Attack form's Compare on a fate card played or kept for AC).

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { shellReady } from '../log-transfer-page.mjs';
import { UniverseEncounterPage } from '../encounter-universe-page.mjs';
import { ComparePage } from '../compare-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');

/** The example rosters imported and a new encounter "Reactor deck" of the universe roster with `names` in it. */
async function reactorDeck(driver, helpers, names) {
  helpers.cli('--json', 'import', ALL_SYSTEMS);
  await helpers.reload();
  await shellReady(driver);
  const page = new UniverseEncounterPage(driver);
  await page.open('Black Meridian Crew');
  await page.create('Reactor deck');
  await page.addCharacters(names);
  return page;
}

export async function scene(driver, helpers) {
  const page = await reactorDeck(driver, helpers, ['Captain Ines Moreau', 'Tobias Kell', 'Warden Ashby']);
  await page.addNpcs('Drone', 2);
  await page.playFate('Tobias Kell', '3D', 'attack');
  let p = await page.deal();
  for (let i = 0; i < 12 && !p.universe.rows.some((r) => r.anyTime); i += 1) p = await page.nextRound();
}

/** The same table scrolled to the GM's pool and the Attack form with its odds. */
export async function forms(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => {
    const attack = document.querySelector('.uv-panel .uv-move');
    attack.open = true;
    attack.dispatchEvent(new Event('toggle'));
    document.querySelector('.uv-gm-pool').scrollIntoView({ block: 'start' });
  });
  await driver.wait(async () => driver.executeScript(() => /%/.test(document.querySelector('.uv-panel .uv-move .success-value')?.textContent ?? '')), helpers.WAIT_MS, 'the save odds did not show');
}

/** The same table with a foot chase under way (one round played) and Group stealth open. */
export async function chase(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => {
    const boxes = [...document.querySelectorAll('.uv-chase-start input[type="checkbox"]')];
    boxes[0].checked = true;
    boxes[1].checked = true;
    document.querySelector('.uv-start-chase').click();
  });
  await driver.wait(async () => driver.executeScript(() => !document.querySelector('.uv-chase-on').hidden), helpers.WAIT_MS, 'the chase did not start');
  await driver.executeScript(() => document.querySelector('.uv-chase-round').click());
  await driver.wait(async () => driver.executeScript(() => document.querySelectorAll('.uv-chase-rounds li').length === 1), helpers.WAIT_MS, 'no chase round');
  await driver.executeScript(() => {
    const stealth = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === 'Group stealth');
    stealth.open = true;
    stealth.querySelectorAll('.uv-members input')[1].checked = true;
    stealth.dispatchEvent(new Event('toggle'));
    document.querySelector('.uv-chase').scrollIntoView({ block: 'end' });
  });
  await driver.wait(async () => driver.executeScript(() => /%/.test([...document.querySelectorAll('.uv-panel details.uv-move[open] .success-value')].map((n) => n.textContent).join(''))), helpers.WAIT_MS, 'no stealth odds');
}

/** `encounter-universe:rolled`: the Attack form rolled on whose turn it is: the result beside the
 *  Roll button, the odds it was rolled with kept beside it. */
export async function rolled(driver, helpers) {
  await scene(driver, helpers);
  const page = new UniverseEncounterPage(driver);
  await driver.executeScript(() => {
    const attack = document.querySelector('.uv-panel .uv-move');
    attack.open = true;
    attack.dispatchEvent(new Event('toggle'));
  });
  await driver.wait(async () => driver.executeScript(() => /%/.test(document.querySelector('.uv-panel .uv-move .success-value')?.textContent ?? '')), helpers.WAIT_MS, 'no attack odds');
  await page.rollMove('Attack');
  await driver.executeScript(() => document.querySelector('.uv-panel .uv-move').scrollIntoView({ block: 'start' }));
}

/** `encounter-universe:fate`: the same table scrolled to the held fate cards (card, use, Play),
 *  which wrap inside their row in a narrow window (1024×700). */
export async function fate(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => document.querySelector('.uv-panel .uv-fate-list').scrollIntoView({ block: 'center' }));
}

/** `encounter-universe:plan`: the Captain's Attack on the Warden, its Compare on her fate card
 *  played on the attack or kept for AC. */
export async function plan(driver, helpers) {
  const page = await reactorDeck(driver, helpers, ['Captain Ines Moreau', 'Warden Ashby']);
  await page.previewMove('Attack', { Attacker: 'Captain Ines Moreau', Target: 'Warden Ashby' });
  const block = new ComparePage(driver, '.uv-panel details.uv-move[open] .tp-odds');
  await block.open();
  await block.pick('plan:fate_card');
  await block.waitFor('plan:fate_card');
  await driver.executeScript(() => document.querySelector('.uv-panel details.uv-move[open] .compare').scrollIntoView({ block: 'center' }));
}
