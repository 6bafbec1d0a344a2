// Dialog scenes the other scene files do not have, over the filled rosters (`rosters`):
// `dialogs:newCharacter`, `dialogs:tag` (two characters selected), `dialogs:confirm` (the
// roll log's Clear…, after a game night's rolls), `dialogs:rename`.

import { scene as rosters } from './rosters.mjs';
import { scene as log } from './log.mjs';
import { RostersPage } from '../rosters-page.mjs';
import { WindowPage } from '../window-page.mjs';

export async function newCharacter(driver, helpers) {
  await rosters(driver, helpers);
  const win = new WindowPage(driver);
  await win.click('#new-character');
  await win.waitDialog('character-dialog');
  return { keepFocus: true };
}

export async function tag(driver, helpers) {
  await rosters(driver, helpers);
  const win = new WindowPage(driver);
  await win.click('.bulk-bar [data-action="tag"]');
  await win.waitDialog('tag-dialog');
  return { keepFocus: true };
}

export async function rename(driver, helpers) {
  await rosters(driver, helpers);
  const win = new WindowPage(driver);
  await new RostersPage(driver).click('.roster-rename');
  await win.waitDialog('roster-dialog');
  return { keepFocus: true };
}

export async function confirm(driver, helpers) {
  await log(driver, helpers);
  const win = new WindowPage(driver);
  await win.click('#log-clear');
  await win.waitDialog('confirm-dialog');
  return { keepFocus: true };
}

export const scene = newCharacter;
