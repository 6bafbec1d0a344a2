// The table panel of a system from a file: a roster of the shipped D20 Heroes, an encounter with
// two Goons and a Captain (quick NPCs; the Captain's Strength raises his hit points' maximum),
// the first Goon down to 3 of 8 hit points by the file table's `adjust` move. Played through
// the command line, then shown. `encounter-file:universeList`: the Roll form of the shipped
// universe-as-file set to group_stealth, its teammates typed as a list, one refused at its entry.

import { EncounterPage } from '../encounter-page.mjs';
import { FileTablePage } from '../encounter-file-page.mjs';

const ROSTER = 'Harbour Watch';
const ENCOUNTER = 'Dockside';

export async function scene(driver, helpers) {
  const { cli } = helpers;
  cli('--json', 'roster', 'create', ROSTER, '--system', 'd20-heroes');
  cli('--json', 'encounter', 'new', '--roster', ROSTER, ENCOUNTER);
  cli('--json', 'encounter', 'add', '--roster', ROSTER, ENCOUNTER, '--npcs', '2');
  const shown = cli('--json', 'encounter', 'add', '--roster', ROSTER, ENCOUNTER, '--npcs', '1', '--label', 'Captain', '--numbers', '{"strength":16}');
  const goon = shown.encounter.state.order.find((p) => p.name === 'Goon 1').id;
  cli('--json', 'encounter', 'play', '--roster', ROSTER, ENCOUNTER, JSON.stringify({ system: 'file', move: 'adjust', participant_id: goon, tracker: 'hp', by: -5 }));

  await helpers.reload();
  const page = new EncounterPage(driver);
  await page.open(ROSTER);
  await page.untilTrack('Goon 1', 'tracker', '3 / 8 Hit points', 'the file panel did not show the Goon\'s hit points');
  return {};
}

/** group_stealth in the Roll form of a universe-as-file encounter: a list field typed. */
export async function universeList(driver, helpers) {
  const { cli } = helpers;
  const roster = 'Shadow Run';
  cli('--json', 'roster', 'create', roster, '--system', 'file-universe');
  cli('--json', 'encounter', 'new', '--roster', roster, ENCOUNTER);
  cli('--json', 'encounter', 'add', '--roster', roster, ENCOUNTER, '--npcs', '2', '--label', 'Scout');
  await helpers.reload();
  const page = new FileTablePage(driver);
  await page.open(roster);
  await page.setRoll({ who: 'Scout 1', kind: 'group_stealth', fields: { leader: 2, difficulty: 9, members: [3, 99, 1] } });
  await page.untilTable((t) => t.typed.find((f) => f.name === 'members')?.error, 'the refused teammate was not shown at the list');
  await driver.executeScript(() => document.querySelector('#encounter-system-host form.file-roll').scrollIntoView({ block: 'start' }));
  return {};
}
