// Encounter table panels: `encounter-genre` (Neon Genre Nights: Sable after a Grunt +2 action,
// the next action's odds showing the -2; `encounter-genre:act` scrolled to the Act form;
// `encounter-genre:compare` its odds' Compare choices open on Grunt) and `encounter-genre:marks` (Pixel Vanguard: a task
// started from Byte Knight's sheet, one attempt rolled).

import { ComparePage } from '../compare-page.mjs';
import { GenrePanelPage } from '../encounter-genre-page.mjs';
import { clickInView } from '../encounter-page.mjs';

/**
 * Sable has rolled a Grunt +2 action; the GM moved on and the form previews the next one, at -2
 * (`moveOn` false: the roll's result beside Roll, with the odds it was rolled with).
 */
async function grunted(driver, app, { moveOn = true } = {}) {
  const page = new GenrePanelPage(driver);
  await page.open(app, { roster: 'Neon Genre Nights', encounter: 'Rooftop', characters: ['Sable', 'Rex Valor'], npcs: 1 });
  await page.setAct({ who: 'Sable', roll: 'Strength', grunt: 2 });
  await page.waitPreview((r) => r.grunt === 2, 'the Grunt did not reach the preview');
  await page.roll();
  if (!moveOn) return;
  await page.moveOn('Sable');
  await page.waitPreview((r) => r.modifier === -2, 'the penalty did not reach the preview');
}

/** `encounter-genre:rolled`: Sable's Grunt +2 roll just made, its result beside Roll and its odds kept. */
export async function rolled(driver, { app }) {
  await grunted(driver, app, { moveOn: false });
  await driver.executeScript(() => document.querySelector('#encounter-system-host .tp-act').scrollIntoView({ block: 'start' }));
}

export async function scene(driver, { app }) {
  await grunted(driver, app);
  // The cards at the top of the panel, with the pending penalty, in the picture.
  await driver.executeScript(() => {
    for (let node = document.querySelector('#encounter-system-host'); node; node = node.parentElement) node.scrollTop = 0;
  });
}

/** `encounter-genre:act`: the same, scrolled to the Act form, its odds and the last roll. */
export async function act(driver, { app }) {
  await grunted(driver, app);
  await driver.executeScript(() => document.querySelector('#encounter-system-host .tp-act .tp-odds').scrollIntoView({ block: 'start' }));
}

export async function marks(driver, { app }) {
  const page = new GenrePanelPage(driver);
  await page.open(app, { roster: 'Pixel Vanguard', encounter: 'Server room', characters: ['Byte Knight', 'Glitch'] });
  await driver.executeScript(() => {
    const form = document.querySelector('#encounter-system-host .tp-start');
    form.querySelector('input[name="label"]').value = 'Climb the rack';
    form.querySelector('input[name="difficulty"]').value = '1';
  });
  await page.waitFor(async () => driver.executeScript(() => [...document.querySelectorAll('#encounter-system-host .tp-start select[name="roll"] option')].some((o) => o.value === 'Athletics')), 'no Athletics roll');
  await driver.executeScript(() => {
    const form = document.querySelector('#encounter-system-host .tp-start');
    form.querySelector('select[name="roll"]').value = 'Athletics';
    form.querySelector('select[name="roll"]').dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.logged(() => clickInView(driver, '#encounter-system-host [data-role="task-start"]'), 'the task did not start');
  await page.logged(() => clickInView(driver, '#encounter-system-host .tp-task [data-role="task-roll"]'), 'the attempt was not rolled');
  await page.waitFor(async () => driver.executeScript(() => !document.querySelector('#encounter-system-host [data-role="task-result"]').hidden), 'the attempt did not show');
}

/** `encounter-genre:contest`: the marks start form set for a contested task against an NPC. */
export async function contest(driver, helpers) {
  await marks(driver, helpers);
  await driver.executeScript(() => {
    const form = document.querySelector('#encounter-system-host .tp-start');
    const kind = form.querySelector('select[name="kind"]');
    kind.value = 'contest';
    kind.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await driver.executeScript(() => document.querySelector('#encounter-system-host .tp-start').scrollIntoView({ block: 'start' }));
}

/** `encounter-genre:compare`: Rex Valor's action with the Act form's Compare open on Grunt 0-3. */
export async function compare(driver, { app }) {
  const page = new GenrePanelPage(driver);
  await page.open(app, { roster: 'Neon Genre Nights', encounter: 'Rooftop', characters: ['Sable', 'Rex Valor'], npcs: 1 });
  await page.setAct({ who: 'Rex Valor', roll: 'Strength', grunt: 0 });
  await page.waitPreview((r) => r.grunt === 0, 'the action was not previewed');
  const block = new ComparePage(driver, '#encounter-system-host .tp-act .tp-odds');
  await block.open();
  await block.waitFor('grunt');
  await driver.executeScript(() => document.querySelector('#encounter-system-host .tp-act .compare').scrollIntoView({ block: 'center' }));
}
