// The stunt table panel: the example stunt roster's encounter with two PCs and a Goon, some HTK
// lost (Minor Damage on Doc Ferrous, 12 points on the Goon), a Doubles Only task one double in
// and a Double Six Only task, played through the command line with fixed seeds, then shown.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { StuntEncounterPage } from '../encounter-stunt-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'The Uncanny Stunt Squad';
const ENCOUNTER = 'Warehouse break-in';

export async function scene(driver, helpers) {
  const { cli } = helpers;
  cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  cli('--json', 'encounter', 'new', '--roster', ROSTER, ENCOUNTER);
  cli('--json', 'encounter', 'add', '--roster', ROSTER, ENCOUNTER, '--character', 'Marla Quick', '--character', 'Doc Ferrous', '--npcs', '1');
  const shown = cli('--json', 'encounter', 'show', '--roster', ROSTER, ENCOUNTER);
  const id = (name) => shown.state.order.find((p) => p.name === name).id;
  const play = (move, seed = 7) => cli('--json', 'encounter', 'play', '--roster', ROSTER, ENCOUNTER, JSON.stringify({ system: 'stunt', ...move }), '--seed', String(seed));
  play({ move: 'minor_damage', participant_id: id('Doc Ferrous') }, 3);
  play({ move: 'damage', participant_id: id('Goon 1'), points: 12 });
  play({ move: 'task_start', participant_id: id('Goon 1'), label: 'Pick the warehouse lock', kind: 'doubles_only', needed: 3 });
  play({ move: 'task_start', participant_id: id('Marla Quick'), label: 'Rewire the alarm', kind: 'double_six_only' });
  // Seed 2 gives a counted double before any 1-1 (the scene checks it below).
  play({ move: 'task_throw', task_id: 1 }, 2);

  await helpers.reload();
  const page = new StuntEncounterPage(driver);
  await page.open(ROSTER);
  await page.click(`#encounter-list .encounter-item .encounter-open`);
  await page.untilStunt((p) => p.parts.length === 3 && p.parts.every((x) => x.tasks.every((t) => t.odds)), 'the stunt panel did not show the table');
  return {};
}
