// The d12 table panel: Friday Night Heroes' encounter with Overseer Kaan, Juno Park, Vex (Dazed
// and a left arm hurt, from his sheet) and a Goon; Kaan's Laser Rifle attack on Juno has hit and
// waits for its damage roll, with the exact odds shown. Played through the command line (seeds
// tried in order until the attack hits), then shown.

import { join } from 'node:path';
import { REPO_ROOT } from '../app.mjs';
import { D12EncounterPage } from '../encounter-d12-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Friday Night Heroes';
const ENCOUNTER = 'Rooftop';

export async function scene(driver, helpers) {
  const { cli } = helpers;
  cli('--json', 'import', EXAMPLES, '--mode', 'merge');
  cli('--json', 'encounter', 'new', '--roster', ROSTER, ENCOUNTER);
  cli('--json', 'encounter', 'add', '--roster', ROSTER, ENCOUNTER, '--character', 'Overseer Kaan', '--character', 'Juno Park', '--character', 'Vex', '--npcs', '1');
  const shown = cli('--json', 'encounter', 'show', '--roster', ROSTER, ENCOUNTER);
  const id = (name) => shown.state.order.find((p) => p.name === name).id;
  const play = (move, seed) => cli('--json', 'encounter', 'play', '--roster', ROSTER, ENCOUNTER, JSON.stringify({ system: 'd12', ...move }), '--seed', String(seed));
  for (let seed = 1; seed < 40; seed += 1) {
    play({ move: 'attack_start', attacker_id: id('Overseer Kaan'), defender_id: id('Juno Park'), kind: 'physical', ability: 'Guns', weapon: 'Laser Rifle' }, seed);
    const rolled = play({ move: 'attack_roll' }, seed);
    if (rolled.encounter.state.system_state.attack) break;
  }

  await helpers.reload();
  const page = new D12EncounterPage(driver);
  await page.open(ROSTER);
  await page.untilD12((p) => p.parts.length === 4 && p.stage?.includes('roll the damage') && p.oddsReady, 'the d12 panel did not show the attack');
  return {};
}

/** `encounter-d12:hp`: the same table with Juno Park's health opened to be typed in (-3). */
export async function hp(driver, helpers) {
  await scene(driver, helpers);
  await driver.executeScript(() => {
    const id = [...document.querySelectorAll('#turn-order .turn-row')].find((r) => r.querySelector('.turn-name')?.textContent.trim() === 'Juno Park').dataset.participantId;
    const row = document.querySelector(`.d12-part[data-participant-id="${id}"]`);
    row.querySelector('button[data-role="health"]').click();
    const input = row.querySelector('input[data-role="health-input"]');
    input.value = '-3';
    row.scrollIntoView({ block: 'center' });
  });
  return { keepFocus: true };
}
