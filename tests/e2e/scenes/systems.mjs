// The Systems dialog: two example systems added through the command line (one under another
// id, as a GM's copy would be), listed; `systems:preview` a file's preview before an add,
// `systems:problems` a bad file's problems at their lines, `systems:advice` a file that reads
// with advice, `systems:show` one shown with its text.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clickWhenClickable, REPO_ROOT } from '../app.mjs';
import { shellReady } from '../log-transfer-page.mjs';
import { SystemsDialog } from '../systems-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'systems', 'examples');

/** An example file written under another id, in a folder of its own. */
function copied(name, id) {
  const dir = mkdtempSync(join(tmpdir(), 'rollbook-scene-'));
  const path = join(dir, `${id}.toml`);
  writeFileSync(path, readFileSync(join(EXAMPLES, name), 'utf8').replace(/^id = ".*"$/m, `id = "${id}"`));
  return path;
}

async function listed(driver, helpers) {
  helpers.cli('--json', 'system', 'add', join(EXAMPLES, 'fate-ladder.toml'));
  helpers.cli('--json', 'system', 'add', copied('three-bands.toml', 'my-three-bands'));
  await helpers.reload();
  await shellReady(driver);
  const dialog = new SystemsDialog(driver);
  await dialog.open();
  return dialog;
}

export async function scene(driver, helpers) {
  await listed(driver, helpers);
}

export async function preview(driver, helpers) {
  const dialog = await listed(driver, helpers);
  await dialog.addFromFile(join(EXAMPLES, 'pool-with-glitches.toml'));
}

export async function problems(driver, helpers) {
  const dialog = await listed(driver, helpers);
  const dir = mkdtempSync(join(tmpdir(), 'rollbook-scene-'));
  const bad = join(dir, 'my-game.toml');
  writeFileSync(bad, 'format = 1\nid = "my-game"\nversion = 1\nname = "My game"\n[sheet.might]\ntype = "number"\nmin = 0\nmax = 5\nlable = "Might"\n[rolls.hit]\nvalue = "d20 + @mgiht"\n');
  await dialog.addFromFile(bad);
}

export async function advice(driver, helpers) {
  const dialog = await listed(driver, helpers);
  const dir = mkdtempSync(join(tmpdir(), 'rollbook-scene-'));
  const advised = join(dir, 'my-d20.toml');
  writeFileSync(advised, 'format = 1\nid = "my-d20"\nversion = 1\nname = "My d20"\n[rolls.attack]\nvalue = "d20 + @bonus"\noutcomes = [\n  { name = "fumble", when = "@value - @bonus = 1" },\n  { name = "critical", when = "@value - @bonus = 20", success = true },\n  { name = "hit", when = "@value >= @ac", success = true },\n  { name = "miss" },\n]\n[rolls.attack.fields.bonus]\nmin = -5\nmax = 15\n[rolls.attack.fields.ac]\nmin = 5\nmax = 30\ndefault = 12\n');
  await dialog.addFromFile(advised);
}

export async function show(driver, helpers) {
  await listed(driver, helpers);
  await clickWhenClickable(driver, '#systems-dialog .system-row[data-id="my-three-bands"] .system-show');
  await driver.wait(async () => (await driver.findElements({ css: '#system-show-dialog[open]' })).length === 1, helpers.WAIT_MS, 'Show… opened nothing');
}
